#!/usr/bin/env bash
# The twenty-second round's call 2: branch top-p-alone with call 1's inverted membership test
# of the finish fixed (e6a93aa): its cuda_rejection, and bench_tpa against main (bench_main)
# on the top-p shapes. Binaries in target/devrunJ.
#   run(command="bash bench-results/2026-12-06-twenty-second-round-call-2.sh",
#       carry=["target/devrunJ"], timeout_s=600)
set -u
cd "$(dirname "$0")/.."
DEVRUN_DIR=target/devrunJ \
VARIANTS="main=bench_main tpa=bench_tpa" \
SHAPES="p0.9:256:128256:1:f32 p0.9:256:128256:3:f32 p0.9:256:128256:6:f32
  p0.9:256:128256:1:bf16 p0.9:64:128256:1:f32 p0.9:33:128256:3:f32 p0.9:1024:32000:1:bf16
  p0.9:256:262144:1:f32" \
REPS=2 TESTS="cuda_rejection" bash scripts/device-call.sh

#!/usr/bin/env bash
# The twenty-fourth round's call 4: batch-1 and batch-16 top-p shapes that call 3's full bench
# had 1.5-4.5% slower with the branch (kernels of `e218e71`; batch 1-32 took the route before
# too), main against the branch, three runs each; and the two Gumbel-max outliers of that call
# (their kernel did not change). Binaries in target/devrunL (bench_main: main e9031b6).
#   run(command="bash bench-results/2026-12-06-twenty-fourth-round-call-4.sh",
#       carry=["target/devrunL"], timeout_s=120)
set -u
cd "$(dirname "$0")/.."
DEVRUN_DIR=target/devrunL VARIANTS="main=bench_main tpr4=bench_tpr4" \
SHAPES="p0.9:1:128256:6:f32 p0.9:1:128256:1:f32 p0.9:1:262144:6:bf16 p0.9:1:128256:6:bf16
  p0.9:1:262144:6:f32 p0.9:16:151936:1:f32 gumbel:16:151936:1:f32 gumbel:1:262144:6:bf16" \
REPS=3 bash scripts/device-call.sh

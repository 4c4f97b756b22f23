#!/usr/bin/env bash
# The twenty-fourth round's call 1 (prepared in the twenty-third as its call 3): the warp lists'
# third form (branch min-p-lists, `f222c41`: a thread loads only the chunks of its run that hold
# its codes; call 2's form loaded all eight, which cost short shares up to 7%) against main, its
# tests and both full benches.
# Binaries in target/devrunL: bench_main (main e9031b6), bench_mpl3 (f222c41), cuda_rejection
# (f222c41).
#   run(command="bash bench-results/2026-12-06-twenty-fourth-round-call-1.sh",
#       carry=["target/devrunL"], timeout_s=300)
set -u
cd "$(dirname "$0")/.."
DEVRUN_DIR=target/devrunL TESTS="cuda_rejection" \
VARIANTS="main=bench_main mpl3=bench_mpl3" \
SHAPES="m0.1:256:128256:1:f32 m0.1:256:128256:1:bf16 m0.1:256:128256:6:bf16
  m0.1:16:32000:3:f32 m0.1:1:32000:1:f32 m0.1:1:128256:3:f32 m0.1:64:32000:3:f32
  m0.1:1024:32000:1:bf16" \
REPS=2 FULL="main mpl3" bash scripts/device-call.sh

#!/usr/bin/env bash
# The nineteenth round's fifth call: the landed code's full bench (main c04e354 = land-19b,
# 9dd30a2's kernels: bench_land2) with the PyTorch baselines of the same call, and the target
# rows' top-k 50 + top-p 0.9 batch 1 cells against main before the landing (bench_main,
# 12fb748's kernels), on whatever card comes (an H200 would settle the batch-1 cells).
# Binaries in target/devrunC.
#   run(command="bash bench-results/2026-12-05-nineteenth-round-call-5.sh",
#       carry=["target/devrunC"], timeout_s=300)
set -u
cd "$(dirname "$0")/.."
DEVRUN_DIR=target/devrunC VARIANTS="main=bench_main landed=bench_land2" FULL="landed" TORCH=1 \
SHAPES="k50+p0.9:1:128256:1:f32 k50+p0.9:1:128256:3:f32 k50+p0.9:1:128256:6:f32
  m0.1:256:128256:1:f32" REPS=3 bash scripts/device-call.sh

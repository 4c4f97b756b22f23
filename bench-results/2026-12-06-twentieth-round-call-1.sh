#!/usr/bin/env bash
# The twentieth round's first call: the nineteenth round's call 5, which never ran (the landed
# code's full bench, main c04e354 = land-19b 9dd30a2's kernels: bench_land2, with the PyTorch
# baselines of the same call; the target rows' top-k 50 + top-p 0.9 batch 1 cells and min-p
# against main before the landing, bench_main = 12fb748's kernels), plus the host's time per
# call (host_overhead_bench built at e3d30ff: land-19's host code; the launcher's later change
# is one host test of the chunk's codes). Binaries in target/devrunD.
#   run(command="bash bench-results/2026-12-06-twentieth-round-call-1.sh",
#       carry=["target/devrunD"], timeout_s=400)
set -u
cd "$(dirname "$0")/.."
DEVRUN_DIR=target/devrunD VARIANTS="main=bench_main landed=bench_land2" FULL="landed" TORCH=1 \
SHAPES="k50+p0.9:1:128256:1:f32 k50+p0.9:1:128256:3:f32 k50+p0.9:1:128256:6:f32
  m0.1:256:128256:1:f32 m0.1:256:128256:6:f32 gumbel:64:128256:3:f32 gumbel:256:128256:3:bf16" \
REPS=3 EXTRA='
  echo "== host overhead"
  timeout 90 /tmp/bin/host_overhead_bench 2>&1 | tail -12' bash scripts/device-call.sh

#!/usr/bin/env bash
# Round 30's call 5: the top-p verify templated on the kept scores K too (branch verify-by-k,
# 919e755: its candidates, staged words and widest sums sized K, as call 2's K = 6 build had
# them) against main before the kept scores (K = 8) and the landed form (8f2870d). No tests:
# the bench alone, to see whether it recovers the 5 us the landed form leaves at batch 256.
# Binaries in target/devrun-ab (built here, scripts/gpu-bench.sh): sampling_bench (11d54ed),
# bench_new (8f2870d), bench_vk (DEVRUN=bench_vk, 919e755).
#   run(command="bash bench-results/2026-12-07-thirtieth-round-call-5.sh",
#       carry=["target/devrun-ab"], timeout_s=240, kind="nvidia-h100-x1")
set -u
cd "$(dirname "$0")/.."
DEVRUN_DIR=target/devrun-ab \
VARIANTS="main=sampling_bench new=bench_new vk=bench_vk" \
SHAPES="p0.9:256:128256:1 p0.9:256:128256:3 p0.9:256:128256:6 p0.9:64:128256:1 \
p0.9:1:128256:3 p0.9:1:32000:1 p0.9:16:262144:1 p0.9:16:128256:3:bf16" \
REPS=2 \
bash scripts/device-call.sh

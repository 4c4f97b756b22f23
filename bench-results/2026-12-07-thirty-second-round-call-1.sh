#!/usr/bin/env bash
# Round 32's call 1 (prepared; round 32 had no device time: 236 s left, no start possible):
# main's last verify change (8395bf6, the K = 4 instance without the K-sum branch) and the
# kept-scores tier of 5 (branch kept-five-main, 8e2f0da on main 9dc398b) in one call:
# kept-five-main's cuda_rejection (the route's identity tests at top-p 0.75 / 0.85 / 0.9 /
# 0.95, K = 8 / 6 / 5 / 4; K = 4 runs 8395bf6's instance), cuda_gumbel and cuda_graph, then an
# A/B of main against kept-five-main on the route's shapes.
# Binaries in target/devrun (built here; round 31's moved to target/devrun-r31):
#   (in a kept-five-main worktree) DEVRUN="cuda_rejection cuda_gumbel cuda_graph" \
#       scripts/build-device-tests.sh
#   REV=main DEVRUN=bench_main scripts/gpu-bench.sh build            (9dc398b)
#   REV=kept-five-main DEVRUN=bench_k5m scripts/gpu-bench.sh build   (8e2f0da)
#   run(command="bash bench-results/2026-12-07-thirty-second-round-call-1.sh",
#       carry=["target/devrun"], timeout_s=300)
set -u
cd "$(dirname "$0")/.."
TESTS="cuda_rejection cuda_gumbel cuda_graph" \
VARIANTS="main=bench_main k5=bench_k5m" \
SHAPES="p0.9:256:128256:1 p0.9:256:128256:3 p0.9:256:128256:6 p0.9:64:128256:1 \
p0.9:1:128256:3 p0.9:16:262144:1 p0.9:16:128256:3:bf16 p0.9:1024:128256:1 p0.9:32:151936:1" \
REPS=2 \
bash scripts/device-call.sh

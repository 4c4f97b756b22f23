#!/usr/bin/env bash
# Round 31's call 3: a kept-scores tier of 5 (branch kept-five, 607d8ee on land-vk: top-p 0.9
# keeps 5 best scores a block, not 6, at the same fallback bound): its cuda_rejection (the
# route's identity tests now at top-p 0.75 / 0.85 / 0.9 / 0.95, K = 8 / 6 / 5 / 4) and an A/B
# against land-vk on route shapes.
# Binaries in target/devrun (built here):
#   REV=land-vk DEVRUN=bench_land scripts/gpu-bench.sh build
#   REV=kept-five DEVRUN=bench_k5 scripts/gpu-bench.sh build
#   DEVRUN="cuda_rejection" scripts/build-device-tests.sh                (kept-five)
#   run(command="bash bench-results/2026-12-07-thirty-first-round-call-3.sh",
#       carry=["target/devrun"], timeout_s=300)
set -u
cd "$(dirname "$0")/.."
TESTS="cuda_rejection" \
VARIANTS="land=bench_land k5=bench_k5" \
SHAPES="p0.9:256:128256:1 p0.9:256:128256:3 p0.9:256:128256:6 p0.9:64:128256:1 \
p0.9:1:128256:3 p0.9:16:262144:1 p0.9:16:128256:3:bf16 p0.9:1024:128256:1 p0.9:32:151936:1" \
REPS=2 \
bash scripts/device-call.sh

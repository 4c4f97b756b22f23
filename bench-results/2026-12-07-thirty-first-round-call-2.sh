#!/usr/bin/env bash
# Round 31's call 2 (H200 wanted): the landing form of verify-by-k (branch land-vk, c3e2331:
# both route kernels take their K through with_kept_tier): its tests (cuda_rejection: the
# route's identity tests at top-p 0.75 / 0.9 / 0.95, so K = 8 / 6 / 4; cuda_gumbel; cuda_graph),
# memcheck of the route at any batch, an A/B against main on route shapes with a variant
# whose verify reads each share last tile first (branch verify-backward, e7d16e3: the share at
# a row's end starts on what the first read left in L2), then both full benches and PyTorch's
# baselines from the same call.
# Binaries in target/devrun (built here):
#   DEVRUN=sampling_bench scripts/gpu-bench.sh build                 (main 3b41398)
#   REV=land-vk DEVRUN=bench_land scripts/gpu-bench.sh build
#   REV=verify-backward DEVRUN=bench_vb scripts/gpu-bench.sh build
#   DEVRUN="cuda_rejection cuda_gumbel cuda_graph" scripts/build-device-tests.sh  (land-vk)
#   run(command="bash bench-results/2026-12-07-thirty-first-round-call-2.sh",
#       carry=["target/devrun"], timeout_s=420)
set -u
cd "$(dirname "$0")/.."
TESTS="cuda_rejection cuda_gumbel cuda_graph" \
VARIANTS="main=sampling_bench land=bench_land vb=bench_vb" \
SHAPES="p0.9:256:128256:1 p0.9:256:128256:3 p0.9:256:128256:6 p0.9:64:128256:1 \
p0.9:1:128256:3 p0.9:16:262144:1 p0.9:16:128256:3:bf16 p0.9:1024:128256:1" \
REPS=2 FULL="land main" TORCH=1 \
EXTRA='timeout 120 compute-sanitizer --tool memcheck /tmp/bin/cuda_rejection \
the_top_p_route_at_any_batch 2>&1 | tail -5' \
bash scripts/device-call.sh

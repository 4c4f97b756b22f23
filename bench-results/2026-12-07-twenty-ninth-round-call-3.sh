#!/usr/bin/env bash
# Round 29's call 3: the redo by the top-p route at any batch (fused_sample_top_p_route_deferred:
# one call per span of left rows at most 24 rows apart, instead of one route call per run of
# consecutive rows of at most 16). Call 2 put the sampler's calls at 0.4 - 1.8 ms over kernel
# calls of 68 - 341 us, the rest its one- and two-row route calls (~43 us each). This call:
# every CUDA test binary (the new route-at-any-batch test in cuda_rejection), device_leftovers
# (a fifth shape that leaves no row: the sampler's own cost), memcheck of the new test.
# Binaries in target/devrun, built at this revision:
#   DEVRUN="cuda_gumbel cuda_rejection cuda_graph refusal" scripts/build-device-tests.sh
#   TOKENPICK_CUDA_ARCHS=sm_90 cargo bench -p tokenpick --features cuda --bench \
#     device_leftovers --no-run  (stripped, xz -9)
#   run(command="bash bench-results/2026-12-07-twenty-ninth-round-call-3.sh",
#       carry=["target/devrun"], timeout_s=400)
set -u
cd "$(dirname "$0")/.."
EXTRA='timeout 120 compute-sanitizer --tool memcheck /tmp/bin/cuda_rejection any_batch 2>&1 | tail -4' \
TESTS="device_leftovers cuda_rejection cuda_gumbel cuda_graph refusal" \
bash scripts/device-call.sh

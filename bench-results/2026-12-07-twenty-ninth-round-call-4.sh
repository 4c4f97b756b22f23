#!/usr/bin/env bash
# Round 29's call 4: the sampler's route memory (7e9b9bc: after a call on the two-pass kernel
# left at least 1/8 of its top-p rows, the next 16 calls of that dtype and vocabulary take the
# route at any batch). Every CUDA test binary (cuda_rejection's new
# a_sampler_routing_top_p_calls_draws_a_fresh_samplers_tokens, memcheck of it) and
# device_leftovers with a fresh sampler per call (kernel + redo) and one sampler for all;
# `tokenpick verify` (.devbin/tokenpick, the CLI of build-device-tests.sh).
# Binaries in target/devrun, built at 7e9b9bc:
#   DEVRUN="cuda_rejection" scripts/build-device-tests.sh (the others xz'd from .devbin/)
#   TOKENPICK_CUDA_ARCHS=sm_90 cargo bench -p tokenpick --features cuda --bench \
#     device_leftovers --no-run  (stripped, xz -9)
#   run(command="bash bench-results/2026-12-07-twenty-ninth-round-call-4.sh",
#       carry=["target/devrun"], timeout_s=400)
set -u
cd "$(dirname "$0")/.."
EXTRA='timeout 120 compute-sanitizer --tool memcheck /tmp/bin/cuda_rejection routing 2>&1 | tail -4; timeout 150 /tmp/bin/tokenpick verify 2>&1 | tail -25' \
TESTS="device_leftovers cuda_rejection cuda_gumbel cuda_graph refusal" \
bash scripts/device-call.sh

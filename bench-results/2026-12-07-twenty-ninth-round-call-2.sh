#!/usr/bin/env bash
# Round 29's call 2: the library's kernels built optimised. Call 1's device_leftovers showed
# the filtered kernel's eager call at 2.7-21 ms where the device bench times the same kernel at
# 90-420 us: cc adds nvcc `-G` (device debug, no device optimisation) whenever the cargo
# profile has debug info, so every cargo-built CUDA binary (release included: debug = 1) ran
# debug kernels; the device bench (scripts/gpu-bench.sh, nvcc -O3 -lineinfo) never did.
# build.rs now builds them with debug off and -lineinfo. This call: every CUDA test binary
# on the optimised kernels, device_leftovers' phases again, and host_overhead.
# Binaries in target/devrun, built at the fix's revision:
#   DEVRUN="cuda_gumbel cuda_rejection cuda_graph refusal" scripts/build-device-tests.sh
#   TOKENPICK_CUDA_ARCHS=sm_90 cargo bench -p tokenpick --features cuda --bench \
#     device_leftovers --no-run  (and --bench host_overhead at the root), stripped, xz -9.
#   run(command="bash bench-results/2026-12-07-twenty-ninth-round-call-2.sh",
#       carry=["target/devrun"], timeout_s=400)
set -u
cd "$(dirname "$0")/.."
EXTRA='timeout 60 /tmp/bin/host_overhead 2>&1 | tail -12' \
TESTS="device_leftovers cuda_gumbel cuda_rejection cuda_graph refusal" \
bash scripts/device-call.sh

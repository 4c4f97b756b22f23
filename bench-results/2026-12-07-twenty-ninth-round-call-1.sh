#!/usr/bin/env bash
# Round 29's call 1 (prepared in round 28; its binaries were built then and sit in
# target/devrun, rebuildable as below): where the sampler's 20-100 ms goes when the two-pass
# kernel leaves bf16 top-p rows (round 28's device_leftovers, BENCHMARKS "twenty-eighth
# round"), then what round 28's cut-short call did not run: cuda_graph with new4's verify, the
# full bench with every top-p call routed (bf16 batch 1024 x 128256: 1016 us on the two-pass
# kernel, 744 us routed, H100), and the forced-route top-p tests. Binaries: bench_main =
# round 26's bench_new4 (main 09d4bd7's kernels + verify-loads-by-words: the kernels of main
# 3f21144; scripts/gpu-bench.sh build, DEVRUN); cuda_rejection, cuda_graph =
# main's code (scripts/build-device-tests.sh with DEVRUN="cuda_rejection cuda_graph");
# device_leftovers = main (its
# columns: rows left by the kernel, by the route on one-row views, by the sampler to the CPU;
# the kernel call alone; each left row redone alone; the sampler call; the old path's parts)
# built with TOKENPICK_CUDA_ARCHS=sm_90 cargo bench -p tokenpick --features cuda --bench
# device_leftovers --no-run, stripped, xz -9.
#   run(command="bash bench-results/2026-12-07-twenty-ninth-round-call-1.sh",
#       carry=["target/devrun"], timeout_s=300)
set -u
cd "$(dirname "$0")/.."
EXTRA='TOKENPICK_TOP_P_ROUTE=1 timeout 100 /tmp/bin/cuda_rejection --test-threads=4 top_p' \
TESTS="device_leftovers cuda_graph" \
VARIANTS="main=bench_main route=bench_main:TOKENPICK_TOP_P_ROUTE=1" \
SHAPES="p0.9:1024:128256:1:bf16 p0.9:256:128256:1:bf16 p0.9:256:262144:3:bf16" \
REPS=1 FULL="route main" bash scripts/device-call.sh

#!/usr/bin/env bash
# Round 28's call 1: round 27's call 1 (bench-results/2026-12-07-twenty-seventh-round-call-1.sh,
# never run: no machine started) with the redo mended (branch redo, 0b7b5a2: the route's call
# length read from C++ through top_p_route_rows, fill taking (row, token, ok) triples). new4
# (patches/2026-12-06-twenty-sixth-round/verify-loads-by-words/) against main's kernels (new2):
# an A/B at batch 1024, both full benches and new4's full bench with every top-p call routed;
# with the test binaries of new4 + the mended redo and device_leftovers (the sampler's time
# where the kernel leaves bf16 rows, against a whole-batch host copy and the CPU draw of those
# rows). Binaries in target/devrun: bench_new2 = main's kernels, bench_new4 = the same with
# verify-loads-by-words (scripts/gpu-bench.sh build, DEVRUN); cuda_rejection, cuda_graph,
# device_leftovers = redo 0b7b5a2 + new4 (scripts/build-device-tests.sh with
# DEVRUN="cuda_rejection cuda_graph"; TOKENPICK_CUDA_ARCHS=sm_90 cargo bench -p tokenpick
# --features cuda --bench device_leftovers --no-run, stripped, xz -9).
#   run(command="bash bench-results/2026-12-07-twenty-eighth-round-call-1.sh",
#       carry=["target/devrun"], timeout_s=240)
# The same runs as round 27's call 1, over these binaries.
exec bash "$(dirname "$0")/2026-12-07-twenty-seventh-round-call-1.sh"

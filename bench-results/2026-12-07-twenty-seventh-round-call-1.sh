#!/usr/bin/env bash
# Round 27's call 1 (not run: the device started no machine in nine tries; owed): round 26's
# owed call 2 — new4 (the verify's candidate loads in their merge rounds only for rows of at
# most 32 first-read words; patches/2026-12-06-twenty-sixth-round/verify-loads-by-words/)
# against main's kernels (new2): an A/B at batch 1024, both full benches and new4's full bench
# with every top-p call routed — with the test binaries of new4 + the redo
# (patches/2026-12-07-twenty-seventh-round/device-retry/: rows the two-pass kernel leaves redone
# by the sampler on the top-p route, the CPU fallback copying only its rows) and
# device_leftovers (crates/tokenpick/benches/device_leftovers.rs in that patch: the sampler's
# time where the kernel leaves bf16 rows, against a whole-batch host copy and the CPU draw of
# those rows). Binaries in target/devrun: bench_new2 = main's kernels (scripts/gpu-bench.sh
# build, DEVRUN); bench_new4 = the same with the verify-loads-by-words patch; cuda_rejection,
# cuda_graph, device_leftovers = main + both patches (scripts/build-device-tests.sh with
# DEVRUN="cuda_rejection cuda_graph"; TOKENPICK_CUDA_ARCHS=sm_90 cargo bench -p tokenpick
# --features cuda --bench device_leftovers --no-run, stripped, xz -9). Carry limit: these five
# (~50 MB) and the tree; host_overhead does not fit beside them.
#   run(command="bash bench-results/2026-12-07-twenty-seventh-round-call-1.sh",
#       carry=["target/devrun"], timeout_s=240)
set -u
cd "$(dirname "$0")/.."
# Most wanted first (what is done is packed after each step): the tests with the redo's,
# device_leftovers (a bench that takes the test runner's arguments and ignores them), the A/B
# and full benches; cuda_graph and the route tests forced on last.
EXTRA='timeout 100 /tmp/bin/cuda_graph --test-threads=4; echo "cuda_graph exit $?";
  TOKENPICK_TOP_P_ROUTE=1 timeout 100 /tmp/bin/cuda_rejection --test-threads=4 top_p' \
TESTS="cuda_rejection device_leftovers" \
VARIANTS="new2=bench_new2 new4=bench_new4 route=bench_new4:TOKENPICK_TOP_P_ROUTE=1" \
SHAPES="p0.9:1024:128256:1:f32 p0.9:1024:128256:1:bf16" \
REPS=1 FULL="new2 new4 route" bash scripts/device-call.sh

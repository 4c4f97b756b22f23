#!/usr/bin/env bash
# Round 26's call 2 (not run: the device started no machine; owed): new4 (branch `land-26b`,
# saved as bench-results/patches/2026-12-06-twenty-sixth-round/verify-loads-by-words/ on main
# 09d4bd7: the verify's candidate loads in their merge rounds only for rows of at most 32
# first-read words, one a lane; after the rounds for longer rows) against
# main as landed (bench_new2, 4d5962f's kernels): new4's cuda_rejection and cuda_graph, its
# top-p tests with the route forced on, an A/B at batch 1024 (the full benches stop at 256),
# both full benches, and new4's full bench with TOKENPICK_TOP_P_ROUTE=1 (every top-p call
# routed: where would bf16 rows gain, which the two-pass kernel leaves to the CPU at 262144
# tokens); last, host_overhead_bench of new4 (target/devrun/host_overhead.xz). Binaries:
# bench_new2 = main's kernels, bench_new4 / cuda_rejection / cuda_graph / host_overhead = new4's
# (scripts/gpu-bench.sh build with DEVRUN; scripts/build-device-tests.sh; cargo bench -p
# tokenpick-core --features cuda --bench host_overhead --no-run, stripped and xz-compressed).
#   run(command="bash bench-results/2026-12-06-twenty-sixth-round-call-2.sh",
#       carry=["target/devrun"], timeout_s=200)
set -u
cd "$(dirname "$0")/.."
EXTRA='xz -dc target/devrun/cuda_rejection.xz > /tmp/cr_forced && chmod +x /tmp/cr_forced &&
  TOKENPICK_TOP_P_ROUTE=1 timeout 100 /tmp/cr_forced --test-threads=4 top_p;
  [ -x /tmp/bin/host_overhead ] && timeout 100 /tmp/bin/host_overhead' \
TESTS="cuda_rejection cuda_graph" \
VARIANTS="new2=bench_new2 new4=bench_new4 route=bench_new4:TOKENPICK_TOP_P_ROUTE=1" \
SHAPES="p0.9:1024:128256:1:f32 p0.9:1024:128256:1:bf16" \
REPS=1 FULL="new2 new4 route" bash scripts/device-call.sh

#!/usr/bin/env bash
# The eighteenth round's device call (2026-12-05): the seventeenth round's owed call c (the
# landed top-k route's host overhead, A/B against main before it) together with the signed-zero
# fix of the two-pass filtered kernel (branch signed-zero-plan, 903769e: where the candidate
# bins start at +0's bin, they start at -0's key; the plan only, neither pass changes). Tests
# are the branch's (main 3cf9424 plus the fix and its test), so they cover main's head too;
# memcheck of the new test (the route's kernels had theirs in round 17: 0 errors).
#   run(command="bash bench-results/2026-12-05-h200-eighteenth-round.sh",
#       carry=["target/devrun4"], timeout_s=600)
# Binaries in target/devrun4/: bench_main (main before the route), bench_tkr (the landed route
# kernels, 7c40eb1, SASS-identical), bench_tkb (the route with the network in its finish),
# bench_szp (REV=903769e DEVRUN=bench_szp scripts/gpu-bench.sh build), cuda_rejection and
# cuda_graph (scripts/build-device-tests.sh on 903769e), host_overhead_bench (4587efd, whose
# host code is the landing's), bench_ex2p (branch fix-plan-and-ex2, 73dcd13: the fix with
# fixed_mass by __expf, ex2.approx, instead of expf: top-p's per-token total mass in pass 2).
set -u
cd "$(dirname "$0")/.."
DEVRUN_DIR=target/devrun4 TESTS="cuda_rejection cuda_graph" \
VARIANTS="main=bench_main route=bench_tkr network=bench_tkb fix=bench_szp ex2=bench_ex2p" \
SHAPES="k50+p0.9:1:128256:1:f32 k50+p0.9:1:128256:3:f32 k50+p0.9:1:128256:6:f32
  k50+p0.9:1:128256:3:bf16 k50+p0.9:16:128256:3:bf16 k50+p0.9:64:128256:3:f32
  p0.9:256:128256:1:f32 p0.9:256:128256:3:f32 p0.9:256:128256:6:f32
  p0.9:256:128256:1:bf16 p0.9:256:128256:3:bf16 p0.9:64:128256:3:bf16" \
REPS=2 EXTRA='
  timeout 90 compute-sanitizer --tool memcheck /tmp/bin/cuda_rejection zeros_of_both_signs \
    2>&1 | tail -3
  timeout 60 /tmp/bin/host_overhead_bench 2>&1 | tail -12' \
  bash scripts/device-call.sh

#!/usr/bin/env bash
# The seventeenth round's device calls, PREPARED on 2026-12-05 (no device was lent that
# session: nothing here has run yet). Run from main's checkout after the sixteenth round's call
# (its own carry), as two calls, each under the 600 s limit:
#   run(command="bash bench-results/2026-12-05-h200-seventeenth-round-plan.sh a",
#       carry=["target/devrun2"], timeout_s=600)   ~5-6 minutes (its caps add to ~520 s)
#   run(command="bash bench-results/2026-12-05-h200-seventeenth-round-plan.sh b",
#       carry=["target/devrun2"], timeout_s=600)   ~4-5 minutes
# Binaries in target/devrun2/, built on the CPU machine (NVCC=<venv>/.../nvidia/cu13/bin/nvcc),
# each moved there from target/devrun/ (benches) or the branch's target/devrun/ (tests) after
# its build, the tests renamed as below:
#   bench_main   REV=main DEVRUN=bench_main scripts/gpu-bench.sh build  (main's kernels)
#   bench_rs     REV=bda3c25 DEVRUN=bench_rs ...   (branch rank-sort: sets of up to 512
#                candidates sorted by counting in the top-k kernel)
#   bench_tkr    REV=7c40eb1 DEVRUN=bench_tkr ...  (branch top-k-route, rank-sort merged: the
#                route in two launches; TOKENPICK_TOP_K_ROUTE=0 is bench_rs's top-k kernel)
#   bench_tcr    REV=7aca9a5 DEVRUN=bench_tcr ...  (branch top-k-cluster-route: the route in
#                one launch, a cluster a row)
#   bench_sz     REV=833fd97 DEVRUN=bench_sz ...   (branch signed-zero-ties: the two-pass
#                kernel bins -0 with +0)
#   cuda_rejection_tcr, cuda_graph_tcr  DEVRUN="cuda_rejection cuda_graph"
#                scripts/build-device-tests.sh on top-k-cluster-route (7aca9a5)
#   cuda_rejection, cuda_graph          the same on top-k-route (7c40eb1)
#   cuda_rejection_sz                   DEVRUN=cuda_rejection ... on signed-zero-ties (833fd97)
set -u
cd "$(dirname "$0")/.."
export DEVRUN_DIR=target/devrun2
if [ "${1:-a}" = a ]; then
  # a. Top-k 50 + top-p 0.9: main's top-k kernel, the same with the counting sort, the route
  #    in two launches and in one (both with the counting sort in their finish); the one-launch
  #    route's tests, memcheck and racecheck of its identity test, the million-draw and support
  #    tests with it at any batch (their rows, batches of 2000 and 1000, in chunks of 1024),
  #    ncu of the routes' kernels. Last, for the Gumbel-max batch-256 bf16 cell (41.8 us
  #    against 35, no experiment yet): ncu's pipe, scheduler and warp-state sections of main's
  #    kernel at bf16 and f32 (is the integer multiply pipe, Philox's IMAD.WIDE, the wall?).
  TESTS="cuda_rejection_tcr cuda_graph_tcr" \
  VARIANTS="main=bench_main rs=bench_rs kernel=bench_tkr:TOKENPICK_TOP_K_ROUTE=0
    route2=bench_tkr cluster=bench_tcr" \
  SHAPES="k50+p0.9:1:128256:1:f32 k50+p0.9:1:128256:3:f32 k50+p0.9:1:128256:6:f32
    k50+p0.9:1:128256:3:bf16 k50+p0.9:1:262144:3:f32 k50+p0.9:1:32000:3:f32
    k50+p0.9:4:128256:3:f32 k50+p0.9:16:128256:1:f32 k50+p0.9:16:128256:3:bf16
    k50+p0.9:64:128256:3:f32 k50+p0.9:256:128256:1:f32 k50+p0.9:1024:32000:3:bf16" \
  REPS=2 EXTRA='
    timeout 90 compute-sanitizer --tool memcheck /tmp/bin/cuda_rejection_tcr the_top_k_route \
      2>&1 | tail -4
    timeout 45 compute-sanitizer --tool racecheck /tmp/bin/cuda_rejection_tcr the_top_k_route \
      2>&1 | tail -4
    TOKENPICK_TOP_K_ROUTE=1 timeout 90 /tmp/bin/cuda_rejection_tcr --test-threads=4 \
      filters_fit supports_are_exact 2>&1 | tail -4
    for b in bench_tcr bench_tkr; do
      BENCH_SHAPE=k50+p0.9:1:128256:3:f32 timeout 35 ncu -k regex:top_k_ --launch-skip 40 \
        --launch-count 2 --metrics gpu__time_duration.sum,smsp__inst_executed.sum \
        /tmp/bin/$b | tail -8
    done
    for t in bf16 f32; do
      BENCH_SHAPE=gumbel:256:128256:3:$t timeout 35 ncu -k regex:gumbel_max_kernel \
        --launch-skip 20 --launch-count 1 --section ComputeWorkloadAnalysis \
        --section SchedulerStats --section WarpStateStats --section InstructionStats \
        /tmp/bin/bench_main 2>&1 | grep -v "^==PROF=="
    done' \
    bash scripts/device-call.sh
else
  # b. The two-launch route's tests and memcheck; the signed-zero fix of the two-pass kernel:
  #    its new test and the filtering kernels' CPU-identity tests, then its cost where the
  #    kernel bins (top-p alone at batch 64-256).
  TESTS="cuda_rejection cuda_graph" \
  VARIANTS="main=bench_main sz=bench_sz" \
  SHAPES="p0.9:256:128256:1:f32 p0.9:256:128256:3:f32 p0.9:256:128256:3:bf16
    p0.9:64:128256:3:f32" \
  REPS=2 EXTRA='
    timeout 120 compute-sanitizer --tool memcheck /tmp/bin/cuda_rejection the_top_k_route \
      2>&1 | tail -4
    timeout 100 /tmp/bin/cuda_rejection_sz --test-threads=4 zeros_of_both tokens_agree \
      degenerate small_top_k min_p_rows 2>&1 | tail -5' \
    bash scripts/device-call.sh
fi

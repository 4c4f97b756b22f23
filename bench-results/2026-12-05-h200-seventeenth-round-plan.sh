#!/usr/bin/env bash
# The seventeenth round's device call, PREPARED on 2026-12-05 (no device was lent that session:
# nothing here has run yet). Run from main's checkout after the sixteenth round's call (its own
# carry): run(command="bash bench-results/2026-12-05-h200-seventeenth-round-plan.sh",
# carry=["target/devrun2"], timeout_s=600), ~6-7 minutes (the caps below add to ~11: the
# signed-zero part, last, is what a cut would lose).
# Binaries in target/devrun2/, built on the CPU machine (NVCC=<venv>/.../nvidia/cu13/bin/nvcc),
# each moved there from target/devrun/ after its build:
#   bench_main   REV=main DEVRUN=bench_main scripts/gpu-bench.sh build  (main's kernels)
#   bench_rs     REV=bda3c25 DEVRUN=bench_rs ...   (branch rank-sort: sets of up to 512
#                candidates sorted by counting in the top-k kernel)
#   bench_tkr    REV=7c40eb1 DEVRUN=bench_tkr ...  (branch top-k-route with rank-sort merged:
#                TOKENPICK_TOP_K_ROUTE=0 is bench_rs's top-k kernel)
#   bench_sz     REV=833fd97 DEVRUN=bench_sz ...   (branch signed-zero-ties: the two-pass
#                kernel bins -0 with +0)
#   cuda_rejection, cuda_graph  DEVRUN="cuda_rejection cuda_graph" scripts/build-device-tests.sh
#                               on branch top-k-route (7c40eb1)
#   cuda_rejection_sz           DEVRUN=cuda_rejection scripts/build-device-tests.sh on branch
#                               signed-zero-ties (833fd97), renamed
set -u
cd "$(dirname "$0")/.."
# Top-k 50 + top-p 0.9: main's top-k kernel, the same with the counting sort, the route (with
# the counting sort in its finish); the branch's tests, the identity test under memcheck and
# racecheck, and the million-draw and support tests with the route at any batch (their rows,
# batches of 2000 and 1000, then take it in chunks of 16). Last, for the Gumbel-max batch-256
# bf16 cell (41.8 us against 35, no experiment yet): ncu's pipe utilisation, scheduler and
# warp-state sections of main's kernel at bf16 and f32 (is the integer multiply pipe,
# Philox's IMAD.WIDE, the wall?).
DEVRUN_DIR=target/devrun2 TESTS="cuda_rejection cuda_graph" \
VARIANTS="main=bench_main rs=bench_rs kernel=bench_tkr:TOKENPICK_TOP_K_ROUTE=0 route=bench_tkr" \
SHAPES="k50+p0.9:1:128256:1:f32 k50+p0.9:1:128256:3:f32 k50+p0.9:1:128256:6:f32
  k50+p0.9:1:128256:3:bf16 k50+p0.9:1:262144:3:f32 k50+p0.9:1:32000:3:f32
  k50+p0.9:4:128256:3:f32 k50+p0.9:16:128256:1:f32 k50+p0.9:16:128256:3:bf16
  k50+p0.9:64:128256:3:f32 k50+p0.9:256:128256:1:f32 k50+p0.9:1024:32000:3:bf16" \
REPS=2 EXTRA='
  timeout 120 compute-sanitizer --tool memcheck /tmp/bin/cuda_rejection the_top_k_route \
    2>&1 | tail -4
  timeout 60 compute-sanitizer --tool racecheck /tmp/bin/cuda_rejection the_top_k_route \
    2>&1 | tail -4
  TOKENPICK_TOP_K_ROUTE=1 timeout 120 /tmp/bin/cuda_rejection --test-threads=4 filters_fit \
    supports_are_exact 2>&1 | tail -4
  BENCH_SHAPE=k50+p0.9:1:128256:3:f32 timeout 60 ncu -k regex:top_k_ --launch-skip 40 \
    --launch-count 2 --metrics gpu__time_duration.sum,smsp__inst_executed.sum \
    /tmp/bin/bench_tkr | tail -8
  for t in bf16 f32; do
    BENCH_SHAPE=gumbel:256:128256:3:$t timeout 60 ncu -k regex:gumbel_max_kernel \
      --launch-skip 20 --launch-count 1 --section ComputeWorkloadAnalysis \
      --section SchedulerStats --section WarpStateStats --section InstructionStats \
      /tmp/bin/bench_main 2>&1 | grep -v "^==PROF=="
  done' \
  bash scripts/device-call.sh
# The next run starts these anew.
cp /tmp/results/summary.txt /tmp/results/summary-top-k.txt
cp /tmp/results/extra.txt /tmp/results/extra-top-k.txt
# The signed-zero fix of the two-pass kernel: its new test and the CPU-identity tests of the
# filtering kernels, then its cost where the kernel bins (top-p alone at batch 64-256).
DEVRUN_DIR=target/devrun2 VARIANTS="main=bench_main sz=bench_sz" \
SHAPES="p0.9:256:128256:1:f32 p0.9:256:128256:3:f32 p0.9:256:128256:3:bf16
  p0.9:64:128256:3:f32" \
REPS=2 EXTRA='
  timeout 100 /tmp/bin/cuda_rejection_sz --test-threads=4 zeros_of_both tokens_agree \
    degenerate small_top_k min_p_rows 2>&1 | tail -5' \
  bash scripts/device-call.sh

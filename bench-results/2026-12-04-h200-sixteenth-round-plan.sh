#!/usr/bin/env bash
# The sixteenth round's device call, PREPARED on 2026-12-04 (no device was lent that session:
# nothing here has run yet). Run from main's checkout: run(command="bash bench-results/
# 2026-12-04-h200-sixteenth-round-plan.sh", carry=["target/devrun"]), ~5 minutes.
# Binaries in target/devrun/, built on the CPU machine (NVCC=<venv>/.../nvidia/cu13/bin/nvcc):
#   bench_tpf, bench_tpf_phases
#                REV=7b42e23 PHASES=1 DEVRUN=bench_tpf scripts/gpu-bench.sh build
#   bench_s1     REV=4dc6caf DEVRUN=bench_s1 ...  (min-p route s1, measured in round 15)
#   bench_t      REV=197cae8 DEVRUN=bench_t ...   (min-p route + the block's bar table)
#   bench_q      REV=856b672 DEVRUN=bench_q ...   (bar table + per-warp group queue)
#   bench_rowbar REV=0169601 DEVRUN=bench_rowbar ... (Gumbel-max row bar, batch 32-64)
#   bench_main   REV=main DEVRUN=bench_main ...   (built from 421ae91: main's kernels)
#   cuda_rejection, cuda_graph  DEVRUN="cuda_rejection cuda_graph" scripts/build-device-tests.sh
#                               on branch top-p-frontier (7b42e23)
# Three device-call.sh runs back to back; the A/B rows append to one table (ab-table.txt).
set -u
cd "$(dirname "$0")/.."
# 1. Top-p: the frontier route against the two-pass kernel; the branch's tests (the identity
#    test again with every row taking the exact total's read), memcheck of it, the phase marks
#    of batch 256 x 128256 f32 at each sigma, ncu counts at sigma 1.
TESTS="cuda_rejection cuda_graph" \
VARIANTS="two=bench_tpf:TOKENPICK_TOP_P_FRONTIER=0 tpf=bench_tpf:TOKENPICK_TOP_P_FRONTIER=1" \
SHAPES="p0.9:256:128256:1:f32 p0.9:256:128256:3:f32 p0.9:256:128256:6:f32
  p0.9:256:128256:1:bf16 p0.9:256:128256:3:bf16 p0.9:128:128256:1:f32 p0.9:64:128256:1:f32
  p0.9:64:128256:6:f32 p0.9:1024:32000:1:f32 p0.9:1024:32000:6:bf16 p0.9:256:262144:1:f32
  p0.9:256:32000:6:bf16" \
REPS=2 EXTRA='
  TOKENPICK_TOP_P_FRONTIER=exact timeout 150 /tmp/bin/cuda_rejection frontier 2>&1 | tail -4
  timeout 200 compute-sanitizer --tool memcheck /tmp/bin/cuda_rejection the_top_p_frontier \
    2>&1 | tail -4
  for s in 1 3 6; do
    BENCH_SHAPE=p0.9:256:128256:$s:f32 TOKENPICK_TOP_P_FRONTIER=1 timeout 60 \
      /tmp/bin/bench_tpf_phases | tail -2
  done
  BENCH_SHAPE=p0.9:256:128256:1:f32 TOKENPICK_TOP_P_FRONTIER=1 timeout 60 ncu \
    -k regex:min_p_route --launch-skip 20 --launch-count 1 \
    --metrics gpu__time_duration.sum,smsp__inst_executed.sum /tmp/bin/bench_tpf | tail -4' \
  bash scripts/device-call.sh
cp /tmp/results/summary.txt /tmp/results/summary-top-p.txt  # the next runs start it anew
# 2. Min-p: s1 / bar table / table + queue against the two-pass kernel (round 15's shapes).
VARIANTS="two=bench_s1:TOKENPICK_MIN_P_ROUTE=0 s1=bench_s1:TOKENPICK_MIN_P_ROUTE=1
  table=bench_t:TOKENPICK_MIN_P_ROUTE=1 queue=bench_q:TOKENPICK_MIN_P_ROUTE=1" \
SHAPES="m0.1:256:128256:1:f32 m0.1:256:128256:3:f32 m0.1:256:128256:6:f32
  m0.1:256:128256:1:bf16 m0.1:256:128256:3:bf16 m0.1:128:128256:1:f32 m0.1:1024:32000:3:f32
  m0.1:1024:32000:1:bf16 m0.1:256:262144:1:f32 m0.1:256:32000:6:bf16" \
REPS=2 bash scripts/device-call.sh
cp /tmp/results/summary.txt /tmp/results/summary-min-p.txt
# 3. Gumbel-max's row bar (rows split over at most 8 blocks, batch 32-64) against main; batch
#    1 and 16 take main's instances (controls).
VARIANTS="main=bench_main rowbar=bench_rowbar" \
SHAPES="gumbel:64:128256:1:f32 gumbel:64:128256:3:f32 gumbel:64:128256:6:f32
  gumbel:64:128256:3:bf16 gumbel:32:128256:3:f32 gumbel:64:262144:3:f32 gumbel:64:32000:3:f32
  gumbel:32:262144:1:bf16 gumbel:1:128256:3:f32 gumbel:16:128256:3:f32" \
REPS=3 bash scripts/device-call.sh

#!/usr/bin/env bash
# The twenty-first round's call (the twentieth's call 3, widened): the one-launch top-k route
# with a segment of the row's list a block (bench_ol3 = branch one-launch-segments, 0358a37:
# each block lists by a shared counter, not the row's one global counter) against the
# twentieth round's one launch (bench_ol2 = 9c6e15f: 1.2-1.4 us slower than its two launches
# on the H100 in call 2, the gap growing with the list's length), its two launches
# (TOKENPICK_TOP_K_ROUTE_LAUNCHES=2) and main (bench_main: c04e354's kernels); the branch's
# CUDA tests and memcheck of the route's test; its full bench; then the prepared ncu stall
# breakdown of Gumbel-max batch 256 (sigma 1 / 6, f32 / bf16) and min-p batch 256 (main).
# Binaries in target/devrunG.
#   run(command="bash bench-results/2026-12-06-twenty-first-round-call-3.sh",
#       carry=["target/devrunG"], timeout_s=600)
set -u
cd "$(dirname "$0")/.."
DEVRUN_DIR=target/devrunG \
VARIANTS="main=bench_main two=bench_ol3:TOKENPICK_TOP_K_ROUTE_LAUNCHES=2 held=bench_ol2
  seg=bench_ol3" \
SHAPES="k50+p0.9:1:128256:1:f32 k50+p0.9:1:128256:3:f32 k50+p0.9:1:128256:3:bf16
  k50+p0.9:1:262144:3:f32 k50+p0.9:4:128256:3:f32 k50+p0.9:16:128256:3:f32" \
REPS=2 EXTRA='
  echo "== test cuda_graph (one-launch-segments)"
  timeout 30 /tmp/bin/cuda_graph 2>&1 | grep -E "test result"
  echo "== test cuda_rejection, all (one-launch-segments)"
  timeout 150 /tmp/bin/cuda_rejection --test-threads=4 2>&1 | grep -E "^test |test result|route:"
  echo "== memcheck: the route test"
  timeout 100 compute-sanitizer --tool memcheck /tmp/bin/cuda_rejection the_top_k_route \
    2>&1 | tail -3
  echo "== the segments build, full bench"
  timeout 90 /tmp/bin/bench_ol3 > /tmp/results/bench-seg.txt 2>&1; echo "exit $?"
  metrics="regex:smsp__average_warps_issue_stalled_.*_per_issue_active\.ratio,smsp__inst_executed.sum,sm__cycles_elapsed.avg,dram__throughput.avg.pct_of_peak_sustained_elapsed"
  pattern="stalled_(wait|long|short|barrier|not_sel|math|dispatch|lg_throttle|mio|membar|branch|no_inst)|inst_executed.sum|cycles_elapsed|dram__throughput|Issued Warp|No Eligible|Active Warps"
  for s in gumbel:256:128256:1:f32 gumbel:256:128256:6:f32 gumbel:256:128256:1:bf16 \
      gumbel:256:128256:6:bf16 m0.1:256:128256:1:f32 m0.1:256:128256:6:f32; do
    k=gumbel_max; case $s in m0.1*) k=filtered_sample;; esac
    echo "== ncu $s"
    BENCH_SHAPE=$s timeout 60 ncu -k regex:$k --launch-skip 20 --launch-count 1 \
      --metrics "$metrics" --section SchedulerStats --section WarpStateStats \
      /tmp/bin/bench_main 2>&1 | grep -E "$pattern"
  done' bash scripts/device-call.sh

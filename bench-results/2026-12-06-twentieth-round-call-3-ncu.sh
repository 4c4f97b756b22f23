#!/usr/bin/env bash
# Prepared for the next device session (not run): where Gumbel-max's batch-256 time goes when
# it does not move with sigma (43.50 / 43.49 / 43.66 us f32, 42.54 / 41.90 / 42.16 bf16 on the
# H200, call 1 of this round) although at sigma 6 fewer groups need their Philox block, and
# bf16 (half the bytes) is only 1.04x faster than f32: ncu's stall breakdown, instructions and
# cycles of one launch at sigma 1 and 6, f32 and bf16, then the same for min-p batch 256 sigma
# 1 / 6 (the filtered kernel's coded second read: ~34 us more at sigma 1). Main's bench
# (bench_main in target/devrunE: c04e354's kernels).
#   run(command="bash bench-results/2026-12-06-twentieth-round-call-3-ncu.sh",
#       carry=["target/devrunE"], timeout_s=300)
set -u
cd "$(dirname "$0")/.."
DEVRUN_DIR=target/devrunE EXTRA='
  metrics="regex:smsp__average_warps_issue_stalled_.*_per_issue_active\.ratio,smsp__inst_executed.sum,sm__cycles_elapsed.avg,dram__throughput.avg.pct_of_peak_sustained_elapsed"
  pattern="stalled_(wait|long|short|barrier|not_sel|math|dispatch|lg_throttle|mio|membar|branch|no_inst)|inst_executed.sum|cycles_elapsed|dram__throughput|Issued Warp|No Eligible|Active Warps"
  for s in gumbel:256:128256:1:f32 gumbel:256:128256:6:f32 gumbel:256:128256:1:bf16 \
      gumbel:256:128256:6:bf16; do
    echo "== ncu $s"
    BENCH_SHAPE=$s timeout 90 ncu -k regex:gumbel_max --launch-skip 20 --launch-count 1 \
      --metrics "$metrics" --section SchedulerStats --section WarpStateStats \
      /tmp/bin/bench_main 2>&1 | grep -E "$pattern"
  done
  for s in m0.1:256:128256:1:f32 m0.1:256:128256:6:f32; do
    echo "== ncu $s"
    BENCH_SHAPE=$s timeout 90 ncu -k regex:filtered_sample --launch-skip 20 --launch-count 1 \
      --metrics "$metrics" --section SchedulerStats --section WarpStateStats \
      /tmp/bin/bench_main 2>&1 | grep -E "$pattern"
  done' bash scripts/device-call.sh

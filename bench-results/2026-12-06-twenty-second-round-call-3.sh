#!/usr/bin/env bash
# The twenty-second round's call 3: top-p alone's masses estimated (branch top-p-estimate:
# ex2.approx per token, f32 a tile, f64 across; the finish decides from the bounds and reads
# the row a third time for the exact masses only where they leave the draw open): bench_tpe
# against main's landed top-p-alone instance (bench_tpa, e6a93aa) and the kernels before it
# (bench_main, c04e354's); the branch's cuda_rejection and cuda_top_p_exact_masses (every row
# through the third read); full benches of all three and PyTorch's; ncu of the branch's kernel
# at top-p batch 256 sigma 1 (stalls, instructions, and source counters by line, into
# tpe-source.csv). Binaries in target/devrunK.
#   run(command="bash bench-results/2026-12-06-twenty-second-round-call-3.sh",
#       carry=["target/devrunK"], timeout_s=600)
set -u
cd "$(dirname "$0")/.."
DEVRUN_DIR=target/devrunK \
VARIANTS="main=bench_main tpa=bench_tpa tpe=bench_tpe" \
SHAPES="p0.9:256:128256:1:f32 p0.9:256:128256:3:f32 p0.9:256:128256:6:f32
  p0.9:256:128256:1:bf16 p0.9:256:128256:3:bf16 p0.9:64:128256:1:f32 p0.9:128:128256:3:f32
  p0.9:33:128256:3:f32 p0.9:1024:32000:1:bf16 p0.9:1024:32000:6:f32 p0.9:256:262144:1:f32" \
REPS=2 FULL="main tpa tpe" TORCH=1 TESTS="cuda_rejection cuda_top_p_exact_masses" EXTRA='
  metrics="regex:smsp__average_warps_issue_stalled_.*_per_issue_active\.ratio,smsp__inst_executed.sum,sm__cycles_elapsed.avg,dram__throughput.avg.pct_of_peak_sustained_elapsed"
  pattern="stalled_(wait|long|short|barrier|not_sel|math|dispatch|lg_throttle|mio|membar|branch|no_inst)|inst_executed.sum|cycles_elapsed|dram__throughput|Issued Warp|No Eligible|Active Warps"
  for b in bench_tpa bench_tpe; do
    echo "== ncu $b p0.9:256:128256:1:f32"
    BENCH_SHAPE=p0.9:256:128256:1:f32 timeout 90 ncu -k regex:filtered_sample --launch-skip 20 \
      --launch-count 1 --metrics "$metrics" --section SchedulerStats --section WarpStateStats \
      /tmp/bin/$b 2>&1 | grep -E "$pattern"
  done
  echo "== ncu source counters bench_tpe p0.9:256:128256:1:f32"
  BENCH_SHAPE=p0.9:256:128256:1:f32 timeout 120 ncu -k regex:filtered_sample --launch-skip 20 \
    --launch-count 1 --section SourceCounters -f -o /tmp/tpe /tmp/bin/bench_tpe 2>&1 | tail -2
  timeout 120 ncu -i /tmp/tpe.ncu-rep --page source --csv --print-source cuda \
    >/tmp/results/tpe-source.csv 2>&1
  echo "source csv: $(wc -l </tmp/results/tpe-source.csv) lines"' \
  bash scripts/device-call.sh

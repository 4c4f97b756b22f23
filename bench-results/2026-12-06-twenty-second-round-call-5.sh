#!/usr/bin/env bash
# The twenty-second round's call 5: where the top-p-alone instance's instructions go, by SASS
# instruction (call 4's source page printed no metrics): ncu source counters of the landed
# kernel (bench_tpc, main ec09ec1) at top-p batch 256 x 128256 sigma 1 f32, printed as the
# SASS page (tpc-sass.csv), and ncu's own help on the source page. Binaries in target/devrunJ.
#   run(command="bash bench-results/2026-12-06-twenty-second-round-call-5.sh",
#       carry=["target/devrunJ"], timeout_s=300)
set -u
cd "$(dirname "$0")/.."
DEVRUN_DIR=target/devrunJ EXTRA='
  ncu --help 2>&1 | grep -i -B1 -A3 "print-source\|--page\|print-details" >/tmp/results/ncu-help.txt
  BENCH_SHAPE=p0.9:256:128256:1:f32 timeout 120 ncu -k regex:filtered_sample --launch-skip 20 \
    --launch-count 1 --section SourceCounters -f -o /tmp/tpc /tmp/bin/bench_tpc 2>&1 | tail -1
  timeout 120 ncu -i /tmp/tpc.ncu-rep --page source --csv --print-source sass \
    >/tmp/results/tpc-sass.csv 2>&1
  echo "sass csv: $(wc -l </tmp/results/tpc-sass.csv) lines"
  head -3 /tmp/results/tpc-sass.csv | cut -c1-400' \
  bash scripts/device-call.sh

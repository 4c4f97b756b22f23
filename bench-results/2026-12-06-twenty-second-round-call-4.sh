#!/usr/bin/env bash
# The twenty-second round's call 4: the top-p-alone instance counting again in pass 1
# (ec09ec1, bench_tpc; call 3 found the landed e6a93aa slower where rows fall back) against
# e6a93aa (bench_tpa) and the kernels before the instance (bench_main, c04e354's), on the top-p
# shapes and the falling-back ones; its cuda_rejection; full benches of bench_main and
# bench_tpc; ncu source counters of bench_tpc at top-p batch 256 sigma 1 by source line (the
# build's source path linked to this tree), into tpc-source.csv. Binaries in target/devrunJ.
#   run(command="bash bench-results/2026-12-06-twenty-second-round-call-4.sh",
#       carry=["target/devrunJ"], timeout_s=600)
set -u
cd "$(dirname "$0")/.."
DEVRUN_DIR=target/devrunJ \
VARIANTS="main=bench_main tpa=bench_tpa tpc=bench_tpc" \
SHAPES="p0.9:256:128256:1:f32 p0.9:256:128256:3:f32 p0.9:256:128256:6:f32
  p0.9:256:128256:1:bf16 p0.9:64:262144:3:f32 p0.9:64:262144:3:bf16 p0.9:256:262144:3:f32
  p0.9:256:262144:3:bf16 p0.9:64:151936:3:f32 p0.9:1024:32000:6:f32" \
REPS=2 FULL="main tpc" TESTS="cuda_rejection_tpc" EXTRA='
  mkdir -p /work && ln -sfn "$PWD" /work/tpa
  BENCH_SHAPE=p0.9:256:128256:1:f32 timeout 120 ncu -k regex:filtered_sample --launch-skip 20 \
    --launch-count 1 --section SourceCounters --import-source yes -f -o /tmp/tpc \
    /tmp/bin/bench_tpc 2>&1 | tail -2
  timeout 120 ncu -i /tmp/tpc.ncu-rep --page source --csv --print-source cuda \
    >/tmp/results/tpc-source.csv 2>&1
  echo "source csv: $(wc -l </tmp/results/tpc-source.csv) lines"
  head -c 600 /tmp/results/tpc-source.csv' \
  bash scripts/device-call.sh

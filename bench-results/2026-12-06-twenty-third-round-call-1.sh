#!/usr/bin/env bash
# The twenty-third round's call 1: min-p alone's second read from warp lists (branch
# min-p-lists: codes stored lane-major a tile at a time, each warp's marked vectors listed and
# shared out evenly) against main, its tests, both full benches, and ncu source counters of
# the branch's min-p instance at batch 256 x 128256 f32 sigma 1. Binaries in target/devrunL:
# bench_main (main e9031b6), bench_mpl (the branch), cuda_rejection (the branch).
#   run(command="bash bench-results/2026-12-06-twenty-third-round-call-1.sh",
#       carry=["target/devrunL"], timeout_s=540)
set -u
cd "$(dirname "$0")/.."
DEVRUN_DIR=target/devrunL TESTS="cuda_rejection" \
VARIANTS="main=bench_main mpl=bench_mpl" \
SHAPES="m0.1:256:128256:1:f32 m0.1:256:128256:3:f32 m0.1:256:128256:6:f32
  m0.1:256:128256:1:bf16 m0.1:256:128256:6:bf16 m0.1:64:128256:1:f32 m0.1:16:128256:1:f32
  m0.1:1:128256:1:f32 m0.1:1024:32000:1:bf16 m0.1:256:32000:1:f32" \
REPS=2 FULL="main mpl" EXTRA='
  BENCH_SHAPE=m0.1:256:128256:1:f32 timeout 120 ncu -k regex:filtered_sample --launch-skip 20 \
    --launch-count 1 --section SourceCounters -f -o /tmp/mpl /tmp/bin/bench_mpl 2>&1 | tail -1
  timeout 120 ncu -i /tmp/mpl.ncu-rep --page source --csv --print-source sass \
    >/tmp/results/mpl-m0.1-b256-s1-sass.csv 2>&1
  gzip -f /tmp/results/mpl-m0.1-b256-s1-sass.csv
  BENCH_SHAPE=m0.1:256:128256:1:f32 timeout 120 ncu -k regex:filtered_sample --launch-skip 20 \
    --launch-count 1 --section SourceCounters -f -o /tmp/main /tmp/bin/bench_main 2>&1 | tail -1
  timeout 120 ncu -i /tmp/main.ncu-rep --page source --csv --print-source sass \
    >/tmp/results/main-m0.1-b256-s1-sass.csv 2>&1
  gzip -f /tmp/results/main-m0.1-b256-s1-sass.csv' \
  bash scripts/device-call.sh

#!/usr/bin/env bash
# The twenty-fourth round's call 2: the top-p route at batch 256 (branch top-p-frontier-verify),
# forced on (TOKENPICK_TOP_P_ROUTE=1) against main's two-pass kernel and main's route: tpr2
# (`5eaad8b`: the verify's sums only for the frontier candidates, the first read's bar from the
# block's table of each warp's two best), tpr3 (`6aadb9e`: also the verify's estimated masses);
# the branch's tests (route forced on for the top-p ones); ncu source counters of tpr3's two
# kernels at batch 256 x 128256 f32 sigma 1. Binaries in target/devrunL (bench_main: main
# e9031b6; bench_tpr2, bench_tpr3; cuda_rejection_tpr3 of `6aadb9e`).
#   run(command="bash bench-results/2026-12-06-twenty-fourth-round-call-2.sh",
#       carry=["target/devrunL"], timeout_s=420)
set -u
cd "$(dirname "$0")/.."
DEVRUN_DIR=target/devrunL TESTS="cuda_rejection_tpr3" \
VARIANTS="main=bench_main route=bench_main:TOKENPICK_TOP_P_ROUTE=1
  tpr2=bench_tpr2:TOKENPICK_TOP_P_ROUTE=1 tpr3=bench_tpr3:TOKENPICK_TOP_P_ROUTE=1" \
SHAPES="p0.9:256:128256:1:f32 p0.9:256:128256:3:f32 p0.9:256:128256:6:f32
  p0.9:256:128256:1:bf16 p0.9:256:128256:3:bf16 p0.9:256:128256:6:bf16 p0.9:64:128256:1:f32
  p0.9:64:128256:6:f32 p0.9:128:128256:3:f32 p0.9:33:128256:3:f32 p0.9:1024:32000:1:bf16
  p0.9:1024:32000:6:f32 p0.9:256:32000:6:bf16 p0.9:256:262144:1:f32 p0.9:64:262144:3:f32" \
REPS=2 EXTRA='
  TOKENPICK_TOP_P_ROUTE=1 timeout 200 /tmp/bin/cuda_rejection_tpr3 \
    --skip min_p --skip top_k --skip signed --skip round_cap --test-threads=4 2>&1 | tail -30
  for k in gumbel_max top_p_verify; do
    BENCH_SHAPE=p0.9:256:128256:1:f32 TOKENPICK_TOP_P_ROUTE=1 timeout 150 ncu \
      -k regex:$k --launch-skip 20 --launch-count 1 --section SourceCounters \
      --section SpeedOfLight -f -o /tmp/t3$k /tmp/bin/bench_tpr3 2>&1 | tail -1
    timeout 120 ncu -i /tmp/t3$k.ncu-rep --page source --csv --print-source sass \
      >/tmp/results/tpr3-$k-p0.9-b256-s1-sass.csv 2>&1
    gzip -f /tmp/results/tpr3-$k-p0.9-b256-s1-sass.csv
    timeout 60 ncu -i /tmp/t3$k.ncu-rep --page details 2>&1 |
      grep -E "  [a-z_]+<|Duration|Elapsed Cycles|Memory Throughput|Compute \(SM\)"
  done' \
  bash scripts/device-call.sh

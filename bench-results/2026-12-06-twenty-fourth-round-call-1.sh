#!/usr/bin/env bash
# The twenty-fourth round's call 1 (prepared in the twenty-third as its call 3): the warp lists'
# third form (branch min-p-lists, `f222c41`: a thread loads only the chunks of its run that hold
# its codes; call 2's form loaded all eight, which cost short shares up to 7%) against main, its
# tests and both full benches; then the top-p route forced on at batch 256 (main's kernels,
# TOKENPICK_TOP_P_ROUTE=1) against the two-pass kernel, and ncu source counters of the route's
# two kernels at batch 256 x 128256 f32 sigma 1 and 6 (where its first read's time goes).
# Binaries in target/devrunL: bench_main (main e9031b6), bench_mpl3 (f222c41), cuda_rejection
# (f222c41), bench_tpr (branch top-p-frontier-verify: the verify kernel keeps sums only for
# candidates with f above every better-scoring one's), cuda_rejection_tpr (its tests, run with the
# route forced on: the route against the two-pass kernel at batches 33-300 too).
#   run(command="bash bench-results/2026-12-06-twenty-fourth-round-call-1.sh",
#       carry=["target/devrunL"], timeout_s=540)
set -u
cd "$(dirname "$0")/.."
DEVRUN_DIR=target/devrunL TESTS="cuda_rejection" \
VARIANTS="main=bench_main mpl3=bench_mpl3 route=bench_main:TOKENPICK_TOP_P_ROUTE=1
  tpr=bench_tpr:TOKENPICK_TOP_P_ROUTE=1" \
SHAPES="m0.1:256:128256:1:f32 m0.1:256:128256:1:bf16 m0.1:256:128256:6:bf16
  m0.1:16:32000:3:f32 m0.1:1:32000:1:f32 m0.1:1:128256:3:f32 m0.1:64:32000:3:f32
  m0.1:1024:32000:1:bf16 p0.9:256:128256:1:f32 p0.9:256:128256:3:f32 p0.9:256:128256:6:f32
  p0.9:256:128256:3:bf16" \
REPS=2 FULL="main mpl3" EXTRA='
  TOKENPICK_TOP_P_ROUTE=1 timeout 150 /tmp/bin/cuda_rejection_tpr the_top_p --test-threads=2 \
    2>&1 | tail -25
  for s in 1 6; do
    for k in gumbel_max top_p_verify; do
      BENCH_SHAPE=p0.9:256:128256:$s:f32 TOKENPICK_TOP_P_ROUTE=1 timeout 150 ncu \
        -k regex:$k --launch-skip 20 --launch-count 1 --section SourceCounters \
        --section SpeedOfLight -f -o /tmp/r$k$s /tmp/bin/bench_main 2>&1 | tail -1
      timeout 120 ncu -i /tmp/r$k$s.ncu-rep --page source --csv --print-source sass \
        >/tmp/results/route-$k-p0.9-b256-s$s-sass.csv 2>&1
      gzip -f /tmp/results/route-$k-p0.9-b256-s$s-sass.csv
      timeout 60 ncu -i /tmp/r$k$s.ncu-rep --page details 2>&1 |
        grep -E "  [a-z_]+<|Duration|Elapsed Cycles|Memory Throughput|Compute \(SM\)"
    done
  done
  BENCH_SHAPE=p0.9:256:128256:1:f32 TOKENPICK_TOP_P_ROUTE=1 timeout 150 ncu \
    -k regex:top_p_verify --launch-skip 20 --launch-count 1 --section SourceCounters \
    --section SpeedOfLight -f -o /tmp/tpr1 /tmp/bin/bench_tpr 2>&1 | tail -1
  timeout 120 ncu -i /tmp/tpr1.ncu-rep --page source --csv --print-source sass \
    >/tmp/results/tpr-top_p_verify-p0.9-b256-s1-sass.csv 2>&1
  gzip -f /tmp/results/tpr-top_p_verify-p0.9-b256-s1-sass.csv
  timeout 60 ncu -i /tmp/tpr1.ncu-rep --page details 2>&1 |
    grep -E "  [a-z_]+<|Duration|Elapsed Cycles|Memory Throughput|Compute \(SM\)"' \
  bash scripts/device-call.sh

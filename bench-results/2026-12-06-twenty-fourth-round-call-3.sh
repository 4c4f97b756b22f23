#!/usr/bin/env bash
# The twenty-fourth round's call 3: what would land from branch top-p-frontier-verify
# (`e218e71`: the route's frontier verify with estimated masses, the first read's block bar, and
# f32 calls of rows of at least 65536 tokens on the route at any batch): its tests, an A/B
# against main at shapes the rule newly routes that call 2 did not measure, and both full
# benches. Binaries in target/devrunL: bench_main (main e9031b6), bench_tpr4, and the branch's
# cuda_rejection_tpr4 and cuda_graph_tpr4.
#   run(command="bash bench-results/2026-12-06-twenty-fourth-round-call-3.sh",
#       carry=["target/devrunL"], timeout_s=360)
set -u
cd "$(dirname "$0")/.."
DEVRUN_DIR=target/devrunL TESTS="cuda_rejection_tpr4 cuda_graph_tpr4" \
VARIANTS="main=bench_main tpr4=bench_tpr4" \
SHAPES="p0.9:1024:128256:1:f32 p0.9:1024:128256:6:f32 p0.9:256:151936:6:f32
  p0.9:256:262144:6:f32 p0.9:64:151936:3:f32 p0.9:256:128256:6:f32 p0.9:64:32000:6:f32" \
REPS=2 FULL="main tpr4" bash scripts/device-call.sh

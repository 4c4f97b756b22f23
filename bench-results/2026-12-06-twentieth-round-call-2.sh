#!/usr/bin/env bash
# The twentieth round's second call: the top-k route in one launch (branch one-launch-route:
# top_k_local_floor_kernel.cu; bench_ol2 = 9c6e15f, whose last block loads
# the list's first words before placing the row's floor) against its two launches (bench_ol2
# with TOKENPICK_TOP_K_ROUTE_LAUNCHES=2) and against main (bench_main: c04e354's kernels, the
# landed ones); the branch's CUDA tests (9c6e15f: the carry holds no more); memcheck of the
# route's test; the branch's host time per call (item 4: one launch at batch 1); the branch's
# full bench (every shape: fallback rows, nothing slower); main's phase marks for min-p at
# batch 256 (where sigma 1's second read goes). Binaries in target/devrunE.
#   run(command="bash bench-results/2026-12-06-twentieth-round-call-2.sh",
#       carry=["target/devrunE"], timeout_s=600)
set -u
cd "$(dirname "$0")/.."
DEVRUN_DIR=target/devrunE \
VARIANTS="main=bench_main two=bench_ol2:TOKENPICK_TOP_K_ROUTE_LAUNCHES=2
  held=bench_ol2" \
SHAPES="k50+p0.9:1:128256:1:f32 k50+p0.9:1:128256:3:f32 k50+p0.9:1:128256:6:f32
  k50+p0.9:1:128256:3:bf16 k50+p0.9:1:262144:3:f32 k50+p0.9:4:128256:3:f32
  k50+p0.9:16:128256:3:f32 k50+p0.9:16:262144:1:f32" \
REPS=2 EXTRA='
  echo "== host overhead (one-launch-route)"
  timeout 60 /tmp/bin/host_overhead_bench 2>&1 | tail -12
  echo "== test cuda_graph, the route test"
  timeout 30 /tmp/bin/cuda_graph 2>&1 | grep -E "test result"
  timeout 60 /tmp/bin/cuda_rejection the_top_k_route 2>&1 | grep -E "test result|route:"
  echo "== min-p phase marks (main)"
  for s in m0.1:256:128256:1:f32 m0.1:256:128256:6:f32; do
    echo "== $s"; BENCH_SHAPE=$s timeout 20 /tmp/bin/bench_mainph_phases | tail -2
  done
  echo "== test cuda_rejection, all"
  timeout 150 /tmp/bin/cuda_rejection --test-threads=4 2>&1 | grep -E "^test |test result"
  echo "== the held build, full bench"
  timeout 60 /tmp/bin/bench_ol2 > /tmp/results/bench-held.txt 2>&1; echo "exit $?"
  echo "== memcheck: the route test"
  timeout 100 compute-sanitizer --tool memcheck /tmp/bin/cuda_rejection the_top_k_route \
    2>&1 | tail -3' bash scripts/device-call.sh

#!/usr/bin/env bash
# The twentieth round's call 2, cut to what ~75 s of device time holds (the session's budget,
# after nine refused starts): the one-launch top-k route (bench_ol2 = 9c6e15f) against its two
# launches (TOKENPICK_TOP_K_ROUTE_LAUNCHES=2) and main (bench_main, c04e354's kernels) at the
# route's key shapes, the host's time per call, the route's identity test and the graph test.
# Binaries in target/devrunF.
#   run(command="bash bench-results/2026-12-06-twentieth-round-call-2b.sh",
#       carry=["target/devrunF"], timeout_s=75)
set -u
cd "$(dirname "$0")/.."
DEVRUN_DIR=target/devrunF \
VARIANTS="main=bench_main two=bench_ol2:TOKENPICK_TOP_K_ROUTE_LAUNCHES=2 held=bench_ol2" \
SHAPES="k50+p0.9:1:128256:3:f32 k50+p0.9:1:262144:3:f32 k50+p0.9:4:128256:3:f32
  k50+p0.9:16:128256:3:f32" \
REPS=2 EXTRA='
  echo "== host overhead (one-launch-route)"
  timeout 40 /tmp/bin/host_overhead_bench 2>&1 | tail -12
  echo "== test cuda_graph, the route test"
  timeout 20 /tmp/bin/cuda_graph 2>&1 | grep -E "test result"
  timeout 60 /tmp/bin/cuda_rejection the_top_k_route 2>&1 | grep -E "test result|route:"' \
bash scripts/device-call.sh

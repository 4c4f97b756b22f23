#!/usr/bin/env bash
# The eighteenth round's fifth call: the top-k route in one cooperative launch (branch
# top-k-route-once, 2dc24b6, on collect-preload: top_k_route_kernel.cu; the row's last block to
# have counted plans while its other blocks wait, a one-tile share gathered from registers).
# For top-k 50 + top-p 0.9 at batch 1 (15.07 / 15.06 us at sigma 3 / 6 against 15) and for item
# 4's host time (one launch instead of the route's two; under 5 us wanted, 4.2-5.2 measured with
# one). Variants: main's head 12fb748 (bench_m12), the branch with its two launches
# (TOKENPICK_TOP_K_ROUTE_ONCE=0) and with one (bench_once built at 2dc24b6, whose kernels the
# branch's head 9596ff8 keeps). Tests of 9596ff8 (cuda_rejection: the route's identity test
# takes the one launch, now also 16 rows of 262144, two tiles a block; cuda_graph: captured
# calls keep two launches, against eager calls that take one), the route's test again with two
# launches, memcheck of it, and host_overhead_bench (cargo bench --features cuda --bench
# host_overhead --no-run at 2dc24b6) with one launch and with two. In target/devrun9 (~36 MB).
#   run(command="bash bench-results/2026-12-05-h200-eighteenth-round-call-e.sh",
#       carry=["target/devrun9"], timeout_s=600)
set -u
cd "$(dirname "$0")/.."
DEVRUN_DIR=target/devrun9 TESTS="cuda_rejection cuda_graph" \
VARIANTS="main=bench_m12 two=bench_once:TOKENPICK_TOP_K_ROUTE_ONCE=0 once=bench_once" \
SHAPES="k50+p0.9:1:128256:1:f32 k50+p0.9:1:128256:3:f32 k50+p0.9:1:128256:6:f32
  k50+p0.9:1:128256:3:bf16 k50+p0.9:1:262144:3:f32 k50+p0.9:1:32000:3:f32
  k50+p0.9:4:128256:3:f32 k50+p0.9:16:128256:3:f32 k50+p0.9:16:128256:3:bf16" \
REPS=3 EXTRA='
  echo "== the route test with two launches"
  TOKENPICK_TOP_K_ROUTE_ONCE=0 timeout 120 /tmp/bin/cuda_rejection the_top_k_route 2>&1 |
    tail -4
  echo "== memcheck, one launch"
  timeout 120 compute-sanitizer --tool memcheck /tmp/bin/cuda_rejection the_top_k_route \
    2>&1 | tail -3
  echo "== host overhead, one launch"
  timeout 90 /tmp/bin/host_overhead_bench 2>&1 | tail -12
  echo "== host overhead, two launches"
  TOKENPICK_TOP_K_ROUTE_ONCE=0 timeout 90 /tmp/bin/host_overhead_bench 2>&1 | tail -12' \
  bash scripts/device-call.sh

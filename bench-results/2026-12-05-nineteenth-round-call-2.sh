#!/usr/bin/env bash
# The nineteenth round's second call: the branches of bench-results/patches/
# 2026-12-05-nineteenth-round/ against main. Variants: main (bench_main, 45a86a3's code =
# 12fb748), collect-preload (bench_cp, e0e7bac: the two-pass kernel's signed-zero plan fix, the
# top-k route's collect kernel issuing its first tile before its plan, one reduction, early
# reset, the histogram kernel's stats after one barrier), top-k-route-once (bench_ol, a72064d)
# with two launches (TOKENPICK_TOP_K_ROUTE_ONCE=0: the collect kernel as in cp, refactored
# into top_k_route_steps.cuh) and with one cooperative launch. Tests of a72064d (cuda_rejection:
# the signed-zero test, the route's identity test now with 16 rows of 262144; cuda_graph:
# captured calls keep two launches against eager calls that take one), the route's test again
# with two launches (memcheck of the route and signed-zero tests and the host's time per call
# are call 1's, for time). Then min-p alone, main against branch min-p-codes (bench_mpc,
# 8b0ee29: the second read by coded 16-byte vectors), and that branch's cuda_rejection (its
# min-p test over 65536-262144 tokens, f32 and bf16). Binaries in target/devrunB (the tests
# renamed by branch: cuda_rejection_ol, cuda_graph_ol, cuda_rejection_mpc).
#   run(command="bash bench-results/2026-12-05-nineteenth-round-call-2.sh",
#       carry=["target/devrunB"], timeout_s=600)
set -u
cd "$(dirname "$0")/.."
DEVRUN_DIR=target/devrunB TESTS="cuda_rejection_ol cuda_graph_ol cuda_rejection_mpc" \
VARIANTS="main=bench_main cp=bench_cp two=bench_ol:TOKENPICK_TOP_K_ROUTE_ONCE=0 once=bench_ol" \
SHAPES="k50+p0.9:1:128256:1:f32 k50+p0.9:1:128256:3:f32 k50+p0.9:1:128256:6:f32
  k50+p0.9:1:128256:3:bf16 k50+p0.9:1:262144:3:f32 k50+p0.9:1:32000:3:f32
  k50+p0.9:4:128256:3:f32 k50+p0.9:16:128256:3:f32 k50+p0.9:16:128256:3:bf16
  p0.9:256:128256:3:f32" \
REPS=2 EXTRA='
  echo "== min-p alone: main / min-p-codes"
  for rep in 1 2; do
    for s in m0.1:256:128256:1:f32 m0.1:256:128256:3:f32 m0.1:256:128256:6:f32 \
        m0.1:256:128256:1:bf16 m0.1:128:128256:1:f32 m0.1:1024:32000:1:bf16 \
        m0.1:256:262144:1:f32 m0.1:1:128256:3:f32 m0.1:64:128256:1:f32; do
      for b in bench_main bench_mpc; do
        echo "$b | $(BENCH_SHAPE=$s timeout 60 /tmp/bin/$b | tail -1)"
      done
    done
  done
  echo "== the route test with two launches"
  TOKENPICK_TOP_K_ROUTE_ONCE=0 timeout 120 /tmp/bin/cuda_rejection_ol the_top_k_route 2>&1 |
    tail -4' \
  bash scripts/device-call.sh

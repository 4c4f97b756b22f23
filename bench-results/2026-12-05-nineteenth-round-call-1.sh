#!/usr/bin/env bash
# The nineteenth round's first call (the first device lent in three sessions): main's head
# (`45a86a3`, code as `12fb748`) on whatever card comes. Its CUDA tests (cuda_rejection,
# cuda_graph, cuda_gumbel, built here with TOKENPICK_CUDA_ARCHS=sm_90), its full bench and the
# PyTorch baselines from the same call, then Gumbel-max at batch 64 with the blocks of a split
# row forced (TOKENPICK_SPLIT_BLOCKS; 4 by default there: 17.0-17.4 us against 16). For
# branch top-k-route-once (a72064d; its host code as 05b72ad's, bench-results/patches/2026-12-05-nineteenth-round/):
# memcheck of its route and signed-zero tests, and the host's time per call
# (host_overhead_bench: cargo bench --features cuda --bench host_overhead --no-run at 05b72ad)
# with the route's one launch and with its two (TOKENPICK_TOP_K_ROUTE_ONCE=0). Where carried,
# Gumbel-max at 384 threads x 3 blocks a multiprocessor (bench_g384, branch gumbel-384x3,
# 2939add) against main at batch 1-1024.
# Binaries in target/devrunA (bench_main from `scripts/gpu-bench.sh build`, the tests from
# scripts/build-device-tests.sh).
#   run(command="bash bench-results/2026-12-05-nineteenth-round-call-1.sh",
#       carry=["target/devrunA"], timeout_s=600)
set -u
cd "$(dirname "$0")/.."
DEVRUN_DIR=target/devrunA TESTS="cuda_rejection cuda_graph cuda_gumbel" \
VARIANTS="main=bench_main" FULL="main" TORCH=1 EXTRA='
  for s in gumbel:64:128256:1:f32 gumbel:64:128256:3:f32 gumbel:64:128256:3:bf16; do
    for split in 2 3 4 5 6 8; do
      echo "split=$split | $(BENCH_SHAPE=$s TOKENPICK_SPLIT_BLOCKS=$split timeout 60 \
        /tmp/bin/bench_main | tail -1)"
    done
  done
  if [ -x /tmp/bin/bench_g384 ]; then
    echo "== Gumbel-max: main / 384 x 3"
    for rep in 1 2; do
      for s in gumbel:256:128256:1:bf16 gumbel:256:128256:3:bf16 gumbel:256:128256:3:f32 \
          gumbel:64:128256:3:f32 gumbel:64:128256:3:bf16 gumbel:16:151936:3:f32 \
          gumbel:1:128256:3:f32 gumbel:1024:32000:3:bf16 gumbel:256:262144:3:f32; do
        for b in bench_main bench_g384; do
          echo "$b | $(BENCH_SHAPE=$s timeout 60 /tmp/bin/$b | tail -1)"
        done
      done
    done
  fi
  echo "== memcheck (top-k-route-once): the route test, the signed-zero test"
  timeout 150 compute-sanitizer --tool memcheck /tmp/bin/cuda_rejection_ol the_top_k_route \
    2>&1 | tail -3
  timeout 100 compute-sanitizer --tool memcheck /tmp/bin/cuda_rejection_ol zeros_of_both \
    2>&1 | tail -3
  echo "== host overhead (top-k-route-once), one launch"
  timeout 90 /tmp/bin/host_overhead_bench 2>&1 | tail -12
  echo "== host overhead, two launches"
  TOKENPICK_TOP_K_ROUTE_ONCE=0 timeout 90 /tmp/bin/host_overhead_bench 2>&1 | tail -12' bash scripts/device-call.sh

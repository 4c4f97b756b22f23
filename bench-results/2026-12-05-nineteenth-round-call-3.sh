#!/usr/bin/env bash
# The nineteenth round's third call (the first, prepared before call 2, never ran): what would
# land, branch land-19 (e3d30ff: main + collect-preload + min-p-codes with its lane skip,
# 22ca5c3). Its CUDA tests (cuda_rejection, cuda_graph, cuda_gumbel; TOKENPICK_CUDA_ARCHS=sm_90),
# an A/B against main (bench_main: main's code, 12fb748) over the target rows' shapes, its full
# bench with the PyTorch baselines from the same call, memcheck of the signed-zero and route
# tests, the host's time per call (host_overhead_bench at e3d30ff), Gumbel-max's split sweep at
# batch 64 (TOKENPICK_SPLIT_BLOCKS; 4 by default there) and Gumbel-max at 384 threads x 3
# blocks a multiprocessor (bench_g384, branch gumbel-384x3, 2939add) against main.
# Binaries in target/devrunA.
#   run(command="bash bench-results/2026-12-05-nineteenth-round-call-3.sh",
#       carry=["target/devrunA"], timeout_s=600)
set -u
cd "$(dirname "$0")/.."
DEVRUN_DIR=target/devrunA TESTS="cuda_rejection cuda_graph cuda_gumbel" \
VARIANTS="main=bench_main land=bench_land" FULL="land" TORCH=1 \
SHAPES="k50+p0.9:1:128256:1:f32 k50+p0.9:1:128256:3:f32 k50+p0.9:1:128256:6:f32
  k50+p0.9:16:128256:3:f32 k50+p0.9:64:128256:3:f32 k50+p0.9:256:128256:1:f32
  p0.9:256:128256:1:f32 p0.9:256:128256:6:f32 m0.1:256:128256:1:f32 m0.1:256:128256:3:f32
  m0.1:256:128256:6:f32 m0.1:256:128256:6:bf16 m0.1:1024:32000:6:bf16 m0.1:1:128256:6:f32" \
REPS=2 EXTRA='
  echo "== memcheck: the signed-zero test, the route test"
  timeout 100 compute-sanitizer --tool memcheck /tmp/bin/cuda_rejection zeros_of_both \
    2>&1 | tail -3
  timeout 150 compute-sanitizer --tool memcheck /tmp/bin/cuda_rejection the_top_k_route \
    2>&1 | tail -3
  echo "== host overhead"
  timeout 90 /tmp/bin/host_overhead_bench 2>&1 | tail -12
  echo "== Gumbel-max batch 64, blocks a split row"
  for s in gumbel:64:128256:3:f32 gumbel:64:128256:3:bf16; do
    for split in 2 3 4 6 8; do
      echo "split=$split | $(BENCH_SHAPE=$s TOKENPICK_SPLIT_BLOCKS=$split timeout 60 \
        /tmp/bin/bench_main | tail -1)"
    done
  done
  echo "== Gumbel-max: main / 384 x 3"
  for s in gumbel:256:128256:3:bf16 gumbel:256:128256:3:f32 gumbel:64:128256:3:f32 \
      gumbel:16:151936:3:f32 gumbel:1:128256:3:f32 gumbel:1024:32000:3:bf16; do
    for b in bench_main bench_g384 bench_main bench_g384; do
      echo "$b | $(BENCH_SHAPE=$s timeout 60 /tmp/bin/$b | tail -1)"
    done
  done' bash scripts/device-call.sh

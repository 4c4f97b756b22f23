#!/usr/bin/env bash
# The top-k kernel's cap of 16 blocks per row on rows of 262144 (batch 1), two runs each.
cd "$(dirname "$0")/../.."
for rep in 1 2; do
  for shape in k50+p0.9:1:262144:1 k50+p0.9:1:262144:3 k50+p0.9:1:262144:6 k50+p0.9:1:262144:1:bf16 k50+p0.9:1:262144:3:bf16 k50+p0.9:1:262144:6:bf16 k50+p0.9:1:128256:3 k50+p0.9:1:151936:3; do
    BENCH_SHAPE=$shape timeout 30 target/devrun/sampling_bench | tail -1
  done
done

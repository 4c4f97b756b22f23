#!/usr/bin/env bash
# New launch rules against the old ones (environment overrides give the old choice), then the
# Gumbel-max tests, then the filtering kernels' tests with clusters of 6 forced.
cd "$(dirname "$0")/../.."
B=target/devrun/sampling_bench
run() { echo "$1 | $(env $1 BENCH_SHAPE=$2 timeout 20 $B | tail -1)"; }
for c in k50+p0.9 p0.9 m0.1; do
  for v in 128256 262144; do
    for d in "" ":bf16"; do
      run X=new $c:16:$v:3$d; run TOKENPICK_ROW_GROUP=8 $c:16:$v:3$d
    done
  done
done
for b in 96 128; do
  for v in 128256 151936 262144; do
    for d in "" ":bf16"; do
      run X=new gumbel:$b:$v:3$d; run TOKENPICK_SPLIT_SHARE=2 gumbel:$b:$v:3$d
    done
  done
done
timeout 40 target/devrun/cuda_gumbel --test-threads=4 2>&1 | grep -E "test result"
TOKENPICK_ROW_GROUP=6 timeout 120 target/devrun/cuda_rejection --test-threads=4 2>&1 | grep -E "^test |test result"

#!/usr/bin/env bash
# The eighteenth round's third call: the routes' first tile read before their plan (branch
# collect-preload, 8d42d28: for_each_group_prepared in the top-k route's collect kernel, under
# the row's histogram scan, and in the top-p route's verify kernel, under the merge of the
# first read's candidates). Top-k 50 + top-p 0.9 at batch 1 is 15.07 / 15.06 us at sigma 3 / 6
# against 15 (round 17); the collect kernel read its tile only after the scan's barriers.
# Variants: main's head 12fb748 (bench_m12), the first tile read early alone (8d42d28,
# bench_pre), with two more commits (36ab2c4, bench_pre3: the last block resets the row's
# state before its finish; the crossing bin and its count in one reduction) and one more
# (4a3bfa6, bench_pre4: the histogram kernel's warps add f_max and flags by atomics, no block
# reduction), by scripts/gpu-bench.sh build (REV=<rev> for the first three); the branch's test
# binaries (scripts/build-device-tests.sh at 4a3bfa6), in target/devrun7 (~45 MB). Memcheck
# of the top-k route's test, and of the top-p route's with the buckets. Also branch verify-buckets (d54be59, bench_vb, its cuda_rejection as
# cuda_rejection_vb): the top-p route's verify kernel adds each token's mass once, to the
# bucket of its rank among the candidates' f, not to eight sums by compares (the p0.9 rows).
#   run(command="bash bench-results/2026-12-05-h200-eighteenth-round-call-c.sh",
#       carry=["target/devrun7"], timeout_s=600)
set -u
cd "$(dirname "$0")/.."
DEVRUN_DIR=target/devrun7 TESTS="cuda_rejection cuda_graph cuda_rejection_vb" \
VARIANTS="main=bench_m12 pre=bench_pre pre3=bench_pre3 pre4=bench_pre4 vb=bench_vb" \
SHAPES="k50+p0.9:1:128256:1:f32 k50+p0.9:1:128256:3:f32 k50+p0.9:1:128256:6:f32
  k50+p0.9:1:128256:3:bf16 k50+p0.9:1:262144:3:f32 k50+p0.9:1:32000:3:f32
  k50+p0.9:4:128256:3:f32 k50+p0.9:16:128256:3:f32 k50+p0.9:16:128256:3:bf16
  p0.9:1:128256:1:f32 p0.9:1:128256:3:f32 p0.9:16:128256:1:f32 p0.9:16:128256:3:bf16
  p0.9:32:128256:1:f32" \
REPS=2 EXTRA='
  timeout 100 compute-sanitizer --tool memcheck /tmp/bin/cuda_rejection the_top_k_route 2>&1 |
    tail -3
  timeout 100 compute-sanitizer --tool memcheck /tmp/bin/cuda_rejection_vb the_top_p_route \
    2>&1 | tail -3' \
  bash scripts/device-call.sh

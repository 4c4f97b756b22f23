#!/usr/bin/env bash
# The seventeenth round's third call (2026-12-05, after calls a and b): the two-launch top-k
# route with the bitonic finish (branch top-k-route-bitonic, e6e35e9 / 4587efd: the route
# without the counting sort, which made the top-k kernel slower in call a) against the
# counting-sort route of call a and main; the landing candidate's tests (4587efd: the identity
# test asks nine in ten rows compared), memcheck of its identity test, and the host's overhead
# with the route (two launches a call at batch 1).
#   run(command="bash bench-results/2026-12-05-h200-seventeenth-round-call-c.sh",
#       carry=["target/devrun3"], timeout_s=600)
# Binaries in target/devrun3/: bench_main (main's kernels), bench_tkr (7c40eb1), bench_tkb
# (REV=e6e35e9 DEVRUN=bench_tkb scripts/gpu-bench.sh build), cuda_rejection and cuda_graph
# (scripts/build-device-tests.sh on 4587efd), host_overhead_bench (cargo bench --features cuda
# --bench host_overhead --no-run on 4587efd, TOKENPICK_CUDA_ARCHS=sm_90, stripped).
set -u
cd "$(dirname "$0")/.."
DEVRUN_DIR=target/devrun3 TESTS="cuda_rejection cuda_graph" \
VARIANTS="main=bench_main kernel=bench_tkb:TOKENPICK_TOP_K_ROUTE=0 counting=bench_tkr
  route=bench_tkb" \
SHAPES="k50+p0.9:1:128256:1:f32 k50+p0.9:1:128256:3:f32 k50+p0.9:1:128256:6:f32
  k50+p0.9:1:128256:3:bf16 k50+p0.9:1:262144:3:f32 k50+p0.9:1:32000:3:f32
  k50+p0.9:4:128256:3:f32 k50+p0.9:8:262144:1:f32 k50+p0.9:16:128256:1:f32
  k50+p0.9:16:128256:3:bf16 k50+p0.9:16:32000:6:f32 k50+p0.9:17:128256:3:f32" \
REPS=3 EXTRA='
  timeout 90 compute-sanitizer --tool memcheck /tmp/bin/cuda_rejection the_top_k_route \
    2>&1 | tail -4
  timeout 60 /tmp/bin/host_overhead_bench 2>&1 | tail -12' \
  bash scripts/device-call.sh

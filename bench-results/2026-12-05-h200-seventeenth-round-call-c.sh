#!/usr/bin/env bash
# The seventeenth round's third call (2026-12-05, after calls a and b): the landing candidate
# (branch land-top-k-route, 41fbf40: main with the two-launch top-k route, whose finish sorts
# by counting as measured in call a, and the top-k kernel keeping the network). Its tests and
# memcheck of its identity test, the host's overhead with the route (two launches a call at
# batch 1), and an A/B: main / the landing's top-k kernel with the route off / its route (the
# same kernels' SASS as bench_tkr) / the route with the network in its finish (bench_tkb).
#   run(command="bash bench-results/2026-12-05-h200-seventeenth-round-call-c.sh",
#       carry=["target/devrun3"], timeout_s=600)
# Binaries in target/devrun3/: bench_main (main's kernels), bench_tkr (7c40eb1: the landing's
# route kernels, SASS-identical), bench_tkb (REV=e6e35e9 DEVRUN=bench_tkb
# scripts/gpu-bench.sh build: the route with the network; its top-k kernel is the landing's),
# cuda_rejection and cuda_graph (scripts/build-device-tests.sh on 41fbf40),
# host_overhead_bench (cargo bench --features cuda --bench host_overhead --no-run on 4587efd,
# whose host code is the landing's; TOKENPICK_CUDA_ARCHS=sm_90, stripped).
set -u
cd "$(dirname "$0")/.."
DEVRUN_DIR=target/devrun3 TESTS="cuda_rejection cuda_graph" \
VARIANTS="main=bench_main kernel=bench_tkb:TOKENPICK_TOP_K_ROUTE=0 route=bench_tkr
  network=bench_tkb" \
SHAPES="k50+p0.9:1:128256:1:f32 k50+p0.9:1:128256:3:f32 k50+p0.9:1:128256:6:f32
  k50+p0.9:1:128256:3:bf16 k50+p0.9:1:262144:3:f32 k50+p0.9:1:32000:3:f32
  k50+p0.9:4:128256:3:f32 k50+p0.9:8:262144:1:f32 k50+p0.9:16:128256:1:f32
  k50+p0.9:16:128256:3:bf16 k50+p0.9:16:32000:6:f32 k50+p0.9:64:128256:3:f32" \
REPS=3 EXTRA='
  timeout 90 compute-sanitizer --tool memcheck /tmp/bin/cuda_rejection the_top_k_route \
    2>&1 | tail -4
  timeout 60 /tmp/bin/host_overhead_bench 2>&1 | tail -12' \
  bash scripts/device-call.sh

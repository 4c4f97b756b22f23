#!/usr/bin/env bash
# Round 30's call 2: (1) the launchers' host time piece by piece (BENCH_HOST=1 of the device
# bench, cpp/cuda/bench/host_times.cuh) beside host_overhead (the whole Rust call) on the same
# host; (2) an A/B of the top-p route's first read keeping 4 or 6 best scores a block instead
# of 8 (kTopScores; TOKENPICK_TOP_SCORES in the variant's build): fewer survivors of the skip
# tests and smaller selections, at the price of more rows left to the fallback ((1 - top_p)^K).
# Binaries in target/devrun (built here, nvcc -O3 sm_90, scripts/gpu-bench.sh):
#   DEVRUN=sampling_bench scripts/gpu-bench.sh build                      main + host_times
#   NVCC_EXTRA="-DTOKENPICK_TOP_SCORES=4" DEVRUN=bench_k4 scripts/gpu-bench.sh build
#   NVCC_EXTRA="-DTOKENPICK_TOP_SCORES=6" DEVRUN=bench_k6 scripts/gpu-bench.sh build
# and host_overhead (round 30's call 1).
#   run(command="bash bench-results/2026-12-07-thirtieth-round-call-2.sh",
#       carry=["target/devrun"], timeout_s=420)
set -u
cd "$(dirname "$0")/.."
VARIANTS="main=sampling_bench k4=bench_k4 k6=bench_k6" \
SHAPES="p0.9:256:128256:1 p0.9:256:128256:3 p0.9:256:128256:6 p0.9:64:128256:1 \
p0.9:1024:128256:1 p0.9:1:128256:3 p0.9:16:262144:1 p0.9:16:128256:3:bf16" \
REPS=2 \
EXTRA='echo "== BENCH_HOST"; BENCH_HOST=1 timeout 60 /tmp/bin/sampling_bench
echo "== host_overhead"; timeout 90 /tmp/bin/host_overhead 2>&1 | tail -9
echo "== BENCH_HOST again"; BENCH_HOST=1 timeout 60 /tmp/bin/sampling_bench' \
bash scripts/device-call.sh

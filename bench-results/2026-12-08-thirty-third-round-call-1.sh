#!/usr/bin/env bash
# Round 33's call 1: the top-p route's rescue (branch top-p-rescue) with round 32's owed A/B.
# Tests of top-p-rescue: cuda_top_p_rescue (every row rescued: the two-pass kernel's tokens),
# cuda_rejection (the route's identity tests at top-p 0.75 / 0.85 / 0.9 / 0.95, K = 8 / 6 / 4
# / 4), cuda_graph (cuda_gumbel, built, left out: the carry's 64 MiB; Gumbel-max's code is
# unchanged). A/B on the route's shapes: main (9dc398b), k5 (kept-five-main
# 8e2f0da: K = 5 at top-p 0.9), rescue (K = 4 at top-p 0.9, rescued rows), r6 (the rescue's
# build keeping 6, as main: its cost where it never runs), rall (every row rescued: the
# rescue's own time). Then the full benches of rescue and main and the PyTorch baselines;
# last, compute-sanitizer memcheck of the rescue's test.
# Binaries in target/devrun (built here):
#   DEVRUN="cuda_rejection cuda_gumbel cuda_graph cuda_top_p_rescue" \
#       scripts/build-device-tests.sh                                (a45d50e's checkout)
#   REV=a45d50e DEVRUN=bench_rescue scripts/gpu-bench.sh build
# The cuda_top_p_rescue built so from a45d50e masks row 2 of its f16 case, which has 2 rows:
# it panics there (an index past the batch) after its first three cases; 172737d fixes the
# test. Rebuild the tests from the branch head before trusting that binary's verdict.
#   bench_main / bench_k5m: round 32's (target/devrun-r32)
#   run(command="bash bench-results/2026-12-08-thirty-third-round-call-1.sh",
#       carry=["target/devrun"], timeout_s=480)
set -u
cd "$(dirname "$0")/.."
TESTS="cuda_top_p_rescue cuda_rejection cuda_graph" \
VARIANTS="main=bench_main k5=bench_k5m rescue=bench_rescue \
r6=bench_rescue:TOKENPICK_TOP_P_KEPT=6 rall=bench_rescue:TOKENPICK_TOP_P_RESCUE_ALL=1" \
SHAPES="p0.9:256:128256:1 p0.9:256:128256:3 p0.9:256:128256:6 p0.9:64:128256:1 \
p0.9:1:128256:3 p0.9:16:262144:1 p0.9:16:128256:3:bf16 p0.9:1024:128256:1 p0.9:32:151936:1" \
REPS=2 FULL="rescue main" TORCH=1 \
EXTRA="timeout 120 compute-sanitizer --tool memcheck /tmp/bin/cuda_top_p_rescue" \
bash scripts/device-call.sh

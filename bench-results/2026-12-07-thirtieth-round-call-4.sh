#!/usr/bin/env bash
# Round 30's call 4: the kept scores' landing form without the verify merge's stop at the
# first empty word (new2: every round runs, as main's one-word-a-lane path did, so each lane's
# logit load stays in flight under the later rounds) against main (K = 8) and call 3's form
# (new); new2's tests (cuda_rejection, cuda_gumbel, cuda_graph).
# Binaries in target/devrun (built here): sampling_bench (main 11d54ed), bench_new (8f2870d),
# bench_new2 (DEVRUN=bench_new2 scripts/gpu-bench.sh build), the tests by
#   DEVRUN="cuda_rejection cuda_gumbel cuda_graph" scripts/build-device-tests.sh
#   run(command="bash bench-results/2026-12-07-thirtieth-round-call-4.sh",
#       carry=["target/devrun"], timeout_s=420, kind="nvidia-h100-x1")
# The A/B alone: TESTS= DEVRUN_DIR=target/devrun-ab (the three benches), carry that folder.
set -u
cd "$(dirname "$0")/.."
TESTS="${TESTS-cuda_rejection cuda_gumbel cuda_graph}" \
VARIANTS="main=sampling_bench new=bench_new new2=bench_new2" \
SHAPES="p0.9:256:128256:1 p0.9:256:128256:3 p0.9:256:128256:6 p0.9:64:128256:1 \
p0.9:1:128256:3 p0.9:1:32000:1 p0.9:16:262144:1 p0.9:16:128256:3:bf16" \
REPS=2 \
bash scripts/device-call.sh

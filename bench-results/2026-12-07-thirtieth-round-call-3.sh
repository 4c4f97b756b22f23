#!/usr/bin/env bash
# Round 30's call 3: the landing form of the top-p route's kept scores (K from the call's
# smallest top-p: the fewest of 4 / 6 / 8 with (1 - top_p)^K <= 0.25^8; top_scores_kept in
# top_p_route.cu). Its tests (cuda_rejection: the route's identity tests run top-p 0.75 / 0.9 /
# 0.95, so K = 8 / 6 / 4; memcheck of the any-batch one (K = 6); cuda_gumbel: the plain
# kernel, now kKeep = 0, keeps its CPU token identity; cuda_graph), then an A/B against
# main's bench (K = 8) over route shapes and plain Gumbel-max shapes.
# Binaries in target/devrun (built here):
#   DEVRUN="cuda_rejection cuda_gumbel cuda_graph" scripts/build-device-tests.sh
#   DEVRUN=bench_new scripts/gpu-bench.sh build        (sampling_bench.xz: main's, call 2)
#   run(command="bash bench-results/2026-12-07-thirtieth-round-call-3.sh",
#       carry=["target/devrun"], timeout_s=480)
set -u
cd "$(dirname "$0")/.."
TESTS="cuda_rejection cuda_gumbel cuda_graph" \
VARIANTS="main=sampling_bench new=bench_new" \
SHAPES="p0.9:256:128256:1 p0.9:256:128256:3 p0.9:256:128256:6 p0.9:64:128256:1 \
p0.9:1:128256:3 p0.9:1:32000:1 p0.9:16:32000:6 p0.9:32:128256:6 p0.9:16:262144:1 \
p0.9:256:262144:1 p0.9:1:262144:6:bf16 p0.9:16:128256:3:bf16 \
gumbel:1:128256:3 gumbel:64:128256:3 gumbel:256:128256:3 gumbel:256:128256:1:bf16" \
REPS=2 \
EXTRA='timeout 120 compute-sanitizer --tool memcheck /tmp/bin/cuda_rejection \
the_top_p_route_at_any_batch 2>&1 | tail -5' \
bash scripts/device-call.sh

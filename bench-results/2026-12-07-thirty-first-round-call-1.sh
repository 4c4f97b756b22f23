#!/usr/bin/env bash
# Round 31's call 1 (H200 wanted): the landed code's full bench with PyTorch's baselines from
# the same call (main 3b41398: route memory and kept scores, no H200 run of them yet); round
# 30's owed call 5, the top-p verify templated on the kept scores K too (branch verify-by-k,
# b403f38) against main on the route's shapes; and Gumbel-max's claimed tiles with the
# tile's Philox blocks made at once (branch philox-ahead, a2e9873) on Gumbel-max and route
# shapes, and the same in fixed tiles too (branch philox-ahead-2, 189f478). The tests are of
# branch combo-31 (both changes): cuda_rejection (the route's
# identities), cuda_gumbel (CPU token identity, long shares included), cuda_graph, memcheck
# of the long-share Gumbel test.
# Binaries in target/devrun (built here):
#   DEVRUN=sampling_bench scripts/gpu-bench.sh build                 (main 3b41398)
#   REV=verify-by-k DEVRUN=bench_vk scripts/gpu-bench.sh build
#   REV=philox-ahead DEVRUN=bench_pa scripts/gpu-bench.sh build
#   REV=philox-ahead-2 DEVRUN=bench_pa2 scripts/gpu-bench.sh build
#   DEVRUN="cuda_rejection cuda_gumbel cuda_graph" scripts/build-device-tests.sh  (combo-31)
#   run(command="bash bench-results/2026-12-07-thirty-first-round-call-1.sh",
#       carry=["target/devrun"], timeout_s=400)
# (the device took two machines back mid-call: the full benches, PyTorch and memcheck went to
# call 2, bench-results/2026-12-07-thirty-first-round-call-2.sh)
set -u
cd "$(dirname "$0")/.."
TESTS="cuda_rejection cuda_gumbel cuda_graph" \
VARIANTS="main=sampling_bench vk=bench_vk pa=bench_pa pa2=bench_pa2" \
SHAPES="p0.9:256:128256:1 p0.9:256:128256:3 p0.9:256:128256:6 p0.9:64:128256:1 \
p0.9:1:128256:3 p0.9:16:262144:1 p0.9:16:128256:3:bf16 \
gumbel:256:128256:1:bf16 gumbel:256:128256:6:bf16 gumbel:256:128256:3 gumbel:64:128256:1 \
gumbel:64:128256:3 gumbel:64:128256:3:bf16 gumbel:1:128256:3 gumbel:1024:32000:3:bf16 gumbel:16:151936:3" \
REPS=2 FULL="${FULL:-}" TORCH="${TORCH:-0}" EXTRA="${EXTRA:-}" \
bash scripts/device-call.sh

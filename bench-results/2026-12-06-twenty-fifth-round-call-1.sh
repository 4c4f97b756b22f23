#!/usr/bin/env bash
# The twenty-fifth round's call 1: the landing candidate `land-25` (main + the top-p route's
# frontier verify from estimated masses, the first read's block table in long shares and the
# route for f32 rows of 65536+ tokens at any batch, rebuilt from round 24's lost land-24)
# against main: its tests (also the top-p tests with the route forced on at every batch), an
# A/B at round 24's slower batch-1 shapes and the batch-256 targets, and both full benches.
# Binaries in target/devrun: bench_main (main 1fcc7b1's kernels), bench_new (land-25's),
# cuda_rejection and cuda_graph (land-25's); bench_dom (branch top-p-dominance: groups with no
# x above the block leader's tested against its score; A/B only, its tests not built yet).
#   run(command="bash bench-results/2026-12-06-twenty-fifth-round-call-1.sh",
#       carry=["target/devrun"], timeout_s=600)
set -u
cd "$(dirname "$0")/.."
EXTRA='xz -dc target/devrun/cuda_rejection.xz > /tmp/cr_forced && chmod +x /tmp/cr_forced &&
  TOKENPICK_TOP_P_ROUTE=1 timeout 200 /tmp/cr_forced --test-threads=4 top_p' \
TESTS="cuda_rejection cuda_graph" \
VARIANTS="main=bench_main new=bench_new dom=bench_dom" \
SHAPES="p0.9:1:128256:6:f32 p0.9:1:128256:1:f32 p0.9:1:262144:6:bf16 p0.9:1:128256:6:bf16
  p0.9:1:262144:6:f32 p0.9:16:151936:1:f32 p0.9:256:128256:1:f32 p0.9:256:128256:3:f32
  p0.9:256:128256:6:f32 p0.9:64:128256:1:f32 p0.9:64:262144:3:f32 p0.9:1024:128256:1:f32" \
REPS=2 FULL="main new" bash scripts/device-call.sh

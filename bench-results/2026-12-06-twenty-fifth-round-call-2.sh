#!/usr/bin/env bash
# The twenty-fifth round's call 2: land-25 with the verify's frontier in warp shuffles (new2:
# its tests), against main and call 1's build (new), at call 1's batch-1 shapes where new
# was 0.5-1.2% slower, at shapes whose kernels did not change (gumbel batch 1, min-p batch 64:
# noise or not), and at the batch-256 targets; ncu's kernel durations of both of the route's
# launches at batch 1 x 128256 bf16 sigma 6 (main / new2); new2's full bench.
# Binaries in target/devrun: bench_main, bench_new (call 1), bench_new2, cuda_rejection and
# cuda_graph (new2's).
#   run(command="bash bench-results/2026-12-06-twenty-fifth-round-call-2.sh",
#       carry=["target/devrun"], timeout_s=600)
set -u
cd "$(dirname "$0")/.."
EXTRA='for b in bench_main bench_new2; do
  xz -dc target/devrun/$b.xz > /tmp/$b && chmod +x /tmp/$b
  echo "== $b"
  BENCH_SHAPE=p0.9:1:128256:6:bf16 timeout 120 ncu --launch-skip 40 --launch-count 8 \
    --metrics gpu__time_duration.sum /tmp/$b 2>&1 | grep -E "gumbel_max_kernel|top_p_verify|gpu__time"
done
xz -dc target/devrun/cuda_rejection.xz > /tmp/cr_forced && chmod +x /tmp/cr_forced
TOKENPICK_TOP_P_ROUTE=1 timeout 200 /tmp/cr_forced --test-threads=4 top_p' \
TESTS="cuda_rejection cuda_graph" \
VARIANTS="main=bench_main new=bench_new new2=bench_new2" \
SHAPES="p0.9:1:128256:6:f32 p0.9:1:128256:6:bf16 p0.9:1:262144:6:bf16 p0.9:1:128256:1:f32
  p0.9:16:151936:1:f32 p0.9:4:128256:6:bf16 gumbel:1:262144:1:f32 gumbel:1:151936:1:bf16
  m0.1:64:32000:3:f32 m0.1:64:128256:3:f32 p0.9:256:128256:1:f32 p0.9:256:128256:3:f32
  p0.9:256:128256:6:f32" \
REPS=2 FULL="new2" bash scripts/device-call.sh

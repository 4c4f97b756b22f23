#!/usr/bin/env bash
# Round 26's call 1 (round 25's owed call 3b, widened): new3 (main + the verify's loads back in
# their merge rounds, bench-results/patches/2026-12-06-twenty-fifth-round/verify-loads-in-rounds/)
# against main before the route landed (1fcc7b1, bench_main) and main as landed (4d5962f's
# kernels, bench_new2): new3's cuda_rejection, its top-p tests with the route forced on, an
# A/B at the top-p shapes the verify touches, and all three full benches on one GPU; with
# bench_cut (new3 + the first read's cut returning each lane's two best kept keys for the
# block's table, branch `cut-tops` df2a140: no second read of the slice), A/B and full bench;
# cut's top-p tests (cuda_rejection_cut), as built and with the route forced on; last, the host
# time of a launch by its arguments' size (cpp/cuda/bench/launch_args_bench.cu, built by its
# header's command).
#   run(command="bash bench-results/2026-12-06-twenty-sixth-round-call-1.sh",
#       carry=["target/devrun"], timeout_s=420)
set -u
cd "$(dirname "$0")/.."
EXTRA='xz -dc target/devrun/cuda_rejection.xz > /tmp/cr_forced && chmod +x /tmp/cr_forced &&
  TOKENPICK_TOP_P_ROUTE=1 timeout 100 /tmp/cr_forced --test-threads=4 top_p;
  timeout 100 /tmp/bin/cuda_rejection_cut --test-threads=4 top_p;
  TOKENPICK_TOP_P_ROUTE=1 timeout 100 /tmp/bin/cuda_rejection_cut --test-threads=4 top_p;
  timeout 60 /tmp/bin/launch_args_bench' \
TESTS="cuda_rejection" VARIANTS="main=bench_main new2=bench_new2 new3=bench_new3 cut=bench_cut" \
SHAPES="p0.9:256:128256:1:f32 p0.9:256:128256:3:f32 p0.9:256:128256:6:f32 p0.9:1:128256:6:f32
  p0.9:1:128256:6:bf16 p0.9:1:262144:6:bf16 p0.9:16:151936:1:f32 p0.9:64:128256:1:f32
  p0.9:1024:128256:1:f32" \
REPS=1 FULL="main new2 new3 cut" bash scripts/device-call.sh

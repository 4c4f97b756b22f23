#!/usr/bin/env bash
# Round 25's call 3, cut to the 299 s the refused starts left: new3's (the verify's loads back
# in their rounds, bench-results/patches/2026-12-06-twenty-fifth-round/verify-loads-in-rounds/)
# cuda_rejection, the route's identity tests forced on, one run each of main / new2 (landed) /
# new3 at six shapes. Binaries in target/devrun (cuda_rejection, bench_new3: new3's).
#   run(command="bash bench-results/2026-12-06-twenty-fifth-round-call-3b.sh",
#       carry=["target/devrun"], timeout_s=250)
set -u
cd "$(dirname "$0")/.."
EXTRA='xz -dc target/devrun/cuda_rejection.xz > /tmp/cr_forced && chmod +x /tmp/cr_forced &&
  TOKENPICK_TOP_P_ROUTE=1 timeout 60 /tmp/cr_forced --test-threads=4 top_p' \
TESTS="cuda_rejection" VARIANTS="main=bench_main new2=bench_new2 new3=bench_new3" \
SHAPES="p0.9:256:128256:1:f32 p0.9:256:128256:3:f32 p0.9:256:128256:6:f32 p0.9:1:128256:6:f32
  p0.9:1:262144:6:bf16 p0.9:16:151936:1:f32" \
REPS=1 bash scripts/device-call.sh

#!/usr/bin/env bash
# The twenty-fifth round's call 3: call 2 found the verify's frontier by shuffles (new2,
# `4d5962f`) faster at batch 1 (~1.4 us) but ~2% slower at batch 256 than call 1's build (new,
# `a10cd99`); new3 (`land-25` head) loads each candidate's logit in its own round again, as new
# did, with the shuffles' frontier. Its tests (also with the route forced on), an A/B of
# main / new / new3 (new2 as measured in call 2: the budget), no full benches (the budget).
# Binaries in target/devrun: bench_main, bench_new, bench_new2, bench_new3, cuda_rejection and
# cuda_graph (new3's).
#   run(command="bash bench-results/2026-12-06-twenty-fifth-round-call-3.sh",
#       carry=["target/devrun"], timeout_s=600)
set -u
cd "$(dirname "$0")/.."
EXTRA='xz -dc target/devrun/cuda_rejection.xz > /tmp/cr_forced && chmod +x /tmp/cr_forced &&
  TOKENPICK_TOP_P_ROUTE=1 timeout 200 /tmp/cr_forced --test-threads=4 top_p' \
TESTS="cuda_rejection cuda_graph" \
VARIANTS="main=bench_main new=bench_new new3=bench_new3" \
SHAPES="p0.9:256:128256:1:f32 p0.9:256:128256:3:f32 p0.9:256:128256:6:f32 p0.9:1:128256:6:f32
  p0.9:1:128256:6:bf16 p0.9:1:262144:6:bf16 p0.9:16:151936:1:f32 p0.9:64:128256:1:f32
  p0.9:1024:128256:6:f32" \
REPS=2 bash scripts/device-call.sh

#!/usr/bin/env bash
# The eighteenth round's fourth call: min-p alone reading only the vectors that can reach its
# threshold (branch min-p-coded-units, 63a0f4c: pass 1 keeps a 16-bit code of each 16-byte
# vector's largest f, pass 2 loads only the vectors whose code reaches min-p's threshold, in
# rounds of 4 a lane in flight; coded_units.cuh). Min-p 0.1 at batch 256 sigma 1 is 110 us
# against 70 (phase marks, round 11: pass 2 115 K of 188 K cycles, reading 44% of the sectors
# tile by tile). Variants: main's head 12fb748 (bench_m12, as call c's) and the branch
# (bench_mpc, scripts/gpu-bench.sh build there); the branch's cuda_rejection (the min-p test
# now with bf16, 128256 and a row read token by token), in target/devrun8 (~24 MB). The top-p
# rows check the other filters' kernel instance (its SASS differs from main's by scheduling
# only: same spills). Phase marks of both (PHASES=1 builds, *_phases), memcheck of the min-p
# test.
#   run(command="bash bench-results/2026-12-05-h200-eighteenth-round-call-d.sh",
#       carry=["target/devrun8"], timeout_s=600)
set -u
cd "$(dirname "$0")/.."
DEVRUN_DIR=target/devrun8 TESTS="cuda_rejection" \
VARIANTS="main=bench_m12 coded=bench_mpc" \
SHAPES="m0.1:256:128256:1:f32 m0.1:256:128256:3:f32 m0.1:256:128256:6:f32
  m0.1:256:128256:1:bf16 m0.1:256:128256:3:bf16 m0.1:256:151936:1:bf16
  m0.1:1024:32000:1:bf16 m0.1:64:262144:1:f32 m0.1:64:128256:1:f32 m0.1:16:128256:1:f32
  m0.1:1:128256:1:f32 m0.1:1:128256:3:f32
  p0.9:256:128256:1:f32 p0.9:256:128256:6:f32 p0.9:256:128256:3:bf16" \
REPS=3 EXTRA='
  for s in m0.1:256:128256:1:f32 m0.1:256:128256:3:f32 m0.1:256:128256:1:bf16; do
    for b in bench_m12_phases bench_mpc_phases; do
      echo "== $b $s"; BENCH_SHAPE=$s timeout 60 /tmp/bin/$b 2>&1 | tail -2
    done
  done
  timeout 240 compute-sanitizer --tool memcheck /tmp/bin/cuda_rejection min_p_rows 2>&1 |
    tail -3' \
  bash scripts/device-call.sh

#!/usr/bin/env bash
# The twenty-third round's call 2: the warp lists' second form (branch min-p-lists, `61545e9`:
# codes stored straight into each thread's rotated run, no tile's codes held in registers,
# which call 1's form spilled in bf16's pass 1) against main, also with two blocks a row
# (TOKENPICK_ROW_GROUP=2: pass 1 of some rows under others' pass 2), its tests and both full
# benches. Binaries in target/devrunL: bench_main (main e9031b6), bench_mpl2 (61545e9),
# cuda_rejection (61545e9).
#   run(command="bash bench-results/2026-12-06-twenty-third-round-call-2.sh",
#       carry=["target/devrunL"], timeout_s=480)
set -u
cd "$(dirname "$0")/.."
DEVRUN_DIR=target/devrunL TESTS="cuda_rejection" \
VARIANTS="main=bench_main mpl2=bench_mpl2 mpl2g2=bench_mpl2:TOKENPICK_ROW_GROUP=2" \
SHAPES="m0.1:256:128256:1:f32 m0.1:256:128256:3:f32 m0.1:256:128256:6:f32
  m0.1:256:128256:1:bf16 m0.1:256:128256:3:bf16 m0.1:256:128256:6:bf16 m0.1:64:128256:1:f32
  m0.1:16:128256:1:f32 m0.1:1:128256:1:f32 m0.1:1024:32000:1:bf16 m0.1:256:32000:6:bf16
  m0.1:256:32000:1:f32" \
REPS=2 FULL="main mpl2" bash scripts/device-call.sh

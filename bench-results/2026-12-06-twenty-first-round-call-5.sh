#!/usr/bin/env bash
# The twenty-first round's call 5: Gumbel-max's blocks per row retuned by the launcher's tuning
# switches (no rebuild: bench_main = c04e354's kernels, main's): batch 64 x 128256 f32 (17.0-
# 17.4 us on the H200 against 16) takes 4 split blocks a row now; forced split blocks 2 / 3 /
# 5 / 6 / 8, row groups (clusters) of 2 / 4 instead, two block slots a split block; the same
# at batch 32 / 128 and at batch 256 bf16 (one block a row now). Binary in target/devrunI.
#   run(command="bash bench-results/2026-12-06-twenty-first-round-call-5.sh",
#       carry=["target/devrunI"], timeout_s=300)
set -u
cd "$(dirname "$0")/.."
DEVRUN_DIR=target/devrunI \
VARIANTS="main=bench_main s2=bench_main:TOKENPICK_SPLIT_BLOCKS=2
  s3=bench_main:TOKENPICK_SPLIT_BLOCKS=3 s5=bench_main:TOKENPICK_SPLIT_BLOCKS=5
  s6=bench_main:TOKENPICK_SPLIT_BLOCKS=6 s8=bench_main:TOKENPICK_SPLIT_BLOCKS=8
  g2=bench_main:TOKENPICK_SPLIT_BLOCKS=0:TOKENPICK_ROW_GROUP=2
  g4=bench_main:TOKENPICK_SPLIT_BLOCKS=0:TOKENPICK_ROW_GROUP=4
  sh2=bench_main:TOKENPICK_SPLIT_SHARE=2" \
SHAPES="gumbel:64:128256:1:f32 gumbel:64:128256:3:f32 gumbel:64:128256:3:bf16
  gumbel:32:128256:3:f32 gumbel:128:128256:3:f32 gumbel:256:128256:1:bf16" \
REPS=2 bash scripts/device-call.sh

#!/usr/bin/env bash
# The twenty-fourth round's call 5: the branch with the first read's block table only in long
# shares (claimed tiles; `bench_tpr5`), against main at call 4's slower small shapes and at the
# batch-256 targets. Binaries in target/devrunL (bench_main: main e9031b6).
#   run(command="bash bench-results/2026-12-06-twenty-fourth-round-call-5.sh",
#       carry=["target/devrunL"], timeout_s=100)
set -u
cd "$(dirname "$0")/.."
DEVRUN_DIR=target/devrunL VARIANTS="main=bench_main tpr5=bench_tpr5" \
SHAPES="p0.9:1:128256:6:f32 p0.9:1:128256:1:f32 p0.9:1:262144:6:bf16 p0.9:1:128256:6:bf16
  p0.9:1:262144:6:f32 p0.9:16:151936:1:f32 p0.9:256:128256:1:f32 p0.9:256:128256:3:f32
  p0.9:256:128256:6:f32 p0.9:64:128256:1:f32" \
REPS=2 bash scripts/device-call.sh

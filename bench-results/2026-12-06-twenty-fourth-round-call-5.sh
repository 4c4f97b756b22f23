#!/usr/bin/env bash
# The twenty-fourth round's call 5 (owed: no device time was left): the landing candidate
# `land-24` (`fccef9c`: main + top-p-frontier-verify `c253a3a`, the first read's block table
# only in long shares) against main: its tests, an A/B at call 4's slower small shapes and at the
# batch-256 targets, and both full benches. Binaries in target/devrunL: bench_main (main
# e9031b6's kernels), bench_tpr5 (the candidate's kernels: `c253a3a`), cuda_rejection_land and
# cuda_graph_land (of `fccef9c`); bench_dom (branch top-p-dominance `5c84c33`: groups below the
# block leader's x tested against its score; A/B only, its tests not built yet).
#   run(command="bash bench-results/2026-12-06-twenty-fourth-round-call-5.sh",
#       carry=["target/devrunL"], timeout_s=300)
set -u
cd "$(dirname "$0")/.."
DEVRUN_DIR=target/devrunL TESTS="cuda_rejection_land cuda_graph_land" \
VARIANTS="main=bench_main tpr5=bench_tpr5 dom=bench_dom" \
SHAPES="p0.9:1:128256:6:f32 p0.9:1:128256:1:f32 p0.9:1:262144:6:bf16 p0.9:1:128256:6:bf16
  p0.9:1:262144:6:f32 p0.9:16:151936:1:f32 p0.9:256:128256:1:f32 p0.9:256:128256:3:f32
  p0.9:256:128256:6:f32 p0.9:64:128256:1:f32" \
REPS=2 FULL="main tpr5" bash scripts/device-call.sh

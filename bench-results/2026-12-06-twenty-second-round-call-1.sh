#!/usr/bin/env bash
# The twenty-second round's call 1: top-p alone in its own instance of the two-pass kernel
# (branch top-p-alone: the sure-kept tokens scored a group at a time under the tile's bound,
# no counts in pass 1's histogram, the finish testing only the candidates that outscore the
# sure-kept tokens, no radix selection): bench_tpa against main (bench_main: c04e354's
# kernels), and bench_tpadiag (the same without pass 2's exact masses: a measurement only, its
# rows fall back) to price those masses; the phase marks of both kernels; cuda_rejection of
# the branch (its new test compares the instance with the general one token for token).
# Binaries in target/devrunJ.
#   run(command="bash bench-results/2026-12-06-twenty-second-round-call-1.sh",
#       carry=["target/devrunJ"], timeout_s=600)
set -u
cd "$(dirname "$0")/.."
DEVRUN_DIR=target/devrunJ \
VARIANTS="main=bench_main tpa=bench_tpa diag=bench_tpadiag" \
SHAPES="p0.9:256:128256:1:f32 p0.9:256:128256:3:f32 p0.9:256:128256:6:f32
  p0.9:256:128256:1:bf16 p0.9:256:128256:3:bf16 p0.9:64:128256:1:f32 p0.9:128:128256:3:f32
  p0.9:33:128256:3:f32 p0.9:1024:32000:1:bf16 p0.9:1024:32000:6:f32 p0.9:256:262144:1:f32" \
REPS=2 TESTS="cuda_rejection" EXTRA='
  for shape in p0.9:256:128256:1:f32 p0.9:256:128256:3:f32 p0.9:256:128256:6:f32; do
    for b in bench_main_phases bench_tpa_phases; do
      echo "== $b $shape"
      BENCH_SHAPE=$shape timeout 60 /tmp/bin/$b 2>&1 | tail -4
    done
  done' bash scripts/device-call.sh

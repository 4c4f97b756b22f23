#!/usr/bin/env bash
# The twenty-second round's call 6: why the estimated-masses branch (bench_tpe, 9c2cf0b) is
# slower than the landed instance's first form (bench_tpa, e6a93aa) at sigma 6 on short rows:
# the same binary with TOKENPICK_TOP_P_EXACT_MASSES=1 (every row through the third read) prices
# that read, so the gap shows how many rows take it unforced. Binaries in target/devrunK.
#   run(command="bash bench-results/2026-12-06-twenty-second-round-call-6.sh",
#       carry=["target/devrunK"], timeout_s=300)
set -u
cd "$(dirname "$0")/.."
DEVRUN_DIR=target/devrunK \
VARIANTS="tpa=bench_tpa tpe=bench_tpe tpex=bench_tpe:TOKENPICK_TOP_P_EXACT_MASSES=1" \
SHAPES="p0.9:1024:32000:6:f32 p0.9:256:32000:6:bf16 p0.9:256:128256:6:f32
  p0.9:256:128256:1:f32 p0.9:64:128256:3:f32" \
REPS=2 bash scripts/device-call.sh

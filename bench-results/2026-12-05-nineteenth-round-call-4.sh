#!/usr/bin/env bash
# The nineteenth round's fourth call: min-p alone's instance with the coded read alone, taken
# only where the launcher sees the codes fit (branch land-19b, 9dd30a2, bench_land2), against
# main (bench_main, 12fb748's code) and land-19 (bench_land, e3d30ff: sigma 6 f32 was 1.3%
# slower than main in call 3); land-19b's cuda_rejection (the min-p test over 65536-262144
# tokens: 262144 at batch 256 and 65533 now take the other instance). Binaries in
# target/devrunC.
#   run(command="bash bench-results/2026-12-05-nineteenth-round-call-4.sh",
#       carry=["target/devrunC"], timeout_s=400)
set -u
cd "$(dirname "$0")/.."
DEVRUN_DIR=target/devrunC TESTS="cuda_rejection" \
VARIANTS="main=bench_main land=bench_land land2=bench_land2" \
SHAPES="m0.1:256:128256:6:f32 m0.1:256:128256:3:f32 m0.1:256:128256:1:f32
  m0.1:256:128256:6:bf16 m0.1:1024:32000:6:bf16 m0.1:256:262144:1:f32 m0.1:1:128256:6:f32
  m0.1:64:128256:6:f32" \
REPS=3 bash scripts/device-call.sh

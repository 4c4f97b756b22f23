#!/usr/bin/env bash
# Round 32's call 2 (prepared): the full bench of main with the PyTorch baselines, on the
# H200 if the device gives one (none since round 26), to set the target table's verdicts.
# FULL="k5" instead if call 1 lands the tier of 5. Binaries as call 1's.
#   run(command="bash bench-results/2026-12-07-thirty-second-round-call-2.sh",
#       carry=["target/devrun"], timeout_s=420)
set -u
cd "$(dirname "$0")/.."
VARIANTS="main=bench_main k5=bench_k5m" FULL="${FULL:-main}" TORCH=1 bash scripts/device-call.sh

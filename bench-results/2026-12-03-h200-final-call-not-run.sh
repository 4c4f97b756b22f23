#!/usr/bin/env bash
# Final run of the session: the CUDA tests, cuda_rejection with clusters of 6 forced (the new
# batch > 8 rule), then the full bench.
cd "$(dirname "$0")/../.."
out="${OUT:-/tmp}"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$out/table.txt"
for t in cuda_gumbel cuda_rejection cuda_graph reproducibility bad_input; do
  timeout 150 target/devrun/$t --test-threads=4 > "$out/tests.log.$t" 2>&1
  echo "$t exit $? $(grep '^test result' "$out/tests.log.$t" | tail -1) [$SECONDS s]" >> "$out/table.txt"
done
cat "$out"/tests.log.* > "$out/tests.txt"; rm -f "$out"/tests.log.*
TOKENPICK_ROW_GROUP=6 timeout 130 target/devrun/cuda_rejection --test-threads=8 > "$out/rejection-group6.txt" 2>&1
echo "cuda_rejection (TOKENPICK_ROW_GROUP=6) exit $? $(grep '^test result' "$out/rejection-group6.txt") [$SECONDS s]" >> "$out/table.txt"
cat "$out/table.txt"
timeout 120 target/devrun/sampling_bench > "$out/sampling_bench.txt" 2>&1
echo "bench exit $? [$SECONDS s]"
tail -36 "$out/sampling_bench.txt"

#!/usr/bin/env bash
# Final run: the filtering kernels' tests (incl. graph capture and reproducibility), then the
# full bench and the PyTorch baselines in the same call (what scripts/gpu-bench.sh run does).
cd "$(dirname "$0")/../.."
out="${OUT:-/tmp}"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$out/table.txt"
for t in cuda_rejection cuda_graph reproducibility; do
  timeout 150 target/devrun/$t --test-threads=4 > "$out/$t.log" 2>&1
  echo "$t exit $? $(grep '^test result' "$out/$t.log" | tail -1)" >> "$out/table.txt"
done
timeout 200 target/devrun/sampling_bench > "$out/sampling_bench.txt" 2>&1
timeout 150 python3 scripts/torch_baselines.py > "$out/torch_baselines.txt" 2>&1
tail -36 "$out/sampling_bench.txt"
cat "$out/table.txt"

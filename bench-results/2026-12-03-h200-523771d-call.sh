#!/usr/bin/env bash
# Final run: the CUDA tests (Gumbel-max identity with the CPU path, filtering kernels, graph
# capture, reproducibility, bad input), the host overhead of the Rust entries, then the full
# bench and the PyTorch baselines in the same call (what scripts/gpu-bench.sh run does).
cd "$(dirname "$0")/../.."
out="${OUT:-/tmp}"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$out/table.txt"
for t in cuda_gumbel cuda_rejection cuda_graph reproducibility bad_input; do
  timeout 150 target/devrun/$t --test-threads=4 > "$out/$t.log" 2>&1
  echo "$t exit $? $(grep '^test result' "$out/$t.log" | tail -1)" >> "$out/table.txt"
done
timeout 60 target/devrun/host_overhead_bench > "$out/host_overhead.txt" 2>&1
timeout 240 target/devrun/sampling_bench > "$out/sampling_bench.txt" 2>&1
timeout 150 python3 scripts/torch_baselines.py > "$out/torch_baselines.txt" 2>&1
# blocks per row of the filtering kernels at batch 4-16 (leads for the next round)
for shape in k50+p0.9:4:128256:3 k50+p0.9:8:128256:3 k50+p0.9:16:128256:3 p0.9:16:128256:3 m0.1:16:128256:3; do
  for g in 4 6 8; do
    echo "TOKENPICK_ROW_GROUP=$g | $(TOKENPICK_ROW_GROUP=$g BENCH_SHAPE=$shape timeout 30 target/devrun/sampling_bench | tail -1)" >> "$out/sweep.txt"
  done
done
for shape in gumbel:128:262144:3:bf16 gumbel:128:32000:3:bf16; do
  for setting in X=default TOKENPICK_SPLIT_SHARE=1; do
    echo "$setting | $(env $setting BENCH_SHAPE=$shape timeout 30 target/devrun/sampling_bench | tail -1)" >> "$out/sweep.txt"
  done
done
tail -36 "$out/sampling_bench.txt"
cat "$out/sweep.txt"
cat "$out/host_overhead.txt" "$out/table.txt"

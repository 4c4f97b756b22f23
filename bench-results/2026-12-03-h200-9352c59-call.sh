#!/usr/bin/env bash
# Session 9, call 1: CUDA tests on main + the batch > 8 filter rule, cuda_rejection with
# TOKENPICK_ROW_GROUP=6 forced, host overhead, the full bench, ncu of the Gumbel kernel
# (stall reasons, pipes, SASS hot spots), then the PyTorch baselines.
cd "$(dirname "$0")/../.."
out="${OUT:-/tmp}"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$out/table.txt"
for t in cuda_gumbel cuda_rejection cuda_graph reproducibility bad_input; do
  timeout 150 target/devrun/$t --test-threads=4 > "$out/$t.log" 2>&1
  echo "$t exit $? $(grep '^test result' "$out/$t.log" | tail -1) [$SECONDS s]" >> "$out/table.txt"
done
TOKENPICK_ROW_GROUP=6 timeout 150 target/devrun/cuda_rejection --test-threads=8 > "$out/rejection-group6.log" 2>&1
echo "cuda_rejection (TOKENPICK_ROW_GROUP=6) exit $? $(grep '^test result' "$out/rejection-group6.log") [$SECONDS s]" >> "$out/table.txt"
timeout 60 target/devrun/host_overhead_bench > "$out/host_overhead.txt" 2>&1
echo "host_overhead exit $? [$SECONDS s]" >> "$out/table.txt"
timeout 200 target/devrun/sampling_bench > "$out/sampling_bench.txt" 2>&1
echo "bench exit $? [$SECONDS s]" >> "$out/table.txt"
metrics='regex:smsp__average_warps_issue_stalled_.*_per_issue_active\.ratio,regex:sm__inst_executed_pipe_.*\.avg\.pct_of_peak_sustained_active,smsp__inst_executed.sum,smsp__thread_inst_executed.sum,sm__cycles_elapsed.avg'
for shape in gumbel:256:128256:3:f32 gumbel:256:128256:3:bf16; do
  name=ncu-${shape##*:}
  BENCH_SHAPE=$shape timeout 90 ncu -k regex:gumbel_max --launch-skip 20 --launch-count 1 \
    --metrics "$metrics" --section SchedulerStats --section WarpStateStats --section SourceCounters \
    target/devrun/sampling_bench > "$out/$name.txt" 2>&1
  echo "ncu $shape exit $? [$SECONDS s]" >> "$out/table.txt"
done
BENCH_SHAPE=gumbel:256:128256:3 timeout 90 ncu -k regex:gumbel_max --launch-skip 20 --launch-count 1 \
  --section WarpStateStats --section SourceCounters --import-source yes -o "$out/gumbel-f32" \
  target/devrun/sampling_bench > /dev/null 2>&1
timeout 60 ncu -i "$out/gumbel-f32.ncu-rep" --page source --csv --print-source sass > "$out/gumbel-f32-sass.csv" 2>&1
echo "ncu source exit $? [$SECONDS s]" >> "$out/table.txt"
gzip -f "$out/gumbel-f32-sass.csv"; rm -f "$out/gumbel-f32.ncu-rep"
timeout 150 python3 scripts/torch_baselines.py > "$out/torch_baselines.txt" 2>&1
echo "torch exit $? [$SECONDS s]" >> "$out/table.txt"
tail -40 "$out/sampling_bench.txt"
grep -h "stalled\|pipe_" "$out"/ncu-f32.txt | sort -k3 -n -r | head -14
cat "$out/host_overhead.txt" | tail -5
cat "$out/table.txt"

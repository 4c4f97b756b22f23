#!/usr/bin/env bash
# Builds the CUDA kernels' bench (here, with nvcc for sm_90) into .devbin/, or, with `run`,
# runs it and the PyTorch baselines on the GPU machine (same call, same device).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-build}" = build ]; then
  : "${NVCC:?set NVCC to nvcc}"
  mkdir -p .devbin target/bench-include
  # The C++ sources include each other as "tokenpick-core/cpp/...", as cxx-build lays them out.
  ln -sfn "$PWD" target/bench-include/tokenpick-core
  sources=(cpp/cuda/bench/sampling_bench.cu cpp/cuda/device_shape.cu cpp/cuda/split_scratch.cu
    cpp/cuda/cuda_memory.cu cpp/cuda/gumbel_max_kernel.cu cpp/cuda/gumbel_max_launch.cu
    cpp/cuda/filtered_sample_kernel.cu cpp/cuda/filtered_sample_launch.cu
    cpp/cuda/top_k_sample_kernel.cu cpp/errors.cc)
  flags=(-std=c++17 -O3 -lineinfo -fmad=false -gencode arch=compute_90,code=sm_90 --compress-mode=size
    -I target/bench-include -L "$(dirname "$NVCC")/../lib")
  "$NVCC" "${flags[@]}" -o .devbin/sampling_bench "${sources[@]}"
  # PHASES=1: also the bench with the kernels' phase marks (phase_times.cuh), for BENCH_SHAPE.
  if [ -n "${PHASES:-}" ]; then
    "$NVCC" "${flags[@]}" -DTOKENPICK_PHASE_TIMES -o .devbin/sampling_bench_phases "${sources[@]}"
  fi
  ls -la .devbin/sampling_bench*
else
  out="${OUT:-/tmp}"
  .devbin/sampling_bench | tee "$out/sampling_bench.txt"
  [ -n "${BENCH_ONLY_REJECTION:-}" ] || python3 scripts/torch_baselines.py | tee "$out/torch_baselines.txt"
fi

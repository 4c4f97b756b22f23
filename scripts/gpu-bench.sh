#!/usr/bin/env bash
# Builds the CUDA kernels' bench (here, with nvcc for sm_90) into .devbin/, or, with `run`,
# runs it and the PyTorch baselines on the GPU machine (same call, same device).
#   NVCC=... scripts/gpu-bench.sh build         the working tree's bench: .devbin/sampling_bench
#   REV=<git rev> NVCC=... scripts/gpu-bench.sh build
#                                               another revision's (a temporary worktree)
#   DEVRUN=<name>: also stripped and xz-compressed into target/devrun/<name>.xz, the folder
#   scripts/device-call.sh runs from (with PHASES=1 also <name>_phases.xz, the phase-marks
#   build); NVCC_EXTRA="-D..." adds flags (a variant's switches).
# The kernel sources are build.rs's GPU_SOURCES, so the bench links what the library does.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-build}" = build ]; then
  : "${NVCC:?set NVCC to nvcc}"
  repo=$PWD
  tree=$PWD
  if [ -n "${REV:-}" ]; then
    tree=$(mktemp -d /tmp/tokenpick-bench-XXXXXX)
    git worktree add --detach "$tree" "$REV" >/dev/null
    trap 'git -C "$repo" worktree remove --force "$tree"' EXIT
  fi
  mkdir -p .devbin "$tree/target/bench-include"
  # The C++ sources include each other as "tokenpick-core/cpp/...", as cxx-build lays them out.
  ln -sfn "$tree" "$tree/target/bench-include/tokenpick-core"
  mapfile -t kernels < <(sed -n '/^const GPU_SOURCES/,/^];/p' "$tree/build.rs" |
    grep -o '"cpp/cuda/[a-z_]*\.cu"' | tr -d '"')
  sources=(cpp/cuda/bench/sampling_bench.cu "${kernels[@]}" cpp/errors.cc)
  flags=(-std=c++17 -O3 -lineinfo -fmad=false -gencode arch=compute_90,code=sm_90
    -I "$tree/target/bench-include" ${NVCC_EXTRA:-})
  # build_bench OUT [FLAGS...]: one object per source, as many at once as there are cores,
  # with the flags added, then linked into OUT.
  build_bench() {
    local out=$1 objects pids=() source pid
    shift
    objects=$(mktemp -d /tmp/tokenpick-objects-XXXXXX)
    for source in "${sources[@]}"; do
      "$NVCC" "${flags[@]}" "$@" -c "$tree/$source" -o "$objects/$(basename "$source").o" &
      pids+=($!)
      if [ "${#pids[@]}" -ge "$(nproc)" ]; then wait "${pids[0]}"; pids=("${pids[@]:1}"); fi
    done
    for pid in "${pids[@]}"; do wait "$pid"; done
    "$NVCC" -gencode arch=compute_90,code=sm_90 -L "$(dirname "$NVCC")/../lib" -o "$out" \
      "$objects"/*.o
    rm -rf "$objects"
  }
  build_bench .devbin/sampling_bench
  # PHASES=1: also the bench with the kernels' phase marks (phase_times.cuh), for BENCH_SHAPE.
  if [ -n "${PHASES:-}" ]; then
    build_bench .devbin/sampling_bench_phases -DTOKENPICK_PHASE_TIMES
  fi
  if [ -n "${DEVRUN:-}" ]; then
    mkdir -p target/devrun
    # to_devrun BINARY NAME: stripped and xz-compressed into target/devrun/NAME.xz.
    to_devrun() { strip -o "target/devrun/$2" "$1" && xz -T1 -9 -f "target/devrun/$2"; }
    to_devrun .devbin/sampling_bench "$DEVRUN"
    if [ -n "${PHASES:-}" ]; then to_devrun .devbin/sampling_bench_phases "${DEVRUN}_phases"; fi
  fi
  ls -la .devbin/sampling_bench* ${DEVRUN:+target/devrun/$DEVRUN.xz}
else
  out="${OUT:-/tmp}"
  .devbin/sampling_bench | tee "$out/sampling_bench.txt"
  [ -n "${BENCH_ONLY_REJECTION:-}" ] || python3 scripts/torch_baselines.py | tee "$out/torch_baselines.txt"
fi

#!/usr/bin/env bash
# Issue 5, item 4: tries to build the HIP path for NVIDIA (nvcc with HIP's NVIDIA-platform
# headers from Debian's libamdhip64-dev, __HIP_PLATFORM_NVIDIA__) and summarises what fails.
# Needs NVCC and cuda_profiler_api.h beside its headers (PyPI: nvidia-cuda-profiler-api).
# Exit 0 when every source compiles, 1 otherwise.
set -uo pipefail
cd "$(dirname "$0")/.."
: "${NVCC:?set NVCC to nvcc}"
log=$(mktemp)
status=0
# Every source the HIP build compiles from cpp/cuda (build.rs's GPU_SOURCES: all but the probe).
for source in cpp/cuda/*.cu; do
  [ "$source" = cpp/cuda/cuda_probe.cu ] && continue
  if "$NVCC" -std=c++17 -arch=sm_90 -D__HIP_PLATFORM_NVIDIA__ -I cpp -I cpp/cuda \
    -include cpp/cuda/cuda_to_hip.h -c "$source" -o /dev/null >"$log.one" 2>&1; then
    echo "compiles: $source"
  else
    status=1
    echo "fails:    $source ($(grep -c ' error' "$log.one") errors)"
    cat "$log.one" >>"$log"
  fi
done
if [ "$status" = 1 ]; then
  echo "where (header lines with errors, all sources together):"
  grep -o '[a-z_/]*\.h([0-9]*)' "$log" | sort -u | sed 's/(.*//' | uniq -c
  echo "what (distinct messages, names elided):"
  grep -o 'error: .*' "$log" | sed 's/"[^"]*"/N/g' | sort | uniq -c | sort -rn
fi
rm -f "$log" "$log.one"
exit "$status"

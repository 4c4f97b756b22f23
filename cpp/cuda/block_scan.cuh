// Block-wide exclusive prefix sum written out (no CUB): warp shuffles, then one warp scans
// the warp totals. Deterministic for floating point (a fixed order of additions).
#pragma once

#include "warp.cuh"

namespace tokenpick {

/// Exclusive prefix sum over threads in index order; `total` gets the block's sum.
/// `scratch` holds one T per warp. Synchronises the block.
template <int kThreads, typename T>
__device__ __forceinline__ T block_exclusive_sum(T value, T* scratch, T& total) {
  constexpr int kWarps = kThreads / kWarpSize;
  const int lane = lane_index();
  const int warp = warp_index();
  T inclusive = value;
  for (int offset = 1; offset < kWarpSize; offset *= 2) {
    const T other = warp_shfl_up(inclusive, offset);
    if (lane >= offset) inclusive = inclusive + other;
  }
  T exclusive = warp_shfl_up(inclusive, 1);
  if (lane == 0) exclusive = T(0);
  if (lane == kWarpSize - 1) scratch[warp] = inclusive;
  __syncthreads();
  if (warp == 0) {
    T w = lane < kWarps ? scratch[lane] : T(0);
    for (int offset = 1; offset < kWarpSize; offset *= 2) {
      const T other = warp_shfl_up(w, offset);
      if (lane >= offset) w = w + other;
    }
    if (lane < kWarps) scratch[lane] = w;
  }
  __syncthreads();
  const T before = warp > 0 ? scratch[warp - 1] : T(0);
  total = scratch[kWarps - 1];
  __syncthreads();
  return before + exclusive;
}

}  // namespace tokenpick

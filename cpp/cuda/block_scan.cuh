// Block-wide exclusive prefix sum written out (no CUB): warp shuffles, then one warp scans
// the warp totals. Deterministic for floating point (a fixed order of additions).
#pragma once

namespace tokenpick {

/// Exclusive prefix sum over threads in index order; `total` gets the block's sum.
/// `scratch` holds one T per warp. Synchronises the block.
template <int kThreads, typename T>
__device__ __forceinline__ T block_exclusive_sum(T value, T* scratch, T& total) {
  constexpr int kWarps = kThreads / 32;
  const int lane = threadIdx.x % 32;
  const int warp = threadIdx.x / 32;
  T inclusive = value;
  for (int offset = 1; offset < 32; offset *= 2) {
    const T other = __shfl_up_sync(0xffffffffu, inclusive, offset);
    if (lane >= offset) inclusive = inclusive + other;
  }
  T exclusive = __shfl_up_sync(0xffffffffu, inclusive, 1);
  if (lane == 0) exclusive = T(0);
  if (lane == 31) scratch[warp] = inclusive;
  __syncthreads();
  if (warp == 0) {
    T w = lane < kWarps ? scratch[lane] : T(0);
    for (int offset = 1; offset < 32; offset *= 2) {
      const T other = __shfl_up_sync(0xffffffffu, w, offset);
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

// Block-wide reductions written out (no CUB, so the same code builds for every backend later):
// sum, min and max of one value per thread, through warp shuffles and shared memory.
#pragma once

#include "warp.cuh"

namespace tokenpick {

/// Warps in a block of `threads` threads.
template <int threads>
constexpr int kWarpsOf = threads / kWarpSize;

template <typename T, typename Op>
__device__ __forceinline__ T warp_all_reduce(T value, Op op) {
  for (int offset = kWarpSize / 2; offset > 0; offset /= 2) {
    value = op(value, warp_shfl_xor(value, offset));
  }
  return value;
}

/// Every thread gets op over all threads' values. `scratch` holds one T per warp; the call
/// synchronises the block twice.
template <int threads, typename T, typename Op>
__device__ __forceinline__ T block_all_reduce(T value, Op op, T identity, T* scratch) {
  value = warp_all_reduce(value, op);
  const int warp = warp_index();
  if (lane_index() == 0) scratch[warp] = value;
  __syncthreads();
  T all = lane_index() < kWarpsOf<threads> ? scratch[lane_index()] : identity;
  all = warp_all_reduce(all, op);
  __syncthreads();
  return all;
}

struct SumOp {
  template <typename T>
  __device__ __forceinline__ T operator()(T a, T b) const { return a + b; }
};
/// Sum of `value` over the whole warp, on every lane (every lane must call it).
__device__ __forceinline__ unsigned warp_sum(unsigned value) {
#if defined(TP_HIP)
  return warp_all_reduce(value, SumOp{});
#else
  return __reduce_add_sync(kAllLanes, value);  // one instruction from sm_80
#endif
}

/// The larger of two values of any ordered type (integers: no NaN to keep).
struct LargerOp {
  template <typename T>
  __device__ __forceinline__ T operator()(T a, T b) const { return a > b ? a : b; }
};
struct BitOrOp {
  __device__ __forceinline__ std::uint32_t operator()(std::uint32_t a, std::uint32_t b) const {
    return a | b;
  }
};
struct MinOp {
  __device__ __forceinline__ float operator()(float a, float b) const { return fminf(a, b); }
};
struct MaxOp {
  __device__ __forceinline__ float operator()(float a, float b) const { return fmaxf(a, b); }
};

}  // namespace tokenpick

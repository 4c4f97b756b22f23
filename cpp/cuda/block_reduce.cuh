// Block-wide reductions written out (no CUB, so the same code builds for every backend later):
// sum, min and max of one value per thread, through warp shuffles and shared memory.
#pragma once

namespace tokenpick {

/// Warps in a block of `threads` threads.
template <int threads>
constexpr int kWarpsOf = threads / 32;

template <typename T, typename Op>
__device__ __forceinline__ T warp_all_reduce(T value, Op op) {
  for (int offset = 16; offset > 0; offset /= 2) {
    value = op(value, __shfl_xor_sync(0xffffffffu, value, offset));
  }
  return value;
}

/// Every thread gets op over all threads' values. `scratch` holds one T per warp; the call
/// synchronises the block twice.
template <int threads, typename T, typename Op>
__device__ __forceinline__ T block_all_reduce(T value, Op op, T identity, T* scratch) {
  value = warp_all_reduce(value, op);
  const int warp = threadIdx.x / 32;
  if (threadIdx.x % 32 == 0) scratch[warp] = value;
  __syncthreads();
  T all = threadIdx.x % 32 < kWarpsOf<threads> ? scratch[threadIdx.x % 32] : identity;
  all = warp_all_reduce(all, op);
  __syncthreads();
  return all;
}

struct SumOp {
  template <typename T>
  __device__ __forceinline__ T operator()(T a, T b) const { return a + b; }
};
struct MinOp {
  __device__ __forceinline__ float operator()(float a, float b) const { return fminf(a, b); }
};
struct MaxOp {
  __device__ __forceinline__ float operator()(float a, float b) const { return fmaxf(a, b); }
};

}  // namespace tokenpick

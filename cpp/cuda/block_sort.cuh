// Sorting up to kThreads * kPer 64-bit words of a block in descending order: a bitonic network
// over positions p = threadIdx.x + r * kThreads (r < kPer), each thread holding its words in
// registers. A compare-exchange of positions p and p ^ j takes a warp shuffle when j is below
// the warp size, shared memory between two barriers when j is below kThreads, and the thread's
// own registers above. Position p ends holding the p-th largest word. Padding words (0) sort
// last, so a network over only the first `size` positions (the next power of two of the words
// present) sorts them all. For small candidate sets this replaces radix selection's byte
// rounds, each of which costs a histogram and five block barriers.
#pragma once

#include <cstdint>

#include "warp.cuh"

namespace tokenpick {

/// The word position p keeps of itself (`mine`) and its partner p ^ j (`other`) in the network's
/// step (k, j): the larger where p lies below its partner in a run sorted descending.
__device__ __forceinline__ unsigned long long bitonic_keep(unsigned long long mine,
                                                           unsigned long long other,
                                                           std::uint32_t p, std::uint32_t j,
                                                           std::uint32_t k) {
  const bool keep_larger = ((p & j) == 0) == ((p & k) == 0);
  const bool mine_larger = mine > other;
  return keep_larger == mine_larger ? mine : other;
}

/// Sorts the block's words v (position threadIdx.x + r * kThreads holds v[r]) descending,
/// where only the first `size` positions (a power of two, 2 to kThreads * kPer, the same on
/// every thread) may hold words other than 0: a network of size's stages, whose steps never
/// pair a position below `size` with one above. `exchange` holds kThreads * kPer words of
/// shared memory; every thread must call it.
template <int kThreads, int kPer>
__device__ __forceinline__ void block_sort_desc(unsigned long long (&v)[kPer],
                                                unsigned long long* exchange,
                                                std::uint32_t size) {
  static_assert(kPer == 1 || kPer == 2, "one or two words per thread");
  static_assert((kThreads & (kThreads - 1)) == 0, "a power of two of threads");
  constexpr std::uint32_t kCount = static_cast<std::uint32_t>(kThreads * kPer);
  const std::uint32_t t = threadIdx.x;
#pragma unroll 1
  for (std::uint32_t k = 2; k <= size && k <= kCount; k *= 2) {
#pragma unroll 1
    for (std::uint32_t j = k / 2; j > 0; j /= 2) {
      if (j >= static_cast<std::uint32_t>(kThreads)) {  // kPer == 2: v[0] against v[1]
        if constexpr (kPer == 2) {
          const unsigned long long low = v[0];
          v[0] = bitonic_keep(low, v[1], t, j, k);
          v[1] = bitonic_keep(v[1], low, t + kThreads, j, k);
        }
      } else if (j >= static_cast<std::uint32_t>(kWarpSize)) {
#pragma unroll
        for (int r = 0; r < kPer; ++r) exchange[t + r * kThreads] = v[r];
        __syncthreads();
#pragma unroll
        for (int r = 0; r < kPer; ++r) {
          const std::uint32_t p = t + r * kThreads;
          v[r] = bitonic_keep(v[r], exchange[p ^ j], p, j, k);
        }
        __syncthreads();
      } else {
#pragma unroll
        for (int r = 0; r < kPer; ++r) {
          const unsigned long long other = warp_shfl_xor(v[r], static_cast<int>(j));
          v[r] = bitonic_keep(v[r], other, t + r * kThreads, j, k);
        }
      }
    }
  }
}

}  // namespace tokenpick

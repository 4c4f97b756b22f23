// Sorting up to kThreads * kPer 64-bit words of a block in descending order: a bitonic network
// over positions p = threadIdx.x + r * kThreads (r < kPer), each thread holding its words in
// registers. A compare-exchange of positions p and p ^ j takes a warp shuffle when j is below
// the warp size, shared memory between two barriers when j is below kThreads, and the thread's
// own registers above. Position p ends holding the p-th largest word. Padding words (0) sort
// last, so a network over only the first `size` positions (the next power of two of the words
// present) sorts them all. For small candidate sets this replaces radix selection's byte
// rounds, each of which costs a histogram and five block barriers. Up to one word a thread,
// block_rank_sort_desc sorts by counting instead: each thread counts the words above its own
// (words are distinct) and writes its word to that position. H200 (round 17): slower in the
// top-k kernel's sets (hundreds of words; batch 1 24.4 -> 29.2 us), kept for the top-k route's
// ~100-word finish, whose measured times are with it.
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

/// Sorts words[0, n) (distinct, n <= the block's threads) descending in place and returns the
/// word at position threadIdx.x (0 at or past n): thread t < n counts the words above its own
/// `mine` = words[t] and writes it to that position. n loads and compares a thread, in the
/// first ceil(n / 32) warps only, against a network's log2(n)(log2(n) + 1) / 2 dependent steps
/// for every warp. Every thread must call it.
__device__ __forceinline__ unsigned long long block_rank_sort_desc(unsigned long long* words,
                                                                   std::uint32_t n,
                                                                   unsigned long long mine) {
  const std::uint32_t t = threadIdx.x;
  std::uint32_t rank = 0;
  if (t < n) {
#pragma unroll 4
    for (std::uint32_t i = 0; i < n; ++i) rank += words[i] > mine ? 1u : 0u;
  }
  __syncthreads();  // every count is made before any word moves
  if (t < n) words[rank] = mine;
  __syncthreads();
  return t < n ? words[t] : 0ull;
}

}  // namespace tokenpick

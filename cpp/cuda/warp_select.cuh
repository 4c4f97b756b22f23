// Selection by one warp over keys held in registers (kPer per lane): the largest key t, to a
// chosen number of top bits, with at least `need` keys at or above it, found bit by bit from
// the top (a round is a compare per key into independent running counts and one warp sum),
// with no shared memory and no block barrier. To all 32 bits it is the key of the need-th
// largest, duplicates counted; to fewer, a lower bound of it.
#pragma once

#include <cstdint>

#include "block_reduce.cuh"

namespace tokenpick {

/// Independent running sums per lane: the counts below add into this many, so the compares
/// of a round do not wait on each other.
constexpr int kSumChains = 4;

/// Count over the warp of this lane's entries with key >= t (every lane gets it).
template <int kPer>
__device__ __forceinline__ std::uint32_t warp_count_at_or_above(
    const std::uint32_t (&keys)[kPer], std::uint32_t t) {
  std::uint32_t chains[kSumChains] = {};
#pragma unroll
  for (int j = 0; j < kPer; ++j) chains[j % kSumChains] += keys[j] >= t ? 1u : 0u;
  std::uint32_t count = 0;
#pragma unroll
  for (int c = 0; c < kSumChains; ++c) count += chains[c];
  return warp_sum(count);
}

/// The largest key t, a multiple of 2^kLowBit, with at least `need` entries at or above it
/// (absent entries hold key 0): with kLowBit 0 the key of the need-th largest entry, else a
/// lower bound of it. The caller makes sure the entries reach `need`.
template <int kLowBit = 0, int kPer>
__device__ __forceinline__ std::uint32_t warp_key_of_rank(const std::uint32_t (&keys)[kPer],
                                                          std::uint32_t need) {
  std::uint32_t prefix = 0;
  for (int bit = 31; bit >= kLowBit; --bit) {
    const std::uint32_t trial = prefix | (1u << bit);
    if (warp_count_at_or_above(keys, trial) >= need) prefix = trial;
  }
  return prefix;
}

}  // namespace tokenpick

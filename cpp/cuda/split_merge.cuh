// Finishing a row split over more blocks than a cluster holds, in the same launch: each block
// folds its partial into one 64-bit word per row with atomicMax, then takes a ticket; the
// block with the last ticket turns the word into the token and resets the row's state for the
// next launch on the stream. The word orders partials as the merge does: NaN seen, then a +inf
// scaled logit (best noise), then the best finite score, ties to the lower index; so the
// token does not depend on how the row was split.
#pragma once

#include <cstdint>

#include "argmax_reduce.cuh"
#include "kernel_types.h"
#include "order_key.cuh"
#include "split_scratch.h"
#include "warp.cuh"

namespace tokenpick {

/// Bits of the word that hold ~index (so a lower index is a larger word).
constexpr int kSplitIndexBits = 30;
constexpr std::uint32_t kSplitIndexMask = (1u << kSplitIndexBits) - 1;
/// Classes of the word's top two bits.
constexpr unsigned long long kClassFinite = 1, kClassInfinite = 2, kClassNan = 3;

/// The word of a block's partial (0: no candidate): [class:2][order key:32][~index:30].
__device__ __forceinline__ unsigned long long split_word(const Partial& p) {
  unsigned long long cls = 0;
  Best best{0.0f, 0};
  if (p.nan) {
    cls = kClassNan;
  } else if (p.infinite.index != kNone) {
    cls = kClassInfinite;
    best = p.infinite;
  } else if (p.finite.index != kNone) {
    cls = kClassFinite;
    best = p.finite;
  } else {
    return 0;
  }
  return (cls << 62) | (static_cast<unsigned long long>(order_key(best.score)) << kSplitIndexBits) |
         (~best.index & kSplitIndexMask);
}

/// The token of a row's final word.
__device__ __forceinline__ std::uint32_t split_token(unsigned long long word) {
  const unsigned long long cls = word >> 62;
  if (cls == kClassNan) return kTokenNan;
  if (cls == 0) return kTokenAllMasked;
  return ~static_cast<std::uint32_t>(word) & kSplitIndexMask;
}

/// The largest word of the warp's lanes, on every lane.
__device__ __forceinline__ unsigned long long warp_max_word(unsigned long long word) {
  for (int offset = kWarpSize / 2; offset > 0; offset /= 2) {
    const unsigned long long other = warp_shfl_xor(word, offset);
    word = other > word ? other : word;
  }
  return word;
}

/// The largest word of the block's threads, in thread 0 (the others get their warp's);
/// `warp_words` holds one word per warp. One barrier; the word order is the merge's, so this
/// is the block merge of a split row in a few shuffles of one 64-bit value.
template <int kThreads>
__device__ __forceinline__ unsigned long long block_max_word(unsigned long long word,
                                                             unsigned long long* warp_words) {
  word = warp_max_word(word);
  if (lane_index() == 0) warp_words[warp_index()] = word;
  __syncthreads();
  if (warp_index() == 0) {
    word = warp_max_word(lane_index() < kThreads / kWarpSize ? warp_words[lane_index()] : 0ull);
  }
  return word;
}

/// Called by one thread of each of the row's `blocks` blocks with the block's word.
__device__ __forceinline__ void finish_split(SplitRow* state, unsigned long long block_word,
                                             unsigned blocks, std::uint32_t* token) {
  atomicMax(&state->word, block_word);
  __threadfence();  // the word before the ticket
  if (atomicAdd(&state->arrived, 1u) != blocks - 1) return;
  __threadfence();  // every block's word is in before the last ticket was taken
  const unsigned long long word = atomicExch(&state->word, 0ull);
  atomicExch(&state->arrived, 0u);
  *token = split_token(word);
}

}  // namespace tokenpick

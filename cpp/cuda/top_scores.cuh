// The top-p route's first read (gumbel_max_kernel with kKeep = K): a row's K best Gumbel
// scores (K of kKeptScoreTiers, top_p_route.h), not only its best. Survivors of the skip tests
// with a score at or above the warp's bar go to the warp's slice in shared memory
// (ScoreSlice); the bar is a lower bound of the row's K-th best score, first the K-th best of
// the lanes' first scores (distinct tokens), then, whenever a slice holds kCompactAt<K> words,
// its K-th best, shared with the block as Gumbel-max shares its bar. Each block writes its K
// best (score, token) words, zeros up to kTopScores, and its largest logit (TopScores);
// top_p_verify_kernel.cu reads them.
#pragma once

#include <cstdint>

#include "gumbel_score.cuh"
#include "logit_tiles.cuh"
#include "order_key.cuh"
#include "split_merge.cuh"
#include "top_p_route.h"
#include "warp.cuh"
#include "warp_select.cuh"

namespace tokenpick {

/// Words of a warp's slice.
constexpr std::uint32_t kSliceScoreWords = 256;
/// A slice holding this many words is cut back to those at or above its new bar.
template <int K>
constexpr std::uint32_t kCompactAt = 2 * K;
/// Key bits of the bar's search (a lower bound of the slice's K-th best score).
constexpr int kBarLowBit = 16;

/// A score and its token in one word: a larger word is a better score, ties to the lower index.
__device__ __forceinline__ unsigned long long score_word(float score, std::uint32_t index) {
  return (static_cast<unsigned long long>(order_key(score)) << 32) | (~index);
}

/// A warp's slice of scores (shared memory) and its count.
struct ScoreSlice {
  unsigned long long* words;
  std::uint32_t* count;
};

/// A scored token: kept when its score reaches the bar (below it, K better ones exist).
__device__ __forceinline__ void take_finite(ScoreSlice& slice, float score, std::uint32_t index,
                                            float& bar) {
  if (!(score >= bar)) return;
  const std::uint32_t slot = atomicAdd(slice.count, 1u);
  if (slot < kSliceScoreWords) slice.words[slot] = score_word(score, index);
}
/// A +inf scaled logit: the verify kernel leaves such rows to the fallback.
__device__ __forceinline__ void take_infinite(ScoreSlice&, float, std::uint32_t) {}

/// The warp's first bar: the K-th best of its lanes' scores of their largest logit (the exact
/// score where the token is known, else that logit less the smallest noise), -inf when fewer
/// lanes have one. Nothing is kept: the visits keep those tokens.
template <int K>
__device__ __forceinline__ float first_bar_top(const RowDraw& d, const TileTop& top) {
  const float x = __fmul_rn(top.z, d.r);
  float score = -INFINITY;
  if (x > -INFINITY && x < INFINITY) {
    score = top.token != kNoToken ? token_score(d, top.z, top.token) : score_floor(x);
  }
  const std::uint32_t keys[1] = {score > -INFINITY ? order_key(score) : 0u};
  if (warp_sum(keys[0] != 0u ? 1u : 0u) < static_cast<std::uint32_t>(K)) return -INFINITY;
  return key_value(warp_key_of_rank<kBarLowBit>(keys, K));
}

/// The slice's count as the warp sees it now (every lane the same).
__device__ __forceinline__ std::uint32_t slice_count(const ScoreSlice& slice) {
  warp_sync(kFullWarp);
  return *static_cast<const volatile std::uint32_t*>(slice.count);
}

/// A lower bound of the slice's K-th best score; -inf when it holds fewer. Sets `overflow`
/// when words were lost. The whole warp calls it.
template <int K>
__device__ __forceinline__ float slice_bar(const ScoreSlice& slice, std::uint32_t n,
                                           std::uint32_t& overflow) {
  constexpr int kPerLane = static_cast<int>(kSliceScoreWords / kWarpSize);
  if (n > kSliceScoreWords) overflow = 1;
  n = min(n, kSliceScoreWords);
  if (n < static_cast<std::uint32_t>(K)) return -INFINITY;
  std::uint32_t keys[kPerLane];
#pragma unroll
  for (int j = 0; j < kPerLane; ++j) {
    const std::uint32_t i = static_cast<std::uint32_t>(lane_index() + j * kWarpSize);
    keys[j] = i < n ? static_cast<std::uint32_t>(slice.words[i] >> 32) : 0u;
  }
  return key_value(warp_key_of_rank<kBarLowBit>(keys, K));
}

/// Entries a warp publishes in its block's table of tops: its slice's two best keys.
constexpr int kTopsPerWarp = 2;

/// The warp's slice's two best keys, equal on every lane (0 where it holds fewer words).
__device__ __forceinline__ void slice_top_two(const ScoreSlice& slice, std::uint32_t n,
                                              std::uint32_t& first, std::uint32_t& second) {
  constexpr int kPerLane = static_cast<int>(kSliceScoreWords / kWarpSize);
  n = min(n, kSliceScoreWords);
  std::uint32_t best = 0, next = 0;  // the lane's two best
#pragma unroll
  for (int j = 0; j < kPerLane; ++j) {
    const std::uint32_t i = static_cast<std::uint32_t>(lane_index() + j * kWarpSize);
    const std::uint32_t key = i < n ? static_cast<std::uint32_t>(slice.words[i] >> 32) : 0u;
    next = max(next, min(best, key));
    best = max(best, key);
  }
  first = warp_all_reduce(best, LargerOp{});
  // One lane holding the best offers its second instead: the warp's second best.
  const LaneMask holders = warp_ballot(kFullWarp, best == first);
  const bool offers_next = lane_index() == lowest_lane(holders);
  second = warp_all_reduce(offers_next ? next : best, LargerOp{});
}

/// Publishes the warp's slice's two best keys in the block's table (`tops`: kTopsPerWarp
/// entries a warp, zero at the start, only raised) and returns a lower bound of the block's
/// K-th best score from the whole table (-inf when it holds too few). An entry read at any
/// time is a key that 1 (first) or 2 (second) distinct tokens of its warp reach, so lane 2w
/// counts max(first, second) once and lane 2w + 1 second once: the K-th largest of those
/// counts at most the tokens that reach it. The whole warp calls it.
template <int kThreads, int K>
__device__ __forceinline__ float publish_and_read_tops(const ScoreSlice& slice, std::uint32_t n,
                                                       std::uint32_t* tops) {
  std::uint32_t first = 0, second = 0;
  slice_top_two(slice, n, first, second);
  volatile std::uint32_t* table = tops;
  if (lane_index() == 0) {
    std::uint32_t* mine = tops + warp_index() * kTopsPerWarp;
    table[warp_index() * kTopsPerWarp] = max(mine[0], first);
    table[warp_index() * kTopsPerWarp + 1] = max(mine[1], second);
  }
  warp_sync(kFullWarp);
  constexpr int kEntries = kThreads / kWarpSize * kTopsPerWarp;
  static_assert(kEntries <= kWarpSize, "a lane reads one entry of the table");
  const std::uint32_t entry = lane_index() < kEntries ? table[lane_index()] : 0u;
  const std::uint32_t partner = warp_shfl_xor(entry, 1);
  const std::uint32_t keys[1] = {lane_index() % 2 == 0 ? max(entry, partner) : entry};
  if (warp_sum(keys[0] != 0u ? 1u : 0u) < static_cast<std::uint32_t>(K)) return -INFINITY;
  return key_value(warp_key_of_rank<kBarLowBit>(keys, K));
}

/// Keeps the slice's words whose score reaches `bar`, in order. The whole warp calls it.
__device__ __forceinline__ void slice_cut(ScoreSlice& slice, std::uint32_t n, float bar) {
  constexpr int kPerLane = static_cast<int>(kSliceScoreWords / kWarpSize);
  n = min(n, kSliceScoreWords);
  const std::uint32_t bar_key = order_key(bar);
  std::uint32_t kept = 0;
  // Entry i moves to a slot at or below i, and each step reads its entries before writing.
#pragma unroll
  for (int j = 0; j < kPerLane; ++j) {
    const std::uint32_t i = static_cast<std::uint32_t>(lane_index() + j * kWarpSize);
    const unsigned long long word = i < n ? slice.words[i] : 0ull;
    const bool keep = i < n && static_cast<std::uint32_t>(word >> 32) >= bar_key;
    const LaneMask kept_lanes = warp_ballot(kFullWarp, keep);
    warp_sync(kFullWarp);
    if (keep) slice.words[kept + lanes_below(kept_lanes)] = word;
    kept += lane_count(kept_lanes);
  }
  warp_sync(kFullWarp);
  if (lane_index() == 0) *slice.count = kept;
  warp_sync(kFullWarp);
}

/// The largest of `words` over the warp (every lane gets it); its holder clears its copy.
template <int kPer>
__device__ __forceinline__ unsigned long long warp_take_best(unsigned long long (&words)[kPer]) {
  unsigned long long mine = 0;
#pragma unroll
  for (int j = 0; j < kPer; ++j) mine = words[j] > mine ? words[j] : mine;
  const unsigned long long best = warp_max_word(mine);
  if (best != 0ull) {
#pragma unroll
    for (int j = 0; j < kPer; ++j) {
      if (words[j] == best) words[j] = 0ull;  // words are distinct: one lane, one entry
    }
  }
  return best;
}

/// The warp's K best of kPer words a lane, best first, in lanes 0.. of `out` (the whole warp
/// calls it; `out` gets K words, 0 past the last).
template <int K, int kPer>
__device__ __forceinline__ void warp_best_words(unsigned long long (&words)[kPer],
                                                unsigned long long* out) {
  for (int k = 0; k < K; ++k) {
    const unsigned long long best = warp_take_best(words);
    if (lane_index() == 0) out[k] = best;
  }
}

/// The block's TopScores from its warps' slices (`staged`: K words a warp of shared memory):
/// each warp's K best, then warp 0's over them; thread 0 writes `out`, its words past K 0.
template <int kThreads, int K>
__device__ __forceinline__ void write_block_top_scores(const ScoreSlice& slice, float z_max,
                                                       std::uint32_t overflow,
                                                       unsigned long long* staged,
                                                       float* warp_z, std::uint32_t* warp_flow,
                                                       TopScores* out) {
  constexpr int kWarps = kThreads / kWarpSize;
  constexpr int kPerLane = static_cast<int>(kSliceScoreWords / kWarpSize);
  const std::uint32_t n = slice_count(slice);
  if (n > kSliceScoreWords) overflow = 1;
  unsigned long long words[kPerLane];
#pragma unroll
  for (int j = 0; j < kPerLane; ++j) {
    const std::uint32_t i = static_cast<std::uint32_t>(lane_index() + j * kWarpSize);
    words[j] = i < min(n, kSliceScoreWords) ? slice.words[i] : 0ull;
  }
  warp_best_words<K>(words, staged + warp_index() * K);
  for (int offset = kWarpSize / 2; offset > 0; offset /= 2) {
    z_max = fmaxf(z_max, warp_shfl_xor(z_max, offset));
    overflow |= warp_shfl_xor(overflow, offset);
  }
  if (lane_index() == 0) {
    warp_z[warp_index()] = z_max;
    warp_flow[warp_index()] = overflow;
  }
  __syncthreads();
  if (warp_index() != 0) return;
  // kWarps * K words, up to a lane's share short of a whole number of them (AMD's 64-lane
  // waves: 8 warps of 512 threads keep 32 words at K = 4).
  constexpr int kStaged = kWarps * K;
  constexpr int kStagedPerLane = (kStaged + kWarpSize - 1) / kWarpSize;
  static_assert(K <= kTopScores, "a TopScores holds K words");
  unsigned long long all[kStagedPerLane];
#pragma unroll
  for (int j = 0; j < kStagedPerLane; ++j) {
    const int i = lane_index() + j * kWarpSize;
    all[j] = i < kStaged ? staged[i] : 0ull;
  }
  warp_best_words<K>(all, out->words);
  if (lane_index() == 0) {
    for (int k = K; k < kTopScores; ++k) out->words[k] = 0ull;
    float top = -INFINITY;
    std::uint32_t flow = 0;
    for (int w = 0; w < kWarps; ++w) {
      top = fmaxf(top, warp_z[w]);
      flow |= warp_flow[w];
    }
    out->z_max = top;
    out->overflow = flow;
  }
}

}  // namespace tokenpick

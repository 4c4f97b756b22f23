// Finishing a top-k row split over more blocks than a cluster holds, in the same launch
// (top_k_sample_kernel.cu). Each block publishes its k largest candidates (ties kept) to the
// row's words in global memory, folds its statistics into the row's state with atomics (the
// largest f, NaN / special flags, a greedy row's argmax as one 64-bit word) and raises the
// row's floor to its k-th largest f; then it takes a ticket. The block with the last ticket
// gathers the published words at or above the floor: every block's k-th value is a lower
// bound of the row's, so they hold the row's top k. It resets the row for the next launch on
// the stream and finishes the row as block 0 of a cluster does.
#pragma once

#include <cstdint>

#include "argmax_reduce.cuh"
#include "block_reduce.cuh"
#include "filter_finish.cuh"
#include "order_key.cuh"
#include "top_k_split.h"

namespace tokenpick {

/// Published words each thread of the last block loads before it keeps any.
constexpr std::uint32_t kGatherBatch = 8;

/// Bits of TopKSplitRow::flags.
constexpr std::uint32_t kSplitNan = 1, kSplitSpecial = 2, kSplitOverflow = 4;

/// A greedy argmax as a word whose largest value is the best (ties to the lower index);
/// 0 for none.
__device__ __forceinline__ unsigned long long greedy_word(const Best& best) {
  if (best.index == kNone) return 0;
  return (static_cast<unsigned long long>(order_key(best.score)) << 32) | ~best.index;
}

__device__ __forceinline__ Best greedy_best(unsigned long long word) {
  if (word == 0) return Best{-INFINITY, kNone};
  return Best{key_value(static_cast<std::uint32_t>(word >> 32)),
              ~static_cast<std::uint32_t>(word)};
}

/// Block `rank` of a split row with candidates words[0, n) (its k largest, ties kept) and its
/// statistics in s.stats: publishes them; returns false, except in the row's last block,
/// which gets the row's candidates at or above the floor in words[0, n), the row's statistics
/// in `all` and s.overflow set where a block's candidates did not fit. Every thread calls it.
template <int kThreads>
__device__ __forceinline__ bool publish_or_gather(const TopKSplit& split, std::uint32_t row,
                                                  unsigned ranks, std::uint32_t k, float scale,
                                                  unsigned long long* words, std::uint32_t& n,
                                                  RowStats& all, Scratch& s) {
  TopKSplitRow& state = split.rows[row];
  unsigned long long* published = split.words + static_cast<std::size_t>(row) * kTopKSplitRowWords;
  float low = INFINITY;
  for (std::uint32_t i = threadIdx.x; i < n; i += kThreads) {
    low = fminf(low, __fmul_rn(candidate_z(words[i]), scale));
  }
  low = block_all_reduce<kThreads>(low, MinOp{}, INFINITY, s.f);
  if (threadIdx.x == 0) {
    std::uint32_t flags = s.overflow ? kSplitOverflow : 0u;
    flags |= s.stats.greedy.nan ? kSplitNan : 0u;
    flags |= s.stats.special ? kSplitSpecial : 0u;
    const std::uint32_t base = atomicAdd(&state.words, n);
    if (base + n > kTopKSplitRowWords) flags |= kSplitOverflow;
    if (flags != 0) atomicOr(&state.flags, flags);
    if (n >= k && k > 0) atomicMax(&state.floor_key, order_key(low));
    if (s.stats.f_max > -INFINITY) atomicMax(&state.f_max_key, order_key(s.stats.f_max));
    const unsigned long long greedy = greedy_word(s.stats.greedy.finite);
    if (greedy != 0) atomicMax(&state.greedy, greedy);
    s.u[0] = base;
  }
  __syncthreads();
  const std::uint32_t base = s.u[0];
  for (std::uint32_t i = threadIdx.x; i < n && base + i < kTopKSplitRowWords; i += kThreads) {
    published[base + i] = words[i];
  }
  __threadfence();  // the words and the row's state before the ticket
  __syncthreads();
  if (threadIdx.x == 0) s.u[1] = atomicAdd(&state.arrived, 1u) == ranks - 1 ? 1u : 0u;
  __syncthreads();
  if (s.u[1] == 0) return false;
  __threadfence();  // every block's words and state are in before the last ticket was taken

  // The last block: the row's state, then its candidates at or above the floor.
  const volatile TopKSplitRow& seen = state;  // volatile: read from L2, not a stale L1
  const volatile unsigned long long* seen_words = published;
  const std::uint32_t total = min(seen.words, kTopKSplitRowWords);
  const std::uint32_t flags = seen.flags;
  const float floor_f = seen.floor_key == 0 ? -INFINITY : key_value(seen.floor_key);
  all.f_max = seen.f_max_key == 0 ? -INFINITY : key_value(seen.f_max_key);
  all.special = (flags & kSplitSpecial) ? 1u : 0u;
  all.greedy = empty_partial();
  all.greedy.nan = (flags & kSplitNan) ? 1u : 0u;
  all.greedy.finite = greedy_best(seen.greedy);
  __syncthreads();  // every thread has read the state before thread 0 resets it
  if (threadIdx.x == 0) {
    s.candidates = 0;
    s.overflow = (flags & kSplitOverflow) ? 1u : 0u;
    state = TopKSplitRow{};
  }
  __syncthreads();
  // kGatherBatch loads in flight per thread before the batch's reservations.
  for (std::uint32_t first = 0; first < total; first += kGatherBatch * kThreads) {
    unsigned long long batch[kGatherBatch];
#pragma unroll
    for (std::uint32_t j = 0; j < kGatherBatch; ++j) {
      const std::uint32_t i = first + j * kThreads + threadIdx.x;
      batch[j] = i < total ? seen_words[i] : 0ull;
    }
#pragma unroll
    for (std::uint32_t j = 0; j < kGatherBatch; ++j) {
      const std::uint32_t i = first + j * kThreads + threadIdx.x;
      const bool keep = i < total && __fmul_rn(candidate_z(batch[j]), scale) >= floor_f;
      const std::uint32_t slot = warp_reserve(keep ? 1u : 0u, &s.candidates);
      if (keep && slot < kCandidateCapacity) words[slot] = batch[j];
    }
  }
  __syncthreads();
  n = min(s.candidates, kCandidateCapacity);
  if (threadIdx.x == 0 && s.candidates > kCandidateCapacity) s.overflow = 1;
  __syncthreads();
  return true;
}

}  // namespace tokenpick

// Batching sparse Gumbel-max scoring a warp's width at a time. A filter that keeps few tokens
// (min-p near the maximum, top-p's sure-kept bins) leaves one or two lanes of a visit with a
// token to score, and scoring in place costs the whole warp a Philox block and the logarithms
// for them. Instead each visit appends its lanes' kept tokens to the warp's queue in shared
// memory (a prefix sum over the warp); once a warp's width waits, every lane scores one of
// them (its own Philox block, as finish_row scores a candidate). A visit keeping more tokens
// than a warp's width is dense and scored in place. Same scores, same skips: only who
// computes them changes.
#pragma once

#include "gpu_runtime.cuh"

#include <cstdint>

#include "gumbel_score.cuh"
#include "warp.cuh"

namespace tokenpick {

/// Slots of a warp's queue: fewer than a warp's width wait between visits, and a visit that
/// is not scored in place adds at most a warp's width.
constexpr int kQueueSlots = 2 * kWarpSize;

/// A warp's queued tokens (shared memory).
struct QueueSlots {
  std::uint32_t index[kQueueSlots];
  float z[kQueueSlots];
};

/// A warp's queue: its slots and how many wait (the same value in every lane).
struct ScoreQueue {
  QueueSlots* slots;
  std::uint32_t count;
};

/// Offers the tokens of `lanes` (bit l: token first + l, logit z[l]) to `mine`, through the
/// warp's queue unless the warp's visit is dense. Every lane of a full warp calls it.
__device__ __forceinline__ void queue_or_score(const RowDraw& d, std::uint32_t first,
                                               const float (&z)[kGroup], unsigned lanes,
                                               ScoreQueue& q, float& bar, Partial& mine) {
  const LaneMask active = active_lanes();
  if (warp_ballot(active, lanes != 0) == 0) return;
  std::uint32_t total = 0;
  std::uint32_t slot = q.count + warp_prefix_sum(active, __popc(lanes), total);
  // What this lane scores: its own group when the visit is dense, else a queued token once a
  // warp's width waits (one call site, so that score_group is inlined once).
  std::uint32_t group_first = first;
  float group[kGroup] = {z[0], z[1], z[2], z[3]};
  unsigned group_lanes = lanes;
  if (total <= static_cast<std::uint32_t>(kWarpSize)) {
    group_lanes = 0;
#pragma unroll
    for (std::uint32_t l = 0; l < kGroup; ++l) {
      if (!((lanes >> l) & 1u)) continue;
      q.slots->index[slot] = first + l;
      q.slots->z[slot] = z[l];
      ++slot;
    }
    q.count += total;
    if (q.count >= static_cast<std::uint32_t>(kWarpSize)) {
      q.count -= kWarpSize;
      warp_sync(active);
      const std::uint32_t at = q.count + static_cast<std::uint32_t>(lane_index());
      const std::uint32_t index = q.slots->index[at];
      const float z_at = q.slots->z[at];
      warp_sync(active);  // read before the next visit writes
      group_first = index & ~(kGroup - 1);
#pragma unroll
      for (std::uint32_t l = 0; l < kGroup; ++l) group[l] = z_at;
      group_lanes = 1u << (index & (kGroup - 1));
    }
  }
  if (group_lanes != 0) score_group(d, group_first, group, group_lanes, bar, mine);
}

/// Scores what waits in the warp's queue. Every lane of a full warp calls it.
__device__ __forceinline__ void drain_queue(const RowDraw& d, ScoreQueue& q, float& bar,
                                            Partial& mine) {
  warp_sync(active_lanes());
  const std::uint32_t lane = static_cast<std::uint32_t>(lane_index());
  if (lane < q.count) score_token(d, q.slots->index[lane], q.slots->z[lane], bar, mine);
  q.count = 0;
}

}  // namespace tokenpick

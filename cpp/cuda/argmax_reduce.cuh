// Device helpers of the argmax reductions: a (score, index) candidate with ties to the lower
// index, a partial result per block (finite best, best among +inf scaled logits, NaN seen),
// merging and warp-shuffle reduction. Shared by the Gumbel-max kernels.
#pragma once

#include <cstdint>

#include "warp.cuh"

namespace tokenpick {

/// "No candidate".
constexpr std::uint32_t kNone = 0xFFFFFFFFu;

struct Best {
  float score;
  std::uint32_t index;
};

struct Partial {
  Best finite;    // best fma(z, r, g) (or z for greedy rows)
  Best infinite;  // best noise among tokens whose scaled logit is +inf
  std::uint32_t nan;
};

__device__ __forceinline__ bool better(float score, std::uint32_t index, const Best& best) {
  if (index == kNone) return false;
  if (best.index == kNone) return true;
  return score > best.score || (score == best.score && index < best.index);
}

__device__ __forceinline__ void offer(Best& best, float score, std::uint32_t index) {
  if (better(score, index, best)) best = Best{score, index};
}

__device__ __forceinline__ Best shuffle_best(const Best& best, int offset) {
  return Best{warp_shfl_down(best.score, offset), warp_shfl_down(best.index, offset)};
}

__device__ __forceinline__ Partial merge(Partial a, const Partial& b) {
  offer(a.finite, b.finite.score, b.finite.index);
  offer(a.infinite, b.infinite.score, b.infinite.index);
  a.nan |= b.nan;
  return a;
}

__device__ __forceinline__ Partial warp_reduce(Partial p) {
  for (int offset = kWarpSize / 2; offset > 0; offset /= 2) {
    Partial other;
    other.finite = shuffle_best(p.finite, offset);
    other.infinite = shuffle_best(p.infinite, offset);
    other.nan = warp_shfl_down(p.nan, offset);
    p = merge(p, other);
  }
  return p;
}

/// A partial with no candidate (declared early for block_merge).
__device__ __forceinline__ Partial empty_partial();

/// Block-wide merge of every thread's partial; every thread gets the block's result.
/// `warps` holds one Partial per warp, `slot` one more; synchronises the block.
template <int kThreads>
__device__ __forceinline__ Partial block_merge(Partial mine, Partial* warps, Partial* slot) {
  mine = warp_reduce(mine);
  if (lane_index() == 0) warps[warp_index()] = mine;
  __syncthreads();
  if (warp_index() == 0) {
    Partial all = lane_index() < kThreads / kWarpSize ? warps[lane_index()] : empty_partial();
    all = warp_reduce(all);
    if (threadIdx.x == 0) *slot = all;
  }
  __syncthreads();
  const Partial result = *slot;
  __syncthreads();
  return result;
}

/// A partial with no candidate.
__device__ __forceinline__ Partial empty_partial() {
  return Partial{{-INFINITY, kNone}, {-INFINITY, kNone}, 0};
}

}  // namespace tokenpick

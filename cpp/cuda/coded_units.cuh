// Min-p alone's second read by 16-byte vectors (filtered_sample_kernel.cu). Pass 1 keeps, for
// each group of kGroup tokens of the block's share, a 16-bit code of its largest f: the top 16
// bits of its order key, so that a group whose largest f reaches the threshold has a code at
// least the threshold's. Pass 2 builds each lane's mask of the vectors it must read (a group of
// theirs reaching the threshold's code) over its whole share, at most kMaxLaneUnits, and reads
// them kUnroll at a time, the warp going round until every lane's mask is empty: only wanted
// vectors are read, and a lane waits on one round of loads for each kUnroll of them, not on
// every tile that holds one.
#pragma once

#include "gpu_runtime.cuh"

#include <cstdint>

#include "logit_tiles.cuh"
#include "order_key.cuh"
#include "warp.cuh"

namespace tokenpick {

/// Most vectors of a lane's share the second read can mask (one 64-bit mask).
constexpr std::uint32_t kMaxLaneUnits = 64;
/// The code of a group that must be read whatever the threshold.
constexpr std::uint16_t kAlwaysRead = 0xFFFF;

/// A group's code: the top 16 bits of the order key of its largest f.
__device__ __forceinline__ std::uint16_t unit_code(float f_top) {
  return static_cast<std::uint16_t>(order_key(f_top) >> 16);
}

/// True when the block's share is read by vectors, its groups' codes fit `capacity` codes and
/// each lane's vectors fit one mask (for every block of a row where rank 0's do: its share is
/// the largest).
template <int kThreads, typename T>
__host__ __device__ __forceinline__ bool codes_fit(std::uint32_t cols, bool vectors, unsigned rank,
                                          unsigned ranks, std::uint32_t capacity) {
  const TileSpan span = tile_span<kThreads, T>(cols, vectors, rank, ranks);
  return vectors && span.tiles * kUnroll <= kMaxLaneUnits &&
         (span.end - span.begin) * Widen<T>::kGroupsPerVector <= capacity;
}

/// Slot of the code of the group holding token `first` (read by vectors) in the block's share.
template <int kThreads, typename T>
__device__ __forceinline__ std::uint32_t code_slot(std::uint32_t first, std::uint32_t cols,
                                                   unsigned rank, unsigned ranks) {
  const TileSpan span = tile_span<kThreads, T>(cols, true, rank, ranks);
  return first / kGroup - span.begin * Widen<T>::kGroupsPerVector;
}

/// visit(first_token, z[4], valid) for every group of each vector of the block's share (read by
/// vectors; codes_fit) holding a group whose code reaches `threshold_code`, the rest not read,
/// last first (what pass 1 left in L2), then round_done() after each round. Every lane of the
/// block's warps visits in each round (valid = 0 for a lane with nothing left), so that the
/// hooks may use warp shuffles; no block barriers. `lane_top_code`, the largest code of the
/// lane's own groups, spares a lane whose groups all fall short the scan of its codes.
template <int kThreads, typename T, typename Visit, typename RoundDone>
__device__ __forceinline__ void for_each_coded_group(const T* row, std::uint32_t cols,
                                                     unsigned rank, unsigned ranks,
                                                     const std::uint16_t* codes,
                                                     std::uint16_t threshold_code,
                                                     std::uint16_t lane_top_code,
                                                     Visit&& visit, RoundDone&& round_done) {
  constexpr std::uint32_t kGroupsPerVector = Widen<T>::kGroupsPerVector;
  constexpr std::uint32_t kTile = kThreads * kUnroll;
  const TileSpan span = tile_span<kThreads, T>(cols, true, rank, ranks);
  // Bit j: the vector at span.begin + (j / kUnroll) * kTile + (j % kUnroll) * kThreads + lane's.
  const auto unit_at = [&](std::uint32_t j) {
    return span.begin + (j / kUnroll) * kTile + (j % kUnroll) * kThreads + threadIdx.x;
  };
  unsigned long long mask = 0;
  const std::uint32_t units = lane_top_code >= threshold_code ? span.tiles * kUnroll : 0u;
  for (std::uint32_t j = 0; j < units; ++j) {
    const std::uint32_t at = unit_at(j);  // rises with j
    if (at >= span.end) break;
    const std::uint32_t slot = (at - span.begin) * kGroupsPerVector;
    bool want = false;
#pragma unroll
    for (std::uint32_t g = 0; g < kGroupsPerVector; ++g) want |= codes[slot + g] >= threshold_code;
    if (want) mask |= 1ull << j;
  }
  while (warp_ballot(kFullWarp, mask != 0) != 0) {
    uint4 v[kUnroll];
    std::uint32_t at[kUnroll];
#pragma unroll
    for (int u = 0; u < kUnroll; ++u) {
      at[u] = span.end;  // none: visited with valid = 0
      v[u] = make_uint4(0, 0, 0, 0);
      if (mask != 0) {
        const std::uint32_t j = 63u - static_cast<std::uint32_t>(__clzll(mask));  // the last
        mask &= ~(1ull << j);
        at[u] = unit_at(j);
        v[u] = __ldg(reinterpret_cast<const uint4*>(row) + at[u]);
      }
    }
#pragma unroll
    for (int u = 0; u < kUnroll; ++u) {
#pragma unroll
      for (std::uint32_t g = 0; g < kGroupsPerVector; ++g) {
        float z[kGroup];
        Widen<T>::group(v[u], g, z);
        visit((at[u] * kGroupsPerVector + g) * kGroup, z, at[u] < span.end ? kGroup : 0u);
      }
    }
    round_done();
  }
}

}  // namespace tokenpick

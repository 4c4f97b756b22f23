// Reading a block's share of a row (tile_span) in warp tiles that the warps claim one at a time
// from a counter in shared memory, rather than every thread taking the same tiles: a warp that
// runs ahead takes more, so warps no longer idle at the block's end waiting for the slowest
// one. A warp tile is kWarpSize * kUnroll 16-byte vectors, a lane's kUnroll vectors a warp's
// width apart; warp w starts with tile w (no claim before its first loads), then claims the
// next one, and with kPrefetchNext asks for that tile's bytes in L2, before it scores the
// current one. Shares of fewer than kMinClaimedTiles block-wide tiles (split rows at small
// batches, short rows), where claims cannot balance anything, and rows read token by token
// are for for_each_group's fixed tiles (takes_claimed_tiles tells). The hooks are
// for_each_group's; they may use warp shuffles but no block barrier (warps take different
// numbers of tiles).
#pragma once

#include <cstdint>

#include "logit_tiles.cuh"
#include "warp.cuh"

namespace tokenpick {

/// 16-byte vectors in one warp tile.
constexpr std::uint32_t kWarpTileUnits = kWarpSize * kUnroll;
/// Fewest block-wide tiles (kThreads * kUnroll vectors) a share needs for claimed tiles. H200,
/// Gumbel-max, us with fixed / claimed tiles: batch 256 x 128256 f32 (15.7 tiles) 58.5 / 55.4,
/// bf16 60.1 / 57.9; batch 16 x 151936 f32 (2.3 tiles per block) 14.0 / 15.0. With the block's
/// shared bar, batch 64 x 128256 (3.9 tiles) f32 20.1 / 19.3, bf16 20.8 / 20.8.
constexpr std::uint32_t kMinClaimedTiles = 3;

/// Before the first claim: thread 0 zeroes the block's counter (the claims after each warp's
/// first tile), then a block barrier.
__device__ __forceinline__ void reset_claims(std::uint32_t& claims) {
  if (threadIdx.x == 0) claims = 0;
  __syncthreads();
}

/// The warp's next warp tile, the same on every lane: the first `warps` went one to each warp.
__device__ __forceinline__ std::uint32_t claim_tile(std::uint32_t& claims, std::uint32_t warps) {
  std::uint32_t tile = 0;
  if (lane_index() == 0) tile = atomicAdd(&claims, 1u);
  return warps + warp_shfl_from(kFullWarp, tile, 0);
}

/// Asks for `units` 16-byte vectors of `row` from unit `first` in L2 (one request, lane 0),
/// where the device has bulk prefetches (sm_90); elsewhere nothing.
template <typename T>
__device__ __forceinline__ void prefetch_units(const T* row, std::uint32_t first,
                                               std::uint32_t units) {
#if !defined(TP_HIP) && defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  if (lane_index() == 0 && units > 0) {
    const uint4* at = reinterpret_cast<const uint4*>(row) + first;
    asm volatile("cp.async.bulk.prefetch.L2.global [%0], %1;" ::"l"(at), "r"(units * 16u)
                 : "memory");
  }
#else
  (void)row;
  (void)first;
  (void)units;
#endif
}

/// for_each_group over a vectorizable row, the block's share in claimed warp tiles (see the
/// top of this file). `claims` is the block's counter, zeroed by reset_claims.
template <int kThreads, bool kPrefetchNext, typename T, typename TileStart, typename Visit,
          typename TileDone>
__device__ __forceinline__ void for_each_claimed_group(const T* row, std::uint32_t cols,
                                                       unsigned rank, unsigned ranks,
                                                       std::uint32_t& claims,
                                                       TileStart&& tile_start, Visit&& visit,
                                                       TileDone&& tile_done) {
  const TileSpan span = tile_span<kThreads, T>(cols, true, rank, ranks);
  const std::uint32_t tiles = (span.end - span.begin + kWarpTileUnits - 1) / kWarpTileUnits;
  const auto tile_units = [&](std::uint32_t tile) {
    return min(kWarpTileUnits, span.end - (span.begin + tile * kWarpTileUnits));
  };
  constexpr std::uint32_t kWarps = kThreads / kWarpSize;
  std::uint32_t tile = static_cast<std::uint32_t>(warp_index());
  while (tile < tiles) {
    const std::uint32_t base = span.begin + tile * kWarpTileUnits + lane_index();
    uint4 v[kUnroll];
    load_vectors<false>(row, v, base, kWarpSize, span.end);
    tile = claim_tile(claims, kWarps);
    if (kPrefetchNext && tile < tiles) {
      prefetch_units(row, span.begin + tile * kWarpTileUnits, tile_units(tile));
    }
    tile_start([&]() { return vectors_top<T>(v, base, kWarpSize, span.end); },
               [&]() { return vectors_peak<T>(v, base, kWarpSize, span.end); });
    visit_vectors<T, false>(v, base, kWarpSize, span.end, visit);
    tile_done();
  }
}

/// True when the block's share of a row (tile_span) holds at least kMinClaimedTiles
/// block-wide tiles of vectors: for_each_claimed_group then, else for_each_group (the same
/// visits either way, in another order).
template <int kThreads>
__device__ __forceinline__ bool takes_claimed_tiles(const TileSpan& span, bool vectors) {
  return vectors && span.end - span.begin >= kMinClaimedTiles * kThreads * kUnroll;
}

}  // namespace tokenpick

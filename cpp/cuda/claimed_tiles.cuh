// Reading a block's share of a row (tile_span) in warp tiles, the share's last rounds claimed
// one at a time from a counter in shared memory, rather than every thread taking the same
// tiles: a warp that runs ahead takes more, so warps no longer idle at the block's end waiting
// for the slowest one. A warp tile is kWarpSize * kUnroll 16-byte vectors, a lane's kUnroll
// vectors a warp's width apart; warp w takes tiles w, w + W, ... (W warps) up to the last
// kClaimedRounds rounds of W tiles, then claims the next tile before it scores the current
// one. Shares of fewer than kMinClaimedTiles block-wide tiles (split rows at small batches,
// short rows), where claims cannot balance anything, and rows read token by token are for
// for_each_group's fixed tiles (takes_claimed_tiles tells). The hooks are for_each_group's;
// they may use warp shuffles but no block barrier (warps take different numbers of tiles).
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
/// Rounds of W warp tiles at a share's end that the warps claim; the rounds before go to the
/// warps in turn, with no claim. H200, Gumbel-max, us with every tile claimed / the last two
/// rounds: batch 256 x 128256 f32 44.8 / 44.0, batch 128 x 262144 45.4 / 44.5, batch 1024 x
/// 128256 f32 164.5 / 162.3; batch 1024 x 32000 f32 59.9 / 60.0.
constexpr std::uint32_t kClaimedRounds = 2;

/// Before the first claim: thread 0 zeroes the block's counter, then a block barrier.
__device__ __forceinline__ void reset_claims(std::uint32_t& claims) {
  if (threadIdx.x == 0) claims = 0;
  __syncthreads();
}

/// The warp's next claimed tile, the same on every lane: the tiles before `first_claimed` went
/// to the warps in turn.
__device__ __forceinline__ std::uint32_t claim_tile(std::uint32_t& claims,
                                                    std::uint32_t first_claimed) {
  std::uint32_t tile = 0;
  if (lane_index() == 0) tile = atomicAdd(&claims, 1u);
  return first_claimed + warp_shfl_from(kFullWarp, tile, 0);
}

/// for_each_group over a vectorizable row, the block's share in claimed warp tiles (see the
/// top of this file). `claims` is the block's counter, zeroed by reset_claims.
template <int kThreads, typename T, typename TileStart, typename Visit, typename TileDone>
__device__ __forceinline__ void for_each_claimed_group(const T* row, std::uint32_t cols,
                                                       unsigned rank, unsigned ranks,
                                                       std::uint32_t& claims,
                                                       TileStart&& tile_start, Visit&& visit,
                                                       TileDone&& tile_done) {
  const TileSpan span = tile_span<kThreads, T>(cols, true, rank, ranks);
  const std::uint32_t tiles = (span.end - span.begin + kWarpTileUnits - 1) / kWarpTileUnits;
  constexpr std::uint32_t kWarps = kThreads / kWarpSize;
  // The first tile claimed: every tile before it goes to warp (tile % W).
  const std::uint32_t rounds = tiles / kWarps;
  const std::uint32_t first_claimed =
      kWarps * (rounds > kClaimedRounds + 1 ? rounds - kClaimedRounds : 1u);
  std::uint32_t tile = static_cast<std::uint32_t>(warp_index());
  while (tile < tiles) {
    const std::uint32_t base = span.begin + tile * kWarpTileUnits + lane_index();
    uint4 v[kUnroll];
    load_vectors<false>(row, v, base, kWarpSize, span.end);
    tile = tile + kWarps < first_claimed ? tile + kWarps : claim_tile(claims, first_claimed);
    tile_start([&]() { return vectors_top_from_maxima<T>(v, base, kWarpSize, span.end); },
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

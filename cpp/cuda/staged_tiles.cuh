// Reading a block's share of a row through shared memory, software-pipelined (sm_80 and up):
// each thread copies its kUnroll 16-byte vectors of a tile with asynchronous copies (cp.async,
// L2 only) into its own slots of a ring of kSlots tiles, kSlots tiles ahead of the tile it
// scores. The loads of the next tiles are then in flight while the current one is scored,
// where a warp that loads into registers waits for each tile before scoring it (and the warps
// of a multiprocessor fall into step: all loading, then all scoring). A thread reads back
// only the slots it filled, after cp.async.wait_group, so no barrier is needed. The tiles are
// for_each_group's (BlockTiles) or for_each_claimed_group's (ClaimedTiles), the visits and
// hooks the same, in the same order.
#pragma once

#include "gpu_runtime.cuh"

#include <cstdint>

#include "claimed_tiles.cuh"
#include "logit_tiles.cuh"
#include "warp.cuh"

#if !defined(TP_HIP) && defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
#define TP_STAGED_TILES 1
#endif

namespace tokenpick {

/// Bytes of shared memory one slot of the ring (a tile) takes for a block of kThreads threads.
template <int kThreads>
constexpr std::uint32_t kSlotBytes = kThreads * kUnroll * 16;

/// The fixed tiles of for_each_group: every thread of the block walks tiles 0 .. count - 1 of
/// kThreads * kUnroll vectors, its vectors kThreads apart.
template <int kThreads>
struct BlockTiles {
  static constexpr std::uint32_t kStride = kThreads;
  std::uint32_t begin;
  std::uint32_t count;
  std::uint32_t upcoming = 0;
  __device__ std::uint32_t next() { return upcoming++; }
  __device__ bool valid(std::uint32_t tile) const { return tile < count; }
  __device__ std::uint32_t base(std::uint32_t tile) const {
    return begin + tile * kThreads * kUnroll + threadIdx.x;
  }
};

/// The claimed warp tiles of for_each_claimed_group: warp w first takes tile w, then claims
/// from the block's counter; a lane's vectors are kWarpSize apart.
template <int kThreads>
struct ClaimedTiles {
  static constexpr std::uint32_t kStride = kWarpSize;
  std::uint32_t begin;
  std::uint32_t count;
  std::uint32_t& claims;
  bool first = true;
  __device__ std::uint32_t next() {
    if (first) {
      first = false;
      return static_cast<std::uint32_t>(warp_index());
    }
    return claim_tile(claims, kThreads / kWarpSize);
  }
  __device__ bool valid(std::uint32_t tile) const { return tile < count; }
  __device__ std::uint32_t base(std::uint32_t tile) const {
    return begin + tile * kWarpTileUnits + static_cast<std::uint32_t>(lane_index());
  }
};

#if defined(TP_STAGED_TILES)

/// The thread's place for vector u in ring slot `slot` (consecutive threads, consecutive
/// places: a warp's reads and writes are free of bank conflicts).
template <int kThreads>
__device__ __forceinline__ uint4* ring_slot(uint4* ring, std::uint32_t slot, int u) {
  return ring + (slot * kUnroll + static_cast<std::uint32_t>(u)) * kThreads + threadIdx.x;
}

/// Starts the copies of the thread's vectors of `tile` (those below `end`; none when the tile
/// is not valid) into ring slot `slot`, as one commit group (empty groups keep the count).
template <int kThreads, typename T, typename Walk>
__device__ __forceinline__ void copy_tile_async(const T* row, uint4* ring, std::uint32_t slot,
                                                const Walk& walk, std::uint32_t tile,
                                                std::uint32_t end) {
  if (walk.valid(tile)) {
    const std::uint32_t base = walk.base(tile);
#pragma unroll
    for (int u = 0; u < kUnroll; ++u) {
      const std::uint32_t at = base + u * Walk::kStride;
      if (at < end) {
        const unsigned to =
            static_cast<unsigned>(__cvta_generic_to_shared(ring_slot<kThreads>(ring, slot, u)));
        asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"(to),
                     "l"(reinterpret_cast<const uint4*>(row) + at)
                     : "memory");
      }
    }
  }
  asm volatile("cp.async.commit_group;" ::: "memory");
}

/// Waits until at most `kPending` of the thread's commit groups are still in flight.
template <int kPending>
__device__ __forceinline__ void wait_copies() {
  asm volatile("cp.async.wait_group %0;" ::"n"(kPending) : "memory");
}

/// for_each_group's visits over the tiles of `walk` (BlockTiles or ClaimedTiles) of a
/// vectorizable row's share [.., end), read through `ring` (kSlots * kSlotBytes<kThreads>
/// bytes of shared memory, 16-byte aligned): a tile is read into registers as soon as it has
/// landed and its slot takes the copy of the tile kSlots further on, so kSlots tiles are in
/// flight while one is scored. With kEveryLane, vectors past the end are visited with
/// valid = 0 (whole warps meet in every visit). With BlockTiles every thread makes the same
/// calls (the hooks may use block barriers); with ClaimedTiles every lane of a warp does
/// (warp shuffles only).
template <int kThreads, int kSlots, bool kEveryLane, typename T, typename Walk,
          typename TileStart, typename Visit, typename TileDone>
__device__ __forceinline__ void for_each_staged_group(const T* row, std::uint32_t end,
                                                      uint4* ring, Walk& walk,
                                                      TileStart&& tile_start, Visit&& visit,
                                                      TileDone&& tile_done) {
  static_assert(kSlots >= 1, "a tile in flight while another is scored");
  std::uint32_t tiles[kSlots];  // the tiles in the ring, oldest first
#pragma unroll
  for (int s = 0; s < kSlots; ++s) {
    tiles[s] = walk.next();
    copy_tile_async<kThreads>(row, ring, s, walk, tiles[s], end);
  }
  std::uint32_t slot = 0;  // tiles[0]'s
  while (walk.valid(tiles[0])) {
    wait_copies<kSlots - 1>();  // tiles[0]'s group has landed
    uint4 v[kUnroll];
    const std::uint32_t base = walk.base(tiles[0]);
#pragma unroll
    for (int u = 0; u < kUnroll; ++u) {
      if (base + u * Walk::kStride < end) {
        v[u] = *ring_slot<kThreads>(ring, slot, u);
      } else if (kEveryLane) {
        v[u] = make_uint4(0, 0, 0, 0);
      }
    }
    // The slot is free once read (this thread's own reads, issued before the copy).
#pragma unroll
    for (int s = 0; s + 1 < kSlots; ++s) tiles[s] = tiles[s + 1];
    tiles[kSlots - 1] = walk.next();
    copy_tile_async<kThreads>(row, ring, slot, walk, tiles[kSlots - 1], end);
    slot = kSlots == 1 ? 0 : (slot + 1) % kSlots;
    tile_start([&]() { return vectors_top<T>(v, base, Walk::kStride, end); },
               [&]() { return vectors_peak<T>(v, base, Walk::kStride, end); });
    visit_vectors<T, kEveryLane>(v, base, Walk::kStride, end, visit);
    tile_done();
  }
  wait_copies<0>();  // tiles past the end copy nothing, but leave no group behind
}

#endif  // TP_STAGED_TILES

/// for_each_group<kThreads, kEveryLane> over the block's share of the row, read through `ring`
/// with kSlots tiles in flight (for_each_staged_group) where there is a ring, the row is read
/// in vectors, the share has at least two tiles (the same for every thread of the block) and
/// the device has asynchronous copies; otherwise loaded into registers.
template <int kThreads, int kSlots, bool kEveryLane = false, typename T, typename TileStart,
          typename Visit, typename TileDone>
__device__ __forceinline__ void for_each_group_staged(const T* row, std::uint32_t cols,
                                                      bool vectors, unsigned rank,
                                                      unsigned ranks, uint4* ring,
                                                      TileStart&& tile_start, Visit&& visit,
                                                      TileDone&& tile_done) {
#if defined(TP_STAGED_TILES)
  const TileSpan span = tile_span<kThreads, T>(cols, vectors, rank, ranks);
  if (ring != nullptr && vectors && span.tiles >= 2) {
    BlockTiles<kThreads> walk{span.begin, span.tiles};
    for_each_staged_group<kThreads, kSlots, kEveryLane>(row, span.end, ring, walk, tile_start,
                                                        visit, tile_done);
    return;
  }
#else
  (void)ring;
#endif
  for_each_group<kThreads, kEveryLane>(row, cols, vectors, rank, ranks, tile_start, visit,
                                       tile_done);
}


}  // namespace tokenpick

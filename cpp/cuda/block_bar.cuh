// A block's shared bar for Gumbel-max: the best lower bound of the row's best score that any
// of its warps has found, in one shared word (order_key of the float, so an integer max is the
// float max). After its first bar and after each tile a warp offers its own bar and takes the
// block's in one shared atomic max, so its skip tests use what 16 warps have seen, not its own.
// A bar is always a score some token of the row has (or a lower bound of one that will be
// offered), so a bar from another warp skips only tokens that cannot win.
#pragma once

#include <cmath>
#include <cstdint>

#include "order_key.cuh"
#include "warp.cuh"

namespace tokenpick {

/// Before the first offer: thread 0 sets the block's word to -inf; the caller's block barrier
/// follows.
__device__ __forceinline__ void reset_block_bar(std::uint32_t& word) {
  if (threadIdx.x == 0) word = order_key(-INFINITY);
}

/// Offers `bar` (equal on every lane of the warp) to the block's word and raises it to the
/// block's best; every lane ends equal.
__device__ __forceinline__ void exchange_block_bar(std::uint32_t& word, float& bar) {
  std::uint32_t before = 0;
  if (lane_index() == 0) before = atomicMax(&word, order_key(bar));
  bar = fmaxf(bar, key_value(warp_shfl_from(kFullWarp, before, 0)));
}

/// The block's best bar as the word holds it now: one load by the whole warp, so every lane
/// reads the same value.
__device__ __forceinline__ float block_bar_now(const std::uint32_t& word) {
  return key_value(*static_cast<const volatile std::uint32_t*>(&word));
}

}  // namespace tokenpick

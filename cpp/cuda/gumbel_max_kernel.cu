// Gumbel-max in one launch: token = argmax_i fma(z_i, 1/T, g_i) (ties to the lower index),
// g_i the DESIGN noise of (seed, step, i). The G blocks of a row's group (a cluster on sm_90)
// read it once, 16-byte vectors when aligned, in tiles the warps claim where a share is long
// (claimed_tiles.cuh). A thread scores groups of 4 tokens (one Philox block) and skips tokens
// that provably cannot beat its warp's bar, a score some token has, raised to the best of the
// block's warps at its first bar and each tile (gumbel_score.cuh, block_bar.cuh); greedy rows
// take the largest logit. Blocks reduce by warp shuffles; block 0 merges its partners'
// partials from their shared memory and writes the token (or kTokenNan / kTokenAllMasked).
// Small batches split a row over more blocks than a cluster holds, merged through a word per
// row (split_merge.cuh). Both merges are an argmax: the token does not depend on the split.
#include "gpu_runtime.cuh"

#include "argmax_reduce.cuh"
#include "block_bar.cuh"
#include "claimed_tiles.cuh"
#include "grid_overlap.cuh"
#include "gumbel_kernels.h"
#include "gumbel_score.cuh"
#include "launch_dispatch.cuh"
#include "logit_tiles.cuh"
#include "phase_times.cuh"
#include "row_access.cuh"
#include "row_group.cuh"
#include "split_merge.cuh"
#include "top_scores.cuh"

namespace tokenpick {

/// The token a finished partial stands for.
__device__ __forceinline__ std::uint32_t partial_token(const Partial& p) {
  if (p.nan) return kTokenNan;
  if (p.infinite.index != kNone) return p.infinite.index;
  if (p.finite.index != kNone) return p.finite.index;
  return kTokenAllMasked;
}

/// Where a kernel's scored tokens go (gumbel_score.cuh): its best, or with kTop its slice.
template <bool kTop>
__device__ __forceinline__ auto& scores_sink(Partial& mine, ScoreSlice& slice) {
  if constexpr (kTop) {
    return slice;
  } else {
    return mine;
  }
}

/// Fewest units (16-byte vectors, or groups read token by token) of a block's share for the
/// block's shared bar: 1.5 block tiles. H200, us without / with it: batch 256 x 32000 bf16 (2
/// tiles a thread) 24.0 / 21.4; but batch 1 x 128256 (one tile) 4.8 / 5.1, batch 16 x 151936
/// (1.2 tiles) 12.25 / 12.38.
constexpr std::uint32_t kSharedBarUnits = 3 * kGumbelThreads * kUnroll / 2;

/// kKeep > 0: the top-p route's first read (top_scores.cuh): each block writes the kKeep best
/// scores of its share to `top` (row-major by block), greedy rows excepted (the route takes
/// none), and nothing to `tokens`.
template <typename T, int N, int kKeep>
__global__ void __launch_bounds__(kGumbelThreads, kGumbelBlocksPerSm)
    gumbel_max_kernel(const T* logits, std::uint32_t cols, std::uint32_t first_row,
                      const __grid_constant__ InlineParams<N> params, std::uint32_t params_count,
                      std::uint64_t step, bool vectors, std::uint32_t* tokens,
                      SplitRow* split, TopScores* top) {
  constexpr bool kTop = kKeep > 0;
  __shared__ Partial warps[kGumbelThreads / kWarpSize];
  __shared__ Partial block_result;
  const std::uint32_t row = blockIdx.y;
  const KernelRowParams& p = params.rows[params_count == 1 ? 0 : row];
  const RowPlan plan = plan_row(p);
  const T* z_row = logits + static_cast<std::size_t>(first_row + row) * cols;
  const RowDraw draw = row_draw(plan.r, p.seed, step);
  start_after_previous_grid();

  TP_PHASE(0);
  Partial mine = empty_partial();
  float bar = -INFINITY;
  // kTop: the warp's slice of scores, the thread's largest logit, a slice's overflow.
  constexpr int kSliceWarps = kTop ? kGumbelThreads / kWarpSize : 1;
  __shared__ unsigned long long slice_words[kSliceWarps * kSliceScoreWords];
  __shared__ std::uint32_t slice_counts[kSliceWarps];
  ScoreSlice slice{slice_words + (kTop ? warp_index() : 0) * kSliceScoreWords,
                   slice_counts + (kTop ? warp_index() : 0)};
  float z_top = -INFINITY;
  std::uint32_t overflow = 0;
  // kTop in claimed tiles: the block's table of its warps' two best keys (top_scores.cuh).
  __shared__ std::uint32_t warp_tops[kSliceWarps * kTopsPerWarp];
  if constexpr (kTop) {
    if (lane_index() == 0) {
      *slice.count = 0;
      for (int j = 0; j < kTopsPerWarp; ++j) warp_tops[warp_index() * kTopsPerWarp + j] = 0;
    }
    warp_sync(kFullWarp);
  }
  auto& sink = scores_sink<kTop>(mine, slice);
  if (!kTop && plan.greedy) {  // the largest logit: no noise, no bar
    for_each_group<kGumbelThreads>(
        z_row, cols, vectors, RowGroup::rank(), RowGroup::size(),
        [](const auto&, const auto&) {},
        [&](std::uint32_t first, const float (&z)[4], std::uint32_t valid) {
          for (std::uint32_t l = 0; l < valid; ++l) {
            if (isnan(z[l])) {
              mine.nan = 1;
            } else if (z[l] > -INFINITY) {
              offer(mine.finite, z[l], first + l);
            }
          }
        },
        []() {});
  } else {
    TileBound tile{kTileSlow, 0, 0.0f};
    const TileSpan span =
        tile_span<kGumbelThreads, T>(cols, vectors, RowGroup::rank(), RowGroup::size());
    // Long shares: claimed tiles and the group bound (claimed_tiles.cuh, score_group_bounded).
    const bool claimed = takes_claimed_tiles<kGumbelThreads>(span, vectors);
    // The warps share their best bar (block_bar.cuh) where the share is long enough to pay
    // for the reset's barrier and an atomic a tile; the same branch for the whole block.
    const bool bar_shared = claimed || span.end - span.begin >= kSharedBarUnits;
    __shared__ std::uint32_t claims;
    __shared__ std::uint32_t block_bar;
    if (bar_shared) {
      reset_block_bar(block_bar);
      if (claimed) {
        reset_claims(claims);
      } else {
        __syncthreads();
      }
    }
    // The warp's best bar on every lane, then the block's where it is shared. In claimed tiles
    // a warp none of whose lanes raised its bar in the tile only reads the block's word (one
    // load, not the warp's shuffles and an atomic): batch 256 x 128256 f32 47.7 -> 45.8 us,
    // bf16 45.7 -> 43.2, batch 1024 x 128256 bf16 164.6 -> 155.7; not in fixed tiles (batch
    // 256 x 32000 bf16 19.7 -> 20.0).
    float exchanged = -INFINITY;  // the warp's bar after its last exchange
    const auto raise_bar = [&]() __attribute__((always_inline)) {
      std::uint32_t held = 0;
      if constexpr (kTop) {
        held = slice_count(slice);
        if (held >= kCompactAt<kKeep>) bar = fmaxf(bar, slice_bar<kKeep>(slice, held, overflow));
      }
      if (claimed && warp_ballot(kFullWarp, bar > exchanged) == 0) {
        bar = fmaxf(bar, block_bar_now(block_bar));
      } else {
        share_bar(bar);
        if (bar_shared) exchange_block_bar(block_bar, bar);
      }
      exchanged = bar;
      if constexpr (kTop) {
        if (held >= kCompactAt<kKeep>) {
          slice_cut(slice, held, bar);
          // Long shares: the kKeep-th best of the block's table when higher (its first bar the
          // kKeep-th best of the warp's own scores; reset_claims's barrier follows the table's
          // zeros).
          if (claimed) {
            bar = fmaxf(bar, publish_and_read_tops<kGumbelThreads, kKeep>(
                                 slice, slice_count(slice), warp_tops));
          }
        }
      }
    };
    const auto tile_start = [&](const auto& tile_top, const auto& tile_peak)
                                __attribute__((always_inline)) {
          // Until the warp has a bar (its first tile, or later if that was all masked); after,
          // survivors' scores keep it higher. `bar` is equal on every lane here. A first bar is
          // exchanged at once: warps that start later then score their first tile against the
          // best of those before them (batch 256 x 128256 f32 48.6 -> 47.7 us, batch 64 19.1 ->
          // 18.2).
          if (!(bar > -INFINITY)) {
            if constexpr (kTop) {
              bar = first_bar_top<kKeep>(draw, tile_top());
            } else {
              first_bar(draw, tile_top(), bar, mine);
            }
            raise_bar();
          }
          if constexpr (kTop) z_top = fmaxf(z_top, tile_peak());
          tile = tile_bound(draw, tile_peak(), bar);
        };
    const auto visit = [&](std::uint32_t first, const float (&z)[4], std::uint32_t valid)
                           __attribute__((always_inline)) {
          if (valid == kGroup && (score_group_bounded(draw, first, z, tile, claimed, bar, sink) ||
                                  score_group_fast(draw, first, z, bar, sink))) {
            return;
          }
          unsigned lanes = 0;
#pragma unroll
          for (std::uint32_t l = 0; l < kGroup; ++l) {
            if (l >= valid) continue;
            if (isnan(z[l])) {
              mine.nan = 1;
            } else {
              lanes |= 1u << l;
            }
          }
          if (lanes != 0) score_group(draw, first, z, lanes, bar, sink);
        };
    if (claimed) {
      for_each_claimed_group<kGumbelThreads>(
          z_row, cols, RowGroup::rank(), RowGroup::size(), claims, tile_start, visit, raise_bar);
    } else {
      // The first bar takes the tile top's token: found from the vectors' maxima.
      for_each_group<kGumbelThreads, false, false, true>(z_row, cols, vectors, RowGroup::rank(),
                                                         RowGroup::size(), tile_start, visit,
                                                         raise_bar);
    }
  }

  TP_PHASE(1);  // row share read and scored
  if constexpr (kTop) {
    __shared__ unsigned long long staged[kSliceWarps * kKeep];
    __shared__ float warp_z[kSliceWarps];
    __shared__ std::uint32_t warp_flow[kSliceWarps];
    write_block_top_scores<kGumbelThreads, kKeep>(slice, z_top, overflow, staged, warp_z,
                                                  warp_flow,
                                                  top + row * RowGroup::size() + RowGroup::rank());
    return;
  }
  if (split != nullptr) {  // a split row: no cluster, the blocks merge through `split`
    __shared__ unsigned long long warp_words[kGumbelThreads / kWarpSize];
    const unsigned long long word = block_max_word<kGumbelThreads>(split_word(mine), warp_words);
    TP_PHASE(2);  // block merged
    if (threadIdx.x == 0) {
      finish_split(split + row, word, RowGroup::size(), tokens + first_row + row);
    }
    return;
  }
  Partial all = block_merge<kGumbelThreads>(mine, warps, &block_result);
  TP_PHASE(2);  // block merged
  if (RowGroup::size() > 1) {
    RowGroup::sync();
    if (RowGroup::rank() == 0 && threadIdx.x == 0) {
      for (unsigned r = 1; r < RowGroup::size(); ++r) {
        all = merge(all, *RowGroup::remote(&block_result, r));
      }
    }
    RowGroup::sync();  // partners keep their shared memory until block 0 has read it
  }
  if (RowGroup::rank() == 0 && threadIdx.x == 0) {
    tokens[first_row + row] = partial_token(all);
  }
}

#if defined(TOKENPICK_PHASE_TIMES)
gpuError_t read_gumbel_phase_marks(long long* marks) {
  return cudaMemcpyFromSymbol(marks, phase_marks, sizeof(long long) * kPhaseMarks);
}
#endif

namespace {

/// Enqueues gumbel_max_kernel<T, tier, kKeep> for one chunk of a call's rows.
template <int kKeep>
gpuError_t enqueue_gumbel_kernel(const void* logits, LogitsType type, std::uint32_t cols,
                                 const KernelRowParams* params, std::uint32_t params_count,
                                 std::uint64_t step, int device, const RowChunk& chunk,
                                 gpuStream_t stream, std::uint32_t* tokens, SplitRow* split,
                                 TopScores* top) {
  const std::uint32_t count = params_count == 1 ? 1 : chunk.rows;
  return dispatch_type_and_tier(type, count, [&](auto element, auto tier) {
    using T = decltype(element);
    constexpr int kTier = decltype(tier)::value;
    constexpr auto kKernel = &gumbel_max_kernel<T, kTier, kKeep>;
    const gpuError_t prepared = prepare_kernel<kKernel>(device, 0);
    if (prepared != gpuSuccess) return prepared;
    return launch_row_groups(kKernel, chunk, kGumbelThreads, 0, stream,
                             static_cast<const T*>(logits), cols, chunk.first_row,
                             chunk_params<kTier>(params, params_count, chunk), count, step,
                             rows_vectorizable<T>(logits, cols), tokens, split, top);
  });
}

}  // namespace

gpuError_t enqueue_gumbel_max(const GumbelLaunch& l, const RowChunk& chunk, gpuStream_t stream,
                              SplitRow* split) {
  return enqueue_gumbel_kernel<0>(l.logits, l.type, l.cols, l.params, l.params_count, l.step,
                                  l.device, chunk, stream, l.tokens, split, nullptr);
}

gpuError_t enqueue_gumbel_top_scores(const RejectionLaunch& l, const RowChunk& chunk,
                                     gpuStream_t stream, TopScores* top, int kept) {
  return with_kept_tier(kept, [&](auto keep) {
    return enqueue_gumbel_kernel<decltype(keep)::value>(l.logits, l.type, l.cols, l.params,
                                                        l.params_count, l.step, l.device, chunk,
                                                        stream, nullptr, nullptr, top);
  });
}

}  // namespace tokenpick

// The top-p route (DESIGN 3): a call of at most 16 rows, 32 with f32 logits (top_p_route.cu),
// whose every row is drawn with top-p >= kTopPRouteMin as its only filter takes two launches
// instead of the two-pass filtered kernel: Gumbel-max's
// kernel keeping each block's kTopScores best scores (top_scores.cuh), then
// top_p_verify_kernel.cu, which finds the best of them inside the top-p set. Same tokens as
// the filtered kernel; a row none of whose candidates is in the set goes to the fallback.
#pragma once

#include "gpu_platform.h"

#include "gpu_runtime.cuh"

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "inline_params.h"
#include "kernel_types.h"
#include "rejection_kernel.h"
#include "row_group_launch.cuh"

namespace tokenpick {

/// Most best scores the first read keeps per block (a TopScores' capacity): a row whose top-p
/// set holds none of the row's K best goes to the fallback, with probability at most
/// (1 - top_p)^K.
constexpr int kTopScores = 8;
/// Smallest top-p the route takes (fallback rows at most 0.25^8 = 1.5e-5 of its rows).
constexpr float kTopPRouteMin = 0.75f;
/// The first read keeps the fewest of these scores per block that holds the fallback rate at
/// its bound at kTopPRouteMin, kRouteFallbackRate = 0.25^8: 4 for calls whose every top-p is
/// at least 0.9375, 6 from 0.8426, else kTopScores. Each score fewer lowers the first read's bar
/// (the K-th best score) and its selections: H100, batch 256 x 128256 f32 top-p 0.9, sigma 1 /
/// 3 / 6, us, K = 8 / 6 / 4: 158.3 / 142.8 / 132.6, 153.3 / 141.8 / 131.9, 145.7 / 137.4 /
/// 127.8; batch 1 x 128256 sigma 3 22.9 / 20.3 / 17.1 (round 30's call 2).
constexpr int kKeptScoreTiers[] = {4, 6, kTopScores};
constexpr double kRouteFallbackRate = 1.52587890625e-05;

/// Scores the first read keeps per block for a call whose smallest top-p is `top_p`.
int top_scores_kept(float top_p);

/// f(std::integral_constant<int, K>) for K the smallest of kKeptScoreTiers that holds `kept`
/// scores: the instance both of the route's kernels take for a call.
template <typename F>
gpuError_t with_kept_tier(int kept, F&& f) {
  static_assert(sizeof(kKeptScoreTiers) / sizeof(kKeptScoreTiers[0]) == 3, "a branch a tier");
  if (kept <= kKeptScoreTiers[0]) return f(std::integral_constant<int, kKeptScoreTiers[0]>{});
  if (kept <= kKeptScoreTiers[1]) return f(std::integral_constant<int, kKeptScoreTiers[1]>{});
  return f(std::integral_constant<int, kKeptScoreTiers[2]>{});
}

/// One block's findings on its share of a row (global memory).
struct TopScores {
  unsigned long long words[kTopScores];  // (order key of score, ~index), best first; 0: none
  float z_max;                           // largest logit of the share (NaN-free)
  std::uint32_t overflow;                // a slice lost words: the row goes to the fallback
};

/// A row's estimated sums across the verify kernel's blocks (zero between launches).
struct VerifyRow {
  double sums[1 + kTopScores];
  std::uint32_t flags;
  std::uint32_t arrived;
};

/// The verify kernel's block: threads, and blocks it is built to keep per multiprocessor.
constexpr int kTopPVerifyThreads = 256;
constexpr int kTopPVerifyBlocksPerSm = 4;
/// Most first-read blocks per row (the verify kernel stages their words in shared memory).
constexpr unsigned kTopPMaxFirstBlocks = 512;
constexpr std::size_t kTopPMaxStagedBytes =
    sizeof(unsigned long long) * kTopScores * kTopPMaxFirstBlocks;
/// TopScores entries of a stream's scratch (rows x first-read blocks per launch).
constexpr std::uint32_t kTopScoresEntries = 16384;

/// A stream's scratch for the route.
struct TopPScratch {
  TopScores top[kTopScoresEntries];
  VerifyRow rows[kMaxInlineRows];
};

/// The route for the whole call; false (nothing enqueued) where a row or the batch does not
/// take it, where it has no scratch (a stream's first call inside a capture) or with
/// TOKENPICK_TOP_P_ROUTE=0. Throws a backend failure.
bool launch_top_p_route(const char* entry, const RejectionLaunch& launch);

/// First read of one chunk: `chunk.group` blocks per row (no clusters), each writing
/// top[row * chunk.group + block].
gpuError_t enqueue_gumbel_top_scores(const RejectionLaunch& launch, const RowChunk& chunk,
                                     gpuStream_t stream, TopScores* top, int kept);

/// Second read of the same chunk: `chunk.group` blocks per row, `first_blocks` the first
/// read's, `kept` the best scores it kept a block (its first K words are read).
gpuError_t enqueue_top_p_verify(const RejectionLaunch& launch, const RowChunk& chunk,
                                unsigned first_blocks, const TopScores* top, VerifyRow* rows,
                                gpuStream_t stream, int kept);

/// The route's scratch for `stream` on `device` (split_scratch.cu), nullptr where none.
TopPScratch* top_p_scratch(const char* entry, int device, void* stream);

}  // namespace tokenpick

// The top-k route (DESIGN 3): a call of at most kTopKRouteMaxRows rows whose every row keeps a
// small top-k (top-p and min-p on top) takes two launches over many blocks a row instead of
// the one-read top-k kernel's cluster of at most 16: top_k_histogram_kernel.cu counts the
// row's finite f by key bin, then top_k_collect_kernel.cu reads the row again, gathers every
// token in the bins at or above the k-th largest f's, and the row's last block finishes it
// as the top-k kernel does (the same candidates, the same finish: the same tokens).
#pragma once

#include "gpu_platform.h"

#include "gpu_runtime.cuh"

#include <cstdint>

#include "filter_plan.cuh"
#include "order_key.cuh"
#include "rejection_kernel.h"
#include "row_group_launch.cuh"

namespace tokenpick {

/// Most rows of a call the route takes by default, and of one pair of launches. H200, top-k 50
/// + top-p 0.9, us, top-k kernel / route (bench-results/2026-12-05-h200-r17a-ab-table.txt):
/// batch 1 x 128256 24.4 / 15.0, bf16 23.0 / 17.0, x 262144 31.0 / 15.3, x 32000 19.1 / 15.8,
/// batch 4 24.9 / 16.7, batch 16 27.0 / 20.0 (bf16 26.1 / 20.0).
constexpr std::uint32_t kTopKRouteMaxRows = 16;
/// Candidates a row may gather (the sorted finish's capacity, sorted_finish.cuh's
/// kSortedWords); a row with more goes to the fallback.
constexpr std::uint32_t kTopKRouteWords = 1024;

/// Bits of TopKRouteRow::flags.
constexpr std::uint32_t kTopKRouteNan = 1;
constexpr std::uint32_t kTopKRouteSpecial = 2;

/// The order key the route bins and gathers by: f's, with -0 read as +0 (equal values: one
/// bin, so that ties at the k-th value are gathered whatever their signs).
__device__ __forceinline__ std::uint32_t route_key(float f) {
  return order_key(f == 0.0f ? 0.0f : f);
}

/// One row's state across the route's two launches (global memory; zero between calls: the
/// row's last block resets it).
struct TopKRouteRow {
  std::uint32_t bins[kBins];             // finite tokens by the top bits of f's order key
  unsigned long long words[kTopKRouteWords];  // gathered candidates (candidate_word)
  std::uint32_t f_max_key;               // order key of the largest f (0: none yet)
  std::uint32_t flags;                   // kTopKRouteNan, kTopKRouteSpecial
  std::uint32_t collected;               // candidates gathered
  std::uint32_t arrived;                 // the second launch's blocks done
};

/// A stream's scratch for the route.
struct TopKRouteScratch {
  TopKRouteRow rows[kTopKRouteMaxRows];
};

/// True when the row may take the route (the call takes it when every row may).
bool takes_top_k_route(const KernelRowParams& p, std::uint32_t cols);

/// The route for the whole call; false (nothing enqueued) where a row or the batch does not
/// take it, where it has no scratch (a stream's first call inside a capture) or with
/// TOKENPICK_TOP_K_ROUTE=0 (1: any batch). Throws a backend failure.
bool launch_top_k_route(const char* entry, const RejectionLaunch& launch);

/// First read of one chunk (at most kTopKRouteMaxRows rows, `chunk.group` blocks a row, no
/// clusters): each block adds its share's bins, largest f and flags to rows[row].
gpuError_t enqueue_top_k_histogram(const RejectionLaunch& launch, const RowChunk& chunk,
                                   gpuStream_t stream, TopKRouteRow* rows);

/// Second read of the same chunk: gathers, finishes each row in its last block, writes the
/// rows' (token, ok) and resets rows[row].
gpuError_t enqueue_top_k_collect(const RejectionLaunch& launch, const RowChunk& chunk,
                                 gpuStream_t stream, TopKRouteRow* rows);

/// The route's scratch for `stream` on `device` (split_scratch.cu), nullptr where none.
TopKRouteScratch* top_k_route_scratch(const char* entry, int device, void* stream);

}  // namespace tokenpick

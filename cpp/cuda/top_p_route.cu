// Host side of the top-p route (top_p_route.h): which calls take it, and its two launches per
// chunk of rows: the first read with Gumbel-max's blocks per row (split rows without
// clusters: the blocks do not merge), keeping as few best scores a block as the call's
// smallest top-p allows (top_scores_kept), the second with enough blocks to fill the GPU.
// Nothing waits; the scratch is the stream's, made on its first call.
#include "top_p_route.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <mutex>

#include "cuda_check.h"
#include "device_shape.h"
#include "filtered_kernels.h"
#include "gumbel_kernels.h"
#include "logit_tiles.cuh"
#include "row_access.cuh"

namespace tokenpick {

namespace {

/// The verify kernel: fewest tokens a block, most blocks per row.
constexpr std::uint32_t kVerifyMinTokens = kTopPVerifyThreads * kUnroll * kGroup;
constexpr unsigned kVerifyMaxBlocks = 64;

/// Most rows of a call the route takes by default, and with f32 logits. H200, us, two-pass
/// filtered kernel / route (bench-results/2026-12-04-h200-r14-call{5,6,9}-*): batch 1 x 128256
/// f32 sigma 1 69.3 / 25.5, batch 16 x 128256 sigma 3 79.1 / 42.1, sigma 6 46.2 / 38.5 (every
/// batch-16 shape faster); batch 32 x 128256 f32 sigma 1 / 6 119.7 / 59.6, 61.2 / 50.8 (every
/// f32 shape faster) but bf16 sigma 6 60.8 / 61.5, x 151936 71.0 / 75.7; batch 64 x 32000 f32
/// sigma 6 35.9 / 39.3; batch 256 x 128256 sigma 1 314 / 214, but sigma 6 164 / 182: the first
/// read's bar (the 8th best score) skips less than Gumbel-max's where the logits are peaked.
constexpr std::uint32_t kRouteMaxRows = 16;
constexpr std::uint32_t kRouteMaxRowsF32 = 32;
/// Shortest f32 rows that take the route at any batch: with the verify's frontier candidates
/// and estimated masses and the first read's block table it is faster there at every sigma
/// (H100, batch 256 x 128256 f32 sigma 1 / 3 / 6 232 / 241 / 147 -> 154 / 152 / 146 us in
/// the twenty-fourth round), but not for rows of 32000 nor for bf16 at sigma 6.
constexpr std::uint32_t kRouteMinColsF32 = 65536;

/// TOKENPICK_TOP_P_ROUTE (read once): 0 never takes the route, 1 takes it at any batch;
/// unset, calls of at most kRouteMaxRows rows (kRouteMaxRowsF32 with f32 logits) take it, and
/// f32 calls of rows of at least kRouteMinColsF32 tokens at any batch.
int route_setting() {
  static const int setting = env_switch("TOKENPICK_TOP_P_ROUTE");
  return setting;
}

}  // namespace

bool takes_top_p_route(const KernelRowParams& p, std::uint32_t cols, std::uint32_t max_rounds) {
  return !plan_row(p).greedy && (p.top_k == 0 || p.top_k >= cols) && p.min_p == 0.0f &&
         p.top_p >= kTopPRouteMin && p.top_p < 1.0f && cols <= kMaxMassTokens &&
         max_rounds >= kDrawPasses;
}

int top_scores_kept(float top_p) {
  const double outside = 1.0 - static_cast<double>(top_p);
  for (const int k : kKeptScoreTiers) {
    if (std::pow(outside, k) <= kRouteFallbackRate) return k;
  }
  return kTopScores;
}

std::uint32_t top_p_route_max_rows(LogitsType type, std::uint32_t cols) {
  const int setting = route_setting();
  const bool f32 = type == LogitsType::F32;
  if (setting == 0) return 0;
  if (setting > 0 || (f32 && cols >= kRouteMinColsF32)) return UINT32_MAX;
  return f32 ? kRouteMaxRowsF32 : kRouteMaxRows;
}

namespace {

/// The route's launches for every row of `l` (each row takes it); false where the stream has no
/// scratch.
bool enqueue_top_p_route(const char* entry, const RejectionLaunch& l) {
  cuda_check(entry, cudaSetDevice(l.device), "cudaSetDevice");
  const DeviceShape& shape = device_shape(entry, l.device);
  TopPScratch* scratch = top_p_scratch(entry, l.device, l.stream);
  if (scratch == nullptr) return false;
  const GumbelBlocks gumbel = gumbel_row_blocks(shape, l.rows, l.cols, l.type);
  const unsigned first_blocks = std::min(std::max(gumbel.split, gumbel.group), kTopPMaxFirstBlocks);
  const unsigned slots = static_cast<unsigned>(shape.multiprocessors) * kTopPVerifyBlocksPerSm;
  // One wave: at most the block slots, shared out between the rows.
  unsigned verify_blocks = std::min(slots / l.rows, kVerifyMaxBlocks);
  verify_blocks = std::max(1u, std::min(verify_blocks, l.cols / kVerifyMinTokens));
  const std::uint32_t chunk_rows = std::min(kMaxInlineRows, kTopScoresEntries / first_blocks);
  const bool overlap = dependent_launches(shape);
  const cudaStream_t stream = static_cast<cudaStream_t>(l.stream);
  float least_top_p = 1.0f;
  for (std::uint32_t i = 0; i < l.params_count; ++i) {
    least_top_p = std::min(least_top_p, l.params[i].top_p);
  }
  const int kept = top_scores_kept(least_top_p);
  // A chunk's two launches share the stream's scratch: calls from other threads on the same
  // stream must not enqueue between them.
  static std::mutex enqueue_lock;
  const std::lock_guard<std::mutex> guard(enqueue_lock);
  for (std::uint32_t first = 0; first < l.rows; first += chunk_rows) {
    const std::uint32_t rows = std::min(chunk_rows, l.rows - first);
    cuda_check(entry,
               enqueue_gumbel_top_scores(l, RowChunk{first, rows, first_blocks, false, overlap},
                                         stream, scratch->top, kept),
               "gumbel_max_kernel (top scores) launch");
    cuda_check(entry,
               enqueue_top_p_verify(l, RowChunk{first, rows, verify_blocks, false, overlap},
                                    first_blocks, scratch->top, scratch->rows, stream, kept),
               "top_p_verify_kernel launch");
  }
  return true;
}

/// Index of the first of `l`'s parameter sets that does not take the route, or params_count.
std::uint32_t first_row_off_route(const RejectionLaunch& l) {
  std::uint32_t i = 0;
  while (i < l.params_count && takes_top_p_route(l.params[i], l.cols, l.max_rounds)) ++i;
  return i;
}

}  // namespace

bool launch_top_p_route(const char* entry, const RejectionLaunch& l) {
  if (l.rows > top_p_route_max_rows(l.type, l.cols)) return false;
  if (first_row_off_route(l) != l.params_count) return false;
  return enqueue_top_p_route(entry, l);
}

void launch_top_p_route_any_batch(const char* entry, const RejectionLaunch& l) {
  const std::uint32_t off = first_row_off_route(l);
  if (off != l.params_count) {
    char reason[192];
    std::snprintf(reason, sizeof reason,
                  "row %u does not take the top-p route (its rows: a top-p in [%g, 1) as the "
                  "only filter, not greedy, at least %u rounds, at most %u tokens)",
                  off, kTopPRouteMin, kDrawPasses, kMaxMassTokens);
    throw_invalid_argument(entry, "params", reason);
  }
  if (!enqueue_top_p_route(entry, l)) {
    throw_backend_failure(entry,
                          "the top-p route has no scratch on this stream (its first route "
                          "call may not be made inside a graph capture)");
  }
}

}  // namespace tokenpick

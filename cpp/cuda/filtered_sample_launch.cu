// Host side of the CUDA filtering kernels: a call whose every row has top-p alone takes the
// top-p route (top_p_route.h), a call of few rows whose every row has a small top-k the top-k
// route (top_k_route.h), one whose every row is greedy or has a small top-k the one-read
// top-k kernel, any other the two-pass filtered kernel; blocks per
// row from the batch (launch_rows), the launches one per kMaxInlineRows rows. Nothing is
// allocated and nothing waits.
#include "filtered_kernels.h"
#include "launch_dispatch.cuh"
#include "logit_tiles.cuh"
#include "row_access.cuh"
#include "top_k_route.h"
#include "top_p_route.h"

namespace tokenpick {

namespace {

/// Fewest tokens a block of a split row gets.
constexpr unsigned kMinTokensPerBlock = kFilterThreads * kUnroll * kGroup;
/// Most blocks per row (row_group_for has the H200 figures): beyond 8, the cluster's gather
/// and merge cost more than the shorter pass saves...
constexpr unsigned kMaxFilterRowGroup = 8;
/// ...except for the top-k kernel on rows long enough that 16 blocks still get this many
/// tokens each (H200, batch 1 x 262144, top-k 50 + top-p 0.9: 16 blocks 40.3-41.0 us, 8
/// blocks 41.4-42.1).
constexpr std::uint32_t kWideTopKBlockTokens = 16384;
/// Above kFewRows rows, both kernels take at most 6 blocks (H200, batch 16 x 128256, sigma
/// 3, f32, us at 8 / 6 blocks: top-k 50 + top-p 0.9 44.8 / 37.6, top-p 0.9 91.9 / 80.6,
/// min-p 0.1 23.4 / 21.2; x 262144 within 0.5% or better).
constexpr unsigned kManyRowsFilterRowGroup = 6;
constexpr std::uint32_t kFewRows = 8;

/// The most blocks per row a launch of `rows` rows may take.
unsigned max_row_group(bool small_top_k, std::uint32_t rows, std::uint32_t cols) {
  if (rows > kFewRows) return kManyRowsFilterRowGroup;
  return small_top_k && cols / kWideTopKBlockTokens >= kMaxRowGroup ? kMaxRowGroup
                                                                    : kMaxFilterRowGroup;
}

/// True when the row is greedy or keeps a small top-k: what the one-read kernel takes.
bool takes_small_top_k(const KernelRowParams& p, std::uint32_t cols) {
  return plan_row(p).greedy || (p.top_k > 0 && p.top_k <= kSmallTopK && p.top_k < cols);
}

}  // namespace

void launch_fused_rejection(const char* entry, const RejectionLaunch& l) {
  if (launch_top_p_route(entry, l) || launch_top_k_route(entry, l)) return;
  const cudaStream_t stream = static_cast<cudaStream_t>(l.stream);
  bool small_top_k = true;
  for (std::uint32_t i = 0; i < l.params_count; ++i) {
    small_top_k = small_top_k && takes_small_top_k(l.params[i], l.cols);
  }
  launch_rows(entry, l.device, l.rows, l.cols, kFilterBlocksPerSm, kMinTokensPerBlock,
              max_row_group(small_top_k, l.rows, l.cols),
              small_top_k ? "top_k_sample_kernel launch" : "filtered_sample_kernel launch",
              [&](const RowChunk& chunk) {
                return small_top_k ? enqueue_top_k_sample(l, chunk, stream)
                                   : enqueue_filtered_sample(l, chunk, stream);
              });
}

}  // namespace tokenpick

// Host side of the CUDA filtered-sampling kernel: blocks per row from the batch (launch_rows),
// the launches one per kMaxInlineRows rows. Nothing is allocated and nothing waits.
#include "filtered_kernels.h"
#include "launch_dispatch.cuh"
#include "logit_tiles.cuh"

namespace tokenpick {

namespace {

/// Fewest tokens a block of a split row gets.
constexpr unsigned kMinTokensPerBlock = kFilterThreads * kUnroll * kGroup;

}  // namespace

void launch_fused_rejection(const char* entry, const RejectionLaunch& l) {
  const cudaStream_t stream = static_cast<cudaStream_t>(l.stream);
  launch_rows(entry, l.device, l.rows, l.cols, kFilterBlocksPerSm, kMinTokensPerBlock,
              "filtered_sample_kernel launch",
              [&](const RowChunk& chunk) { return enqueue_filtered_sample(l, chunk, stream); });
}

}  // namespace tokenpick

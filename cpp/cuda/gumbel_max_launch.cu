// Host side of the CUDA Gumbel-max kernel: blocks per row from the batch (launch_rows), the
// launches one per kMaxInlineRows rows. Nothing is allocated and nothing waits.
#include "gumbel_kernels.h"
#include "launch_dispatch.cuh"
#include "logit_tiles.cuh"

namespace tokenpick {

namespace {

/// Fewest tokens a block of a split row gets (one tile of f32 vectors).
constexpr unsigned kMinTokensPerBlock = kGumbelThreads * kUnroll * kGroup;

}  // namespace

void launch_gumbel_max(const char* entry, const GumbelLaunch& l) {
  const cudaStream_t stream = static_cast<cudaStream_t>(l.stream);
  launch_rows(entry, l.device, l.rows, l.cols, kGumbelBlocksPerSm, kMinTokensPerBlock,
              "gumbel_max_kernel launch",
              [&](const RowChunk& chunk) { return enqueue_gumbel_max(l, chunk, stream); });
}

}  // namespace tokenpick

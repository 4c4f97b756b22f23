// Host side of the CUDA Gumbel-max kernel: small batches split each row over many blocks
// (split_blocks_for, per-stream merge state set up on a stream's first call), others take row
// groups from the batch (row_group_for, enqueue_row_chunks), one launch per kMaxInlineRows
// rows. Nothing waits, and after a stream's first call nothing is allocated.
#include "gumbel_kernels.h"
#include "launch_dispatch.cuh"
#include "logit_tiles.cuh"

namespace tokenpick {

namespace {

/// Fewest tokens a block of a row group gets (one tile of f32 vectors).
constexpr unsigned kMinTokensPerBlock = kGumbelThreads * kUnroll * kGroup;
/// Fewest tokens a block of a split row gets (one per thread). H200, batch 1 x 128256, blocks
/// per row: 32: 8.65 us, 63: 7.38, 96: 7.08, 128: 6.98, 256: 7.33 (clusters of 16: 12.96).
constexpr unsigned kMinSplitTokensPerBlock = kGumbelThreads;

static_assert(kMaxSplitRows <= kMaxInlineRows, "a split launch is one chunk");

}  // namespace

GumbelBlocks gumbel_row_blocks(const DeviceShape& shape, std::uint32_t rows, std::uint32_t cols,
                               LogitsType type) {
  const unsigned token_bytes = type == LogitsType::F32 ? 4u : 2u;
  return GumbelBlocks{split_blocks_for(shape, kGumbelBlocksPerSm, rows, cols, token_bytes,
                                       kMinSplitTokensPerBlock, kMaxSplitRows),
                      row_group_for(shape, kGumbelBlocksPerSm, rows, cols, kMinTokensPerBlock,
                                    kMaxRowGroup)};
}

void launch_gumbel_max(const char* entry, const GumbelLaunch& l) {
  constexpr const char* kWhat = "gumbel_max_kernel launch";
  const cudaStream_t stream = static_cast<cudaStream_t>(l.stream);
  cuda_check(entry, cudaSetDevice(l.device), "cudaSetDevice");
  const DeviceShape& shape = device_shape(entry, l.device);
  const GumbelBlocks blocks = gumbel_row_blocks(shape, l.rows, l.cols, l.type);
  const unsigned split = blocks.split;
  const unsigned group = blocks.group;
  const bool overlap = dependent_launches(shape);
  if (split > group) {
    if (SplitRow* rows = split_scratch(entry, l.device, l.stream)) {
      const RowChunk chunk{0, l.rows, split, false, overlap};
      cuda_check(entry, enqueue_gumbel_max(l, chunk, stream, rows), kWhat);
      return;
    }
  }
  const auto enqueue = [&](const RowChunk& chunk) {
    return enqueue_gumbel_max(l, chunk, stream, nullptr);
  };
  cuda_check(entry, enqueue_row_chunks<kPortableRowGroup>(l.rows, group, overlap, enqueue),
             kWhat);
}

}  // namespace tokenpick

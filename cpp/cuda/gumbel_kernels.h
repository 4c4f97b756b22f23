// The CUDA Gumbel-max kernel's launch entry (gumbel_max_kernel.cu), for the launcher.
#pragma once

#include "gpu_runtime.cuh"

#include "device_shape.h"
#include "gumbel_max_kernel.h"
#include "inline_params.h"
#include "row_group_launch.cuh"
#include "split_scratch.h"

namespace tokenpick {

/// Threads per block.
constexpr int kGumbelThreads = 512;
/// Blocks resident per multiprocessor (registers are capped to allow it).
constexpr int kGumbelBlocksPerSm = 2;

/// Enqueues the kernel for one chunk of rows (at most kMaxInlineRows). `split`: the rows'
/// merge state when the chunk's row groups are not clusters but split rows (else nullptr).
/// Blocks per row of a Gumbel-max call: `split` (0: none) when a row splits without clusters
/// (split_blocks_for), else `group` (row_group_for); the launcher splits when split > group.
struct GumbelBlocks {
  unsigned split;
  unsigned group;
};
GumbelBlocks gumbel_row_blocks(const DeviceShape& shape, std::uint32_t rows, std::uint32_t cols,
                               LogitsType type);

gpuError_t enqueue_gumbel_max(const GumbelLaunch& launch, const RowChunk& chunk,
                              gpuStream_t stream, SplitRow* split);

#if defined(TOKENPICK_PHASE_TIMES)
/// The kernel's phase marks (phase_times.cuh) of the last launch.
gpuError_t read_gumbel_phase_marks(long long* marks);
#endif

}  // namespace tokenpick

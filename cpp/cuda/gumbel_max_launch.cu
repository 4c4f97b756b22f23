// Host side of the CUDA Gumbel-max kernel: how many blocks share a row (enough to fill the
// GPU when the batch is small, none with less than a tile of work), and the launches, one per
// kMaxInlineRows rows. Nothing is allocated and nothing waits.
#include "gpu_runtime.cuh"

#include <algorithm>

#include "cuda_check.h"
#include "device_shape.h"
#include "gumbel_kernels.h"
#include "logit_tiles.cuh"

namespace tokenpick {

namespace {

/// Fewest tokens a block of a split row gets (one tile of f32 vectors).
constexpr unsigned kMinTokensPerBlock = kGumbelThreads * kUnroll * kGroup;

}  // namespace

void launch_gumbel_max(const char* entry, const GumbelLaunch& l) {
  cuda_check(entry, cudaSetDevice(l.device), "cudaSetDevice");
  const DeviceShape& shape = device_shape(entry, l.device);
  const cudaStream_t stream = static_cast<cudaStream_t>(l.stream);
  const unsigned group =
      row_group_for(shape, kGumbelBlocksPerSm, l.rows, l.cols, kMinTokensPerBlock);
  for (std::uint32_t first = 0; first < l.rows; first += kMaxInlineRows) {
    RowChunk chunk{first, std::min(kMaxInlineRows, l.rows - first), group, group > 1};
    cudaError_t status = enqueue_gumbel_max(l, chunk, stream);
    if (status != cudaSuccess && chunk.group > kPortableRowGroup) {
      cudaGetLastError();  // no clusters of 16 here: the portable size
      chunk.group = kPortableRowGroup;
      status = enqueue_gumbel_max(l, chunk, stream);
    }
    cuda_check(entry, status, "gumbel_max_kernel launch");
  }
}

}  // namespace tokenpick

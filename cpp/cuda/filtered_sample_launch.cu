// Host side of the CUDA filtered-sampling kernel: how many blocks share a row (enough to fill
// the GPU when the batch is small), and the launches, one per kMaxInlineRows rows. Nothing is
// allocated and nothing waits.
#include "gpu_runtime.cuh"

#include <algorithm>

#include "cuda_check.h"
#include "device_shape.h"
#include "filtered_kernels.h"
#include "logit_tiles.cuh"

namespace tokenpick {

namespace {

/// Fewest tokens a block of a split row gets.
constexpr unsigned kMinTokensPerBlock = kFilterThreads * kUnroll * kGroup;

}  // namespace

void launch_fused_rejection(const char* entry, const RejectionLaunch& l) {
  cuda_check(entry, cudaSetDevice(l.device), "cudaSetDevice");
  const DeviceShape& shape = device_shape(entry, l.device);
  const unsigned group =
      row_group_for(shape, kFilterBlocksPerSm, l.rows, l.cols, kMinTokensPerBlock);
  const cudaStream_t stream = static_cast<cudaStream_t>(l.stream);
  for (std::uint32_t first = 0; first < l.rows; first += kMaxInlineRows) {
    RowChunk chunk{first, std::min(kMaxInlineRows, l.rows - first), group, group > 1};
    cudaError_t status = enqueue_filtered_sample(l, chunk, stream);
    if (status != cudaSuccess && chunk.group > kPortableRowGroup) {
      cudaGetLastError();  // no clusters of 16 here: the portable size
      chunk.group = kPortableRowGroup;
      status = enqueue_filtered_sample(l, chunk, stream);
    }
    cuda_check(entry, status, "filtered_sample_kernel launch");
  }
}

}  // namespace tokenpick

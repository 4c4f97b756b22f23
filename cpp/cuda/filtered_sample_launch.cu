// Host side of the CUDA filtered-sampling kernel: how many blocks share a row (enough to fill
// the GPU, and enough that the rows in flight fit in half the L2, so the second read of a row
// hits the cache), and the launches, one per kMaxInlineRows rows. Nothing is allocated and
// nothing waits.
#include <cuda_bf16.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <string>

#include "../errors.h"
#include "device_shape.h"
#include "filtered_kernels.h"
#include "logit_tiles.cuh"

namespace tokenpick {

namespace {

/// Fewest tokens a block of a split row gets.
constexpr unsigned kMinTokensPerBlock = kFilterThreads * kUnroll * kGroup;

std::size_t element_bytes(LogitsType type) { return type == LogitsType::F32 ? 4 : 2; }

}  // namespace

void launch_fused_rejection(const char* entry, const RejectionLaunch& l) {
  const cudaError_t device_status = cudaSetDevice(l.device);
  if (device_status != cudaSuccess) {
    cudaGetLastError();
    throw_backend_failure(entry,
                          std::string("cudaSetDevice: ") + cudaGetErrorString(device_status));
  }
  const DeviceShape& shape = device_shape(entry, l.device);
  unsigned group = 1;
  if (shape.clusters) {
    const unsigned slots = static_cast<unsigned>(shape.multiprocessors) * kFilterBlocksPerSm;
    const unsigned fill = (slots + l.rows - 1) / l.rows;
    const double row_bytes = static_cast<double>(l.cols) * element_bytes(l.type);
    const unsigned cache =
        static_cast<unsigned>(slots * row_bytes / (0.5 * shape.l2_bytes)) + 1;
    const unsigned most = std::max(1u, (l.cols + kMinTokensPerBlock - 1) / kMinTokensPerBlock);
    group = std::max(1u, std::min({std::max(fill, cache), most, kMaxRowGroup}));
  }
  const cudaStream_t stream = static_cast<cudaStream_t>(l.stream);
  for (std::uint32_t first = 0; first < l.rows; first += kMaxInlineRows) {
    const RowChunk chunk{first, std::min(kMaxInlineRows, l.rows - first), group, group > 1};
    const cudaError_t status = enqueue_filtered_sample(l, chunk, stream);
    if (status != cudaSuccess) {
      cudaGetLastError();
      throw_backend_failure(entry, std::string("filtered_sample_kernel launch: ") +
                                       cudaGetErrorString(status));
    }
  }
}

}  // namespace tokenpick

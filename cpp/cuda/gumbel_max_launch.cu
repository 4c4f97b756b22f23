// Host side of the CUDA Gumbel-max kernel: how many blocks share a row (enough to fill the
// GPU when the batch is small, none with less than a tile of work), and the launches, one per
// kMaxInlineRows rows. Nothing is allocated and nothing waits.
#include <cuda_runtime.h>

#include <algorithm>
#include <string>

#include "../errors.h"
#include "device_shape.h"
#include "gumbel_kernels.h"
#include "logit_tiles.cuh"

namespace tokenpick {

namespace {

/// Blocks aimed at per multiprocessor.
constexpr unsigned kBlocksPerSm = 2;
/// Fewest tokens a block of a split row gets (one tile of f32 vectors).
constexpr unsigned kMinTokensPerBlock = kGumbelThreads * kUnroll * kGroup;

void check(const char* entry, cudaError_t status, const char* what) {
  if (status != cudaSuccess) {
    cudaGetLastError();
    throw_backend_failure(entry, std::string(what) + ": " + cudaGetErrorString(status));
  }
}

}  // namespace

void launch_gumbel_max(const char* entry, const GumbelLaunch& l) {
  check(entry, cudaSetDevice(l.device), "cudaSetDevice");
  const DeviceShape& shape = device_shape(entry, l.device);
  const cudaStream_t stream = static_cast<cudaStream_t>(l.stream);
  unsigned group = 1;
  if (shape.clusters) {
    const unsigned slots = static_cast<unsigned>(shape.multiprocessors) * kBlocksPerSm;
    const unsigned wanted = (slots + l.rows - 1) / l.rows;
    const unsigned most = std::max(1u, (l.cols + kMinTokensPerBlock - 1) / kMinTokensPerBlock);
    group = std::max(1u, std::min({wanted, most, kMaxRowGroup}));
  }
  for (std::uint32_t first = 0; first < l.rows; first += kMaxInlineRows) {
    const RowChunk chunk{first, std::min(kMaxInlineRows, l.rows - first), group, group > 1};
    check(entry, enqueue_gumbel_max(l, chunk, stream), "gumbel_max_kernel launch");
  }
}

}  // namespace tokenpick

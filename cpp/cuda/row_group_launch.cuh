// Host side of row groups: launching a kernel with one row per grid row and `group` blocks
// per row along x, the row's blocks made a thread-block cluster when the device has them.
#pragma once

#include <cuda_runtime.h>

#include <cstdint>

namespace tokenpick {

/// Rows [first_row, first_row + rows) of a launch and how many blocks share each row.
struct RowChunk {
  std::uint32_t first_row;
  std::uint32_t rows;
  unsigned group;
  bool clusters;
};

template <typename... Params, typename... Args>
cudaError_t launch_row_groups(void (*kernel)(Params...), const RowChunk& chunk, int threads,
                              std::size_t shared_bytes, cudaStream_t stream, Args&&... args) {
  cudaLaunchConfig_t config = {};
  config.gridDim = dim3(chunk.group, chunk.rows, 1);
  config.blockDim = dim3(threads, 1, 1);
  config.dynamicSmemBytes = shared_bytes;
  config.stream = stream;
  cudaLaunchAttribute attribute[1];
  attribute[0].id = cudaLaunchAttributeClusterDimension;
  attribute[0].val.clusterDim.x = chunk.group;
  attribute[0].val.clusterDim.y = 1;
  attribute[0].val.clusterDim.z = 1;
  config.attrs = attribute;
  config.numAttrs = chunk.clusters ? 1 : 0;
  return cudaLaunchKernelEx(&config, kernel, static_cast<Args&&>(args)...);
}

}  // namespace tokenpick

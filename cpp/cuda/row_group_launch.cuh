// Host side of row groups: launching a kernel with one row per grid row and `group` blocks
// per row along x, the row's blocks made a thread-block cluster when the device has them.
#pragma once

#include "gpu_platform.h"

#include "gpu_runtime.cuh"

#include <cstddef>
#include <cstdint>
#include <mutex>

namespace tokenpick {

/// Rows [first_row, first_row + rows) of a launch and how many blocks share each row;
/// `overlap`: launched as a programmatic dependent of the stream's previous kernel
/// (grid_overlap.cuh).
struct RowChunk {
  std::uint32_t first_row;
  std::uint32_t rows;
  unsigned group;
  bool clusters;
  bool overlap = false;
};

/// Devices whose kernel set-up is remembered (others set up on every launch).
constexpr int kDevicesRemembered = 64;

/// Sets up `kKernel` once per device: the dynamic shared memory above 48 KB it needs, and
/// clusters beyond the portable 8 blocks (where the device has them).
template <auto kKernel>
gpuError_t prepare_kernel(int device, std::size_t shared_bytes) {
  const auto set_up = [&]() -> gpuError_t {
#if defined(TP_HIP)
    // No clusters on AMD: only the dynamic shared memory opt-in.
    if (shared_bytes <= 48 * 1024) return gpuSuccess;
    return hipFuncSetAttribute(reinterpret_cast<const void*>(kKernel),
                               hipFuncAttributeMaxDynamicSharedMemorySize,
                               static_cast<int>(shared_bytes));
#else
    // Clusters of 16 are an opt-in; devices without them refuse it, which changes nothing.
    if (cudaFuncSetAttribute(kKernel, cudaFuncAttributeNonPortableClusterSizeAllowed, 1) !=
        cudaSuccess) {
      (void)cudaGetLastError();
    }
    if (shared_bytes <= 48 * 1024) return cudaSuccess;
    return cudaFuncSetAttribute(kKernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                static_cast<int>(shared_bytes));
#endif
  };
  static std::once_flag once[kDevicesRemembered];
  static gpuError_t status[kDevicesRemembered];
  if (device < 0 || device >= kDevicesRemembered) return set_up();
  std::call_once(once[device], [&] { status[device] = set_up(); });
  return status[device];
}

template <typename... Params, typename... Args>
gpuError_t launch_row_groups(void (*kernel)(Params...), const RowChunk& chunk, int threads,
                             std::size_t shared_bytes, gpuStream_t stream, Args&&... args) {
#if defined(TP_HIP)
  // One block per row on AMD (no clusters): the launchers pass group 1 there.
  hipLaunchKernelGGL(kernel, dim3(chunk.group, chunk.rows, 1), dim3(threads, 1, 1),
                     static_cast<unsigned>(shared_bytes), stream, static_cast<Args&&>(args)...);
  return hipGetLastError();
#else
  cudaLaunchConfig_t config = {};
  config.gridDim = dim3(chunk.group, chunk.rows, 1);
  config.blockDim = dim3(threads, 1, 1);
  config.dynamicSmemBytes = shared_bytes;
  config.stream = stream;
  cudaLaunchAttribute attribute[2];
  unsigned count = 0;
  if (chunk.clusters) {
    attribute[count].id = cudaLaunchAttributeClusterDimension;
    attribute[count].val.clusterDim.x = chunk.group;
    attribute[count].val.clusterDim.y = 1;
    attribute[count].val.clusterDim.z = 1;
    ++count;
  }
  if (chunk.overlap) {
    attribute[count].id = cudaLaunchAttributeProgrammaticStreamSerialization;
    attribute[count].val.programmaticStreamSerializationAllowed = 1;
    ++count;
  }
  config.attrs = attribute;
  config.numAttrs = count;
  return cudaLaunchKernelEx(&config, kernel, static_cast<Args&&>(args)...);
#endif
}

}  // namespace tokenpick

#include "device_shape.h"
#include "gpu_platform.h"

#include "gpu_runtime.cuh"

#include <algorithm>
#include <cstdlib>
#include <mutex>

#include "cuda_check.h"

namespace tokenpick {

namespace {

/// Devices cached (ordinals at or above are read every call).
constexpr int kCachedDevices = 64;

DeviceShape read_shape(const char* entry, int device) {
  DeviceShape shape{};
  int major = 0;
  const cudaError_t status[] = {
      cudaDeviceGetAttribute(&shape.multiprocessors, cudaDevAttrMultiProcessorCount, device),
      cudaDeviceGetAttribute(&shape.l2_bytes, cudaDevAttrL2CacheSize, device),
      cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, device)};
  for (const cudaError_t s : status) cuda_check(entry, s, "cudaDeviceGetAttribute");
#if defined(TP_HIP_AMD)
  (void)major;
  shape.clusters = false;  // AMD has no thread-block clusters (its "major" is the gfx generation)
#else
  shape.clusters = major >= 9;
#endif
  return shape;
}

}  // namespace

namespace {

/// TOKENPICK_ROW_GROUP (1..16), read once: forces the blocks per row, for tuning; 0 unset.
unsigned row_group_override() {
  static const unsigned forced = [] {
    const char* text = std::getenv("TOKENPICK_ROW_GROUP");
    const long value = text != nullptr ? std::strtol(text, nullptr, 10) : 0;
    return value >= 1 && value <= static_cast<long>(kMaxRowGroup) ? static_cast<unsigned>(value)
                                                                  : 0u;
  }();
  return forced;
}

}  // namespace

unsigned row_group_for(const DeviceShape& shape, unsigned blocks_per_sm, std::uint32_t rows,
                       std::uint32_t cols, unsigned min_tokens_per_block) {
  if (!shape.clusters) return 1;
  if (row_group_override() != 0) return row_group_override();
  const unsigned slots = static_cast<unsigned>(shape.multiprocessors) * blocks_per_sm;
  const unsigned wanted = slots / (2 * std::max<std::uint32_t>(rows, 1));
  const unsigned most = std::max(1u, (cols + min_tokens_per_block - 1) / min_tokens_per_block);
  return std::max(1u, std::min({wanted, most, kMaxRowGroup}));
}

const DeviceShape& device_shape(const char* entry, int device) {
  static DeviceShape shapes[kCachedDevices];
  static std::once_flag once[kCachedDevices];
  static thread_local DeviceShape uncached;
  if (device < 0 || device >= kCachedDevices) {
    uncached = read_shape(entry, device);
    return uncached;
  }
  std::call_once(once[device], [&] { shapes[device] = read_shape(entry, device); });
  return shapes[device];
}

}  // namespace tokenpick

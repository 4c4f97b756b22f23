#include "device_shape.h"

#include <cuda_runtime.h>

#include <mutex>
#include <string>

#include "../errors.h"

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
  for (const cudaError_t s : status) {
    if (s != cudaSuccess) {
      cudaGetLastError();
      throw_backend_failure(entry, std::string("cudaDeviceGetAttribute: ") + cudaGetErrorString(s));
    }
  }
  shape.clusters = major >= 9;
  return shape;
}

}  // namespace

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

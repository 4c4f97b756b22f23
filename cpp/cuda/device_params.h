// A device copy of a call's row parameters, stream-ordered: allocated, filled and freed on the
// call's stream, so a port that uses it enqueues without waiting for the device.
#pragma once

#include <cstddef>

#include "tokenpick-core/cpp/cuda/kernel_types.h"

namespace tokenpick {

class DeviceParams {
 public:
  /// Enqueues the upload of `count` parameter sets (the bridge's RowParams layout).
  DeviceParams(const char* entry, int device, const void* params, std::size_t count,
               void* stream);
  ~DeviceParams();
  DeviceParams(const DeviceParams&) = delete;
  DeviceParams& operator=(const DeviceParams&) = delete;
  const KernelRowParams* get() const { return static_cast<const KernelRowParams*>(pointer_); }

 private:
  int device_;
  void* stream_;
  void* pointer_;
};

}  // namespace tokenpick

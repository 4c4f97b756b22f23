// A device copy of a call's row parameters, freed when the port returns.
#pragma once

#include <cstddef>

#include "tokenpick-core/cpp/cuda/kernel_types.h"

namespace tokenpick {

class DeviceParams {
 public:
  /// Uploads `count` parameter sets (the bridge's RowParams layout) on `stream` and waits.
  DeviceParams(const char* entry, int device, const void* params, std::size_t count,
               void* stream);
  ~DeviceParams();
  DeviceParams(const DeviceParams&) = delete;
  DeviceParams& operator=(const DeviceParams&) = delete;
  const KernelRowParams* get() const { return static_cast<const KernelRowParams*>(pointer_); }

 private:
  int device_;
  void* pointer_;
};

}  // namespace tokenpick

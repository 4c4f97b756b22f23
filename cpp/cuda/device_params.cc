#include "tokenpick-core/cpp/cuda/device_params.h"

#include "tokenpick-core/cpp/cuda/cuda_memory.h"

namespace tokenpick {

DeviceParams::DeviceParams(const char* entry, int device, const void* params, std::size_t count,
                           void* stream)
    : device_(device),
      stream_(stream),
      pointer_(cuda_alloc_async(entry, device, count * sizeof(KernelRowParams), stream)) {
  try {
    cuda_upload_async(entry, device, pointer_, params, count * sizeof(KernelRowParams), stream);
  } catch (...) {
    cuda_free_async(device_, pointer_, stream_);
    throw;
  }
}

// Freed after the kernels that read it, in stream order.
DeviceParams::~DeviceParams() { cuda_free_async(device_, pointer_, stream_); }

}  // namespace tokenpick

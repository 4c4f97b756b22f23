#include "tokenpick-core/cpp/cuda/device_params.h"

#include "tokenpick-core/cpp/cuda/cuda_memory.h"

namespace tokenpick {

DeviceParams::DeviceParams(const char* entry, int device, const void* params, std::size_t count,
                           void* stream)
    : device_(device), pointer_(cuda_alloc(entry, device, count * sizeof(KernelRowParams))) {
  try {
    cuda_upload(entry, device, pointer_, params, count * sizeof(KernelRowParams), stream);
  } catch (...) {
    cuda_free(device_, pointer_);
    throw;
  }
}

DeviceParams::~DeviceParams() { cuda_free(device_, pointer_); }

}  // namespace tokenpick

// The backend-failure idiom for CUDA runtime statuses (nvcc-compiled host code only).
#pragma once

#include <cuda_runtime.h>

#include <string>

#include "../errors.h"

namespace tokenpick {

/// Throws the backend failure naming `entry` and `what` unless `status` is success (clearing
/// the runtime's last error first).
inline void cuda_check(const char* entry, cudaError_t status, const char* what) {
  if (status != cudaSuccess) {
    cudaGetLastError();
    throw_backend_failure(entry, std::string(what) + ": " + cudaGetErrorString(status));
  }
}

}  // namespace tokenpick

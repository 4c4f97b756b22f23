// The backend-failure idiom for CUDA runtime statuses (host code of the CUDA and HIP builds).
#pragma once

#include "gpu_runtime.cuh"

#include <string>

#include "../errors.h"

namespace tokenpick {

/// Throws the backend failure naming `entry` and `what` unless `status` is success (clearing
/// the runtime's last error first).
inline void cuda_check(const char* entry, cudaError_t status, const char* what) {
  if (status != cudaSuccess) {
    (void)cudaGetLastError();
    throw_backend_failure(entry, std::string(what) + ": " + cudaGetErrorString(status));
  }
}

}  // namespace tokenpick

// Asks the CUDA runtime how many devices it sees. Without a GPU the runtime answers an error
// (cudaErrorInsufficientDriver, 35, or cudaErrorNoDevice) rather than a zero count: any error
// or a zero count means "no device", so the backend resolves to None.
#include "gpu_runtime.cuh"

#include "cuda_probe.h"

namespace tokenpick {

int cuda_device_count() {
  int count = 0;
  const cudaError_t status = cudaGetDeviceCount(&count);
  if (status != cudaSuccess) {
    (void)cudaGetLastError();  // clear the sticky error so later calls start clean
    return 0;
  }
  return count;
}

const char* cuda_device_name(int device) {
  static thread_local cudaDeviceProp properties;
  if (cudaGetDeviceProperties(&properties, device) != cudaSuccess) {
    (void)cudaGetLastError();
    return "unknown";
  }
  return properties.name;
}

}  // namespace tokenpick

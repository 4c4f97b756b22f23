// CUDA memory helpers for Array: allocation, upload, download. Errors become exceptions in the
// errors.h idiom (C++ exceptions cross from nvcc-compiled host code to the launchers).
#include "gpu_runtime.cuh"

#include <cstdint>
#include <mutex>

#include "cuda_check.h"
#include "cuda_memory.h"

namespace tokenpick {

namespace {

/// Devices with a cached pool (others get the device's default pool).
constexpr int kPooledDevices = 64;

/// tokenpick's own stream-ordered pool on `device`, created once. Freed blocks stay in it
/// (release threshold: never), so after the first calls an output costs no allocation from
/// the driver; the caller's default pool is left as it is.
cudaMemPool_t pool_of(const char* entry, int device) {
  static std::once_flag once[kPooledDevices];
  static cudaMemPool_t pools[kPooledDevices];
  static cudaError_t status[kPooledDevices];
  if (device < 0 || device >= kPooledDevices) {
    cudaMemPool_t pool = nullptr;
    cuda_check(entry, cudaDeviceGetDefaultMemPool(&pool, device), "cudaDeviceGetDefaultMemPool");
    return pool;
  }
  std::call_once(once[device], [&] {
    cudaMemPoolProps props = {};
    props.allocType = cudaMemAllocationTypePinned;
    props.location.type = cudaMemLocationTypeDevice;
    props.location.id = device;
    status[device] = cudaMemPoolCreate(&pools[device], &props);
    if (status[device] == cudaSuccess) {
      std::uint64_t keep = ~std::uint64_t{0};
      status[device] =
          cudaMemPoolSetAttribute(pools[device], cudaMemPoolAttrReleaseThreshold, &keep);
    }
  });
  cuda_check(entry, status[device], "cudaMemPoolCreate");
  return pools[device];
}

}  // namespace

void cuda_upload(const char* entry, int device, void* dst, const void* src, std::size_t bytes,
                 void* stream) {
  cuda_check(entry, cudaSetDevice(device), "cudaSetDevice");
  const cudaStream_t s = static_cast<cudaStream_t>(stream);
  cuda_check(entry, cudaMemcpyAsync(dst, src, bytes, cudaMemcpyHostToDevice, s), "cudaMemcpyAsync");
  cuda_check(entry, cudaStreamSynchronize(s), "cudaStreamSynchronize");
}

void* cuda_alloc_async(const char* entry, int device, std::size_t bytes, void* stream) {
  cuda_check(entry, cudaSetDevice(device), "cudaSetDevice");
  void* pointer = nullptr;
  cuda_check(entry,
        cudaMallocFromPoolAsync(&pointer, bytes == 0 ? 1 : bytes, pool_of(entry, device),
                                static_cast<cudaStream_t>(stream)),
        "cudaMallocFromPoolAsync");
  return pointer;
}

void cuda_free_async(int device, void* pointer, void* stream) noexcept {
  if (pointer == nullptr) return;
  cudaSetDevice(device);
  cudaFreeAsync(pointer, static_cast<cudaStream_t>(stream));
}

void cuda_download(const char* entry, int device, void* dst, const void* src, std::size_t bytes,
                   void* stream) {
  cuda_check(entry, cudaSetDevice(device), "cudaSetDevice");
  const cudaStream_t s = static_cast<cudaStream_t>(stream);
  cuda_check(entry, cudaMemcpyAsync(dst, src, bytes, cudaMemcpyDeviceToHost, s), "cudaMemcpyAsync");
  cuda_check(entry, cudaStreamSynchronize(s), "cudaStreamSynchronize");
}

}  // namespace tokenpick

// CUDA memory helpers for Array: allocation, upload, download. Errors become exceptions in the
// errors.h idiom (C++ exceptions cross from nvcc-compiled host code to the launchers).
#include <cuda_runtime.h>

#include <string>

#include "../errors.h"
#include "cuda_memory.h"

namespace tokenpick {

namespace {

void check(const char* entry, cudaError_t status, const char* what) {
  if (status != cudaSuccess) {
    cudaGetLastError();
    throw_backend_failure(entry, std::string(what) + ": " + cudaGetErrorString(status));
  }
}

}  // namespace

void* cuda_alloc(const char* entry, int device, std::size_t bytes) {
  check(entry, cudaSetDevice(device), "cudaSetDevice");
  void* pointer = nullptr;
  check(entry, cudaMalloc(&pointer, bytes == 0 ? 1 : bytes), "cudaMalloc");
  return pointer;
}

void cuda_free(int device, void* pointer) noexcept {
  if (pointer == nullptr) return;
  cudaSetDevice(device);
  cudaFree(pointer);
}

void cuda_upload(const char* entry, int device, void* dst, const void* src, std::size_t bytes,
                 void* stream) {
  check(entry, cudaSetDevice(device), "cudaSetDevice");
  const cudaStream_t s = static_cast<cudaStream_t>(stream);
  check(entry, cudaMemcpyAsync(dst, src, bytes, cudaMemcpyHostToDevice, s), "cudaMemcpyAsync");
  check(entry, cudaStreamSynchronize(s), "cudaStreamSynchronize");
}

void* cuda_alloc_async(const char* entry, int device, std::size_t bytes, void* stream) {
  check(entry, cudaSetDevice(device), "cudaSetDevice");
  void* pointer = nullptr;
  check(entry,
        cudaMallocAsync(&pointer, bytes == 0 ? 1 : bytes, static_cast<cudaStream_t>(stream)),
        "cudaMallocAsync");
  return pointer;
}

void cuda_free_async(int device, void* pointer, void* stream) noexcept {
  if (pointer == nullptr) return;
  cudaSetDevice(device);
  cudaFreeAsync(pointer, static_cast<cudaStream_t>(stream));
}

void cuda_upload_async(const char* entry, int device, void* dst, const void* src,
                       std::size_t bytes, void* stream) {
  check(entry, cudaSetDevice(device), "cudaSetDevice");
  check(entry,
        cudaMemcpyAsync(dst, src, bytes, cudaMemcpyHostToDevice,
                        static_cast<cudaStream_t>(stream)),
        "cudaMemcpyAsync");
}

void cuda_download(const char* entry, int device, void* dst, const void* src, std::size_t bytes,
                   void* stream) {
  check(entry, cudaSetDevice(device), "cudaSetDevice");
  const cudaStream_t s = static_cast<cudaStream_t>(stream);
  check(entry, cudaMemcpyAsync(dst, src, bytes, cudaMemcpyDeviceToHost, s), "cudaMemcpyAsync");
  check(entry, cudaStreamSynchronize(s), "cudaStreamSynchronize");
}

}  // namespace tokenpick

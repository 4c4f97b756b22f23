// Plain-C++ view of the CUDA memory helpers (compiled by nvcc in cuda_memory.cu). Every
// failure throws the backend-failure idiom of errors.h, naming the entry point.
#pragma once

#include <cstddef>

namespace tokenpick {

/// cudaMalloc on `device`; throws on failure.
void* cuda_alloc(const char* entry, int device, std::size_t bytes);
/// cudaFree; never throws (used from destructors).
void cuda_free(int device, void* pointer) noexcept;
/// Host to device on `stream`, then waits for the stream.
void cuda_upload(const char* entry, int device, void* dst, const void* src, std::size_t bytes,
                 void* stream);
/// Device to host on `stream`, then waits for the stream.
void cuda_download(const char* entry, int device, void* dst, const void* src, std::size_t bytes,
                   void* stream);

}  // namespace tokenpick

// Plain-C++ view of the CUDA memory helpers (compiled by nvcc in cuda_memory.cu). Every
// failure throws the backend-failure idiom of errors.h, naming the entry point.
#pragma once

#include <cstddef>

namespace tokenpick {

/// Host to device on `stream`, then waits for the stream.
void cuda_upload(const char* entry, int device, void* dst, const void* src, std::size_t bytes,
                 void* stream);
/// Stream-ordered allocation on `stream` from tokenpick's pool (no wait); throws on failure.
void* cuda_alloc_async(const char* entry, int device, std::size_t bytes, void* stream);
/// cudaFreeAsync on `stream`; never throws.
void cuda_free_async(int device, void* pointer, void* stream) noexcept;
/// Device to host on `stream`, then waits for the stream.
void cuda_download(const char* entry, int device, void* dst, const void* src, std::size_t bytes,
                   void* stream);

}  // namespace tokenpick

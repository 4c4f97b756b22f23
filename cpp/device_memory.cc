#include "tokenpick-core/cpp/device_memory.h"

#include "tokenpick-core/cpp/gpu_build.h"

#include "tokenpick-core/cpp/bridge.h"
#include "tokenpick-core/cpp/errors.h"
#include "tokenpick-core/src/bridge.rs.h"

#if defined(TOKENPICK_GPU)
#include "tokenpick-core/cpp/cuda/cuda_memory.h"
#endif

namespace tokenpick {

namespace {

/// The refusal for a placement whose backend is not compiled in.
[[noreturn]] void no_backend(const char* entry) { throw_no_kernel_port(entry, "host"); }

}  // namespace

void* device_alloc(const char* entry, Placement placement, int device, std::size_t bytes,
                   void* stream) {
#if defined(TOKENPICK_GPU)
  if (placement == TOKENPICK_GPU_PLACEMENT) return cuda_alloc_async(entry, device, bytes, stream);
#endif
  (void)placement, (void)device, (void)bytes, (void)stream;
  no_backend(entry);
}

void device_free(Placement placement, int device, void* pointer, void* stream) noexcept {
#if defined(TOKENPICK_GPU)
  if (placement == TOKENPICK_GPU_PLACEMENT) cuda_free_async(device, pointer, stream);
#endif
  (void)placement, (void)device, (void)pointer, (void)stream;
}

void device_upload(const char* entry, Placement placement, int device, void* dst, const void* src,
                   std::size_t bytes, void* stream) {
#if defined(TOKENPICK_GPU)
  if (placement == TOKENPICK_GPU_PLACEMENT) {
    return cuda_upload(entry, device, dst, src, bytes, stream);
  }
#endif
  (void)placement, (void)device, (void)dst, (void)src, (void)bytes, (void)stream;
  no_backend(entry);
}

void device_download(const char* entry, Placement placement, int device, void* dst,
                     const void* src, std::size_t bytes, void* stream) {
#if defined(TOKENPICK_GPU)
  if (placement == TOKENPICK_GPU_PLACEMENT) {
    return cuda_download(entry, device, dst, src, bytes, stream);
  }
#endif
  (void)placement, (void)device, (void)dst, (void)src, (void)bytes, (void)stream;
  no_backend(entry);
}

}  // namespace tokenpick

#include "tokenpick-core/cpp/backend.h"

#include "tokenpick-core/cpp/bridge.h"
#include "tokenpick-core/src/bridge.rs.h"

#if defined(TOKENPICK_CUDA)
#include "tokenpick-core/cpp/cuda/cuda_probe.h"
#endif
#if defined(TOKENPICK_ROCM)
#include "tokenpick-core/cpp/rocm/hip_probe.h"
#endif

namespace tokenpick {

namespace {

ResolvedBackend resolve_backend() {
#if defined(TOKENPICK_CUDA)
  if (cuda_device_count() > 0) return ResolvedBackend::Cuda;
#endif
#if defined(TOKENPICK_ROCM)
  if (hip_device_count() > 0) return ResolvedBackend::Rocm;
#endif
  return ResolvedBackend::None;
}

}  // namespace

ResolvedBackend resolved_backend() {
  static const ResolvedBackend backend = resolve_backend();
  return backend;
}

rust::String gpu_device_name() {
#if defined(TOKENPICK_CUDA)
  if (resolved_backend() == ResolvedBackend::Cuda) return rust::String(cuda_device_name(0));
#endif
#if defined(TOKENPICK_ROCM)
  if (resolved_backend() == ResolvedBackend::Rocm) return rust::String(hip_device_name(0));
#endif
  return rust::String("none");
}

GpuKernelBackend gpu_kernel_backend() {
  switch (resolved_backend()) {
    case ResolvedBackend::Metal:
      return GpuKernelBackend::Metal;
    case ResolvedBackend::Cuda:
      return GpuKernelBackend::Cuda;
    case ResolvedBackend::Rocm:
      return GpuKernelBackend::Rocm;
    case ResolvedBackend::None:
      break;
  }
  return GpuKernelBackend::None;
}

bool custom_kernels_available() {
  return gumbel_max_sample_supported() || fused_sample_rejection_supported();
}

}  // namespace tokenpick

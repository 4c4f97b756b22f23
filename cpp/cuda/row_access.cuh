// Device helpers shared by the kernels: reading a logit of any dtype as f32 (exact widening),
// and a row's plan (greedy or 1/T), computed exactly as the CPU path does.
#pragma once

#include "gpu_runtime.cuh"

#include <cstdint>

#include "kernel_types.h"

namespace tokenpick {

template <typename T>
__device__ __forceinline__ float load_logit(const T* row, std::uint32_t i);
template <>
__device__ __forceinline__ float load_logit<float>(const float* row, std::uint32_t i) {
  return row[i];
}
template <>
__device__ __forceinline__ float load_logit<f16_t>(const f16_t* row, std::uint32_t i) {
  return __half2float(row[i]);
}
template <>
__device__ __forceinline__ float load_logit<bf16_t>(const bf16_t* row,
                                                           std::uint32_t i) {
  return bf16_to_float(row[i]);
}

/// Greedy (T = 0, top-k 1, or 1/T overflowing) or sampled with r = 1/T (IEEE division).
struct RowPlan {
  bool greedy;
  float r;
};

__host__ __device__ __forceinline__ RowPlan plan_row(const KernelRowParams& p) {
#if defined(__CUDA_ARCH__) || defined(__HIP_DEVICE_COMPILE__)
  const float r = __fdiv_rn(1.0f, p.temperature);
  const bool finite = isfinite(r);
#else
  // The launchers' routing: the same IEEE division, and isfinite by comparisons (HIP's
  // isfinite is device-only).
  const float r = 1.0f / p.temperature;
  const bool finite = r == r && r != INFINITY && r != -INFINITY;
#endif
  const bool greedy = p.temperature == 0.0f || p.top_k == 1 || !finite;
  return RowPlan{greedy, r};
}

}  // namespace tokenpick

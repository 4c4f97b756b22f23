// The runtime names the kernels and their enqueue code use, for CUDA (nvcc) and HIP (hipcc):
// error and stream types, and the f16 / bf16 element types with their widening to f32.
#pragma once

#include "gpu_platform.h"

#if defined(TP_HIP)
#include <hip/hip_bfloat16.h>
#include <hip/hip_fp16.h>
#include <hip/hip_runtime.h>
// Kernel arguments are read-only on AMD anyway; CUDA needs the qualifier to avoid a copy.
#define __grid_constant__
#else
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>
#endif

namespace tokenpick {

#if defined(TP_HIP)
using gpuError_t = hipError_t;
using gpuStream_t = hipStream_t;
constexpr gpuError_t gpuSuccess = hipSuccess;
inline gpuError_t gpuGetLastError() { return hipGetLastError(); }
/// IEEE half and bfloat16 elements of device logits.
using f16_t = __half;
using bf16_t = hip_bfloat16;
__device__ __forceinline__ float bf16_to_float(bf16_t value) { return static_cast<float>(value); }
#else
using gpuError_t = cudaError_t;
using gpuStream_t = cudaStream_t;
constexpr gpuError_t gpuSuccess = cudaSuccess;
inline gpuError_t gpuGetLastError() { return cudaGetLastError(); }
/// IEEE half and bfloat16 elements of device logits.
using f16_t = __half;
using bf16_t = __nv_bfloat16;
__device__ __forceinline__ float bf16_to_float(bf16_t value) { return __bfloat162float(value); }
#endif

}  // namespace tokenpick

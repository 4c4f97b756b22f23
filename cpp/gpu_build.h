// Which GPU runtime this build compiled cpp/cuda for: CUDA (feature cuda, nvcc) or HIP
// (feature rocm, hipcc; the same sources). One at a time: they define the same symbols.
#pragma once

#if defined(TOKENPICK_CUDA) && defined(TOKENPICK_ROCM)
#error "features cuda and rocm compile the same sources for one GPU runtime: enable one"
#endif

#if defined(TOKENPICK_CUDA) || defined(TOKENPICK_ROCM)
#define TOKENPICK_GPU 1
#endif

/// The placement of this build's device arrays.
#if defined(TOKENPICK_ROCM)
#define TOKENPICK_GPU_PLACEMENT Placement::Rocm
#else
#define TOKENPICK_GPU_PLACEMENT Placement::Cuda
#endif

// Forced include (-include) of the HIP build of cpp/cuda: the CUDA runtime names the host
// code uses, as HIP's. The kernels' own portability lives in warp.cuh and gpu_runtime.cuh;
// this header only lets the host-side launchers, memory and graph helpers compile unchanged.
#pragma once

#include "gpu_platform.h"

#if defined(TP_HIP)
#include <hip/hip_runtime.h>
#endif

// On HIP's NVIDIA platform the CUDA runtime is the real one underneath: its names stay.
#if defined(TP_HIP_AMD)

#define cudaSuccess hipSuccess
#define cudaError_t hipError_t
#define cudaStream_t hipStream_t
#define cudaSetDevice hipSetDevice
#define cudaGetLastError hipGetLastError
#define cudaGetErrorString hipGetErrorString
#define cudaStreamSynchronize hipStreamSynchronize
#define cudaMemcpyAsync hipMemcpyAsync
#define cudaMemcpyHostToDevice hipMemcpyHostToDevice
#define cudaMemcpyDeviceToHost hipMemcpyDeviceToHost
#define cudaDeviceGetAttribute hipDeviceGetAttribute
#define cudaDevAttrMultiProcessorCount hipDeviceAttributeMultiprocessorCount
#define cudaDevAttrL2CacheSize hipDeviceAttributeL2CacheSize
#define cudaDevAttrComputeCapabilityMajor hipDeviceAttributeComputeCapabilityMajor
#define cudaMemPool_t hipMemPool_t
#define cudaMemPoolProps hipMemPoolProps
#define cudaMemPoolCreate hipMemPoolCreate
#define cudaMemPoolSetAttribute hipMemPoolSetAttribute
#define cudaMemPoolAttrReleaseThreshold hipMemPoolAttrReleaseThreshold
#define cudaMemAllocationTypePinned hipMemAllocationTypePinned
#define cudaMemLocationTypeDevice hipMemLocationTypeDevice
#define cudaDeviceGetDefaultMemPool hipDeviceGetDefaultMemPool
#define cudaMallocFromPoolAsync hipMallocFromPoolAsync
#define cudaFreeAsync hipFreeAsync
#define cudaStreamCreateWithFlags hipStreamCreateWithFlags
#define cudaStreamNonBlocking hipStreamNonBlocking
#define cudaStreamDestroy hipStreamDestroy
#define cudaStreamIsCapturing hipStreamIsCapturing
#define cudaStreamCaptureStatus hipStreamCaptureStatus
#define cudaStreamCaptureStatusNone hipStreamCaptureStatusNone
#define cudaStreamPerThread hipStreamPerThread
#define cudaMemsetAsync hipMemsetAsync
#define cudaStreamBeginCapture hipStreamBeginCapture
#define cudaStreamEndCapture hipStreamEndCapture
#define cudaStreamCaptureModeThreadLocal hipStreamCaptureModeThreadLocal
#define cudaGraph_t hipGraph_t
#define cudaGraphExec_t hipGraphExec_t
#define cudaGraphInstantiate(exec, graph, flags) \
  hipGraphInstantiate(exec, graph, nullptr, nullptr, 0)
#define cudaGraphDestroy hipGraphDestroy
#define cudaGraphLaunch hipGraphLaunch
#define cudaGraphExecDestroy hipGraphExecDestroy
#define cudaGetDeviceCount hipGetDeviceCount
#define cudaGetDeviceProperties hipGetDeviceProperties
#define cudaDeviceProp hipDeviceProp_t
#endif

// One warp (NVIDIA, AMD RDNA: 32 lanes) or wavefront (AMD CDNA: 64 lanes) for the kernels'
// reductions, scans and ballots. The width is a compile-time constant of the device pass,
// lane masks are wide enough for it, and every shuffle goes through here, so a kernel written
// once is correct for 32 and for 64 lanes.
#pragma once

#include "gpu_platform.h"

#include <cstdint>

#if defined(TP_HIP)
#include <hip/hip_runtime.h>
#else
#include <cuda_runtime.h>
#endif

namespace tokenpick {

#if defined(TP_HIP)
#if defined(__HIP_PLATFORM_NVIDIA__)
constexpr int kWarpSize = 32;
#elif defined(__AMDGCN_WAVEFRONT_SIZE)
constexpr int kWarpSize = __AMDGCN_WAVEFRONT_SIZE;
#else
constexpr int kWarpSize = 64;  // the host pass of a HIP file (no device code runs there)
#endif
using LaneMask = unsigned long long;
#else
constexpr int kWarpSize = 32;
using LaneMask = unsigned;
#endif

static_assert(kWarpSize <= static_cast<int>(8 * sizeof(LaneMask)), "a lane mask holds a warp");
// The CI builds one target of each width; these make sure each device pass got the width its
// target runs (CDNA: wave64; RDNA in its default mode: wave32).
#if defined(__gfx90a__) || defined(__gfx908__) || defined(__gfx940__) || defined(__gfx942__)
static_assert(kWarpSize == 64, "CDNA device code is built for wavefronts of 64");
#endif
#if defined(__gfx1030__)
static_assert(kWarpSize == 32, "RDNA device code is built for wavefronts of 32 (the default)");
#endif

/// Every bit of a lane mask (what CUDA's _sync shuffles take for the whole warp).
constexpr LaneMask kAllLanes = ~LaneMask{0};
/// The lanes of a full warp: kWarpSize low bits.
constexpr LaneMask kFullWarp = kWarpSize == static_cast<int>(8 * sizeof(LaneMask))
                                   ? ~LaneMask{0}
                                   : (LaneMask{1} << (kWarpSize % (8 * sizeof(LaneMask)))) - 1;

template <typename T>
__device__ __forceinline__ T warp_shfl_xor(T value, int lane_mask) {
#if defined(TP_HIP)
  return __shfl_xor(value, lane_mask);
#else
  return __shfl_xor_sync(kAllLanes, value, lane_mask);
#endif
}

template <typename T>
__device__ __forceinline__ T warp_shfl_down(T value, int delta) {
#if defined(TP_HIP)
  return __shfl_down(value, delta);
#else
  return __shfl_down_sync(kAllLanes, value, delta);
#endif
}

template <typename T>
__device__ __forceinline__ T warp_shfl_up(T value, int delta) {
#if defined(TP_HIP)
  return __shfl_up(value, delta);
#else
  return __shfl_up_sync(kAllLanes, value, delta);
#endif
}

/// The lanes of the warp executing this call.
__device__ __forceinline__ LaneMask active_lanes() {
#if defined(TP_HIP)
  return __ballot(1);
#else
  return __activemask();
#endif
}

/// The lanes of `active` whose predicate holds.
__device__ __forceinline__ LaneMask warp_ballot(LaneMask active, bool predicate) {
#if defined(TP_HIP)
  (void)active;
  return __ballot(predicate);
#else
  return __ballot_sync(active, predicate);
#endif
}

/// True when the predicate holds on every lane of `active`.
__device__ __forceinline__ bool warp_all(LaneMask active, bool predicate) {
#if defined(TP_HIP)
  (void)active;
  return __all(predicate);
#else
  return __all_sync(active, predicate);
#endif
}

/// `value` of lane `lane`, among the lanes of `active`.
template <typename T>
__device__ __forceinline__ T warp_shfl_from(LaneMask active, T value, int lane) {
#if defined(TP_HIP)
  (void)active;
  return __shfl(value, lane);
#else
  return __shfl_sync(active, value, lane);
#endif
}

/// `value` of the lane `delta` below, among the lanes of `active`.
template <typename T>
__device__ __forceinline__ T warp_shfl_up_among(LaneMask active, T value, int delta) {
#if defined(TP_HIP)
  (void)active;
  return __shfl_up(value, delta);
#else
  return __shfl_up_sync(active, value, delta);
#endif
}

/// The lowest and the highest lane of a non-empty mask.
__device__ __forceinline__ int lowest_lane(LaneMask mask) {
#if defined(TP_HIP)
  return __ffsll(static_cast<unsigned long long>(mask)) - 1;
#else
  return __ffs(mask) - 1;
#endif
}
__device__ __forceinline__ int highest_lane(LaneMask mask) {
#if defined(TP_HIP)
  return 63 - __clzll(static_cast<long long>(mask));
#else
  return 31 - __clz(mask);
#endif
}

/// Exclusive prefix sum of `value` over the lanes of `active`, which must be a prefix of the
/// warp (lane order); `total` gets the sum over them.
__device__ __forceinline__ unsigned warp_prefix_sum(LaneMask active, unsigned value,
                                                    unsigned& total) {
  const int lane = static_cast<int>(threadIdx.x % kWarpSize);
  unsigned inclusive = value;
  for (int d = 1; d < kWarpSize; d *= 2) {
    const unsigned other = warp_shfl_up_among(active, inclusive, d);
    if (lane >= d) inclusive += other;
  }
  total = warp_shfl_from(active, inclusive, highest_lane(active));
  return inclusive - value;
}

/// Set bits of a lane mask, and those below this lane.
__device__ __forceinline__ unsigned lane_count(LaneMask mask) {
#if defined(TP_HIP)
  return static_cast<unsigned>(__popcll(static_cast<unsigned long long>(mask)));
#else
  return static_cast<unsigned>(__popc(mask));
#endif
}
__device__ __forceinline__ unsigned lanes_below(LaneMask mask) {
  const unsigned lane = threadIdx.x % kWarpSize;
  return lane_count(mask & ((LaneMask{1} << lane) - 1));
}

/// Orders the shared-memory accesses of the lanes of `active` before and after it.
__device__ __forceinline__ void warp_sync(LaneMask active) {
#if defined(TP_HIP)
  (void)active;  // a wavefront runs in lockstep
  __builtin_amdgcn_wave_barrier();
#else
  __syncwarp(active);
#endif
}

/// The lane of this thread in its warp, and the warp's index in the block.
__device__ __forceinline__ int lane_index() { return static_cast<int>(threadIdx.x % kWarpSize); }
__device__ __forceinline__ int warp_index() { return static_cast<int>(threadIdx.x / kWarpSize); }

}  // namespace tokenpick

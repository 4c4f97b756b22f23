// Programmatic dependent launch (sm_90): a kernel launched with RowChunk::overlap may be
// resident while the stream's previous kernel finishes, so its launch latency hides behind
// that kernel's tail. Before it reads or writes global memory it waits for the previous
// grid to complete and flush (wait_for_previous_grid); then it lets the stream's next
// dependent launch begin (allow_next_grid), which itself waits for this grid to complete.
// Without the launch attribute, and before sm_90, both are no-ops.
#pragma once

#include "gpu_platform.h"

namespace tokenpick {

#if !defined(TP_HIP) && defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
#define TP_GRID_OVERLAP 1
#endif

/// Waits until the previous kernel on the stream has completed and its writes are visible.
__device__ __forceinline__ void wait_for_previous_grid() {
#if defined(TP_GRID_OVERLAP)
  asm volatile("griddepcontrol.wait;" ::: "memory");
#endif
}

/// Lets the stream's next dependent launch start (it still waits for this grid to complete).
__device__ __forceinline__ void allow_next_grid() {
#if defined(TP_GRID_OVERLAP)
  asm volatile("griddepcontrol.launch_dependents;" ::: "memory");
#endif
}

/// Both, at a kernel's start: after this the kernel may touch global memory.
__device__ __forceinline__ void start_after_previous_grid() {
  wait_for_previous_grid();
  allow_next_grid();
}

}  // namespace tokenpick

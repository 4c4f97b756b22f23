// The blocks that share one row. On sm_90 they form a thread-block cluster: they synchronise
// with each other and read each other's shared memory, so a row split over several blocks is
// finished in the same launch with no global scratch. Before sm_90 a row has one block.
// Rank = blockIdx.x, group size = gridDim.x (the launch puts one row's blocks along x).
#pragma once

#include "gpu_platform.h"

#if !defined(TP_HIP)
#include <cooperative_groups.h>
#endif

namespace tokenpick {

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
#define TP_ROW_CLUSTERS 1
#endif

struct RowGroup {
  __device__ static unsigned rank() { return blockIdx.x; }
  __device__ static unsigned size() { return gridDim.x; }
  /// Barrier over the row's blocks (and their shared-memory writes).
  __device__ static void sync() {
#if defined(TP_ROW_CLUSTERS)
    cooperative_groups::this_cluster().sync();
#else
    __syncthreads();
#endif
  }
  /// `local` (a shared-memory address of this block) as seen in block `rank` of the row.
  template <typename T>
  __device__ static T* remote(T* local, unsigned rank) {
#if defined(TP_ROW_CLUSTERS)
    return cooperative_groups::this_cluster().map_shared_rank(local, rank);
#else
    (void)rank;
    return local;
#endif
  }
};

}  // namespace tokenpick

// The enqueue both of the top-k route's kernels share (top_k_route.h): they take the same
// arguments, so one function picks the instance for the logits' type and the parameters'
// tier, sets it up and launches it over the chunk's blocks (no clusters).
#pragma once

#include "gpu_runtime.cuh"

#include "filtered_kernels.h"
#include "launch_dispatch.cuh"
#include "logit_tiles.cuh"
#include "top_k_route.h"

namespace tokenpick {

/// Enqueues `kernel_of(element, tier)`'s kernel (a std::integral_constant holding its address)
/// for one chunk of rows, with static shared memory only.
template <typename KernelOf>
gpuError_t enqueue_top_k_route_kernel(const RejectionLaunch& l, const RowChunk& chunk,
                                      gpuStream_t stream, TopKRouteRow* rows,
                                      KernelOf kernel_of) {
  const std::uint32_t count = l.params_count == 1 ? 1 : chunk.rows;
  return dispatch_type_and_tier(l.type, count, [&](auto element, auto tier) {
    using T = decltype(element);
    constexpr int kTier = decltype(tier)::value;
    constexpr auto kKernel = decltype(kernel_of(element, tier))::value;
    const gpuError_t prepared = prepare_kernel<kKernel>(l.device, 0);
    if (prepared != gpuSuccess) return prepared;
    return launch_row_groups(kKernel, chunk, kFilterThreads, 0, stream,
                             static_cast<const T*>(l.logits), l.cols, chunk.first_row,
                             chunk_params<kTier>(l.params, l.params_count, chunk), count, l.step,
                             l.max_rounds, l.temperature_last,
                             rows_vectorizable<T>(l.logits, l.cols), rows, l.out);
  });
}

}  // namespace tokenpick

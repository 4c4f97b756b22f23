// The top-k route's first read (top_k_route.h, DESIGN 3). Each block counts its share's finite
// f = z * scale (the top-k kernel's f) by bin, the top kBins bits of route_key(f), in shared
// memory, then adds its non-empty bins to the row's global histogram, its largest f to the
// row's (an atomic maximum of the key) and whether it saw NaN or an infinite f to the row's
// flags. The bins place the k-th largest f for the second read; NaN and infinite f decide the
// row in its finish, as in the top-k kernel.
#include "gpu_runtime.cuh"

#include "filter_finish.cuh"
#include "grid_overlap.cuh"
#include "logit_tiles.cuh"
#include "top_k_route.h"

namespace tokenpick {

namespace {

/// Bins each thread zeroes and flushes.
constexpr int kBinsPerThread = kBins / kFilterThreads;

template <typename T, int N>
__global__ void __launch_bounds__(kFilterThreads, kBlocksPerSm)
    top_k_histogram_kernel(const T* logits, std::uint32_t cols, std::uint32_t first_row,
                           const __grid_constant__ InlineParams<N> params,
                           std::uint32_t params_count, std::uint64_t /*step*/,
                           std::uint32_t /*max_rounds*/, int temperature_last, bool vectors,
                           TopKRouteRow* rows, std::uint32_t* /*out*/) {
  __shared__ std::uint32_t bins[kBins];
  __shared__ Scratch s;
  const std::uint32_t row = blockIdx.y;
  const KernelRowParams& p = params.rows[params_count == 1 ? 0 : row];
  const RowPlan plan_r = plan_row(p);
  const T* z_row = logits + static_cast<std::size_t>(first_row + row) * cols;
  const float scale = temperature_last ? 1.0f : plan_r.r;
#pragma unroll
  for (int i = 0; i < kBinsPerThread; ++i) bins[threadIdx.x + i * kFilterThreads] = 0;
  __syncthreads();
  start_after_previous_grid();

  RowStats mine{empty_partial(), -INFINITY, 0};
  for_each_group<kFilterThreads>(
      z_row, cols, vectors, blockIdx.x, gridDim.x, [](const auto&, const auto&) {},
      [&](std::uint32_t first, const float (&z)[kGroup], std::uint32_t valid) {
        float f[kGroup];
        float f_top = 0.0f;
        if (scale_group(z, valid, plan_r, scale, temperature_last, f, f_top)) {
          mine.f_max = fmaxf(mine.f_max, f_top);
#pragma unroll
          for (std::uint32_t l = 0; l < kGroup; ++l) {
            if (f[l] > -INFINITY) atomicAdd(&bins[route_key(f[l]) >> kBinShift], 1u);
          }
        } else {
          for (std::uint32_t l = 0; l < valid; ++l) {
            float fl = 0.0f;
            if (note_token(z[l], first + l, plan_r, scale, temperature_last, mine, fl) &&
                fl > -INFINITY) {
              atomicAdd(&bins[route_key(fl) >> kBinShift], 1u);
            }
          }
        }
      },
      [] {});
  // Each warp's largest f and flags, then one barrier (every bin is counted): one thread adds
  // the block's to the row's while the others flush the bins.
  const float warp_f_max = warp_all_reduce(mine.f_max, MaxOp{});
  const std::uint32_t warp_flags =
      (warp_ballot(kFullWarp, mine.greedy.nan != 0) != 0 ? kTopKRouteNan : 0u) |
      (warp_ballot(kFullWarp, mine.special != 0) != 0 ? kTopKRouteSpecial : 0u);
  if (lane_index() == 0) {
    s.f[warp_index()] = warp_f_max;
    s.u[warp_index()] = warp_flags;
  }
  __syncthreads();
  TopKRouteRow& state = rows[row];
#pragma unroll
  for (int i = 0; i < kBinsPerThread; ++i) {
    const int bin = static_cast<int>(threadIdx.x) + i * kFilterThreads;
    if (bins[bin] != 0) atomicAdd(&state.bins[bin], bins[bin]);
  }
  if (threadIdx.x == 0) {
    float f_max = -INFINITY;
    std::uint32_t flags = 0;
    for (int w = 0; w < kWarpsOf<kFilterThreads>; ++w) {
      f_max = fmaxf(f_max, s.f[w]);
      flags |= s.u[w];
    }
    atomicMax(&state.f_max_key, order_key(f_max));
    if (flags != 0) atomicOr(&state.flags, flags);
  }
}

}  // namespace

gpuError_t enqueue_top_k_histogram(const RejectionLaunch& l, const RowChunk& chunk,
                                   gpuStream_t stream, TopKRouteRow* rows) {
  return enqueue_filtering_kernel(
      l, chunk, stream,
      [](auto element, auto tier) {
        constexpr auto kernel = &top_k_histogram_kernel<decltype(element), decltype(tier)::value>;
        return std::integral_constant<decltype(kernel), kernel>{};
      },
      0, rows);
}

}  // namespace tokenpick

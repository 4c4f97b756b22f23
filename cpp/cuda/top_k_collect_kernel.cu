// The top-k route's second read (top_k_route.h, DESIGN 3). Every block finds, from the row's
// histogram (the first read's), the highest bin whose count summed from the top reaches k:
// the k-th largest f lies in it, so the tokens in it and above are every token the top-k
// kernel keeps, ties included, and a few more. Where they fit kTopKRouteWords each block
// reads its share again and appends them to the row's list (one atomic a warp). The row's
// last block (a ticket) loads the list and finishes the row with the top-k kernel's finish
// (finish_collected_row: exact k-th value, top-p, min-p, the Gumbel-max draw), so the tokens
// are the top-k kernel's; then it resets the row's state for the next call.
#include "gpu_runtime.cuh"

#include "filter_finish.cuh"
#include "grid_overlap.cuh"
#include "logit_tiles.cuh"
#include "sorted_finish.cuh"
#include "top_k_route.h"

namespace tokenpick {

namespace {

static_assert(kTopKRouteWords == kSortedWords, "the list fits the sorted finish");

/// Bins each thread reads and resets.
constexpr int kBinsPerThread = kBins / kFilterThreads;

/// The lowest route_key of f the row gathers, on every thread: the bottom of the highest bin
/// whose count from the top reaches k (0, every finite token, when the row has fewer than k);
/// `gathered` is how many tokens lie at or above it. One block reduction: the thread whose
/// bins cross k holds both the bin and the count through it.
__device__ __forceinline__ std::uint32_t gather_floor_key(const std::uint32_t* row_bins,
                                                          std::uint32_t k, Scratch& s,
                                                          std::uint32_t& gathered) {
  std::uint32_t counts[kBinsPerThread];
  std::uint32_t mine = 0;
#pragma unroll
  for (int i = 0; i < kBinsPerThread; ++i) {  // from the top bin down
    counts[i] = row_bins[kBins - 1 - (threadIdx.x * kBinsPerThread + i)];
    mine += counts[i];
  }
  std::uint32_t total = 0;
  std::uint32_t run = block_exclusive_sum<kFilterThreads>(mine, s.u, total);
  // (crossing bin + 1) << 32 | tokens at or above it; 0 where this thread's bins do not cross.
  unsigned long long crossing = 0;
#pragma unroll
  for (int i = 0; i < kBinsPerThread; ++i) {
    const std::uint32_t previous = run;
    run += counts[i];
    if (run >= k && previous < k) {
      const int bin = kBins - 1 - static_cast<int>(threadIdx.x * kBinsPerThread + i);
      crossing = (static_cast<unsigned long long>(bin + 1) << 32) | run;
    }
  }
  crossing = block_all_reduce<kFilterThreads>(crossing, LargerOp{}, 0ull, s.scan);
  if (crossing == 0) {
    gathered = total;
    return 0u;
  }
  gathered = static_cast<std::uint32_t>(crossing);
  return static_cast<std::uint32_t>((crossing >> 32) - 1) << kBinShift;
}

template <typename T, int N>
__global__ void __launch_bounds__(kFilterThreads, kBlocksPerSm)
    top_k_collect_kernel(const T* logits, std::uint32_t cols, std::uint32_t first_row,
                         const __grid_constant__ InlineParams<N> params,
                         std::uint32_t params_count, std::uint64_t step,
                         std::uint32_t max_rounds, int temperature_last, bool vectors,
                         TopKRouteRow* rows, std::uint32_t* out) {
  __shared__ unsigned long long words[kTopKRouteWords];
  __shared__ Scratch s;
  const std::uint32_t row = blockIdx.y;
  const KernelRowParams& p = params.rows[params_count == 1 ? 0 : row];
  const RowPlan plan_r = plan_row(p);
  const T* z_row = logits + static_cast<std::size_t>(first_row + row) * cols;
  const float scale = temperature_last ? 1.0f : plan_r.r;
  const std::uint32_t k = p.top_k;
  TopKRouteRow& state = rows[row];
  start_after_previous_grid();

  const std::uint32_t flags = state.flags;
  std::uint32_t gathered = 0;
  std::uint32_t floor_key = 0;
  // The first tile's loads are in flight while the row's bins are scanned.
  for_each_group_prepared<kFilterThreads, true>(
      z_row, cols, vectors, blockIdx.x, gridDim.x,
      [&] {
        if (flags != 0) return false;  // a NaN or an infinite f decides the row
        floor_key = gather_floor_key(state.bins, k, s, gathered);
        return gathered <= kTopKRouteWords;
      },
      [&](std::uint32_t first, const float (&z)[kGroup], std::uint32_t valid) {
        unsigned pushes = 0;
#pragma unroll
        for (std::uint32_t l = 0; l < kGroup; ++l) {
          const float f = __fmul_rn(z[l], scale);
          if (l < valid && f > -INFINITY && route_key(f) >= floor_key) pushes |= 1u << l;
        }
        std::uint32_t slot = warp_reserve(pushes, &state.collected);
#pragma unroll
        for (std::uint32_t l = 0; l < kGroup; ++l) {
          if (!((pushes >> l) & 1u)) continue;
          if (slot < kTopKRouteWords) state.words[slot] = candidate_word(z[l], first + l);
          ++slot;
        }
      });
  // The row's last block finishes it, after every block's words.
  __threadfence();
  __syncthreads();
  if (threadIdx.x == 0) {
    __threadfence();
    s.u[0] = atomicAdd(&state.arrived, 1u) == gridDim.x - 1 ? 1u : 0u;
  }
  __syncthreads();
  if (s.u[0] == 0) return;
  __threadfence();
  const volatile TopKRouteRow& settled = state;  // other blocks wrote it
  const std::uint32_t collected = settled.collected;
  const std::uint32_t n = min(collected, kTopKRouteWords);
  for (std::uint32_t i = threadIdx.x; i < n; i += kFilterThreads) words[i] = settled.words[i];
  RowStats all{empty_partial(), key_value(settled.f_max_key), flags & kTopKRouteSpecial};
  all.greedy.nan = flags & kTopKRouteNan;
  if (threadIdx.x == 0) s.overflow = gathered > kTopKRouteWords || collected != gathered;
  __syncthreads();
  // Every thread has read the row's state: reset it for the next call (stores under the finish).
  for (int i = 0; i < kBinsPerThread; ++i) state.bins[threadIdx.x + i * kFilterThreads] = 0;
  if (threadIdx.x == 0) {
    state.f_max_key = 0;
    state.flags = 0;
    state.collected = 0;
    state.arrived = 0;
  }
  std::uint32_t token = kTokenAllMasked;
  std::uint32_t ok = 0;
  // By counting: the route's ~100 candidates (H200, batch 1 x 128256: 15.0 us with it).
  finish_collected_row<true>(p, plan_r, all, cols, max_rounds, step, scale, k, words, n, s,
                             token, ok);
  write_row_result(out, first_row + row, token, ok);
}

}  // namespace

gpuError_t enqueue_top_k_collect(const RejectionLaunch& l, const RowChunk& chunk,
                                 gpuStream_t stream, TopKRouteRow* rows) {
  return enqueue_filtering_kernel(
      l, chunk, stream,
      [](auto element, auto tier) {
        constexpr auto kernel = &top_k_collect_kernel<decltype(element), decltype(tier)::value>;
        return std::integral_constant<decltype(kernel), kernel>{};
      },
      0, rows);
}

}  // namespace tokenpick

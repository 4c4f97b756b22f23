// Gumbel-max, first stage: each block scans one split of one row. A thread takes groups of 4
// tokens (one Philox4x32-10 block: counter (i/4, step, domain 0), lane i%4), scores
// fma(z, 1/T, -ln(-ln u)) with every operation written out (__fmul_rn, fmaf, det_ln), and
// keeps its best (ties to the lower index); tokens whose scaled logit is +inf compete on noise
// alone, greedy rows (T = 0, top-k 1, 1/T overflowing) on the logit; NaN is flagged. Warp
// shuffles and shared memory reduce the block to one partial per (row, split).
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include "../random/gumbel_noise.h"
#include "argmax_reduce.cuh"
#include "row_access.cuh"
#include "gumbel_stages.h"

namespace tokenpick {

namespace {

/// Tokens per Philox block (and per thread step).
constexpr std::uint32_t kGroup = 4;

template <typename T>
__global__ void __launch_bounds__(kGumbelThreads)
    gumbel_partial_kernel(const T* logits, std::uint32_t cols, const KernelRowParams* params,
                          std::uint32_t params_count, std::uint64_t step, std::uint32_t splits,
                          Partial* partials) {
  const std::uint32_t row = blockIdx.y;
  const std::uint32_t split = blockIdx.x;
  const KernelRowParams p = params[params_count == 1 ? 0 : row];
  const RowPlan plan = plan_row(p);
  const T* z = logits + static_cast<std::size_t>(row) * cols;
  const std::uint32_t groups = (cols + kGroup - 1) / kGroup;
  const std::uint32_t per_split = (groups + splits - 1) / splits;
  const std::uint32_t begin = split * per_split;
  const std::uint32_t end = min(groups, begin + per_split);

  Partial mine = empty_partial();
  for (std::uint32_t g = begin + threadIdx.x; g < end; g += kGumbelThreads) {
    const std::uint32_t first = g * kGroup;
    Philox4 words = {{0, 0, 0, 0}};
    if (!plan.greedy) words = philox_block(p.seed, step, first, kDomainGumbel);
    for (std::uint32_t lane = 0; lane < kGroup; ++lane) {
      const std::uint32_t i = first + lane;
      if (i >= cols) break;
      const float logit = load_logit(z, i);
      if (isnan(logit)) {
        mine.nan = 1;
        continue;
      }
      if (plan.greedy) {
        if (logit > -INFINITY) offer(mine.finite, logit, i);
        continue;
      }
      const float noise = gumbel_from_bits(words.v[lane]);
      if (__fmul_rn(logit, plan.r) == INFINITY) {
        offer(mine.infinite, noise, i);
      } else {
        const float score = fmaf(logit, plan.r, noise);
        if (score > -INFINITY) offer(mine.finite, score, i);
      }
    }
  }

  __shared__ Partial warps[kGumbelThreads / 32];
  mine = warp_reduce(mine);
  const int warp = threadIdx.x / 32;
  if (threadIdx.x % 32 == 0) warps[warp] = mine;
  __syncthreads();
  if (warp == 0) {
    Partial all = threadIdx.x < kGumbelThreads / 32 ? warps[threadIdx.x] : empty_partial();
    all = warp_reduce(all);
    if (threadIdx.x == 0) partials[static_cast<std::size_t>(row) * splits + split] = all;
  }
}


}  // namespace

cudaError_t launch_gumbel_partial(const GumbelLaunch& l, std::uint32_t splits, Partial* partials,
                                  cudaStream_t stream) {
  const dim3 grid(splits, l.rows);
  switch (l.type) {
    case LogitsType::F32:
      gumbel_partial_kernel<<<grid, kGumbelThreads, 0, stream>>>(
          static_cast<const float*>(l.logits), l.cols, l.params, l.params_count, l.step, splits,
          partials);
      break;
    case LogitsType::F16:
      gumbel_partial_kernel<<<grid, kGumbelThreads, 0, stream>>>(
          static_cast<const __half*>(l.logits), l.cols, l.params, l.params_count, l.step, splits,
          partials);
      break;
    case LogitsType::BF16:
      gumbel_partial_kernel<<<grid, kGumbelThreads, 0, stream>>>(
          static_cast<const __nv_bfloat16*>(l.logits), l.cols, l.params, l.params_count, l.step,
          splits, partials);
      break;
  }
  return cudaGetLastError();
}

}  // namespace tokenpick

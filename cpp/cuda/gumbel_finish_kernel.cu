// Gumbel-max, second stage: one warp per row merges the row's partials (ties to the lower
// index) and writes the token: the best among +inf scaled logits if any, else the best score;
// kTokenNan for a row with NaN, kTokenAllMasked for a row with nothing to draw. The merge is
// an argmax, so the token does not depend on how the row was split.
#include <cuda_runtime.h>

#include "argmax_reduce.cuh"
#include "gumbel_stages.h"

namespace tokenpick {

namespace {

__global__ void gumbel_finish_kernel(const Partial* partials, std::uint32_t splits,
                                     std::uint32_t* tokens) {
  const std::uint32_t row = blockIdx.x;
  Partial mine = empty_partial();
  for (std::uint32_t s = threadIdx.x; s < splits; s += 32) {
    mine = merge(mine, partials[static_cast<std::size_t>(row) * splits + s]);
  }
  mine = warp_reduce(mine);
  if (threadIdx.x == 0) {
    std::uint32_t token = kTokenAllMasked;
    if (mine.nan) {
      token = kTokenNan;
    } else if (mine.infinite.index != kNone) {
      token = mine.infinite.index;
    } else if (mine.finite.index != kNone) {
      token = mine.finite.index;
    }
    tokens[row] = token;
  }
}

}  // namespace

cudaError_t launch_gumbel_finish(const Partial* partials, std::uint32_t rows,
                                 std::uint32_t splits, std::uint32_t* tokens,
                                 cudaStream_t stream) {
  gumbel_finish_kernel<<<rows, 32, 0, stream>>>(partials, splits, tokens);
  return cudaGetLastError();
}

}  // namespace tokenpick

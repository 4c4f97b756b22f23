// The two stages of the CUDA Gumbel-max kernel, for the launcher (gumbel_max_launch.cu).
#pragma once

#include <cuda_runtime.h>

#include <cstdint>

#include "gumbel_max_kernel.h"

namespace tokenpick {

/// Threads per block of the partial stage.
constexpr int kGumbelThreads = 256;

struct Partial;

/// Stage 1: grid (splits, rows), one partial per (row, split).
cudaError_t launch_gumbel_partial(const GumbelLaunch& launch, std::uint32_t splits,
                                  Partial* partials, cudaStream_t stream);
/// Stage 2: one warp per row, the tokens.
cudaError_t launch_gumbel_finish(const Partial* partials, std::uint32_t rows,
                                 std::uint32_t splits, std::uint32_t* tokens,
                                 cudaStream_t stream);

}  // namespace tokenpick

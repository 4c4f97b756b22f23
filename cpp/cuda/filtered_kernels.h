// The launch entries of the CUDA filtering kernels (filtered_sample_kernel.cu and
// top_k_sample_kernel.cu) and the shapes they share.
#pragma once

#include "gpu_platform.h"

#include "gpu_runtime.cuh"

#include <cstddef>
#include <cstdint>

#include "inline_params.h"
#include "rejection_kernel.h"
#include "row_group_launch.cuh"

namespace tokenpick {

/// Threads per block.
constexpr int kFilterThreads = 512;
/// Blocks resident per multiprocessor (registers are capped to allow it).
constexpr int kFilterBlocksPerSm = 2;
/// Candidates block 0 can hold (8 bytes each); the histogram shares the same memory.
#if defined(TP_HIP_AMD)
// AMD's LDS is 64 KB per workgroup, static shared memory included: 48 KB of candidates there.
constexpr std::uint32_t kCandidateCapacity = 6144;
#else
constexpr std::uint32_t kCandidateCapacity = 8192;
#endif
constexpr std::size_t kFilterSharedBytes = kCandidateCapacity * sizeof(unsigned long long);

/// Most tokens a row may have for the fixed-point masses of top-p (2^40 each) to fit in 64 bits.
constexpr std::uint32_t kMaxMassTokens = 1u << 24;
/// Passes over the row a filtered draw takes (the two-pass kernel's; the top-p route's two
/// launches): a round cap below it defers the row to the fallback.
constexpr std::uint32_t kDrawPasses = 2;

/// Largest top-k the one-read kernel (top_k_sample_kernel.cu) takes; larger k, and rows with
/// top-k off, take filtered_sample_kernel.cu.
constexpr std::uint32_t kSmallTopK = 128;

/// Enqueues the kernel for one chunk of rows (at most kMaxInlineRows).
gpuError_t enqueue_filtered_sample(const RejectionLaunch& launch, const RowChunk& chunk,
                                    gpuStream_t stream);

/// Enqueues the one-read top-k kernel for one chunk of rows; every row of the launch must be
/// greedy or have 0 < top-k <= kSmallTopK and top-k < cols (takes_small_top_k).
gpuError_t enqueue_top_k_sample(const RejectionLaunch& launch, const RowChunk& chunk,
                                gpuStream_t stream);

#if defined(TOKENPICK_PHASE_TIMES)
/// The kernels' phase marks (phase_times.cuh) of their last launch.
gpuError_t read_filtered_phase_marks(long long* marks);
gpuError_t read_top_k_phase_marks(long long* marks);
#endif

}  // namespace tokenpick

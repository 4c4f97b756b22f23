// The CUDA filtered-sampling kernel's launch entry (filtered_sample_kernel.cu).
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

/// Enqueues the kernel for one chunk of rows (at most kMaxInlineRows).
gpuError_t enqueue_filtered_sample(const RejectionLaunch& launch, const RowChunk& chunk,
                                    gpuStream_t stream);

#if defined(TOKENPICK_PHASE_TIMES)
/// The kernel's phase marks (phase_times.cuh) of the last launch.
gpuError_t read_filtered_phase_marks(long long* marks);
#endif

}  // namespace tokenpick

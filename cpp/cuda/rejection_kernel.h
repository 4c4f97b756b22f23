// Launch interface of the CUDA dual-pivot rejection kernel (fused_rejection_kernel.cu).
#pragma once

#include <cstdint>

#include "kernel_types.h"

namespace tokenpick {

/// Everything one launch needs; all pointers are device pointers.
struct RejectionLaunch {
  const void* logits;
  LogitsType type;
  std::uint32_t rows;
  std::uint32_t cols;
  const KernelRowParams* params;  // 1 (all rows) or rows entries
  std::uint32_t params_count;
  std::uint64_t step;
  std::uint32_t max_rounds;
  int temperature_last;
  std::uint32_t* out;  // rows x (token, ok)
  void* stream;
};

/// Enqueues the kernel (one block per row) on the stream; throws a backend failure.
void launch_fused_rejection(const char* entry, const RejectionLaunch& launch);

}  // namespace tokenpick

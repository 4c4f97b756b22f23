// Launch interface of the CUDA Gumbel-max kernel (gumbel_max_kernel.cu).
#pragma once

#include <cstdint>

#include "kernel_types.h"

namespace tokenpick {

/// Everything one call needs. `logits` and `tokens` are device pointers on `device`; `params`
/// is host memory (the rows' parameters travel in the kernel's arguments).
struct GumbelLaunch {
  const void* logits;
  LogitsType type;
  std::uint32_t rows;
  std::uint32_t cols;
  const KernelRowParams* params;  // params_count entries: 1 (all rows) or rows
  std::uint32_t params_count;
  std::uint64_t step;
  std::uint32_t* tokens;  // rows entries
  int device;
  void* stream;
};

/// Enqueues the kernel on the stream (no allocation, no wait); throws a backend failure.
void launch_gumbel_max(const char* entry, const GumbelLaunch& launch);

}  // namespace tokenpick

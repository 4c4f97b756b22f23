// Launch interface of the CUDA filtered-sampling kernel (filtered_sample_kernel.cu), the port
// of fused_sample_rejection.
#pragma once

#include <cstdint>

#include "kernel_types.h"

namespace tokenpick {

/// Everything one call needs. `logits` and `out` are device pointers on `device`; `params` is
/// host memory (the rows' parameters travel in the kernel's arguments).
struct RejectionLaunch {
  const void* logits;
  LogitsType type;
  std::uint32_t rows;
  std::uint32_t cols;
  const KernelRowParams* params;  // 1 (all rows) or rows entries
  std::uint32_t params_count;
  std::uint64_t step;
  std::uint32_t max_rounds;  // passes over the row allowed; below 2 every drawn row gets ok = 0
  int temperature_last;
  std::uint32_t* out;  // rows x (token, ok)
  int device;
  void* stream;
};

/// Enqueues the kernel on the stream (no allocation, no wait); throws a backend failure.
void launch_fused_rejection(const char* entry, const RejectionLaunch& launch);

/// True when the row may take the top-p route (top_p_route.h; a call takes it when every row
/// may and it has at most top_p_route_max_rows rows).
bool takes_top_p_route(const KernelRowParams& p, std::uint32_t cols, std::uint32_t max_rounds);

/// Most rows of a call the top-p route takes for logits of `type` over `cols` tokens (0 with
/// TOKENPICK_TOP_P_ROUTE=0, UINT32_MAX where any batch takes it).
std::uint32_t top_p_route_max_rows(LogitsType type, std::uint32_t cols);

/// Enqueues the top-p route for every row of the call, whatever its batch and the
/// TOKENPICK_TOP_P_ROUTE setting (the redo of rows another launch left). Throws an invalid
/// argument naming the first row that does not take it, a backend failure where the stream
/// has no route scratch (its first route call inside a graph capture) or a launch fails.
void launch_top_p_route_any_batch(const char* entry, const RejectionLaunch& launch);

}  // namespace tokenpick

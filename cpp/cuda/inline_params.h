// Row parameters passed by value in the kernel's arguments (up to 32 KB on CUDA 12.1+), so a
// launch needs no upload, no allocation and can be captured in a graph as it is. N is the
// capacity: 1 (one set for every row) or a tier the launcher picks for the rows of a launch.
#pragma once

#include <cstdint>

#include "kernel_types.h"

namespace tokenpick {

/// Capacities the launchers instantiate; a batch above the largest is launched in chunks.
constexpr std::uint32_t kParamTiers[] = {1, 64, 256, 1024};
/// Rows one launch takes at most (the largest tier).
constexpr std::uint32_t kMaxInlineRows = 1024;

template <int N>
struct InlineParams {
  KernelRowParams rows[N];
};

}  // namespace tokenpick

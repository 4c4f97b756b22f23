// Plain types shared by the CUDA launchers (g++) and kernels (nvcc): no cxx headers here.
#pragma once

#include <cstdint>

namespace tokenpick {

/// A row's parameters as kernels read them: the layout of the bridge's RowParams (repr(C)).
struct KernelRowParams {
  float temperature;
  std::uint32_t top_k;
  float top_p;
  float min_p;
  std::uint64_t seed;
};
static_assert(sizeof(KernelRowParams) == 24, "RowParams layout");

/// Token written for a row whose logits contain NaN.
constexpr std::uint32_t kTokenNan = 0xFFFFFFFFu;
/// Token written for a row with nothing to draw (every logit -inf).
constexpr std::uint32_t kTokenAllMasked = 0xFFFFFFFEu;

/// Element type of device logits.
enum class LogitsType : int { F32 = 0, F16 = 1, BF16 = 2 };

}  // namespace tokenpick

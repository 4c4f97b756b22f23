// Scoring tokens for Gumbel-max, skipping only tokens that provably cannot win (DESIGN 4).
// score = fma(z, 1/T, g), g = -ln(-ln u), u in [2^-24, 1 - 2^-24], so g <= 16.64: a token
// with x = z/T below bar - 16.64 - slack cannot reach `bar` (a score a token of the row
// already has) and needs no random word. Otherwise it beats the bar only if
// u > exp(-exp(x - bar)) >= 1 - exp(x - bar): when 1 - u (computed exactly) exceeds a safe
// upper bound of exp(x - bar + slack), it needs no logarithm. The slack covers the rounding of
// x, of the fma and of det_ln, so a skipped token's score is strictly below the bar.
#pragma once

#include <cstdint>

#include "../random/gumbel_noise.h"
#include "argmax_reduce.cuh"
#include "philox_keys.cuh"

namespace tokenpick {

/// Largest noise a 23-bit uniform gives, -ln(-ln(1 - 2^-24)) = 16.635, rounded up.
constexpr float kMaxNoise = 16.64f;
/// Slack of the skip tests: absolute part and part relative to |bar| + |x| (2^-20).
constexpr float kSlackAbs = 1e-3f;
constexpr float kSlackRel = 9.5367431640625e-07f;
/// Factor making __expf an upper bound (its relative error is below 2^-21 here).
constexpr float kExpMargin = 1.001f;

/// What scoring a row needs: 1/T, the step's counter words and the seed's round keys.
struct RowDraw {
  float r;
  std::uint32_t step_lo;
  std::uint32_t step_hi;
  PhiloxKeys keys;
};

__device__ __forceinline__ RowDraw row_draw(float r, std::uint64_t seed, std::uint64_t step) {
  return RowDraw{r, static_cast<std::uint32_t>(step), static_cast<std::uint32_t>(step >> 32),
                 philox_keys(seed)};
}

/// 1 - u for the word's uniform, exactly: ((2^23 - (w >> 9)) - 0.5) * 2^-23.
__device__ __forceinline__ float one_minus_uniform(std::uint32_t word) {
  return __fmul_rn(__fsub_rn(__uint2float_rn(0x800000u - (word >> 9)), 0.5f), kUniformScale);
}

__device__ __forceinline__ float skip_slack(float x, float bar) {
  return fmaf(fabsf(bar) + fabsf(x), kSlackRel, kSlackAbs);
}

/// Offers the tokens of one group selected by `lanes` (bit l: token first + l) to `mine`.
/// `bar` is a finite score some token of the row has, or -inf; it rises as tokens are offered.
__device__ __forceinline__ void score_group(const RowDraw& d, std::uint32_t first,
                                            const float (&z)[4], unsigned lanes, float& bar,
                                            Partial& mine) {
  float x[4];
  unsigned need = 0;
#pragma unroll
  for (int l = 0; l < 4; ++l) {
    x[l] = __fmul_rn(z[l], d.r);
    if (!((lanes >> l) & 1u) || x[l] == -INFINITY) continue;
    const bool bar_finite = bar > -INFINITY && bar < INFINITY;
    if (bar_finite && x[l] < INFINITY &&
        __fadd_rn(x[l], kMaxNoise + skip_slack(x[l], bar)) < bar) {
      continue;
    }
    need |= 1u << l;
  }
  if (need == 0) return;
  const Philox4 w = philox_keyed(first / 4, d.step_lo, d.step_hi, kDomainGumbel, d.keys);
#pragma unroll
  for (int l = 0; l < 4; ++l) {
    if (!((need >> l) & 1u)) continue;
    if (x[l] == INFINITY) {
      offer(mine.infinite, gumbel_from_bits(w.v[l]), first + l);
      continue;
    }
    if (bar > -INFINITY && bar < INFINITY) {
      const float bound = __fmul_rn(__expf(x[l] - bar + skip_slack(x[l], bar)), kExpMargin);
      if (one_minus_uniform(w.v[l]) > bound) continue;
    }
    const float score = fmaf(z[l], d.r, gumbel_from_bits(w.v[l]));
    if (score > -INFINITY) {
      offer(mine.finite, score, first + l);
      bar = fmaxf(bar, score);
    }
  }
}

/// Raises `bar` to the best finite score of the warp.
__device__ __forceinline__ void share_bar(float& bar) {
  for (int offset = 16; offset > 0; offset /= 2) {
    bar = fmaxf(bar, __shfl_xor_sync(0xffffffffu, bar, offset));
  }
}

}  // namespace tokenpick

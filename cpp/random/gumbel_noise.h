// The noise of DESIGN section 4, bit-identical on every backend:
//   u = ((x >> 9) + 0.5) * 2^-23   in [2^-24, 1 - 2^-24], never 0 or 1;
//   g = -ln(-ln(u))                 with one deterministic ln below.
// det_ln: x = m * 2^e with m in [sqrt(1/2), sqrt(2)) by bit manipulation, f = m - 1 (exact),
// ln(1 + f) = f - f^2/2 + f^3 P(f) with a degree-8 minimax P (Cephes' logf coefficients),
// plus e * ln 2 split in two parts. Only IEEE add, multiply and fma, each written explicitly
// (TP_ADD / TP_MUL / TP_FMA), so no compiler contracts or reorders it differently.
#pragma once

#include <cstdint>
#include <cstring>

#include "philox.h"

#include <cmath>

// Device passes use the round-to-nearest intrinsics (never contracted); host passes plain
// operators, compiled without contraction (-ffp-contract=off, or no FMA in the target).
#if defined(__CUDA_ARCH__) || defined(__HIP_DEVICE_COMPILE__)
#define TP_DEVICE_PASS 1
#define TP_ADD(a, b) __fadd_rn((a), (b))
#define TP_MUL(a, b) __fmul_rn((a), (b))
#define TP_FMA(a, b, c) fmaf((a), (b), (c))
#else
#define TP_ADD(a, b) ((a) + (b))
#define TP_MUL(a, b) ((a) * (b))
#define TP_FMA(a, b, c) std::fma((a), (b), (c))
#endif

namespace tokenpick {

/// 2^-23: the spacing of the 23-bit uniforms.
constexpr float kUniformScale = 1.1920928955078125e-07f;
/// Bits of x = 0x3f3504f3 ~ sqrt(1/2): mantissas at or above sqrt(2) are halved.
constexpr std::uint32_t kSqrtHalfMantissaBits = 0x003504f3u;
/// ln 2 split into a short high part (exact in products with small e) and a correction.
constexpr float kLn2Hi = 0.693359375f;
constexpr float kLn2Lo = -2.12194440e-4f;
/// ln(1 + f) = f - f^2 / 2 + f^3 * P(f), P of degree 8 (Cephes logf), highest first.
constexpr float kLnP8 = 7.0376836292e-2f;
constexpr float kLnP7 = -1.1514610310e-1f;
constexpr float kLnP6 = 1.1676998740e-1f;
constexpr float kLnP5 = -1.2420140846e-1f;
constexpr float kLnP4 = 1.4249322787e-1f;
constexpr float kLnP3 = -1.6668057665e-1f;
constexpr float kLnP2 = 2.0000714765e-1f;
constexpr float kLnP1 = -2.4999993993e-1f;
constexpr float kLnP0 = 3.3333331174e-1f;

TP_HOST_DEVICE std::uint32_t tp_float_bits(float x) {
#if defined(TP_DEVICE_PASS)
  return __float_as_uint(x);
#else
  std::uint32_t bits;
  std::memcpy(&bits, &x, sizeof bits);
  return bits;
#endif
}

TP_HOST_DEVICE float tp_bits_float(std::uint32_t bits) {
#if defined(TP_DEVICE_PASS)
  return __uint_as_float(bits);
#else
  float x;
  std::memcpy(&x, &bits, sizeof x);
  return x;
#endif
}

/// Deterministic natural logarithm of a positive, finite, normal float.
TP_HOST_DEVICE float det_ln(float x) {
  const std::uint32_t bits = tp_float_bits(x);
  int exponent = static_cast<int>(bits >> 23) - 127;
  std::uint32_t mantissa = bits & 0x007fffffu;
  // m in [1, 2); fold m >= sqrt(2) down to m / 2 in [sqrt(1/2), 1).
  std::uint32_t m_bits = mantissa | 0x3f800000u;
  if (mantissa > kSqrtHalfMantissaBits) {
    m_bits = mantissa | 0x3f000000u;
    exponent += 1;
  }
  const float f = TP_ADD(tp_bits_float(m_bits), -1.0f);
  const float f2 = TP_MUL(f, f);
  float poly = TP_FMA(kLnP8, f, kLnP7);
  poly = TP_FMA(poly, f, kLnP6);
  poly = TP_FMA(poly, f, kLnP5);
  poly = TP_FMA(poly, f, kLnP4);
  poly = TP_FMA(poly, f, kLnP3);
  poly = TP_FMA(poly, f, kLnP2);
  poly = TP_FMA(poly, f, kLnP1);
  poly = TP_FMA(poly, f, kLnP0);
  const float e = static_cast<float>(exponent);
  float y = TP_MUL(TP_MUL(f, f2), poly);
  y = TP_FMA(e, kLn2Lo, y);
  y = TP_FMA(f2, -0.5f, y);
  float result = TP_ADD(f, y);
  result = TP_FMA(e, kLn2Hi, result);
  return result;
}

/// The 23-bit uniform of one random word: ((x >> 9) + 0.5) * 2^-23.
TP_HOST_DEVICE float uniform_from_bits(std::uint32_t word) {
  return TP_MUL(TP_ADD(static_cast<float>(word >> 9), 0.5f), kUniformScale);
}

/// Gumbel noise -ln(-ln(u)) of one random word.
TP_HOST_DEVICE float gumbel_from_bits(std::uint32_t word) {
  const float u = uniform_from_bits(word);
  return -det_ln(-det_ln(u));
}

/// The Gumbel noise of token `token` of a row with this seed at this step.
TP_HOST_DEVICE float gumbel_noise(std::uint64_t seed, std::uint64_t step, std::uint64_t token) {
  const Philox4 block = philox_block(seed, step, token, kDomainGumbel);
  return gumbel_from_bits(block.v[token % 4]);
}

}  // namespace tokenpick

// Scoring tokens for Gumbel-max, skipping only tokens that provably cannot win (DESIGN 4).
// score = fma(z, 1/T, g), g = -ln(-ln u), u in [2^-24, 1 - 2^-24], so g <= 16.64: a token
// with x = z/T below bar - 16.64 - slack cannot reach `bar` (a lower bound of the row's best:
// a score some token has, or the largest x less 2.81) and needs no random word. Otherwise it
// beats the bar only if u > exp(-exp(x - bar)) >= 1 - exp(x - bar): when 1 - u (exact) exceeds
// a safe upper bound of exp(x - bar + slack), it needs no logarithm. Full groups test that
// once against the largest logit of the thread's tile (tile_bound, score_group_bounded), in
// long shares then against the group's, then per lane only if those fail (score_lanes). The
// slack covers the rounding of x, of the fma and of det_ln: a skipped token's score is
// strictly below the bar.
#pragma once

#include <cfloat>
#include <cstdint>
#include <type_traits>

#include "../random/gumbel_noise.h"
#include "argmax_reduce.cuh"
#include "logit_tiles.cuh"
#include "philox_keys.cuh"
#include "warp.cuh"

namespace tokenpick {

/// Largest noise a 23-bit uniform gives, -ln(-ln(1 - 2^-24)) = 16.635, rounded up.
constexpr float kMaxNoise = 16.64f;
/// Magnitude of the smallest noise, -ln(-ln(2^-24)) = -2.8115, rounded up.
constexpr float kMinNoiseBound = 2.82f;
/// Slack of the skip tests: absolute part and part relative to |bar| + |x| (2^-20).
constexpr float kSlackAbs = 1e-3f;
constexpr float kSlackRel = 9.5367431640625e-07f;
/// 2^23 times the factor that makes __expf an upper bound (its relative error is below 2^-21
/// for the arguments that matter here).
constexpr float kScaledBound = 8388608.0f * 1.001f;

/// What scoring a row needs: 1/T, the seed's round keys and the step's token-independent
/// rounds (philox_keys.cuh).
struct RowDraw {
  float r;
  PhiloxKeys keys;
  GumbelRounds rounds;
};

__device__ __forceinline__ RowDraw row_draw(float r, std::uint64_t seed, std::uint64_t step) {
  const PhiloxKeys keys = philox_keys(seed);
  return RowDraw{r, keys,
                 gumbel_rounds(static_cast<std::uint32_t>(step),
                               static_cast<std::uint32_t>(step >> 32), kDomainGumbel, keys)};
}

/// The random words of the Gumbel block of tokens 4 block .. 4 block + 3.
__device__ __forceinline__ Philox4 gumbel_words(const RowDraw& d, std::uint32_t block) {
  return philox_gumbel(block, d.rounds, d.keys);
}

__device__ __forceinline__ float skip_slack(float x, float bar) {
  return fmaf(fabsf(bar) + fabsf(x), kSlackRel, kSlackAbs);
}

/// Scores the lanes of `survivors` (bit l: token first + l) exactly, as the CPU path does, and
/// offers them to `mine`: a Partial keeps the best and `bar` rises to it; another sink (the
/// top-p route's ScoreSlice, top_scores.cuh) takes them by take_finite / take_infinite.
template <typename Sink>
__device__ __forceinline__ void score_survivors(const RowDraw& d, std::uint32_t first,
                                                const float (&z)[4], const Philox4& w,
                                                unsigned survivors, float& bar,
                                                Sink& mine) {
  // A data-dependent loop, which the compiler cannot turn into predicated straight-line code.
  while (survivors != 0) {
    const int l = __ffs(survivors) - 1;
    survivors &= survivors - 1;
    const std::uint32_t word = l == 0 ? w.v[0] : l == 1 ? w.v[1] : l == 2 ? w.v[2] : w.v[3];
    const float zl = l == 0 ? z[0] : l == 1 ? z[1] : l == 2 ? z[2] : z[3];
    const float noise = gumbel_from_bits(word);
    constexpr bool kBest = std::is_same<Sink, Partial>::value;
    if (__fmul_rn(zl, d.r) == INFINITY) {
      if constexpr (kBest) {
        offer(mine.infinite, noise, first + l);
      } else {
        take_infinite(mine, noise, first + l);
      }
      continue;
    }
    const float score = fmaf(zl, d.r, noise);  // as token_score
    if (score > -INFINITY) {
      if constexpr (kBest) {
        offer(mine.finite, score, first + l);
        bar = fmaxf(bar, score);
      } else {
        take_finite(mine, score, first + l, bar);
      }
    }
  }
}

/// Offers the tokens of one group selected by `lanes` (bit l: token first + l) to `mine`.
/// `bar` is a lower bound of the best score of the row (or -inf); it rises as tokens are
/// offered. Handles every value (NaN is the caller's, +-inf, overflowing z / T, no bar yet).
template <typename Sink>
__device__ __forceinline__ void score_group(const RowDraw& d, std::uint32_t first,
                                            const float (&z)[4], unsigned lanes, float& bar,
                                            Sink& mine) {
  float x[4];
  float x_max = -INFINITY;
  float x_abs = 0.0f;
#pragma unroll
  for (int l = 0; l < 4; ++l) {
    x[l] = __fmul_rn(z[l], d.r);
    if (!(x[l] > -INFINITY)) lanes &= ~(1u << l);  // zero probability
    if ((lanes >> l) & 1u) {
      x_max = fmaxf(x_max, x[l]);
      x_abs = fmaxf(x_abs, fabsf(x[l]));
    }
  }
  if (lanes == 0) return;
  // With a finite bar: skip the whole group when even the largest noise cannot reach it,
  // else test each token against exp(x - bar + slack) with c = bar - slack.
  const bool bar_finite = bar > -INFINITY && bar < INFINITY;
  const float slack = skip_slack(x_abs, bar);
  if (bar_finite && __fadd_rn(x_max, kMaxNoise + slack) < bar) return;
  const float c = bar - slack;
  const Philox4 w = gumbel_words(d, first / 4);
  unsigned survivors = 0;
#pragma unroll
  for (int l = 0; l < 4; ++l) {
    if (!((lanes >> l) & 1u)) continue;
    if (bar_finite && x[l] < INFINITY) {
      // 1 - u = (k - 0.5) 2^-23 with k = 2^23 - (w >> 9); skip when it exceeds the bound.
      const float scaled_bound = fmaf(__expf(x[l] - c), kScaledBound, 0.5f);
      if (__uint2float_rn(0x800000u - (w.v[l] >> 9)) > scaled_bound) continue;
    }
    survivors |= 1u << l;
  }
  score_survivors(d, first, z, w, survivors, bar, mine);
}

/// Offers token `index` (logit z) alone to `mine`, as a group with one lane.
template <typename Sink>
__device__ __forceinline__ void score_token(const RowDraw& d, std::uint32_t index, float z,
                                            float& bar, Sink& mine) {
  const float group[kGroup] = {z, z, z, z};
  score_group(d, index & ~(kGroup - 1), group, 1u << (index & (kGroup - 1)), bar, mine);
}

/// 2^y by the hardware approximation (relative error below 2^-21), tiny results flushed to 0.
__device__ __forceinline__ float exp2_approx(float y) {
#if defined(TP_HIP)
  return exp2f(y);
#else
  float e;
  asm("ex2.approx.ftz.f32 %0, %1;" : "=f"(e) : "f"(y));
  return e;
#endif
}

/// fma(a, b, c) rounded toward -inf, or (HIP has no directed fma) at most one ulp below it.
__device__ __forceinline__ float fma_round_down(float a, float b, float c) {
#if defined(TP_HIP)
  const float nearest = fmaf(a, b, c);
  // One ulp down for a positive result; the others are left as they are (below 1, where
  // the caller's comparison cannot pass anyway).
  return nearest > 0.0f ? __int_as_float(__float_as_int(nearest) - 1) : nearest;
#else
  return __fmaf_rd(a, b, c);
#endif
}

/// log2(e), rounded.
constexpr float kLog2e = 1.44269504f;
/// Makes exp2_approx(t log2 e) an upper bound of exp(t) for the t that matter (|t| < 10^3).
constexpr float kExpBoundFactor = 1.001f;
/// Extra absolute slack of the fast path: it bounds the slack by |bar| + |x_max| (not by every
/// lane's |x|); a lane that can reach the bar has |x| <= |bar| + 17, covered by this term.
constexpr float kSlackAbsFast = kSlackAbs + 32.0f * kSlackRel;

/// The random words that skip against exp(t) (t = x - c): a word w needs no logarithm when
/// w < skip_below(t). With f = 1 + (w >> 9) 2^-23 (exact), 1 - u = 2 - f - 2^-24, so
/// 1 - u > b (b an upper bound of exp(t)) when f < 2 - b rounded down, f and the rounded bound
/// lying on the same 2^-23 grid in [1, 2]: that is (w >> 9) < M, M the bound's mantissa, i.e.
/// w < M 2^9. M is clamped to 2^23 - 1 (a word of all ones never skips; the logarithm then
/// decides) and to 0 below 1 (nothing skips).
__device__ __forceinline__ std::uint32_t skip_below(float t) {
  const float f_limit =
      fma_round_down(exp2_approx(__fmul_rn(t, kLog2e)), -kExpBoundFactor, 2.0f);
  if (!(f_limit >= 1.0f)) return 0;
  return min(__float_as_uint(f_limit) - 0x3f800000u, 0x7fffffu) << 9;
}

/// The per-lane tests of a full group with no NaN, no +-inf z and finite z / T (its words w):
/// a lane with w < skip_below(x - c) cannot reach the bar; the others are scored.
template <typename Sink>
__device__ __forceinline__ void score_lanes(const RowDraw& d, std::uint32_t first,
                                            const float (&z)[4], const Philox4& w, float c,
                                            float& bar, Sink& mine) {
  unsigned survivors = 0;
#pragma unroll
  for (int l = 0; l < 4; ++l) {
    if (!(w.v[l] < skip_below(fmaf(z[l], d.r, -c)))) survivors |= 1u << l;
  }
  score_survivors(d, first, z, w, survivors, bar, mine);
}

/// What the largest logit of a thread's tile, or of one group, allows for its full groups
/// (tile_bound): kTileSlow, they take score_group; kTileSkip, none can reach the bar;
/// kTileFast, a group whose 4 words are all below `below` needs nothing more, with the
/// per-lane tests against `c` otherwise.
enum TileState : std::uint32_t { kTileSlow, kTileSkip, kTileFast };
struct TileBound {
  TileState state;
  std::uint32_t below;
  float c;
};

/// The skip tests of score_group made once from a largest logit `peak` (NaN when a token is
/// NaN) of a tile or group, which bounds every token's: skip_below is decreasing, and the
/// slack's bound |bar| + |x_peak| (with kSlackAbsFast) covers every lane that can reach the
/// bar. kTileSlow for NaN, +-inf, an overflowing z / T (a group of only masked tokens is
/// cheapest there) or no bar yet. A bar that rises after the tests leaves them conservative.
__device__ __forceinline__ TileBound tile_bound(const RowDraw& d, float peak, float bar) {
  const float x_peak = __fmul_rn(peak, d.r);
  if (!(fabsf(x_peak) <= FLT_MAX) || !(bar > -INFINITY)) return TileBound{kTileSlow, 0, 0.0f};
  const float c = bar - fmaf(fabsf(bar) + fabsf(x_peak), kSlackRel, kSlackAbsFast);
  if (__fadd_rn(x_peak, kMaxNoise) < c) return TileBound{kTileSkip, 0, c};
  return TileBound{kTileFast, skip_below(fmaf(peak, d.r, -c)), c};
}

/// A full group under a kTileFast bound `t`: score_group_bounded past its state tests.
template <typename Sink>
__device__ __forceinline__ void score_group_under(const RowDraw& d, std::uint32_t first,
                                                  const float (&z)[4], const TileBound& t,
                                                  bool group_bound, float& bar, Sink& mine) {
  const Philox4 w = gumbel_words(d, first / 4);
  const std::uint32_t top = max(max(w.v[0], w.v[1]), max(w.v[2], w.v[3]));
  if (top < t.below) return;
  if (group_bound && top < skip_below(fmaf(group_peak(z), d.r, -t.c))) return;
  score_lanes(d, first, z, w, t.c, bar, mine);
}

/// A full group under bound `t`: the words against t.below (most groups stop there), with
/// `group_bound` then against the group's own largest logit (tighter than the tile's: one
/// exponential), then each lane's own test against t.c. False (nothing done) when t is
/// kTileSlow, and the caller takes score_group. The group bound pays where the bar is near
/// its final value (long shares of a row); early in a share, where most groups fail it too,
/// it is one exponential more (H200, Gumbel-max sigma 3, us without / with: batch 256 x 128256
/// f32 54.9 / 53.7, bf16 58.5 / 56.2; batch 64 x 128256 bf16 24.8 / 25.3).
template <typename Sink>
__device__ __forceinline__ bool score_group_bounded(const RowDraw& d, std::uint32_t first,
                                                    const float (&z)[4], const TileBound& t,
                                                    bool group_bound, float& bar,
                                                    Sink& mine) {
  if (t.state == kTileSlow) return false;
  if (t.state == kTileSkip) return true;
  score_group_under(d, first, z, t, group_bound, bar, mine);
  return true;
}

/// The common case of a full group, in fewer instructions than score_group: the tests of
/// score_group_bounded from the group's own largest logit. False (nothing done) where that
/// bound is kTileSlow, and the caller takes score_group.
template <typename Sink>
__device__ __forceinline__ bool score_group_fast(const RowDraw& d, std::uint32_t first,
                                                 const float (&z)[4], float& bar,
                                                 Sink& mine) {
  return score_group_bounded(d, first, z, tile_bound(d, group_peak(z), bar), false, bar, mine);
}

/// The score of token `token` with logit z (z / T finite), as score_survivors computes it.
__device__ __forceinline__ float token_score(const RowDraw& d, float z, std::uint32_t token) {
  const Philox4 w = gumbel_words(d, token / 4);
  const std::uint32_t l = token % 4;
  const std::uint32_t word = l == 0 ? w.v[0] : l == 1 ? w.v[1] : l == 2 ? w.v[2] : w.v[3];
  return fmaf(z, d.r, gumbel_from_bits(word));
}

/// A lower bound of the score of a token with x = z / T finite: x less the smallest noise
/// (2.81) and the slack; -inf for an infinite x.
__device__ __forceinline__ float score_floor(float x) {
  return (x > -INFINITY && x < INFINITY) ? x - (kMinNoiseBound + skip_slack(x, x)) : -INFINITY;
}

/// Gives the warp its first bar from each thread's largest logit of the tile (`top`): the
/// exact score of that token when it is known (offered to `mine`; the visit offers it again,
/// which changes nothing), else that logit less the smallest noise (-2.81, less the slack);
/// then the warp's best. Every lane's bar ends equal. A score some token has is a lower bound
/// of the row's best, and the largest of 32 threads' largest logits' scores is most often
/// near it, so the tile's skip tests start from there rather than from a logit less 2.81.
__device__ __forceinline__ void first_bar(const RowDraw& d, const TileTop& top, float& bar,
                                          Partial& mine) {
  const float x = __fmul_rn(top.z, d.r);
  if (x > -INFINITY && x < INFINITY) {
    if (top.token != kNoToken) {
      const float score = token_score(d, top.z, top.token);
      offer(mine.finite, score, top.token);
      bar = fmaxf(bar, score);
    } else {
      bar = fmaxf(bar, score_floor(x));
    }
  }
}

/// Raises `bar` to the best finite score of the warp.
__device__ __forceinline__ void share_bar(float& bar) {
  for (int offset = kWarpSize / 2; offset > 0; offset /= 2) {
    bar = fmaxf(bar, warp_shfl_xor(bar, offset));
  }
}

}  // namespace tokenpick

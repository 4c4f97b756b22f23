// Top-p alone's finish (filtered_sample_kernel.cu, kTopPAlone; block 0 after the gather): the
// draw is the best score over S = {f >= v}, v the largest candidate f whose candidates at or
// above it weigh need = ceil(p * total) - above (exact 2^-40 masses, as finish_row's radix
// selection finds it). So a candidate c is in S exactly when the candidates with f > f_c weigh
// less than need: no selection is needed. The candidates are scored against the best
// sure-kept token; the best that beats it (a challenger) is tested by one block sum, and one
// found outside S drops every candidate at or below its f, the next challenger sought above
// it. A row whose boundary lies outside the candidates, or that needs more than
// kMaxChallengers tests, is left to the fallback (ok = 0), as finish_row leaves it.
#pragma once

#include "gpu_runtime.cuh"

#include <cstdint>

#include "filter_finish.cuh"

namespace tokenpick {

namespace {

/// Challengers a row may test before it is left to the fallback (most rows test none or one).
constexpr int kMaxChallengers = 64;

/// The exact mass of the candidates with f > above (every thread gets it).
template <int kThreads>
__device__ __forceinline__ unsigned long long candidate_mass_above(
    const unsigned long long* words, std::uint32_t n, float scale, float f_max, float above,
    Scratch& s) {
  unsigned long long mine = 0;
  for (std::uint32_t i = threadIdx.x; i < n; i += kThreads) {
    const float f = __fmul_rn(candidate_z(words[i]), scale);
    if (f > above) mine += fixed_mass(f, f_max);
  }
  return block_all_reduce<kThreads>(mine, SumOp{}, 0ull, s.scan);
}

/// Block 0, after the gather, for a row with top-p alone: the token finish_row would draw, and
/// the row's (token, ok). `row` is the best of the sure-kept tokens.
template <int kThreads>
__device__ __forceinline__ void finish_top_p_alone(const KernelRowParams& p, const RowDraw& draw,
                                                   float scale, const FilterPlan& plan,
                                                   const MassSums& sums, const Partial& row,
                                                   const unsigned long long* words,
                                                   std::uint32_t n, Scratch& s,
                                                   std::uint32_t& token, std::uint32_t& ok) {
  ok = 0;
  token = kTokenAllMasked;
  if (s.overflow) return;
  const unsigned long long target = top_p_target(p.top_p, sums.total);
  if (sums.above >= target) return;  // the boundary lies above the candidates
  const unsigned long long need = target - sums.above;
  if (candidate_mass_above<kThreads>(words, n, scale, plan.f_max, -INFINITY, s) < need) {
    return;  // the boundary lies below the candidates
  }
  float floor_f = -INFINITY;  // candidates with f at or below it are outside S
  for (int test = 0; test < kMaxChallengers; ++test) {
    Partial mine = empty_partial();
    float mine_z = 0.0f;
    float bar = row.finite.index != kNone ? row.finite.score : -INFINITY;
    for (std::uint32_t i = threadIdx.x; i < n; i += kThreads) {
      const float z = candidate_z(words[i]);
      if (!(__fmul_rn(z, scale) > floor_f)) continue;
      const std::uint32_t held = mine.finite.index;
      score_token(draw, candidate_index(words[i]), z, bar, mine);
      if (mine.finite.index != held) mine_z = z;
    }
    const Partial best = block_merge<kThreads>(mine, s.warps, &s.partial);
    if (!better(best.finite.score, best.finite.index, row.finite)) {
      token = filtered_token(row);
      ok = 1;
      return;
    }
    // The challenger's f, from the thread that holds it.
    if (mine.finite.index == best.finite.index) s.f[0] = __fmul_rn(mine_z, scale);
    __syncthreads();
    const float f_c = s.f[0];
    if (candidate_mass_above<kThreads>(words, n, scale, plan.f_max, f_c, s) < need) {
      token = best.finite.index;
      ok = 1;
      return;
    }
    floor_f = f_c;
  }
}

}  // namespace

}  // namespace tokenpick

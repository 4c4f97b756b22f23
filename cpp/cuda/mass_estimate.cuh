// Estimated masses for the top-p route's verify (top_p_verify_kernel.cu). A token's exact mass
// is m = rint(expf(d) 2^40), d = f - f_max in f32 (filter_plan.cuh); the verify sums
// e = ex2.approx(d log2 e) instead. |e - expf(d)| <= (2^-21 ex2.approx + 2^-22 expf's 2 ulp
// + |d| 2^-23 from rounding d log2 e) e, under 4e-6 e for the d >= -29 it sums (m is 0 below);
// a thread's f32 sums of at most n terms each add (n - 1) 2^-24 of the sum, the f64 sums after
// them far less; and each m is rint of its exact value: |sum m - 2^40 sum e| <= (1e-5 +
// (n + 3) 2^-24) 2^40 sum e + cols + 1 (a unit a token). Bounds of the exact sums from that.
#pragma once

#include "gpu_runtime.cuh"

#include <cmath>
#include <cstdint>

#include "filter_plan.cuh"
#include "gumbel_score.cuh"

namespace tokenpick {

/// Relative error bound of a token's estimate (4e-6), with a margin.
constexpr double kTokenEstimateError = 1e-5;
/// f32 unit roundoff, 2^-24.
constexpr double kF32Roundoff = 5.9604644775390625e-08;

/// A token's estimated mass relative to the row's largest: exp(f - f_max), d rounded as
/// fixed_mass rounds it.
__device__ __forceinline__ float estimated_mass(float f, float f_max) {
  return exp2_approx(__fmul_rn(__fsub_rn(f, f_max), kLog2e));
}

/// Relative error bound of a sum of estimates a thread adds in f32, `adds` terms at most.
__device__ __forceinline__ double estimate_error(std::uint32_t adds) {
  return kTokenEstimateError + (static_cast<double>(adds) + 3.0) * kF32Roundoff;
}

/// Bounds, in 2^-40 units, of an exact fixed-point sum over at most `cols` tokens whose
/// estimate is `estimate` (relative error at most `error`).
struct MassBounds {
  unsigned long long low;
  unsigned long long high;
};
__device__ __forceinline__ MassBounds mass_bounds(double estimate, double error,
                                                  std::uint32_t cols) {
  const double slack = static_cast<double>(cols) + 1.0;
  const double low = floor(estimate * kMassScale * (1.0 - error) - slack);
  const double high = ceil(estimate * kMassScale * (1.0 + error) + slack);
  return MassBounds{low > 0.0 ? static_cast<unsigned long long>(low) : 0ull,
                    static_cast<unsigned long long>(high)};
}

}  // namespace tokenpick

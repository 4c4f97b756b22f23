// Where a filtered row's threshold can lie, from its histogram (filtered_sample_kernel.cu).
// Bins are the top 12 bits of the order-preserving key of f (f = z/T temperature first, z
// temperature last): about 1/8 octave wide, so no maximum is needed to place a token. Each
// bin holds a count (exact) and a mass, the sum of exp(f - top), top = the bin's largest
// value, in 2^-13 fixed point summed by native 32-bit shared atomics (a float atomic add on
// shared memory is a compare-and-swap loop): approximate, so it only places the bins, with a
// bin of margin on each side; the exact masses are summed in fixed point in the second pass,
// and a row whose exact threshold falls outside the planned bins is left to the fallback.
// The plan: bins above `sure_key` are kept whatever the exact threshold; bins in
// [low_key, sure_key) hold every token the exact threshold can fall on (top-k's bin exactly,
// top-p's within its rounding plus one bin each side); bins below are dropped.
#pragma once

#include <cstdint>

#include "block_reduce.cuh"
#include "block_scan.cuh"
#include "order_key.cuh"

namespace tokenpick {

/// Histogram geometry: 4096 bins of the key's top 12 bits.
constexpr int kBinShift = 20;
constexpr int kBins = 1 << (32 - kBinShift);
/// Fixed-point scale of the exact masses (each token adds at most 2^40).
constexpr double kMassScale = 1099511627776.0;
constexpr float kMassScaleF = 1099511627776.0f;

/// Fixed-point scale of the histogram's masses: a token adds at most 2^13, so a bin holds 2^19
/// tokens before it wraps (which only misplaces the plan: the exact finish then falls back).
constexpr float kBinMassScale = 8192.0f;

struct Histogram {
  std::uint32_t count[kBins];
  std::uint32_t mass[kBins];  // sum of exp(f - bin_top) in units of 1 / kBinMassScale
};

/// A token's exact mass exp(f - f_max) in 2^-40 fixed point: the same bits wherever it is
/// computed, so sums of it do not depend on order or grouping.
__device__ __forceinline__ unsigned long long fixed_mass(float f, float f_max) {
  return __float2ull_rn(__fmul_rn(expf(f - f_max), kMassScaleF));
}

/// What the row's block 0 decides after the first pass; every block reads it.
struct FilterPlan {
  std::uint32_t status;       // kPlanDraw, kPlanToken or kPlanFallback
  std::uint32_t token;        // kPlanToken: the row's token
  float f_max;                // largest f of the row
  float tau_min_p;            // min-p threshold on f (-inf when off)
  std::uint32_t sure_key;     // keys at or above: kept (before min-p)
  std::uint32_t low_key;      // keys in [low_key, sure_key): candidates
  std::uint32_t count_above;  // tokens with key >= sure_key
  std::uint32_t top_k;        // effective top-k (0: off)
  std::uint32_t collect;      // tokens in the candidate bins (all blocks of the row)
};

constexpr std::uint32_t kPlanDraw = 0;
constexpr std::uint32_t kPlanToken = 1;
constexpr std::uint32_t kPlanFallback = 2;

/// The largest value whose key falls in `bin`.
__device__ __forceinline__ float bin_top(std::uint32_t bin) {
  return key_value((bin << kBinShift) | ((1u << kBinShift) - 1u));
}

/// Adds a finite f to the histogram (the mass only when `with_mass`).
__device__ __forceinline__ void histogram_add(Histogram& h, float f, bool with_mass) {
  const std::uint32_t bin = order_key(f) >> kBinShift;
  atomicAdd(&h.count[bin], 1u);
  if (with_mass) {
    atomicAdd(&h.mass[bin], __float2uint_rn(__expf(f - bin_top(bin)) * kBinMassScale));
  }
}

struct IntMaxOp {
  __device__ __forceinline__ int operator()(int a, int b) const { return a > b ? a : b; }
};

/// The highest bin whose count or mass summed from the top reaches `target`: each thread
/// holds kPer bins from the top down, `before` the sum above them. Ties between threads
/// (rounding) resolve to the highest bin. -1 when none reaches it.
template <int kThreads, int kPer, typename T>
__device__ __forceinline__ int crossing_bin(const T (&values)[kPer], T before, T target,
                                            int* scratch) {
  int found = -1;
  T run = before;
  for (int i = 0; i < kPer; ++i) {
    const T previous = run;
    run = previous + values[i];
    if (found < 0 && run >= target && !(previous >= target)) {
      found = kBins - 1 - (static_cast<int>(threadIdx.x) * kPer + i);
    }
  }
  return block_all_reduce<kThreads>(found, IntMaxOp{}, -1, scratch);
}

/// Fills the keys and masses of `plan` (every thread of block 0 calls it with the same
/// arguments) from the merged histogram, and returns how many tokens lie in the candidate
/// bins. top_k / top_p are the row's filters; min-p is applied later, on f.
template <int kThreads>
__device__ __forceinline__ std::uint32_t plan_thresholds(const Histogram& h, float f_max,
                                                         std::uint32_t top_k, float top_p,
                                                         FilterPlan& plan, double* scratch_d,
                                                         std::uint32_t* scratch_u,
                                                         int* scratch_i) {
  constexpr int kPer = kBins / kThreads;
  std::uint32_t counts[kPer];
  double masses[kPer];
  std::uint32_t my_count = 0;
  double my_mass = 0.0;
  for (int i = 0; i < kPer; ++i) {
    const std::uint32_t bin = kBins - 1 - (threadIdx.x * kPer + i);
    counts[i] = h.count[bin];
    masses[i] = h.mass[bin] == 0u
                    ? 0.0
                    : static_cast<double>(h.mass[bin]) / kBinMassScale *
                          exp(static_cast<double>(bin_top(bin)) - static_cast<double>(f_max));
    my_count += counts[i];
    my_mass += masses[i];
  }
  std::uint32_t total_count = 0;
  double total_mass = 0.0;
  const std::uint32_t count_before =
      block_exclusive_sum<kThreads>(my_count, scratch_u, total_count);
  const double mass_before = block_exclusive_sum<kThreads>(my_mass, scratch_d, total_mass);
  if (top_k >= total_count) top_k = 0;  // keeps every finite token
  plan.top_k = top_k;

  int k_bin = -1;
  if (top_k > 0) k_bin = crossing_bin<kThreads, kPer>(counts, count_before, top_k, scratch_i);
  int low = 0;
  int high = k_bin;  // the candidate bins are [low, high]
  if (top_p < 1.0f) {
    // Mass the top-p target is a share of: the kept set's, known within k_bin's share.
    double kept_low = total_mass;
    double kept_high = total_mass;
    if (k_bin >= 0) {
      double above = 0.0;
      double in_bin = 0.0;
      for (int i = 0; i < kPer; ++i) {
        const int bin = kBins - 1 - (static_cast<int>(threadIdx.x) * kPer + i);
        if (bin > k_bin) above += masses[i];
        if (bin == k_bin) in_bin += masses[i];
      }
      kept_low = block_all_reduce<kThreads>(above, SumOp{}, 0.0, scratch_d);
      kept_high = kept_low + block_all_reduce<kThreads>(in_bin, SumOp{}, 0.0, scratch_d);
    }
    const double p = static_cast<double>(top_p);
    const int p_high = crossing_bin<kThreads, kPer>(masses, mass_before, p * kept_low, scratch_i);
    const int p_low = crossing_bin<kThreads, kPer>(masses, mass_before, p * kept_high, scratch_i);
    high = max(high, min(kBins - 1, p_high + 1));
    low = k_bin >= 0 ? k_bin : max(0, (p_low >= 0 ? p_low : 0) - 1);
  } else {
    low = k_bin;
  }
  std::uint32_t above_count = 0;
  std::uint32_t in_range = 0;
  for (int i = 0; i < kPer; ++i) {
    const int bin = kBins - 1 - (static_cast<int>(threadIdx.x) * kPer + i);
    if (bin > high) {
      above_count += counts[i];
    } else if (bin >= low) {
      in_range += counts[i];
    }
  }
  plan.count_above = block_all_reduce<kThreads>(above_count, SumOp{}, 0u, scratch_u);
  const std::uint32_t collect = block_all_reduce<kThreads>(in_range, SumOp{}, 0u, scratch_u);
  plan.sure_key =
      high >= kBins - 1 ? 0xFFFFFFFFu : static_cast<std::uint32_t>(high + 1) << kBinShift;
  plan.low_key = static_cast<std::uint32_t>(low) << kBinShift;
  // -0 equals +0 but its key is one below +0's, the top of the bin under +0's: where the
  // candidates start at +0's bin, -0 is a candidate too, so that -0 ties of a threshold of 0
  // are kept (the finish compares f). Such tokens are not in `collect`: a row they overfill
  // overflows the candidates and falls back.
  if (plan.low_key == order_key(0.0f)) plan.low_key = order_key(-0.0f);
  return collect;
}

}  // namespace tokenpick

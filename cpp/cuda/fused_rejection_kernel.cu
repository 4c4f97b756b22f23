// Dual-pivot rejection on CUDA, one block per row. The filters of DESIGN section 3 keep an
// up-set of filter values f (z / T temperature first, z temperature last), so the kept set is
// {f >= t*}. Each filter's threshold is bracketed in [low, high) over the order-preserving
// bit patterns of f32: every round is one pass over the row evaluating two pivots (the
// bracket's thirds) for a count (top-k) or a mass (top-p, exp(f - f_max) summed in f64), and
// the bracket jumps to the data values next to the pivots, so it narrows by at least half and
// closes on a value of the row. min-p is direct: f - f_max >= ln m in f64. A round cap bounds
// the passes; a row that hits it gets ok = 0 and the sampler resolves it on the CPU. The draw
// is Gumbel-max over {f >= t*} with the DESIGN noise, as on the CPU path.
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include <string>

#include "../errors.h"
#include "../random/gumbel_noise.h"
#include "argmax_reduce.cuh"
#include "block_reduce.cuh"
#include "rejection_kernel.h"
#include "row_access.cuh"

namespace tokenpick {

namespace {

/// Threads per block (one block per row).
constexpr int kThreads = 1024;
/// Tokens per Philox block.
constexpr std::uint32_t kGroup = 4;

/// Order-preserving key of a non-NaN float, and back.
__device__ __forceinline__ std::uint32_t order_key(float v) {
  const std::uint32_t bits = __float_as_uint(v);
  return (bits & 0x80000000u) ? ~bits : (bits | 0x80000000u);
}
__device__ __forceinline__ float key_value(std::uint32_t key) {
  return __uint_as_float((key & 0x80000000u) ? (key & 0x7fffffffu) : ~key);
}

/// What a pass learns about one pivot.
struct PivotStats {
  unsigned count;   // tokens with f >= pivot
  double mass;      // sum of exp(f - f_max) over them
  float min_above;  // smallest f >= pivot
  float max_below;  // largest f < pivot
};

struct Scratch {
  float f[32];
  double d[32];
  unsigned u[32];
  Partial p[32];
};

template <typename T>
__device__ void pivot_pass(const T* z, std::uint32_t cols, float scale, float f_max,
                           const float (&pivots)[2], bool want_mass, PivotStats (&out)[2],
                           Scratch& s) {
  unsigned count[2] = {0, 0};
  double mass[2] = {0.0, 0.0};
  float above[2] = {INFINITY, INFINITY};
  float below[2] = {-INFINITY, -INFINITY};
  for (std::uint32_t i = threadIdx.x; i < cols; i += kThreads) {
    const float f = __fmul_rn(load_logit(z, i), scale);
    const float w = want_mass ? expf(f - f_max) : 0.0f;
    for (int q = 0; q < 2; ++q) {
      if (f >= pivots[q]) {
        ++count[q];
        mass[q] += w;
        above[q] = fminf(above[q], f);
      } else {
        below[q] = fmaxf(below[q], f);
      }
    }
  }
  for (int q = 0; q < 2; ++q) {
    out[q].count = block_all_reduce<kThreads>(count[q], SumOp{}, 0u, s.u);
    out[q].mass = want_mass ? block_all_reduce<kThreads>(mass[q], SumOp{}, 0.0, s.d) : 0.0;
    out[q].min_above = block_all_reduce<kThreads>(above[q], MinOp{}, INFINITY, s.f);
    out[q].max_below = block_all_reduce<kThreads>(below[q], MaxOp{}, -INFINITY, s.f);
  }
}

/// Largest data value t in [value(low), value(high)) with predicate true: count(f >= t) >= k
/// (want_mass false) or mass(f >= t) >= target. The predicate must hold at `low` and fail at
/// `high`. Returns false when the round cap is reached first.
template <typename T>
__device__ bool bracket(const T* z, std::uint32_t cols, float scale, float f_max, bool want_mass,
                        unsigned k, double target, std::uint32_t low, std::uint32_t high,
                        std::uint32_t max_rounds, std::uint32_t& rounds, float& threshold,
                        Scratch& s) {
  while (high - low > 1) {
    if (rounds >= max_rounds) return false;
    ++rounds;
    const std::uint32_t span = high - low;
    const std::uint32_t third = span / 3 > 0 ? span / 3 : 1;
    const float pivots[2] = {key_value(low + third), key_value(low + (span - third))};
    PivotStats stats[2];
    pivot_pass(z, cols, scale, f_max, pivots, want_mass, stats, s);
    for (int q = 0; q < 2; ++q) {
      const bool holds = want_mass ? stats[q].mass >= target : stats[q].count >= k;
      if (holds) {
        const std::uint32_t key = order_key(stats[q].min_above);
        if (key > low) low = key;
      } else {
        const std::uint32_t key = order_key(stats[q].max_below) + 1;
        if (key < high) high = key;
      }
    }
  }
  threshold = key_value(low);
  return true;
}

/// The smallest f32 v with v - f_max >= ln(m), m in (0, 1], f_max finite (as the CPU path).
__device__ float min_p_threshold(float f_max, float m) {
  const double ln_m = log(static_cast<double>(m));
  float v = static_cast<float>(static_cast<double>(f_max) + ln_m);
  while (!(static_cast<double>(v) - f_max >= ln_m)) v = nextafterf(v, INFINITY);
  while (static_cast<double>(nextafterf(v, -INFINITY)) - f_max >= ln_m) {
    v = nextafterf(v, -INFINITY);
  }
  return v;
}

/// Gumbel-max over {f >= threshold} (greedy rows: the largest logit); the token, or a sentinel.
template <typename T>
__device__ std::uint32_t block_draw(const T* z, std::uint32_t cols, const RowPlan& plan,
                                    float scale, float threshold, std::uint64_t seed,
                                    std::uint64_t step, Scratch& s) {
  Partial mine = empty_partial();
  for (std::uint32_t g = threadIdx.x; g * kGroup < cols; g += kThreads) {
    const std::uint32_t first = g * kGroup;
    Philox4 words = {{0, 0, 0, 0}};
    if (!plan.greedy) words = philox_block(seed, step, first, kDomainGumbel);
    for (std::uint32_t lane = 0; lane < kGroup && first + lane < cols; ++lane) {
      const std::uint32_t i = first + lane;
      const float logit = load_logit(z, i);
      if (plan.greedy) {
        if (logit > -INFINITY) offer(mine.finite, logit, i);
        continue;
      }
      if (!(__fmul_rn(logit, scale) >= threshold)) continue;
      const float noise = gumbel_from_bits(words.v[lane]);
      if (__fmul_rn(logit, plan.r) == INFINITY) {
        offer(mine.infinite, noise, i);
      } else {
        const float score = fmaf(logit, plan.r, noise);
        if (score > -INFINITY) offer(mine.finite, score, i);
      }
    }
  }
  mine = warp_reduce(mine);
  if (threadIdx.x % 32 == 0) s.p[threadIdx.x / 32] = mine;
  __syncthreads();
  Partial all = threadIdx.x < kThreads / 32 ? s.p[threadIdx.x] : empty_partial();
  all = warp_reduce(all);
  if (all.infinite.index != kNone) return all.infinite.index;
  if (all.finite.index != kNone) return all.finite.index;
  return kTokenAllMasked;
}

template <typename T>
__global__ void __launch_bounds__(kThreads)
    fused_rejection_kernel(const T* logits, std::uint32_t cols, const KernelRowParams* params,
                           std::uint32_t params_count, std::uint64_t step,
                           std::uint32_t max_rounds, int temperature_last, std::uint32_t* out) {
  __shared__ Scratch s;
  const std::uint32_t row = blockIdx.x;
  const KernelRowParams p = params[params_count == 1 ? 0 : row];
  const RowPlan plan = plan_row(p);
  const T* z = logits + static_cast<std::size_t>(row) * cols;
  const float scale = (temperature_last || plan.greedy) ? 1.0f : plan.r;

  float f_max_local = -INFINITY;
  unsigned nan_local = 0;
  for (std::uint32_t i = threadIdx.x; i < cols; i += kThreads) {
    const float logit = load_logit(z, i);
    if (isnan(logit)) {
      nan_local = 1;
    } else {
      f_max_local = fmaxf(f_max_local, __fmul_rn(logit, scale));
    }
  }
  const float f_max = block_all_reduce<kThreads>(f_max_local, MaxOp{}, -INFINITY, s.f);
  const unsigned nan = block_all_reduce<kThreads>(nan_local, SumOp{}, 0u, s.u);

  std::uint32_t token = kTokenAllMasked;
  std::uint32_t ok = 1;
  if (nan) {
    token = kTokenNan;
  } else if (f_max > -INFINITY) {
    float threshold = -INFINITY;
    bool converged = true;
    if (!plan.greedy && f_max == INFINITY) {
      threshold = INFINITY;  // the +inf tokens hold all the mass; every filter keeps them
    } else if (!plan.greedy) {
      std::uint32_t rounds = 0;
      const std::uint32_t high = order_key(f_max) + 1;
      if (p.top_k > 0 && p.top_k < cols) {
        converged = bracket(z, cols, scale, f_max, false, p.top_k, 0.0, order_key(-INFINITY),
                            high, max_rounds, rounds, threshold, s);
      }
      if (converged && p.top_p < 1.0f) {
        const float pivots[2] = {threshold, threshold};
        PivotStats kept[2];
        pivot_pass(z, cols, scale, f_max, pivots, true, kept, s);
        const double target = static_cast<double>(p.top_p) * kept[0].mass;
        converged = bracket(z, cols, scale, f_max, true, 0, target, order_key(threshold), high,
                            max_rounds, rounds, threshold, s);
      }
      if (converged && p.min_p > 0.0f) threshold = fmaxf(threshold, min_p_threshold(f_max, p.min_p));
    }
    if (converged) {
      token = block_draw(z, cols, plan, scale, threshold, p.seed, step, s);
    } else {
      ok = 0;
    }
  }
  if (threadIdx.x == 0) {
    out[2 * static_cast<std::size_t>(row)] = token;
    out[2 * static_cast<std::size_t>(row) + 1] = ok;
  }
}

}  // namespace

void launch_fused_rejection(const char* entry, const RejectionLaunch& l) {
  const cudaStream_t stream = static_cast<cudaStream_t>(l.stream);
  switch (l.type) {
    case LogitsType::F32:
      fused_rejection_kernel<<<l.rows, kThreads, 0, stream>>>(
          static_cast<const float*>(l.logits), l.cols, l.params, l.params_count, l.step,
          l.max_rounds, l.temperature_last, l.out);
      break;
    case LogitsType::F16:
      fused_rejection_kernel<<<l.rows, kThreads, 0, stream>>>(
          static_cast<const __half*>(l.logits), l.cols, l.params, l.params_count, l.step,
          l.max_rounds, l.temperature_last, l.out);
      break;
    case LogitsType::BF16:
      fused_rejection_kernel<<<l.rows, kThreads, 0, stream>>>(
          static_cast<const __nv_bfloat16*>(l.logits), l.cols, l.params, l.params_count, l.step,
          l.max_rounds, l.temperature_last, l.out);
      break;
  }
  const cudaError_t status = cudaGetLastError();
  if (status != cudaSuccess) {
    throw_backend_failure(entry, std::string("fused_rejection_kernel launch: ") +
                                     cudaGetErrorString(status));
  }
}

}  // namespace tokenpick

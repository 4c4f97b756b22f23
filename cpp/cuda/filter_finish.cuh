// What the filtering kernels (filtered_sample_kernel.cu, top_k_sample_kernel.cu) share after
// their passes over a row: candidate words (the key of z and the index), the per-block scratch,
// the row's plan status, block 0's gathering of its partners' findings, and the finish: exact
// top-k and top-p thresholds by radix selection over the candidates (by count, then by mass in
// 2^-40 fixed point, so sums do not depend on order), min-p, and the Gumbel-max draw over the
// kept candidates with the DESIGN noise; then the row's (token, ok), and the host's enqueue of
// either kernel.
#pragma once

#include "gpu_runtime.cuh"

#include <cstdint>

#include "argmax_reduce.cuh"
#include "block_reduce.cuh"
#include "block_scan.cuh"
#include "filter_plan.cuh"
#include "filtered_kernels.h"
#include "gumbel_score.cuh"
#include "launch_dispatch.cuh"
#include "logit_tiles.cuh"
#include "order_key.cuh"
#include "row_access.cuh"
#include "row_group.cuh"

namespace tokenpick {

// Internal to each kernel's translation unit, as when these lived in one: with separate
// compilation (-rdc) an external device function is allocated registers on its own, beyond
// the kernels' launch bounds, and nvlink refuses the kernels.
namespace {

/// Warps of a filtering block.
constexpr int kWarps = kFilterThreads / kWarpSize;
/// Blocks the filtering kernels are built to keep resident per multiprocessor.
constexpr int kBlocksPerSm = kFilterBlocksPerSm;

/// A candidate: order key of z (high word) and ~index (low word), so that sorting the words
/// in descending order sorts by z descending, then by index ascending.
__device__ __forceinline__ unsigned long long candidate_word(float z, std::uint32_t index) {
  return (static_cast<unsigned long long>(order_key(z)) << 32) | (~index);
}
__device__ __forceinline__ float candidate_z(unsigned long long word) {
  return key_value(static_cast<std::uint32_t>(word >> 32));
}
__device__ __forceinline__ std::uint32_t candidate_index(unsigned long long word) {
  return ~static_cast<std::uint32_t>(word);
}

/// Reserves one slot per set bit of `pushes` (this lane's tokens) with one atomic per warp;
/// returns this lane's first slot. Every active lane of the warp must call it.
__device__ __forceinline__ std::uint32_t warp_reserve(unsigned pushes, std::uint32_t* counter) {
  const LaneMask active = active_lanes();
  if (warp_ballot(active, pushes != 0) == 0) return 0;
  std::uint32_t total = 0;
  const std::uint32_t offset = warp_prefix_sum(active, __popc(pushes), total);
  const int last = highest_lane(active);
  std::uint32_t base = 0;
  if (lane_index() == last) base = atomicAdd(counter, total);
  return warp_shfl_from(active, base, last) + offset;
}

/// Exact masses of pass 2 (2^-40 fixed point): every finite token, and the sure-kept ones.
struct MassSums {
  unsigned long long total;
  unsigned long long above;
};

/// A block's pass-1 findings.
struct RowStats {
  Partial greedy;  // finite: largest z (lowest index); nan: NaN seen
  float f_max;
  unsigned special;  // an infinite f, or z / T overflowing where f = z
};

/// Pass-1 bookkeeping of token `index` (logit z) in `mine`: NaN seen, the argmax of a greedy
/// row, f = z * scale's maximum, and `special` for an infinite f (or z / T overflowing where
/// f = z). True, with `f`, when the token is one to filter: not NaN, not in a greedy row, not
/// special.
__device__ __forceinline__ bool note_token(float z, std::uint32_t index, const RowPlan& plan_r,
                                           float scale, int temperature_last, RowStats& mine,
                                           float& f) {
  if (isnan(z)) {
    mine.greedy.nan = 1;
    return false;
  }
  if (plan_r.greedy) {
    if (z > -INFINITY) offer(mine.greedy.finite, z, index);
    return false;
  }
  f = __fmul_rn(z, scale);
  mine.f_max = fmaxf(mine.f_max, f);
  if (f == INFINITY || (temperature_last && __fmul_rn(z, plan_r.r) == INFINITY)) {
    mine.special = 1;
    return false;
  }
  return true;
}

/// Pass 1's view of a group: f[l] = z[l] * scale and its largest f (NaN-keeping) in f_top.
/// True when the group needs no per-token bookkeeping (note_token): full (`valid` tokens of
/// kGroup), not a greedy row, no NaN, no infinite f, no overflow of z / T where f = z.
__device__ __forceinline__ bool scale_group(const float (&z)[kGroup], std::uint32_t valid,
                                            const RowPlan& plan_r, float scale,
                                            int temperature_last, float (&f)[kGroup],
                                            float& f_top) {
#pragma unroll
  for (std::uint32_t l = 0; l < kGroup; ++l) f[l] = __fmul_rn(z[l], scale);
  f_top = group_peak(f);
  return valid == kGroup && !plan_r.greedy && f_top < INFINITY &&
         !(temperature_last && __fmul_rn(f_top, plan_r.r) == INFINITY);
}

/// Radix selection: bits per round and digits.
constexpr int kRadixBits = 8;
constexpr int kRadixDigits = 1 << kRadixBits;

struct Scratch {
  unsigned long long digit[kRadixDigits];
  unsigned long long scan[32];
  unsigned long long pick_before;
  int pick;
  Partial warps[kWarps];
  Partial partial;
  RowStats stats;
  FilterPlan plan;
  float f[32];
  double d[32];
  std::uint32_t u[32];
  int i[32];
  std::uint32_t candidates;
  std::uint32_t overflow;
  std::uint32_t floor_key;               // top_k_sample_kernel: the block's collection floor
  std::uint32_t warp_count[kWarps];      // top_k_sample_kernel: tokens in each warp's slice
  MassSums sums;
};

__device__ __forceinline__ std::uint32_t filtered_token(const Partial& p) {
  if (p.infinite.index != kNone) return p.infinite.index;
  if (p.finite.index != kNone) return p.finite.index;
  return kTokenAllMasked;
}

/// The smallest f32 v with v - f_max >= ln(m), m in (0, 1], f_max finite (as the CPU path).
__device__ __forceinline__ float min_p_threshold(float f_max, float m) {
  const double ln_m = log(static_cast<double>(m));
  float v = static_cast<float>(static_cast<double>(f_max) + ln_m);
  while (!(static_cast<double>(v) - f_max >= ln_m)) v = nextafterf(v, INFINITY);
  while (static_cast<double>(nextafterf(v, -INFINITY)) - f_max >= ln_m) {
    v = nextafterf(v, -INFINITY);
  }
  return v;
}

/// The block's pass-1 findings from every thread's, into s.stats (synchronises the block).
__device__ __forceinline__ void store_block_stats(const RowStats& mine, Scratch& s) {
  const Partial greedy = block_merge<kFilterThreads>(mine.greedy, s.warps, &s.partial);
  const float f_max = block_all_reduce<kFilterThreads>(mine.f_max, MaxOp{}, -INFINITY, s.f);
  const std::uint32_t special = block_all_reduce<kFilterThreads>(mine.special, SumOp{}, 0u, s.u);
  if (threadIdx.x == 0) s.stats = RowStats{greedy, f_max, special};
}

/// The part of a row's plan every filtering kernel shares (block 0, from the merged pass-1
/// results): a token when the row is decided (NaN, greedy, all masked), the fallback when the
/// kernel cannot draw it exactly, else a draw with min-p's threshold; `passes` is how many reads
/// of the row the kernel's draw takes (the round cap below it defers the row).
__device__ __forceinline__ FilterPlan plan_status(const KernelRowParams& p, const RowPlan& plan_r,
                                                  const RowStats& stats, std::uint32_t cols,
                                                  std::uint32_t max_rounds) {
  FilterPlan plan{};
  plan.status = kPlanDraw;
  plan.f_max = stats.f_max;
  plan.tau_min_p = -INFINITY;
  plan.sure_key = 0;
  plan.low_key = 0;
  if (stats.greedy.nan) {
    plan.status = kPlanToken;
    plan.token = kTokenNan;
  } else if (plan_r.greedy || stats.f_max == -INFINITY) {
    plan.status = kPlanToken;
    plan.token = filtered_token(stats.greedy);
  } else if (stats.special || max_rounds < kDrawPasses ||
             (p.top_p < 1.0f && cols > kMaxMassTokens)) {
    plan.status = kPlanFallback;
  } else if (p.min_p > 0.0f) {
    plan.tau_min_p = min_p_threshold(stats.f_max, p.min_p);
  }
  return plan;
}

/// Block 0 of a row group: its own pass-1 findings merged with its partners'.
__device__ __forceinline__ RowStats merge_partner_stats(const Scratch& s) {
  RowStats all = s.stats;
  for (unsigned r = 1; r < RowGroup::size(); ++r) {
    const RowStats other = *RowGroup::remote(&s.stats, r);
    all.greedy = merge(all.greedy, other.greedy);
    all.f_max = fmaxf(all.f_max, other.f_max);
    all.special |= other.special;
  }
  return all;
}

/// Block 0 of a row group: appends its partners' candidates to its own `n` (every thread calls
/// it); more than kCandidateCapacity in all, or a partner's overflow, sets s.overflow. Returns
/// the new count.
__device__ __forceinline__ std::uint32_t gather_partner_words(unsigned long long* words,
                                                              std::uint32_t n, Scratch& s) {
  for (unsigned r = 1; r < RowGroup::size(); ++r) {
    const Scratch& other = *RowGroup::remote(&s, r);
    const unsigned long long* other_words = RowGroup::remote(words, r);
    const std::uint32_t count = min(other.candidates, kCandidateCapacity);
    if (other.overflow || n + count > kCandidateCapacity) {
      if (threadIdx.x == 0) s.overflow = 1;
    } else {
      for (std::uint32_t i = threadIdx.x; i < count; i += kFilterThreads) {
        words[n + i] = other_words[i];
      }
      n += count;
    }
  }
  return n;
}

/// Adds `value` to a 64-bit shared-memory counter with two native 32-bit atomics (the low
/// word's carry goes to the high word): a 64-bit atomic add on shared memory is a
/// compare-and-swap loop, which contention makes slow.
__device__ __forceinline__ void shared_add_u64(unsigned long long* counter,
                                               unsigned long long value) {
  unsigned* halves = reinterpret_cast<unsigned*>(counter);  // little-endian: low word first
  const unsigned low = static_cast<unsigned>(value);
  unsigned high = static_cast<unsigned>(value >> 32);
  if (low != 0 && atomicAdd(&halves[0], low) + low < low) ++high;  // the low word wrapped
  if (high != 0) atomicAdd(&halves[1], high);
}

/// Adds `value` to slots[slot]; when every lane of a full warp targets one slot (the common
/// case in the first radix round) the warp sums first and makes one atomic. Lanes adding 0
/// make none.
__device__ __forceinline__ void aggregated_add(unsigned long long* slots, unsigned slot,
                                               unsigned long long value) {
  const LaneMask active = active_lanes();
  const unsigned first_slot = warp_shfl_from(active, slot, lowest_lane(active));
  if (active == kFullWarp && warp_all(active, slot == first_slot)) {
    for (int offset = kWarpSize / 2; offset > 0; offset /= 2) {
      value += warp_shfl_xor(value, offset);
    }
    if (lane_index() == 0) shared_add_u64(&slots[slot], value);
  } else {
    shared_add_u64(&slots[slot], value);
  }
}

/// Radix selection over the candidates with f >= floor_f, by the key of z, one byte per round
/// from the top: by count, the key of the need-th largest (duplicates counted); by mass, the
/// largest key t whose candidates at or above it weigh at least `need`. False when the
/// candidates do not reach `need`. Every thread gets the same answer.
template <int kThreads>
__device__ bool radix_select(const unsigned long long* words, std::uint32_t n, float scale,
                             float floor_f, float f_max, bool by_mass, unsigned long long need,
                             Scratch& s, std::uint32_t& key) {
  std::uint32_t prefix = 0;
  std::uint32_t mask = 0;
  for (int shift = 32 - kRadixBits; shift >= 0; shift -= kRadixBits) {
    for (int d = threadIdx.x; d < kRadixDigits; d += kThreads) s.digit[d] = 0;
    if (threadIdx.x == 0) s.pick = -1;
    __syncthreads();
    // Same trip count for every thread, so whole warps meet in aggregated_add.
    for (std::uint32_t base = 0; base < n; base += kThreads) {
      const std::uint32_t i = base + threadIdx.x;
      const std::uint32_t k = i < n ? static_cast<std::uint32_t>(words[i] >> 32) : 0u;
      const float f = __fmul_rn(key_value(k), scale);
      const bool counted = i < n && f >= floor_f && (k & mask) == prefix;
      // Lanes that do not count add 0 to their would-be digit.
      aggregated_add(s.digit, (k >> shift) & (kRadixDigits - 1),
                     counted ? (by_mass ? fixed_mass(f, f_max) : 1ull) : 0ull);
    }
    __syncthreads();
    // Thread t holds digit (kRadixDigits - 1 - t): the prefix sum runs from the top digit.
    const int digit = kRadixDigits - 1 - static_cast<int>(threadIdx.x);
    const unsigned long long value = digit >= 0 ? s.digit[digit] : 0ull;
    unsigned long long total = 0;
    const unsigned long long before = block_exclusive_sum<kThreads>(value, s.scan, total);
    if (digit >= 0 && value > 0 && before < need && need <= before + value) {
      s.pick = digit;
      s.pick_before = before;
    }
    __syncthreads();
    const int picked = s.pick;
    const unsigned long long skipped = s.pick_before;
    __syncthreads();
    if (picked < 0) return false;
    need -= skipped;
    prefix |= static_cast<std::uint32_t>(picked) << shift;
    mask |= static_cast<std::uint32_t>(kRadixDigits - 1) << shift;
  }
  key = prefix;
  return true;
}

/// Top-p's target mass: ceil(top_p * kept) of the kept tokens' fixed-point mass `kept`.
__device__ __forceinline__ unsigned long long top_p_target(float top_p, unsigned long long kept) {
  return static_cast<unsigned long long>(
      ceil(static_cast<double>(top_p) * static_cast<double>(kept)));
}

/// Block 0, after the gather: the exact thresholds over the candidates (radix selection, no
/// sort), their draw, and the row's (token, ok).
template <int kThreads>
__device__ __forceinline__ void finish_row(const KernelRowParams& p, const RowDraw& draw,
                                           float scale, const FilterPlan& plan,
                                           const MassSums& sums, Partial row,
                                           const unsigned long long* words, std::uint32_t n,
                                           Scratch& s, std::uint32_t& token, std::uint32_t& ok) {
  ok = 0;
  token = kTokenAllMasked;
  if (s.overflow) return;
  float tau = plan.tau_min_p;
  float tau_k = -INFINITY;
  std::uint32_t key = 0;
  if (plan.top_k > 0) {
    if (plan.top_k <= plan.count_above) return;
    if (!radix_select<kThreads>(words, n, scale, -INFINITY, plan.f_max, false,
                                plan.top_k - plan.count_above, s, key)) {
      return;
    }
    tau_k = __fmul_rn(key_value(key), scale);
    tau = fmaxf(tau, tau_k);
  }
  if (p.top_p < 1.0f) {
    const unsigned long long above = sums.above;
    unsigned long long kept = 0;
    if (plan.top_k > 0) {
      unsigned long long mine = 0;
      for (std::uint32_t i = threadIdx.x; i < n; i += kThreads) {
        const float f = __fmul_rn(candidate_z(words[i]), scale);
        if (f >= tau_k) mine += fixed_mass(f, plan.f_max);
      }
      kept = above + block_all_reduce<kThreads>(mine, SumOp{}, 0ull, s.scan);
    } else {
      kept = sums.total;
    }
    const unsigned long long target = top_p_target(p.top_p, kept);
    if (above >= target) return;
    if (radix_select<kThreads>(words, n, scale, tau_k, plan.f_max, true, target - above, s,
                               key)) {
      tau = fmaxf(tau, __fmul_rn(key_value(key), scale));
    } else if (plan.top_k == 0) {
      return;  // the boundary lies below the candidate bins
    }
  }

  Partial mine = empty_partial();
  float bar = row.finite.index != kNone ? row.finite.score : -INFINITY;
  for (std::uint32_t i = threadIdx.x; i < n; i += kThreads) {
    const float z = candidate_z(words[i]);
    if (!(__fmul_rn(z, scale) >= tau)) continue;
    score_token(draw, candidate_index(words[i]), z, bar, mine);
  }
  row = merge(row, block_merge<kThreads>(mine, s.warps, &s.partial));
  token = filtered_token(row);
  ok = 1;
}

/// Thread 0 of block 0 writes the row's (token, ok); a row left to the fallback gets
/// kTokenAllMasked as its token.
__device__ __forceinline__ void write_row_result(std::uint32_t* out, std::uint32_t row,
                                                 std::uint32_t token, std::uint32_t ok) {
  if (threadIdx.x == 0) {
    out[2 * static_cast<std::size_t>(row)] = ok ? token : kTokenAllMasked;
    out[2 * static_cast<std::size_t>(row) + 1] = ok;
  }
}

/// Enqueues a filtering kernel for one chunk of rows: `kernel_of(element, tier)` names the
/// instance for the logits' element type and the parameters' tier as a
/// std::integral_constant holding its address. The kernels take the same arguments, with
/// `extra` (the top-k route's state) before the output; `shared_bytes` of dynamic shared memory.
template <typename KernelOf, typename... Extra>
gpuError_t enqueue_filtering_kernel(const RejectionLaunch& l, const RowChunk& chunk,
                                    gpuStream_t stream, KernelOf kernel_of,
                                    std::size_t shared_bytes, Extra... extra) {
  const std::uint32_t count = l.params_count == 1 ? 1 : chunk.rows;
  return dispatch_type_and_tier(l.type, count, [&](auto element, auto tier) {
    using T = decltype(element);
    constexpr int kTier = decltype(tier)::value;
    constexpr auto kKernel = decltype(kernel_of(element, tier))::value;
    const gpuError_t prepared = prepare_kernel<kKernel>(l.device, shared_bytes);
    if (prepared != gpuSuccess) return prepared;
    return launch_row_groups(kKernel, chunk, kFilterThreads, shared_bytes, stream,
                             static_cast<const T*>(l.logits), l.cols, chunk.first_row,
                             chunk_params<kTier>(l.params, l.params_count, chunk), count, l.step,
                             l.max_rounds, l.temperature_last,
                             rows_vectorizable<T>(l.logits, l.cols), extra..., l.out);
  });
}

}  // namespace

}  // namespace tokenpick

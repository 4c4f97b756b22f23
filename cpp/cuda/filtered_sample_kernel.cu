// Filtered sampling (top-k, top-p, min-p, DESIGN 3) in one launch, the row read twice by the
// G blocks of its row group (a cluster on sm_90; G is chosen so that a row is still in L2 for
// the second read). Pass 1: the row's max f, NaN / +inf flags, the greedy argmax, and when
// top-k or top-p is on a 4096-bin histogram of f (count, fixed-point mass; filter_plan.cuh).
// Block 0 merges its partners' results from their shared memory and plans: bins kept for
// sure, candidate bins holding every token the exact threshold can fall on, the rest dropped.
// Pass 2: kept tokens are scored for Gumbel-max with the skips of gumbel_score.cuh, candidates
// go to shared memory. Block 0 gathers them and finds top-k's k-th value and top-p's boundary
// exactly by radix selection over them (4 byte rounds, masses in 2^-40 fixed point, so the
// sums do not depend on order), applies min-p (f - f_max >= ln m), scores the kept candidates
// and writes (token, ok). Rows it cannot finish (an infinite f,
// more candidates than fit) get ok = 0 and the sampler finishes them on the CPU.
#include "gpu_runtime.cuh"

#include "argmax_reduce.cuh"
#include "block_reduce.cuh"
#include "block_scan.cuh"
#include "filter_plan.cuh"
#include "filtered_kernels.h"
#include "gumbel_score.cuh"
#include "launch_dispatch.cuh"
#include "logit_tiles.cuh"
#include "order_key.cuh"
#include "phase_times.cuh"
#include "row_access.cuh"
#include "row_group.cuh"

namespace tokenpick {

namespace {

constexpr int kWarps = kFilterThreads / kWarpSize;
/// Blocks the kernel is built to keep resident per multiprocessor.
constexpr int kBlocksPerSm = kFilterBlocksPerSm;
/// Most tokens a row may have for the fixed-point masses (2^40 each) to fit in 64 bits.
constexpr std::uint32_t kMaxMassTokens = 1u << 24;
static_assert(sizeof(Histogram) <= kFilterSharedBytes,
              "the histogram shares the candidates' shared memory");
/// Passes over the row a draw needs (the round cap below this defers rows to the fallback).
constexpr std::uint32_t kDrawPasses = 2;

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
  const unsigned count = __popc(pushes);
  if (warp_ballot(active, count != 0) == 0) return 0;
  // Active lanes are a prefix of the warp (only a row's last tile is partial).
  const int lane = lane_index();
  unsigned inclusive = count;
  for (int d = 1; d < kWarpSize; d *= 2) {
    const unsigned other = warp_shfl_up_among(active, inclusive, d);
    if (lane >= d) inclusive += other;
  }
  const int last = highest_lane(active);
  const unsigned total = warp_shfl_from(active, inclusive, last);
  std::uint32_t base = 0;
  if (lane == last) base = atomicAdd(counter, total);
  return warp_shfl_from(active, base, last) + inclusive - count;
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
  MassSums sums;
};

__device__ __forceinline__ std::uint32_t partial_token(const Partial& p) {
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

/// Block 0: the row's plan from the merged pass-1 results (every thread calls it).
template <int kThreads>
__device__ __forceinline__ void plan_row_draw(const KernelRowParams& p, const RowPlan& plan_r, RowStats stats,
                              Histogram& h, bool histogram, std::uint32_t cols,
                              std::uint32_t max_rounds, Scratch& s) {
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
    plan.token = partial_token(stats.greedy);
  } else if (stats.special || max_rounds < kDrawPasses ||
             (p.top_p < 1.0f && cols > kMaxMassTokens)) {
    plan.status = kPlanFallback;
  } else {
    if (histogram) {
      const std::uint32_t top_k = p.top_k < cols ? p.top_k : 0;
      plan.collect = plan_thresholds<kThreads>(h, stats.f_max, top_k, p.top_p, plan, s.d, s.u,
                                               s.i);
      if (plan.collect > kCandidateCapacity) plan.status = kPlanFallback;
    }
    if (p.min_p > 0.0f) plan.tau_min_p = min_p_threshold(stats.f_max, p.min_p);
  }
  __syncthreads();
  if (threadIdx.x == 0) s.plan = plan;
}

/// Adds `value` to slots[slot]; when every lane of a full warp targets one slot (the common
/// case in the first radix round) the warp sums first and makes one atomic.
__device__ __forceinline__ void aggregated_add(unsigned long long* slots, unsigned slot,
                                               unsigned long long value) {
  const LaneMask active = active_lanes();
  const unsigned first_slot = warp_shfl_from(active, slot, lowest_lane(active));
  if (active == kFullWarp && warp_all(active, slot == first_slot)) {
    for (int offset = kWarpSize / 2; offset > 0; offset /= 2) {
      value += warp_shfl_xor(value, offset);
    }
    if (lane_index() == 0) atomicAdd(&slots[slot], value);
  } else {
    atomicAdd(&slots[slot], value);
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
    const double wanted = ceil(static_cast<double>(p.top_p) * static_cast<double>(kept));
    const unsigned long long target = static_cast<unsigned long long>(wanted);
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
    const std::uint32_t index = candidate_index(words[i]);
    const float group[4] = {z, z, z, z};
    score_group(draw, index & ~3u, group, 1u << (index & 3u), bar, mine);
  }
  row = merge(row, block_merge<kThreads>(mine, s.warps, &s.partial));
  token = partial_token(row);
  ok = 1;
}

template <typename T, int N>
__global__ void __launch_bounds__(kFilterThreads, kBlocksPerSm)
    filtered_sample_kernel(const T* logits, std::uint32_t cols, std::uint32_t first_row,
                           const __grid_constant__ InlineParams<N> params,
                           std::uint32_t params_count, std::uint64_t step,
                           std::uint32_t max_rounds, int temperature_last, bool vectors,
                           std::uint32_t* out) {
  extern __shared__ unsigned long long dynamic_words[];
  __shared__ Scratch s;
  Histogram& h = *reinterpret_cast<Histogram*>(dynamic_words);
  unsigned long long* words = dynamic_words;

  const std::uint32_t row = blockIdx.y;
  const KernelRowParams& p = params.rows[params_count == 1 ? 0 : row];
  const RowPlan plan_r = plan_row(p);
  const T* z_row = logits + static_cast<std::size_t>(first_row + row) * cols;
  const float scale = (temperature_last || plan_r.greedy) ? 1.0f : plan_r.r;
  const bool top_k_on = p.top_k > 0 && p.top_k < cols;
  const bool top_p_on = p.top_p < 1.0f;
  const bool histogram = !plan_r.greedy && (top_k_on || top_p_on);
  const unsigned rank = RowGroup::rank();
  const unsigned ranks = RowGroup::size();

  TP_PHASE(0);
  // Pass 1.
  if (histogram) {
    for (int i = threadIdx.x; i < kBins; i += kFilterThreads) {
      h.count[i] = 0;
      h.mass[i] = 0.0f;
    }
    __syncthreads();
  }
  RowStats mine{empty_partial(), -INFINITY, 0};
  for_each_group<kFilterThreads>(
      z_row, cols, vectors, rank, ranks, [](const auto&) {},
      [&](std::uint32_t first, const float (&z)[4], std::uint32_t valid) {
        for (std::uint32_t l = 0; l < valid; ++l) {
          if (isnan(z[l])) {
            mine.greedy.nan = 1;
            continue;
          }
          if (plan_r.greedy) {
            if (z[l] > -INFINITY) offer(mine.greedy.finite, z[l], first + l);
            continue;
          }
          const float f = __fmul_rn(z[l], scale);
          mine.f_max = fmaxf(mine.f_max, f);
          if (f == INFINITY || (temperature_last && __fmul_rn(z[l], plan_r.r) == INFINITY)) {
            mine.special = 1;
          } else if (histogram && f > -INFINITY) {
            histogram_add(h, f, top_p_on);
          }
        }
      },
      [] {});
  {
    const Partial greedy = block_merge<kFilterThreads>(mine.greedy, s.warps, &s.partial);
    const float f_max = block_all_reduce<kFilterThreads>(mine.f_max, MaxOp{}, -INFINITY, s.f);
    const std::uint32_t special =
        block_all_reduce<kFilterThreads>(mine.special, SumOp{}, 0u, s.u);
    if (threadIdx.x == 0) {
      s.stats = RowStats{greedy, f_max, special};
      s.candidates = 0;
      s.overflow = 0;
    }
  }
  TP_PHASE(1);  // pass 1 read and reduced
  RowGroup::sync();
  TP_PHASE(2);  // partners arrived

  // Block 0 plans.
  if (rank == 0) {
    RowStats all = s.stats;
    for (unsigned r = 1; r < ranks; ++r) {
      const RowStats other = *RowGroup::remote(&s.stats, r);
      all.greedy = merge(all.greedy, other.greedy);
      all.f_max = fmaxf(all.f_max, other.f_max);
      all.special |= other.special;
    }
    const bool merge_histograms = histogram && !all.greedy.nan && !all.special &&
                                  all.f_max > -INFINITY && ranks > 1;
    if (merge_histograms) {
      for (int i = threadIdx.x; i < kBins; i += kFilterThreads) {
        std::uint32_t count = h.count[i];
        float mass = h.mass[i];
        for (unsigned r = 1; r < ranks; ++r) {
          const Histogram& other = *RowGroup::remote(&h, r);
          count += other.count[i];
          mass += other.mass[i];
        }
        h.count[i] = count;
        h.mass[i] = mass;
      }
      __syncthreads();
    }
    plan_row_draw<kFilterThreads>(p, plan_r, all, h, histogram, cols, max_rounds, s);
  }
  TP_PHASE(3);  // planned
  RowGroup::sync();
  const FilterPlan plan = *RowGroup::remote(&s.plan, 0);

  // Pass 2.
  Partial partial = empty_partial();
  if (plan.status == kPlanDraw) {
    const RowDraw draw = row_draw(plan_r.r, p.seed, step);
    // Exact masses are needed by top-p: the sure-kept ones, and all when top-k is off.
    const bool sum_above = top_p_on;
    const bool sum_total = top_p_on && plan.top_k == 0;
    MassSums sums{0, 0};
    float bar = -INFINITY;
    for_each_group<kFilterThreads>(
        z_row, cols, vectors, rank, ranks, [](const auto&) {},
        [&](std::uint32_t first, const float (&z)[4], std::uint32_t valid) {
          unsigned lanes = 0;
          unsigned pushes = 0;
          for (std::uint32_t l = 0; l < valid; ++l) {
            const float f = __fmul_rn(z[l], scale);
            const std::uint32_t key = order_key(f);
            if (key >= plan.sure_key) {
              if (f >= plan.tau_min_p) lanes |= 1u << l;
              if (sum_above) sums.above += fixed_mass(f, plan.f_max);
            } else if (key >= plan.low_key && f > -INFINITY) {
              pushes |= 1u << l;
            }
            if (sum_total && f > -INFINITY) sums.total += fixed_mass(f, plan.f_max);
          }
          std::uint32_t slot = warp_reserve(pushes, &s.candidates);
          for (std::uint32_t l = 0; l < valid; ++l) {
            if (!((pushes >> l) & 1u)) continue;
            if (slot < kCandidateCapacity) {
              words[slot] = candidate_word(z[l], first + l);
            } else {
              s.overflow = 1;
            }
            ++slot;
          }
          if (lanes != 0) score_group(draw, first, z, lanes, bar, partial);
        },
        [&] { share_bar(bar); });
    partial = block_merge<kFilterThreads>(partial, s.warps, &s.partial);
    if (top_p_on) {
      const MassSums block{
          block_all_reduce<kFilterThreads>(sums.total, SumOp{}, 0ull, s.scan),
          block_all_reduce<kFilterThreads>(sums.above, SumOp{}, 0ull, s.scan)};
      if (threadIdx.x == 0) s.sums = block;
    }
  }
  TP_PHASE(4);  // pass 2 done
  RowGroup::sync();
  TP_PHASE(5);  // partners arrived

  // Block 0 gathers the candidates and partials of its partners.
  std::uint32_t n = 0;
  if (rank == 0 && plan.status == kPlanDraw) {
    n = min(s.candidates, kCandidateCapacity);
    for (unsigned r = 1; r < ranks; ++r) {
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
      partial = merge(partial, other.partial);
    }
  }
  MassSums sums = s.sums;
  if (rank == 0 && plan.status == kPlanDraw && top_p_on) {
    for (unsigned r = 1; r < ranks; ++r) {
      const MassSums other = RowGroup::remote(&s, r)->sums;
      sums.total += other.total;
      sums.above += other.above;
    }
  }
  RowGroup::sync();  // partners keep their shared memory until block 0 has read it
  if (rank != 0) return;
  TP_PHASE(6);  // gathered

  std::uint32_t token = plan.token;
  std::uint32_t ok = plan.status == kPlanToken ? 1u : 0u;
  if (plan.status == kPlanDraw) {
    const RowDraw draw = row_draw(plan_r.r, p.seed, step);
    finish_row<kFilterThreads>(p, draw, scale, plan, sums, partial, words, n, s, token, ok);
  }
  TP_PHASE(7);  // finished
  if (threadIdx.x == 0) {
    out[2 * static_cast<std::size_t>(first_row + row)] = ok ? token : kTokenAllMasked;
    out[2 * static_cast<std::size_t>(first_row + row) + 1] = ok;
  }
}

}  // namespace

#if defined(TOKENPICK_PHASE_TIMES)
gpuError_t read_filtered_phase_marks(long long* marks) {
  return cudaMemcpyFromSymbol(marks, phase_marks, sizeof(long long) * kPhaseMarks);
}
#endif

gpuError_t enqueue_filtered_sample(const RejectionLaunch& l, const RowChunk& chunk,
                                    gpuStream_t stream) {
  const std::uint32_t count = l.params_count == 1 ? 1 : chunk.rows;
  return dispatch_type_and_tier(l.type, count, [&](auto element, auto tier) {
    using T = decltype(element);
    constexpr int kTier = decltype(tier)::value;
    const gpuError_t prepared =
        prepare_kernel<filtered_sample_kernel<T, kTier>>(l.device, kFilterSharedBytes);
    if (prepared != gpuSuccess) return prepared;
    return launch_row_groups(filtered_sample_kernel<T, kTier>, chunk, kFilterThreads,
                             kFilterSharedBytes, stream, static_cast<const T*>(l.logits),
                             l.cols, chunk.first_row,
                             chunk_params<kTier>(l.params, l.params_count, chunk), count, l.step,
                             l.max_rounds, l.temperature_last,
                             rows_vectorizable<T>(l.logits, l.cols), l.out);
  });
}

}  // namespace tokenpick

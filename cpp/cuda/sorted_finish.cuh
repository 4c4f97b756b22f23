// The top-k kernel's selections over small candidate sets, by sorting them (block_sort.cuh)
// instead of radix selection: at most kSortedWords candidates, two per thread. Sorted
// descending, the k-th largest key is position k - 1; the tokens with f at or above a
// threshold are a prefix; top-p's boundary is the first position where the prefix sum of the
// fixed-point masses reaches the target. The thresholds are radix selection's exactly (the
// same keys, the same integer masses, ties kept), so the tokens do not change; each costs a
// sort over the next power of two of the set (one word a thread up to 512; at most 55 network
// steps, 14 of them through shared memory) rather than four byte rounds.
#pragma once

#include <cstdint>

#include "block_scan.cuh"
#include "block_sort.cuh"
#include "filter_finish.cuh"

namespace tokenpick {

namespace {

/// Words per thread, and most candidates, of the sorted selections.
constexpr int kSortedPer = 2;
constexpr std::uint32_t kSortedWords = kFilterThreads * kSortedPer;

/// The candidates words[0, n) (n <= kSortedWords) sorted descending into v: position
/// threadIdx.x + r * kFilterThreads holds v[r]; positions at or past n hold 0. `words` is the
/// sort's exchange buffer (synchronises the block). kByCount: up to a word per thread, by
/// counting (block_rank_sort_desc, which reads `words` before it writes them), not the network.
template <bool kByCount = false>
__device__ __forceinline__ void sort_candidates(unsigned long long* words, std::uint32_t n,
                                                unsigned long long (&v)[kSortedPer]) {
#pragma unroll
  for (int r = 0; r < kSortedPer; ++r) {
    const std::uint32_t p = threadIdx.x + r * kFilterThreads;
    v[r] = p < n ? words[p] : 0ull;
  }
  if constexpr (kByCount) {
    if (n <= static_cast<std::uint32_t>(kFilterThreads)) {
      v[0] = block_rank_sort_desc(words, n, v[0]);
      return;
    }
  }
  __syncthreads();  // every word is held before the exchange overwrites them
  // The network's size: the next power of two of n (2 at least). Up to a word per thread, the
  // network of one word per thread (half the work a step).
  const std::uint32_t size = n <= 2 ? 2u : 1u << (32 - __clz(n - 1));
  if (size <= static_cast<std::uint32_t>(kFilterThreads)) {
    unsigned long long one[1] = {v[0]};
    block_sort_desc<kFilterThreads, 1>(one, words, size);
    v[0] = one[0];
  } else {
    block_sort_desc<kFilterThreads, kSortedPer>(v, words, size);
  }
}

/// The key at sorted position `position` (< kSortedWords), on every thread.
__device__ __forceinline__ std::uint32_t key_at(const unsigned long long (&v)[kSortedPer],
                                                std::uint32_t position, Scratch& s) {
#pragma unroll
  for (int r = 0; r < kSortedPer; ++r) {
    if (threadIdx.x + r * kFilterThreads == position) {
      s.u[0] = static_cast<std::uint32_t>(v[r] >> 32);
    }
  }
  __syncthreads();
  const std::uint32_t key = s.u[0];
  __syncthreads();
  return key;
}

/// The block's candidates words[0, n) (kSortedWords at most, more than k) cut to those with f
/// at or above the k-th largest (ties kept), as radix selection and keep_words do; returns how
/// many, packed from words[0].
__device__ __forceinline__ std::uint32_t keep_k_largest_sorted(unsigned long long* words,
                                                               std::uint32_t n, std::uint32_t k,
                                                               float scale, Scratch& s) {
  unsigned long long v[kSortedPer];
  sort_candidates(words, n, v);
  const float floor_f = __fmul_rn(key_value(key_at(v, k - 1, s)), scale);
  std::uint32_t kept = 0;
#pragma unroll
  for (int r = 0; r < kSortedPer; ++r) {
    const std::uint32_t p = threadIdx.x + r * kFilterThreads;
    const bool keep = p < n && __fmul_rn(candidate_z(v[r]), scale) >= floor_f;
    if (keep) words[p] = v[r];  // a prefix of the sorted positions
    if (r * kFilterThreads < n) kept += static_cast<std::uint32_t>(__syncthreads_count(keep));
  }
  return kept;
}

/// finish_row for the top-k kernel (no sure-kept tokens outside the candidates, no partial
/// draw) over n <= kSortedWords candidates: the same thresholds and draw, by sorting
/// (kByCount: sort_candidates').
template <bool kByCount>
__device__ __forceinline__ void finish_row_sorted(const KernelRowParams& p, const RowDraw& draw,
                                                  float scale, const FilterPlan& plan,
                                                  const MassSums& sums,
                                                  unsigned long long* words, std::uint32_t n,
                                                  Scratch& s, std::uint32_t& token,
                                                  std::uint32_t& ok) {
  ok = 0;
  token = kTokenAllMasked;
  if (s.overflow) return;
  unsigned long long v[kSortedPer];
  sort_candidates<kByCount>(words, n, v);
  float f[kSortedPer];
#pragma unroll
  for (int r = 0; r < kSortedPer; ++r) f[r] = __fmul_rn(candidate_z(v[r]), scale);
  const auto present = [&](int r) { return threadIdx.x + r * kFilterThreads < n; };

  float tau = plan.tau_min_p;
  float tau_k = -INFINITY;
  if (plan.top_k > 0) {
    if (plan.top_k > n) return;  // radix selection by count finds no k-th key
    tau_k = __fmul_rn(key_value(key_at(v, plan.top_k - 1, s)), scale);
    tau = fmaxf(tau, tau_k);
  }
  if (p.top_p < 1.0f) {
    unsigned long long mass[kSortedPer];
#pragma unroll
    for (int r = 0; r < kSortedPer; ++r) {
      mass[r] = present(r) && f[r] >= tau_k ? fixed_mass(f[r], plan.f_max) : 0ull;
    }
    // Prefix sums in position order: the first kFilterThreads positions, then the rest.
    unsigned long long before[kSortedPer];
    unsigned long long total = 0;
#pragma unroll
    for (int r = 0; r < kSortedPer; ++r) {
      before[r] = total;
      if (r * kFilterThreads >= n) continue;  // no candidate in this row of positions
      unsigned long long part = 0;
      before[r] += block_exclusive_sum<kFilterThreads>(mass[r], s.scan, part);
      total += part;
    }
    const unsigned long long kept = plan.top_k > 0 ? total : sums.total;
    const unsigned long long target = top_p_target(p.top_p, kept);
    if (target == 0) return;
    if (threadIdx.x == 0) s.pick = -1;
    __syncthreads();
#pragma unroll
    for (int r = 0; r < kSortedPer; ++r) {
      if (mass[r] > 0 && before[r] < target && target <= before[r] + mass[r]) {
        s.pick = 0;
        s.u[1] = static_cast<std::uint32_t>(v[r] >> 32);
      }
    }
    __syncthreads();
    const bool found = s.pick >= 0;
    const std::uint32_t boundary = s.u[1];
    __syncthreads();
    if (found) {
      tau = fmaxf(tau, __fmul_rn(key_value(boundary), scale));
    } else if (plan.top_k == 0) {
      return;  // the boundary lies below the candidates
    }
  }

  Partial mine = empty_partial();
  float bar = -INFINITY;
#pragma unroll
  for (int r = 0; r < kSortedPer; ++r) {
    if (present(r) && f[r] >= tau) {
      score_token(draw, candidate_index(v[r]), candidate_z(v[r]), bar, mine);
    }
  }
  token = filtered_token(block_merge<kFilterThreads>(mine, s.warps, &s.partial));
  ok = 1;
}

/// The row's (token, ok) from the merged pass findings `all` and its candidates words[0, n):
/// every token with f at or above its k-th largest (k its top-k, ties kept), or all its finite
/// tokens when it has fewer than k (then nothing was dropped and all are kept). The plan, then
/// the sorted finish for up to kSortedWords candidates (kByCount: sort_candidates'), radix
/// selection above. The whole block calls it.
template <bool kByCount = false>
__device__ __forceinline__ void finish_collected_row(const KernelRowParams& p,
                                                     const RowPlan& plan_r, const RowStats& all,
                                                     std::uint32_t cols, std::uint32_t max_rounds,
                                                     std::uint64_t step, float scale,
                                                     std::uint32_t k,
                                                     unsigned long long* words, std::uint32_t n,
                                                     Scratch& s, std::uint32_t& token,
                                                     std::uint32_t& ok) {
  FilterPlan plan = plan_status(p, plan_r, all, cols, max_rounds);
  token = plan.token;
  ok = plan.status == kPlanToken ? 1u : 0u;
  if (plan.status != kPlanDraw) return;
  plan.top_k = n >= k ? k : 0;
  plan.count_above = 0;
  MassSums sums{0, 0};
  if (plan.top_k == 0 && p.top_p < 1.0f) {
    unsigned long long mass = 0;
    for (std::uint32_t i = threadIdx.x; i < n; i += kFilterThreads) {
      mass += fixed_mass(__fmul_rn(candidate_z(words[i]), scale), plan.f_max);
    }
    sums.total = block_all_reduce<kFilterThreads>(mass, SumOp{}, 0ull, s.scan);
  }
  const RowDraw draw = row_draw(plan_r.r, p.seed, step);
  if (n <= kSortedWords) {
    finish_row_sorted<kByCount>(p, draw, scale, plan, sums, words, n, s, token, ok);
  } else {
    finish_row<kFilterThreads>(p, draw, scale, plan, sums, empty_partial(), words, n, s, token,
                               ok);
  }
}

}  // namespace

}  // namespace tokenpick

// The top-p route's second read (DESIGN 3-4): top-p keeps S = {f >= t}; c is in S when the
// mass of the tokens with f > f_c is below ceil(top_p * total) (2^-40 fixed point). The first
// read (gumbel_max_kernel with kKeep) left each block's K best Gumbel scores (K of
// kKeptScoreTiers, the instance here too: K words a block read); the best of them in S is the
// argmax over S of the same noise, the two-pass kernel's token. Only those whose f exceeds
// every better-scoring one's can be it (S is an up-set in f). Each block reads its share once,
// summing estimated masses (mass_estimate.cuh): the total and the mass above each; the row's
// last block (a ticket) takes the first candidate surely in S by the bounds. NaN gives
// kTokenNan, all -inf kTokenAllMasked; an infinite f, a lost slice word, no candidate in S or
// open bounds give ok = 0, for the fallback.
#include "gpu_runtime.cuh"

#include "filter_finish.cuh"
#include "grid_overlap.cuh"
#include "launch_dispatch.cuh"
#include "logit_tiles.cuh"
#include "mass_estimate.cuh"
#include "split_merge.cuh"
#include "top_p_route.h"
#include "top_scores.cuh"

namespace tokenpick {

namespace {

constexpr int kVerifyWarps = kTopPVerifyThreads / kWarpSize;
/// A token this far below the row's largest f weighs exp(-29) 2^40 < 0.5: fixed_mass rounds
/// it to 0 (the rounding of f - f_max and of expf stay far from that edge), and the verify
/// leaves it out of its sums.
constexpr float kNegligibleBelowMax = 29.0f;
/// Flags of a row's findings.
constexpr std::uint32_t kFlagNan = 1, kFlagSpecial = 2, kFlagOverflow = 4;

/// The row's candidates that can be its draw (shared memory): those whose f exceeds every
/// better-scoring candidate's, best score first (so f ascending).
template <int K>
struct Candidates {
  unsigned long long words[K];  // (score key, ~index); 0 past count
  float f[K];                   // +inf past count
  std::uint32_t count;
  float f_max;
  float f_negligible;  // below it a token's fixed-point mass rounds to 0
  std::uint32_t flags;
};

/// Keeps the candidates whose f exceeds every better-scoring one's, in order, in `c`: lane k
/// of warp 0 holds candidate k (`word` 0: none), the whole warp calls it, in a few shuffles.
template <int K>
__device__ __forceinline__ void keep_frontier(unsigned long long word, float f,
                                              Candidates<K>& c) {
  const int lane = lane_index();
  const bool present = lane < K && word != 0ull;
  // The largest f of the candidates before this lane (lanes past the candidates add nothing).
  float before = present ? f : -INFINITY;
  for (int d = 1; d < K; d *= 2) {
    const float other = warp_shfl_up(before, d);
    if (lane >= d) before = fmaxf(before, other);
  }
  before = warp_shfl_up(before, 1);
  const bool kept = present && (lane == 0 || f > before);
  const LaneMask kept_lanes = warp_ballot(kFullWarp, kept);
  const unsigned count = lane_count(kept_lanes);
  if (kept) {
    c.words[lanes_below(kept_lanes)] = word;
    c.f[lanes_below(kept_lanes)] = f;
  } else if (lane >= static_cast<int>(count) && lane < K) {
    c.words[lane] = 0ull;
    c.f[lane] = INFINITY;
  }
  if (lane == 0) c.count = count;
}

/// The row's candidates from the first read's `blocks` TopScores, its f_max and flags, into
/// `c` (every thread calls it; `staged` holds blocks * K words: each block's first K).
template <int K, typename T>
__device__ __forceinline__ void merge_candidates(const TopScores* top, unsigned blocks,
                                                 const T* z_row, float scale,
                                                 unsigned long long* staged, Candidates<K>& c) {
  const unsigned n = blocks * K;
  for (unsigned i = threadIdx.x; i < n; i += kTopPVerifyThreads) {
    staged[i] = top[i / K].words[i % K];
  }
  __syncthreads();
  if (warp_index() == 0) {
    float z_max = -INFINITY;
    std::uint32_t flags = 0;
    for (unsigned b = lane_index(); b < blocks; b += kWarpSize) {
      z_max = fmaxf(z_max, top[b].z_max);
      flags |= top[b].overflow ? kFlagOverflow : 0u;
    }
    z_max = warp_all_reduce(z_max, MaxOp{});
    flags = warp_all_reduce(flags, BitOrOp{});
    unsigned long long word = 0ull;  // lane k: the k-th best word
    float f = INFINITY;
    if (n <= kWarpSize) {
      // One word a lane (long calls' rows): K rounds of the warp's best, lane k keeps
      // the k-th and loads its logit at once, under the later rounds (batch 256 x 128256 f32
      // 155.6 / 149.4 / 137.8 -> 151.7 / 145.8 / 134.0 us at sigma 1 / 3 / 6, H200).
      unsigned long long mine[1] = {lane_index() < n ? staged[lane_index()] : 0ull};
      for (int k = 0; k < K; ++k) {
        const unsigned long long best = warp_take_best(mine);
        if (lane_index() == k && best != 0ull) {
          word = best;
          f = __fmul_rn(load_logit(z_row, ~static_cast<std::uint32_t>(best)), scale);
        }
      }
    } else {
      // K rounds of the warp's best word below the last one taken (words are
      // distinct); lane k keeps the k-th, then loads its logit (in the rounds: batch 1 x
      // 128256 f32 sigma 6 21.98 -> 23.38 us, H200).
      unsigned long long last = ~0ull;
      for (int k = 0; k < K; ++k) {
        unsigned long long best = 0;
        for (unsigned i = lane_index(); i < n; i += kWarpSize) {
          const unsigned long long w = staged[i];
          if (w < last && w > best) best = w;
        }
        best = warp_max_word(best);
        if (best == 0ull) break;
        last = best;
        if (lane_index() == k) word = best;
      }
      if (word != 0ull) f = __fmul_rn(load_logit(z_row, ~static_cast<std::uint32_t>(word)), scale);
    }
    keep_frontier(word, f, c);
    if (lane_index() == 0) {
      c.f_max = __fmul_rn(z_max, scale);
      c.f_negligible = c.f_max - kNegligibleBelowMax;
      c.flags = flags;
    }
  }
  __syncthreads();
}

/// A block's partial sums and flags, a warp at a time (shared memory).
struct WarpSums {
  double sums[kVerifyWarps][1 + kTopScores];
  std::uint32_t flags[kVerifyWarps];
};

/// A thread's estimated sums (mass_estimate.cuh): the total, and above each of the first
/// kSums candidates (candidates past c.count have f = +inf: nothing is above them).
template <int kSums>
struct EstimateSums {
  float front[kSums];  // the candidates' f
  float total;
  float above[kSums];
};

/// A token of mass estimate e and scaled logit f into the sums.
template <int kSums>
__device__ __forceinline__ void add_estimate(float f, float e, EstimateSums<kSums>& s) {
#pragma unroll
  for (int k = 0; k < kSums; ++k) s.above[k] += f > s.front[k] ? e : 0.0f;
}

/// The sums and flags of a token with logit z (f = z * scale).
template <int kSums, int K>
__device__ __forceinline__ void add_token(float z, float scale, float r, int temperature_last,
                                          const Candidates<K>& c, EstimateSums<kSums>& s,
                                          std::uint32_t& flags) {
  const float f = __fmul_rn(z, scale);
  if (isnan(z)) {
    flags |= kFlagNan;
  } else if (f == INFINITY || (temperature_last && __fmul_rn(z, r) == INFINITY)) {
    flags |= kFlagSpecial;
  } else if (f > -INFINITY && f >= c.f_negligible) {
    const float e = estimated_mass(f, c.f_max);
    s.total += e;
    if (f > s.front[0]) add_estimate(f, e, s);
  }
}

/// A group of logits z (`valid` of them): four tokens at once where every f is finite or -inf
/// (a -inf token's estimate is 0), token by token (add_token) otherwise.
template <int kSums, int K>
__device__ __forceinline__ void add_group(const float (&z)[kGroup], std::uint32_t valid,
                                          float scale, float r, int temperature_last,
                                          const Candidates<K>& c, EstimateSums<kSums>& s,
                                          std::uint32_t& flags) {
  float f[kGroup];
#pragma unroll
  for (std::uint32_t l = 0; l < kGroup; ++l) f[l] = __fmul_rn(z[l], scale);
  // NaN or +inf anywhere makes the sum NaN or +inf.
  const float total = __fadd_rn(__fadd_rn(f[0], f[1]), __fadd_rn(f[2], f[3]));
  const float peak = group_peak(f);
  if (valid != kGroup || !(total < INFINITY) ||
      (temperature_last && __fmul_rn(group_peak(z), r) == INFINITY)) {
    for (std::uint32_t l = 0; l < valid; ++l) {
      add_token(z[l], scale, r, temperature_last, c, s, flags);
    }
    return;
  }
  // Every exact mass rounds to 0; a group below the largest f by less keeps its tokens under
  // the edge too, each of estimate 2^40 e < 0.3 units, inside the bounds' unit a token.
  if (peak < c.f_negligible) return;
  float e[kGroup];
#pragma unroll
  for (std::uint32_t l = 0; l < kGroup; ++l) e[l] = estimated_mass(f[l], c.f_max);
  s.total += __fadd_rn(e[0], e[1]) + __fadd_rn(e[2], e[3]);
  if (peak > s.front[0]) {
#pragma unroll
    for (std::uint32_t l = 0; l < kGroup; ++l) add_estimate(f[l], e[l], s);
  }
}

/// The row's (token, ok) from its sums (thread 0): the first candidate whose mass-above is
/// surely below the target; ok = 0 where the bounds leave that open. `adds`: most terms a
/// thread's f32 sums took.
template <int K>
__device__ __forceinline__ void decide_row(const KernelRowParams& p, const Candidates<K>& c,
                                           const double* sums, std::uint32_t flags,
                                           std::uint32_t adds, std::uint32_t cols,
                                           std::uint32_t* out, std::uint32_t row) {
  std::uint32_t token = kTokenAllMasked;
  std::uint32_t ok = 0;
  if (flags & kFlagNan) {
    token = kTokenNan;
    ok = 1;
  } else if ((flags & (kFlagSpecial | kFlagOverflow)) != 0) {
    ok = 0;
  } else if (!(c.f_max > -INFINITY)) {
    ok = 1;  // every logit -inf
  } else {
    const double error = estimate_error(adds);
    const MassBounds total = mass_bounds(sums[0], error, cols);
    const unsigned long long target_low = top_p_target(p.top_p, total.low);
    const unsigned long long target_high = top_p_target(p.top_p, total.high);
    for (std::uint32_t k = 0; k < c.count; ++k) {
      const MassBounds above = mass_bounds(sums[1 + k], error, cols);
      if (above.high < target_low) {  // surely in S
        token = ~static_cast<std::uint32_t>(c.words[k]);
        ok = 1;
        break;
      }
      if (above.low < target_high) break;  // not surely out: open
    }
  }
  write_row_result(out, row, token, ok);
}

/// The row's read and decision with kSums candidate sums (at least c.count).
template <int kSums, int K, typename T>
__device__ __forceinline__ void verify_row(const T* z_row, std::uint32_t cols, bool vectors,
                                           const KernelRowParams& p, float scale, float r,
                                           int temperature_last, const Candidates<K>& c,
                                           WarpSums& warps, VerifyRow& state,
                                           std::uint32_t* out, std::uint32_t row) {
  constexpr int kAll = 1 + kSums;
  EstimateSums<kSums> s;
  s.total = 0.0f;
#pragma unroll
  for (int k = 0; k < kSums; ++k) {
    s.front[k] = c.f[k];
    s.above[k] = 0.0f;
  }
  std::uint32_t flags = 0;
  // Every row is read, so that NaN is found wherever it is.
  for_each_group<kTopPVerifyThreads>(
      z_row, cols, vectors, blockIdx.x, gridDim.x, [](const auto&, const auto&) {},
      [&](std::uint32_t, const float (&z)[kGroup], std::uint32_t valid)
          __attribute__((always_inline)) {
            add_group(z, valid, scale, r, temperature_last, c, s, flags);
          },
      [] {});
  // The block's sums in f64: each warp's, then thread 0 over the warps.
  double sums[kAll];
  sums[0] = warp_all_reduce(static_cast<double>(s.total), SumOp{});
#pragma unroll
  for (int k = 0; k < kSums; ++k) {
    sums[1 + k] = warp_all_reduce(static_cast<double>(s.above[k]), SumOp{});
  }
  flags = warp_all_reduce(flags, BitOrOp{});
  if (lane_index() == 0) {
#pragma unroll
    for (int k = 0; k < kAll; ++k) warps.sums[warp_index()][k] = sums[k];
    warps.flags[warp_index()] = flags;
  }
  __syncthreads();
  if (threadIdx.x != 0) return;
  double block[kAll] = {};
  std::uint32_t block_flags = c.flags;
  for (int w = 0; w < kVerifyWarps; ++w) {
#pragma unroll
    for (int k = 0; k < kAll; ++k) block[k] += warps.sums[w][k];
    block_flags |= warps.flags[w];
  }
  if (gridDim.x > 1) {  // the row's last block decides, from every block's sums
#pragma unroll
    for (int k = 0; k < kAll; ++k) {
      if (block[k] != 0.0) atomicAdd(&state.sums[k], block[k]);
    }
    if (block_flags != 0) atomicOr(&state.flags, block_flags);
    __threadfence();  // the sums before the ticket
    if (atomicAdd(&state.arrived, 1u) != gridDim.x - 1) return;
    __threadfence();  // every block's sums are in before the last ticket was taken
#pragma unroll
    for (int k = 0; k < kAll; ++k) {
      block[k] = __longlong_as_double(static_cast<long long>(
          atomicExch(reinterpret_cast<unsigned long long*>(&state.sums[k]), 0ull)));
    }
    block_flags = atomicExch(&state.flags, 0u);
    atomicExch(&state.arrived, 0u);
  }
  // The most tokens a thread visits: block 0's share (no share is longer).
  constexpr std::uint32_t kTokensPerUnit = kGroup * Widen<T>::kGroupsPerVector;
  const TileSpan span = tile_span<kTopPVerifyThreads, T>(cols, vectors, 0, gridDim.x);
  const std::uint32_t adds = span.tiles * kUnroll * (vectors ? kTokensPerUnit : kGroup);
  decide_row(p, c, block, block_flags, adds, cols, out, row);
}

template <typename T, int N, int K>
__global__ void __launch_bounds__(kTopPVerifyThreads, kTopPVerifyBlocksPerSm)
    top_p_verify_kernel(const T* logits, std::uint32_t cols, std::uint32_t first_row,
                        const __grid_constant__ InlineParams<N> params,
                        std::uint32_t params_count, int temperature_last, bool vectors,
                        const TopScores* top, unsigned first_blocks, VerifyRow* rows,
                        std::uint32_t* out) {
  extern __shared__ unsigned long long staged[];
  __shared__ Candidates<K> c;
  __shared__ WarpSums warps;
  const std::uint32_t row = blockIdx.y;
  const KernelRowParams& p = params.rows[params_count == 1 ? 0 : row];
  const RowPlan plan_r = plan_row(p);
  const float scale = temperature_last ? 1.0f : plan_r.r;
  const T* z_row = logits + static_cast<std::size_t>(first_row + row) * cols;
  start_after_previous_grid();

  merge_candidates<K>(top + static_cast<std::size_t>(row) * first_blocks, first_blocks, z_row,
                      scale, staged, c);
  // As many sums as the row's candidates need: 1, 2, 4 or K (most rows 1-3; at most K, so
  // the K = 4 instance has no fourth read). Inlined also in debug builds (-G), whose calls
  // would break the launch bounds' registers.
  const auto verify = [&](auto sums) __attribute__((always_inline)) {
    verify_row<decltype(sums)::value>(z_row, cols, vectors, p, scale, plan_r.r,
                                      temperature_last, c, warps, rows[row], out,
                                      first_row + row);
  };
  if (c.count <= 1) {
    verify(std::integral_constant<int, 1>{});
  } else if (c.count == 2) {
    verify(std::integral_constant<int, 2>{});
  } else if (c.count <= 4) {
    verify(std::integral_constant<int, 4>{});
  } else if constexpr (K > 4) {
    verify(std::integral_constant<int, K>{});
  }
}

}  // namespace

gpuError_t enqueue_top_p_verify(const RejectionLaunch& l, const RowChunk& chunk,
                                unsigned first_blocks, const TopScores* top, VerifyRow* rows,
                                gpuStream_t stream, int kept) {
  const std::uint32_t count = l.params_count == 1 ? 1 : chunk.rows;
  return with_kept_tier(kept, [&](auto keep) {
    constexpr int K = decltype(keep)::value;
    const std::size_t shared = sizeof(unsigned long long) * K * first_blocks;
    return dispatch_type_and_tier(l.type, count, [&](auto element, auto tier) {
      using T = decltype(element);
      constexpr int kTier = decltype(tier)::value;
      constexpr auto kKernel = &top_p_verify_kernel<T, kTier, K>;
      const gpuError_t prepared = prepare_kernel<kKernel>(l.device, kTopPMaxStagedBytes);
      if (prepared != gpuSuccess) return prepared;
      return launch_row_groups(kKernel, chunk, kTopPVerifyThreads, shared, stream,
                               static_cast<const T*>(l.logits), l.cols, chunk.first_row,
                               chunk_params<kTier>(l.params, l.params_count, chunk), count,
                               l.temperature_last, rows_vectorizable<T>(l.logits, l.cols), top,
                               first_blocks, rows, l.out);
    });
  });
}

}  // namespace tokenpick

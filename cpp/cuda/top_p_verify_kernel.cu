// The top-p route's second read (DESIGN 3-4): top-p keeps S = {f >= t}, and a token c is in S
// exactly when the mass of the tokens with f > f_c is below ceil(top_p * total) (2^-40 fixed
// point, fixed_mass). The first read (gumbel_max_kernel with kTop) left each row's kTopScores
// best Gumbel scores; the best of them that lies in S is the argmax over S of the same noise,
// the token the two-pass filtered kernel draws. Each block merges the first read's words into
// the row's kTopScores best, reads its share of the row once summing the total mass and, per
// candidate, the mass above it, and the row's last block (a ticket, as split rows take) picks
// the first candidate in S. NaN gives kTokenNan, an all -inf row kTokenAllMasked; an infinite
// f, a lost slice word or no candidate in S gives ok = 0, for the fallback.
#include "gpu_runtime.cuh"

#include "filter_finish.cuh"
#include "grid_overlap.cuh"
#include "launch_dispatch.cuh"
#include "logit_tiles.cuh"
#include "split_merge.cuh"
#include "top_p_route.h"
#include "top_scores.cuh"

namespace tokenpick {

namespace {

constexpr int kVerifyWarps = kTopPVerifyThreads / kWarpSize;
/// Sums a block reduces: the total mass, the mass above each candidate, then the flags.
constexpr int kSums = 1 + kTopScores;
/// A token this far below the row's largest f weighs exp(-29) 2^40 < 0.5: fixed_mass rounds
/// it to 0 (the rounding of f - f_max and of expf stay far from that edge).
constexpr float kNegligibleBelowMax = 29.0f;
/// Flags of a row's findings.
constexpr std::uint32_t kFlagNan = 1, kFlagSpecial = 2, kFlagOverflow = 4;

/// The row's candidates (shared memory), best score first.
struct Candidates {
  unsigned long long words[kTopScores];
  float f[kTopScores];
  float f_low;  // the lowest candidate f (+inf when none)
  float f_max;
  float f_negligible;  // below it a token's fixed-point mass rounds to 0
  std::uint32_t flags;
};

/// The row's kTopScores best words of the first read's `blocks` TopScores, its f_max and
/// flags, into `c` (every thread calls it; `staged` holds blocks * kTopScores words).
template <typename T>
__device__ __forceinline__ void merge_candidates(const TopScores* top, unsigned blocks,
                                                 const T* z_row, float scale,
                                                 unsigned long long* staged, Candidates& c) {
  const unsigned n = blocks * kTopScores;
  for (unsigned i = threadIdx.x; i < n; i += kTopPVerifyThreads) {
    staged[i] = top[i / kTopScores].words[i % kTopScores];
  }
  __syncthreads();
  if (warp_index() == 0) {
    float z_max = -INFINITY;
    std::uint32_t flags = 0;
    for (unsigned b = lane_index(); b < blocks; b += kWarpSize) {
      z_max = fmaxf(z_max, top[b].z_max);
      flags |= top[b].overflow ? kFlagOverflow : 0u;
    }
    for (int offset = kWarpSize / 2; offset > 0; offset /= 2) {
      z_max = fmaxf(z_max, warp_shfl_xor(z_max, offset));
      flags |= warp_shfl_xor(flags, offset);
    }
    // kTopScores rounds of the warp's best word below the last one taken (words are distinct).
    unsigned long long last = ~0ull;
    for (int k = 0; k < kTopScores; ++k) {
      unsigned long long best = 0;
      for (unsigned i = lane_index(); i < n; i += kWarpSize) {
        const unsigned long long w = staged[i];
        if (w < last && w > best) best = w;
      }
      best = warp_max_word(best);
      last = best;
      if (lane_index() == k) {
        c.words[k] = best;
        c.f[k] = best != 0ull
                     ? __fmul_rn(load_logit(z_row, ~static_cast<std::uint32_t>(best)), scale)
                     : INFINITY;
      }
    }
    warp_sync(kFullWarp);
    if (lane_index() == 0) {
      float low = INFINITY;
      for (int k = 0; k < kTopScores; ++k) low = fminf(low, c.f[k]);
      c.f_low = low;
      c.f_max = __fmul_rn(z_max, scale);
      c.f_negligible = c.f_max - kNegligibleBelowMax;
      c.flags = flags;
    }
  }
  __syncthreads();
}

/// The row's (token, ok) from its sums (thread 0).
__device__ __forceinline__ void decide_row(const KernelRowParams& p, const Candidates& c,
                                           const unsigned long long (&sums)[kSums],
                                           std::uint32_t flags, std::uint32_t* out,
                                           std::uint32_t row) {
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
    const unsigned long long target = top_p_target(p.top_p, sums[0]);
    for (int k = 0; k < kTopScores && c.words[k] != 0ull; ++k) {
      if (sums[1 + k] < target) {
        token = ~static_cast<std::uint32_t>(c.words[k]);
        ok = 1;
        break;
      }
    }
  }
  write_row_result(out, row, token, ok);
}

/// The mass sums and flags of a token with logit z (f = z * scale) into `sums` / `flags`.
__device__ __forceinline__ void add_token(float z, float scale, float r, int temperature_last,
                                          const Candidates& c,
                                          unsigned long long (&sums)[kSums],
                                          std::uint32_t& flags) {
  const float f = __fmul_rn(z, scale);
  if (isnan(z)) {
    flags |= kFlagNan;
  } else if (f == INFINITY || (temperature_last && __fmul_rn(z, r) == INFINITY)) {
    flags |= kFlagSpecial;
  } else if (f > -INFINITY) {
    const unsigned long long mass = fixed_mass(f, c.f_max);
    sums[0] += mass;
    if (f > c.f_low) {
#pragma unroll
      for (int k = 0; k < kTopScores; ++k) {
        if (f > c.f[k]) sums[1 + k] += mass;
      }
    }
  }
}

/// A group of logits z (`valid` of them): four tokens at once where every f is finite or -inf
/// (a -inf token weighs exp(-inf) = 0), token by token (add_token) otherwise.
__device__ __forceinline__ void add_group(const float (&z)[kGroup], std::uint32_t valid,
                                          float scale, float r, int temperature_last,
                                          const Candidates& c,
                                          unsigned long long (&sums)[kSums],
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
      add_token(z[l], scale, r, temperature_last, c, sums, flags);
    }
    return;
  }
  if (peak < c.f_negligible) return;  // every mass rounds to 0
  unsigned long long mass[kGroup];
#pragma unroll
  for (std::uint32_t l = 0; l < kGroup; ++l) mass[l] = fixed_mass(f[l], c.f_max);
  sums[0] += (mass[0] + mass[1]) + (mass[2] + mass[3]);
  if (peak > c.f_low) {
#pragma unroll
    for (std::uint32_t l = 0; l < kGroup; ++l) {
#pragma unroll
      for (int k = 0; k < kTopScores; ++k) {
        if (f[l] > c.f[k]) sums[1 + k] += mass[l];
      }
    }
  }
}

template <typename T, int N>
__global__ void __launch_bounds__(kTopPVerifyThreads, kTopPVerifyBlocksPerSm)
    top_p_verify_kernel(const T* logits, std::uint32_t cols, std::uint32_t first_row,
                        const __grid_constant__ InlineParams<N> params,
                        std::uint32_t params_count, int temperature_last, bool vectors,
                        const TopScores* top, unsigned first_blocks, VerifyRow* rows,
                        std::uint32_t* out) {
  extern __shared__ unsigned long long staged[];
  __shared__ Candidates c;
  __shared__ unsigned long long warp_sums[kVerifyWarps][kSums];
  __shared__ std::uint32_t warp_flags[kVerifyWarps];
  const std::uint32_t row = blockIdx.y;
  const KernelRowParams& p = params.rows[params_count == 1 ? 0 : row];
  const RowPlan plan_r = plan_row(p);
  const float scale = temperature_last ? 1.0f : plan_r.r;
  const T* z_row = logits + static_cast<std::size_t>(first_row + row) * cols;
  start_after_previous_grid();

  merge_candidates(top + static_cast<std::size_t>(row) * first_blocks, first_blocks, z_row,
                   scale, staged, c);
  unsigned long long sums[kSums] = {};
  std::uint32_t flags = 0;
  // Every row is read, so that NaN is found wherever it is.
  for_each_group<kTopPVerifyThreads>(
      z_row, cols, vectors, blockIdx.x, gridDim.x, [](const auto&, const auto&) {},
      [&](std::uint32_t, const float (&z)[kGroup], std::uint32_t valid) {
        add_group(z, valid, scale, plan_r.r, temperature_last, c, sums, flags);
      },
      [] {});
  // The block's sums: each warp's, then thread k sums entry k over the warps.
#pragma unroll
  for (int k = 0; k < kSums; ++k) {
    for (int offset = kWarpSize / 2; offset > 0; offset /= 2) {
      sums[k] += warp_shfl_xor(sums[k], offset);
    }
  }
  for (int offset = kWarpSize / 2; offset > 0; offset /= 2) flags |= warp_shfl_xor(flags, offset);
  if (lane_index() == 0) {
#pragma unroll
    for (int k = 0; k < kSums; ++k) warp_sums[warp_index()][k] = sums[k];
    warp_flags[warp_index()] = flags;
  }
  __syncthreads();
  if (threadIdx.x != 0) return;
  unsigned long long block[kSums] = {};
  std::uint32_t block_flags = c.flags;
  for (int w = 0; w < kVerifyWarps; ++w) {
#pragma unroll
    for (int k = 0; k < kSums; ++k) block[k] += warp_sums[w][k];
    block_flags |= warp_flags[w];
  }
  if (gridDim.x > 1) {  // the row's last block decides, from every block's sums
    VerifyRow& state = rows[row];
#pragma unroll
    for (int k = 0; k < kSums; ++k) {
      if (block[k] != 0) atomicAdd(&state.sums[k], block[k]);
    }
    if (block_flags != 0) atomicOr(&state.flags, block_flags);
    __threadfence();  // the sums before the ticket
    if (atomicAdd(&state.arrived, 1u) != gridDim.x - 1) return;
    __threadfence();  // every block's sums are in before the last ticket was taken
#pragma unroll
    for (int k = 0; k < kSums; ++k) block[k] = atomicExch(&state.sums[k], 0ull);
    block_flags = atomicExch(&state.flags, 0u);
    atomicExch(&state.arrived, 0u);
  }
  decide_row(p, c, block, block_flags, out, first_row + row);
}

}  // namespace

gpuError_t enqueue_top_p_verify(const RejectionLaunch& l, const RowChunk& chunk,
                                unsigned first_blocks, const TopScores* top, VerifyRow* rows,
                                gpuStream_t stream) {
  const std::uint32_t count = l.params_count == 1 ? 1 : chunk.rows;
  const std::size_t shared = sizeof(unsigned long long) * kTopScores * first_blocks;
  return dispatch_type_and_tier(l.type, count, [&](auto element, auto tier) {
    using T = decltype(element);
    constexpr int kTier = decltype(tier)::value;
    constexpr auto kKernel = &top_p_verify_kernel<T, kTier>;
    const gpuError_t prepared = prepare_kernel<kKernel>(l.device, kTopPMaxStagedBytes);
    if (prepared != gpuSuccess) return prepared;
    return launch_row_groups(kKernel, chunk, kTopPVerifyThreads, shared, stream,
                             static_cast<const T*>(l.logits), l.cols, chunk.first_row,
                             chunk_params<kTier>(l.params, l.params_count, chunk), count,
                             l.temperature_last, rows_vectorizable<T>(l.logits, l.cols), top,
                             first_blocks, rows, l.out);
  });
}

}  // namespace tokenpick

// Filtered sampling (top-k, top-p, min-p, DESIGN 3) in one launch, the row read twice by the
// G blocks of its row group (a cluster on sm_90; G is chosen so that a row is still in L2 for
// the second read). Pass 1: the row's max f, NaN / +inf flags, the greedy argmax, and when
// top-k or top-p is on a 4096-bin histogram of f (count, fixed-point mass; filter_plan.cuh).
// Block 0 merges its partners' results from their shared memory and plans: bins kept for
// sure, candidate bins holding every token the exact threshold can fall on, the rest dropped.
// Pass 2 (the row backward, so that it starts in L2; with min-p alone only the vectors, or
// tiles, whose largest logit, coded in pass 1, reaches its threshold): kept tokens are scored for
// Gumbel-max with the skips of gumbel_score.cuh, sparse ones a warp's width at a time
// (score_queue.cuh), or with top-p alone a group at a time under its tile's bound, the group's
// other tokens masked; candidates go to shared memory. Block 0 gathers them and finds top-k's
// k-th value and top-p's boundary exactly by radix selection over them (4 byte rounds, masses
// in 2^-40 fixed point, so the sums do not depend on order), applies min-p (f - f_max >= ln m),
// scores the kept candidates (top-p alone: tests the candidates that outscore the sure-kept
// tokens, top_p_alone_finish.cuh) and writes (token, ok). Rows it cannot finish (an infinite f,
// more candidates than fit) get ok = 0 and the sampler finishes them on the CPU.
#include "gpu_runtime.cuh"

#include "coded_units.cuh"
#include "filter_finish.cuh"
#include "grid_overlap.cuh"
#include "launch_dispatch.cuh"
#include "logit_tiles.cuh"
#include "phase_times.cuh"
#include "score_queue.cuh"
#include "top_p_alone_finish.cuh"

namespace tokenpick {

namespace {

static_assert(sizeof(Histogram) <= kFilterSharedBytes,
              "the histogram shares the candidates' shared memory");
/// Tile tops (one float per thread and tile) the candidates' shared memory holds.
constexpr std::uint32_t kTileTopCapacity = kFilterSharedBytes / sizeof(float);
/// Group codes (coded_units.cuh) it holds.
constexpr std::uint32_t kCodeCapacity = kFilterSharedBytes / sizeof(std::uint16_t);

/// Block 0: the row's plan from the merged pass-1 results (every thread calls it).
template <int kThreads>
__device__ __forceinline__ void plan_row_draw(const KernelRowParams& p, const RowPlan& plan_r,
                                              const RowStats& stats, Histogram& h,
                                              bool histogram, std::uint32_t cols,
                                              std::uint32_t max_rounds, Scratch& s) {
  FilterPlan plan = plan_status(p, plan_r, stats, cols, max_rounds);
  if (plan.status == kPlanDraw && histogram) {
    const std::uint32_t top_k = p.top_k < cols ? p.top_k : 0;
    plan.collect =
        plan_thresholds<kThreads>(h, stats.f_max, top_k, p.top_p, plan, s.d, s.u, s.i);
    if (plan.collect > kCandidateCapacity) plan.status = kPlanFallback;
  }
  __syncthreads();
  if (threadIdx.x == 0) s.plan = plan;
}

/// The kernel's instances: kGeneral takes any row; kMinPAlone launches whose every row has
/// min-p alone (min_p_alone_row) and whose codes fit (codes_fit), with the coded second read
/// only; kTopPAlone launches whose every row has top-p alone (top_p_alone_row), whose sure-kept
/// tokens are scored a group at a time. kGeneral keeps the tile tops for min-p rows, and its
/// registers as they were (one more visit site costs them spills).
enum class FilterInstance { kGeneral, kMinPAlone, kTopPAlone };

/// Reserves slots for the candidates of `pushes` (bit l: token first + l, logit z[l]) and
/// writes their words; past kCandidateCapacity it marks the block's overflow. Every lane of a
/// full warp calls it.
__device__ __forceinline__ void push_candidates(unsigned pushes, std::uint32_t first,
                                                const float (&z)[kGroup],
                                                unsigned long long* words, Scratch& s) {
  std::uint32_t slot = warp_reserve(pushes, &s.candidates);
  for (std::uint32_t l = 0; l < kGroup; ++l) {
    if (!((pushes >> l) & 1u)) continue;
    if (slot < kCandidateCapacity) {
      words[slot] = candidate_word(z[l], first + l);
    } else {
      s.overflow = 1;
    }
    ++slot;
  }
}

template <typename T, int N, FilterInstance kInstance>
__global__ void __launch_bounds__(kFilterThreads, kBlocksPerSm)
    filtered_sample_kernel(const T* logits, std::uint32_t cols, std::uint32_t first_row,
                           const __grid_constant__ InlineParams<N> params,
                           std::uint32_t params_count, std::uint64_t step,
                           std::uint32_t max_rounds, int temperature_last, bool vectors,
                           std::uint32_t* out) {
  extern __shared__ unsigned long long dynamic_words[];
  __shared__ Scratch s;
  __shared__ QueueSlots queues[kWarps];
  Histogram& h = *reinterpret_cast<Histogram*>(dynamic_words);
  unsigned long long* words = dynamic_words;

  const std::uint32_t row = blockIdx.y;
  const KernelRowParams& p = params.rows[params_count == 1 ? 0 : row];
  const RowPlan plan_r = plan_row(p);
  const T* z_row = logits + static_cast<std::size_t>(first_row + row) * cols;
  const float scale = (temperature_last || plan_r.greedy) ? 1.0f : plan_r.r;
  const bool top_k_on = p.top_k > 0 && p.top_k < cols;
  const bool top_p_on = p.top_p < 1.0f;
  constexpr bool kMinPAlone = kInstance == FilterInstance::kMinPAlone;
  constexpr bool kTopPAlone = kInstance == FilterInstance::kTopPAlone;
  const bool histogram = !kMinPAlone && !plan_r.greedy && (top_k_on || top_p_on);
  const unsigned rank = RowGroup::rank();
  const unsigned ranks = RowGroup::size();
  start_after_previous_grid();

  TP_PHASE(0);
  // Pass 1.
  if (histogram) {
    for (int i = threadIdx.x; i < kBins; i += kFilterThreads) {
      h.count[i] = 0;
      h.mass[i] = 0;
    }
    __syncthreads();
  }
  // Min-p alone: pass 1 keeps a code of each group's largest f (coded_units.cuh), or where
  // they do not fit each thread's largest logit of each tile, in the shared memory the
  // histogram would take; pass 2 reads only the vectors, or tiles, that reach the threshold.
  const bool min_p_alone = !histogram && !plan_r.greedy && p.min_p > 0.0f;
  std::uint16_t* codes = reinterpret_cast<std::uint16_t*>(dynamic_words);
  const bool codes_kept = kMinPAlone;  // the launcher saw that they fit
  float* tile_tops = reinterpret_cast<float*>(dynamic_words);
  const bool tops_kept =
      kInstance == FilterInstance::kGeneral && min_p_alone &&
      tile_span<kFilterThreads, T>(cols, vectors, rank, ranks).tiles * kFilterThreads <=
          kTileTopCapacity;
  RowStats mine{empty_partial(), -INFINITY, 0};
  std::uint16_t lane_top_code = 0;  // the largest code of this thread's groups
  std::uint32_t tile_count = 0;
  for_each_group<kFilterThreads>(
      z_row, cols, vectors, rank, ranks,
      [&](const auto& tile_top, const auto&) {
        if (tops_kept) tile_tops[tile_count * kFilterThreads + threadIdx.x] = tile_top().z;
      },
      [&](std::uint32_t first, const float (&z)[4], std::uint32_t valid) {
        float f[kGroup];
        float f_top = 0.0f;
        const bool plain = scale_group(z, valid, plan_r, scale, temperature_last, f, f_top);
        if (codes_kept) {
          const std::uint16_t code = plain ? unit_code(f_top) : kAlwaysRead;
          codes[code_slot<kFilterThreads, T>(first, cols, rank, ranks)] = code;
          if (code > lane_top_code) lane_top_code = code;
        }
        if (plain) {
          mine.f_max = fmaxf(mine.f_max, f_top);
          if (histogram) {
#pragma unroll
            for (std::uint32_t l = 0; l < kGroup; ++l) {
              if (f[l] > -INFINITY) histogram_add(h, f[l], top_p_on);
            }
          }
          return;
        }
        for (std::uint32_t l = 0; l < valid; ++l) {
          float fl = 0.0f;
          if (note_token(z[l], first + l, plan_r, scale, temperature_last, mine, fl) &&
              histogram && fl > -INFINITY) {
            histogram_add(h, fl, top_p_on);
          }
        }
      },
      [&] { ++tile_count; });
  store_block_stats(mine, s);
  if (threadIdx.x == 0) {
    s.candidates = 0;
    s.overflow = 0;
  }
  TP_PHASE(1);  // pass 1 read and reduced
  RowGroup::sync();
  TP_PHASE(2);  // partners arrived

  // Block 0 plans.
  if (rank == 0) {
    const RowStats all = merge_partner_stats(s);
    const bool merge_histograms = histogram && !all.greedy.nan && !all.special &&
                                  all.f_max > -INFINITY && ranks > 1;
    if (merge_histograms) {
      for (int i = threadIdx.x; i < kBins; i += kFilterThreads) {
        std::uint32_t count = h.count[i];
        std::uint32_t mass = h.mass[i];
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
    // Every filter keeps the row's largest f: its score bounds the best from below.
    float bar = score_floor(scale == draw.r ? plan.f_max : __fmul_rn(plan.f_max, draw.r));
    ScoreQueue queue{&queues[warp_index()], 0};
    const auto visit = [&](std::uint32_t first, const float (&z)[4], std::uint32_t valid) {
      unsigned lanes = 0;
      if (!histogram) {  // min-p alone (or no filter): no candidates, no masses
        for (std::uint32_t l = 0; l < valid; ++l) {
          if (__fmul_rn(z[l], scale) >= plan.tau_min_p) lanes |= 1u << l;
        }
      } else {
        unsigned pushes = 0;
        for (std::uint32_t l = 0; l < valid; ++l) {
          const float f = __fmul_rn(z[l], scale);
          const std::uint32_t key = order_key(f);
          const bool finite = f > -INFINITY;
          const bool sure = key >= plan.sure_key;
          if (sure) {
            if (f >= plan.tau_min_p) lanes |= 1u << l;
          } else if (key >= plan.low_key && finite) {
            pushes |= 1u << l;
          }
          if (finite && (sum_total || (sure && sum_above))) {
            const unsigned long long mass = fixed_mass(f, plan.f_max);
            if (sum_total) sums.total += mass;
            if (sure && sum_above) sums.above += mass;
          }
        }
        push_candidates(pushes, first, z, words, s);
      }
      queue_or_score(draw, first, z, lanes, queue, bar, partial);
    };
    // Top-p alone: each token's exact mass, the candidates pushed, and the sure-kept tokens
    // scored in place as a group under the tile's bound (score_group_bounded), the others
    // masked as -inf (a masked lane's score is -inf: it never wins); a group the bound cannot
    // take (kTileSlow, or not full) is scored by score_group over the sure lanes.
    TileBound tile{kTileSlow, 0, 0.0f};
    const auto visit_top_p = [&](std::uint32_t first, const float (&z)[4], std::uint32_t valid) {
      float kept[kGroup];
      unsigned sure = 0;
      unsigned pushes = 0;
#pragma unroll
      for (std::uint32_t l = 0; l < kGroup; ++l) {
        const float f = __fmul_rn(z[l], scale);
        const std::uint32_t key = order_key(f);
        const bool finite = l < valid && f > -INFINITY;
        const bool is_sure = finite && key >= plan.sure_key;
        if (is_sure) {
          sure |= 1u << l;
        } else if (finite && key >= plan.low_key) {
          pushes |= 1u << l;
        }
        if (finite) {
          const unsigned long long mass = fixed_mass(f, plan.f_max);
          sums.total += mass;
          if (is_sure) sums.above += mass;
        }
        kept[l] = is_sure ? z[l] : -INFINITY;
      }
      push_candidates(pushes, first, z, words, s);
      if (sure != 0 && !(valid == kGroup && score_group_bounded(draw, first, kept, tile, true,
                                                                 bar, partial))) {
        score_group(draw, first, z, sure, bar, partial);
      }
    };
    // Backward, so that the read starts with what pass 1 left in L2; every lane visits, so
    // that whole warps meet in the queue.
    if constexpr (kTopPAlone) {
      for_each_group_where<kFilterThreads, true, true>(
          z_row, cols, vectors, rank, ranks, AllTiles{},
          [&](const auto&, const auto& tile_peak) { tile = tile_bound(draw, tile_peak(), bar); },
          visit_top_p, [&] { share_bar(bar); });
    } else if (codes_kept) {
      for_each_coded_group<kFilterThreads>(z_row, cols, rank, ranks, codes,
                                           unit_code(plan.tau_min_p), lane_top_code, visit,
                                           [&] { share_bar(bar); });
    } else {
      for_each_group_where<kFilterThreads, true, true>(
          z_row, cols, vectors, rank, ranks,
          [&](std::uint32_t tile) {
            return !tops_kept ||
                   __fmul_rn(tile_tops[tile * kFilterThreads + threadIdx.x], scale) >=
                       plan.tau_min_p;
          },
          [](const auto&, const auto&) {}, visit, [&] { share_bar(bar); });
    }
    drain_queue(draw, queue, bar, partial);
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
    n = gather_partner_words(words, min(s.candidates, kCandidateCapacity), s);
    for (unsigned r = 1; r < ranks; ++r) partial = merge(partial, RowGroup::remote(&s, r)->partial);
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
    if constexpr (kTopPAlone) {
      finish_top_p_alone<kFilterThreads>(p, draw, scale, plan, sums, partial, words, n, s, token,
                                         ok);
    } else {
      finish_row<kFilterThreads>(p, draw, scale, plan, sums, partial, words, n, s, token, ok);
    }
  }
  TP_PHASE(7);  // finished
  write_row_result(out, first_row + row, token, ok);
}

/// True when the row has min-p and no other filter, and is not greedy.
bool min_p_alone_row(const KernelRowParams& p, std::uint32_t cols) {
  return !plan_row(p).greedy && p.min_p > 0.0f && (p.top_k == 0 || p.top_k >= cols) &&
         p.top_p >= 1.0f;
}

/// True when the row has top-p and no other filter, and is not greedy.
bool top_p_alone_row(const KernelRowParams& p, std::uint32_t cols) {
  return !plan_row(p).greedy && p.top_p < 1.0f && (p.top_k == 0 || p.top_k >= cols) &&
         p.min_p <= 0.0f;
}

/// True when every row of the chunk satisfies `row_test(params, cols)`.
template <typename RowTest>
bool every_chunk_row(const RejectionLaunch& l, const RowChunk& chunk, RowTest row_test) {
  const std::uint32_t count = l.params_count == 1 ? 1 : chunk.rows;
  for (std::uint32_t r = 0; r < count; ++r) {
    if (!row_test(l.params[l.params_count == 1 ? 0 : chunk.first_row + r], l.cols)) return false;
  }
  return true;
}

/// True when the codes of min-p alone fit every block of the chunk's rows (codes_fit).
bool chunk_codes_fit(const RejectionLaunch& l, const RowChunk& chunk) {
  const auto fit = [&](auto element) {
    using T = decltype(element);
    return codes_fit<kFilterThreads, T>(l.cols, rows_vectorizable<T>(l.logits, l.cols), 0,
                                        chunk.group, kCodeCapacity);
  };
  return l.type == LogitsType::F32 ? fit(float{}) : fit(bf16_t{});  // 16-bit types alike
}

}  // namespace

#if defined(TOKENPICK_PHASE_TIMES)
gpuError_t read_filtered_phase_marks(long long* marks) {
  return cudaMemcpyFromSymbol(marks, phase_marks, sizeof(long long) * kPhaseMarks);
}
#endif

/// The kernel instance for `chunk`: kMinPAlone where every row of it has min-p alone and its
/// codes fit, kTopPAlone where every row has top-p alone, else kGeneral.
#define TP_FILTERED_KERNEL_OF(kInstance)                                                       \
  [](auto element, auto tier) {                                                               \
    constexpr auto kernel =                                                                   \
        &filtered_sample_kernel<decltype(element), decltype(tier)::value, kInstance>;         \
    return std::integral_constant<decltype(kernel), kernel>{};                                \
  }

gpuError_t enqueue_filtered_sample(const RejectionLaunch& l, const RowChunk& chunk,
                                   gpuStream_t stream) {
  if (chunk_codes_fit(l, chunk) && every_chunk_row(l, chunk, min_p_alone_row)) {
    return enqueue_filtering_kernel(l, chunk, stream,
                                    TP_FILTERED_KERNEL_OF(FilterInstance::kMinPAlone),
                                    kFilterSharedBytes);
  }
  if (every_chunk_row(l, chunk, top_p_alone_row)) {
    return enqueue_filtering_kernel(l, chunk, stream,
                                    TP_FILTERED_KERNEL_OF(FilterInstance::kTopPAlone),
                                    kFilterSharedBytes);
  }
  return enqueue_filtering_kernel(l, chunk, stream,
                                  TP_FILTERED_KERNEL_OF(FilterInstance::kGeneral),
                                  kFilterSharedBytes);
}

#undef TP_FILTERED_KERNEL_OF

}  // namespace tokenpick

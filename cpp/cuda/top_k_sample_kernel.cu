// Top-k sampling for small k (top-p and min-p on top, DESIGN 3) with one read of the row.
// Each warp keeps in its shared-memory slice every token with f >= the block's floor, a lower
// bound of the row's k-th largest f: first the k-th largest of the threads' largest f in their
// first tile, then, when a slice fills, the largest 16-bit key prefix still holding k of its
// tokens (a bitwise search). After the pass each block gathers its tokens at or above the
// floor; a row split over a cluster keeps each block's k largest (sorting up to kSortedWords,
// radix selection above) before block 0 gathers them all. finish_row_sorted or finish_row
// then finds the exact k-th value, top-p's boundary and min-p and draws by Gumbel-max. A row
// it cannot finish (ties filling a slice, an infinite f) gets ok = 0 for the fallback.
#include "gpu_runtime.cuh"

#include <cfloat>

#include "filter_finish.cuh"
#include "grid_overlap.cuh"
#include "launch_dispatch.cuh"
#include "logit_tiles.cuh"
#include "phase_times.cuh"
#include "sorted_finish.cuh"
#include "warp_select.cuh"

namespace tokenpick {

namespace {

/// Shared-memory words of each warp's slice.
constexpr std::uint32_t kSliceWords = kCandidateCapacity / kWarps;
/// Most tokens a warp adds in one visit (a group of 4 per lane).
constexpr std::uint32_t kMaxVisitPushes = kWarpSize * kGroup;
/// A slice holding more than this is compacted, so the next visit's tokens fit.
constexpr std::uint32_t kSliceLimit = kSliceWords - kMaxVisitPushes;
static_assert(2 * kSmallTopK <= kSliceLimit, "a compacted slice leaves room to collect");
/// Key bits the floor search resolves (sign, exponent, 7 mantissa bits: ~1% of f).
constexpr int kFloorBits = 16;
/// Candidate words each thread holds while the block compacts its shared memory.
constexpr std::uint32_t kHeldPerThread = kCandidateCapacity / kFilterThreads;
static_assert(kHeldPerThread <= 32, "a thread's kept words fit a 32-bit mask");

/// A warp's collection: tokens in its slice, and the floor f it collects at or above. Both are
/// the same on every lane.
struct Slice {
  std::uint32_t count;
  float floor_f;
};

/// Appends this lane's tokens `pushes` of a group (z, from token `first`) to the warp's slice
/// words; the whole warp calls it.
__device__ __forceinline__ void append_to_slice(unsigned long long* words, Slice& slice,
                                                unsigned pushes, const float (&z)[kGroup],
                                                std::uint32_t first) {
  if (warp_ballot(kFullWarp, pushes != 0) == 0) return;
  std::uint32_t total = 0;
  std::uint32_t slot = slice.count + warp_prefix_sum(kFullWarp, __popc(pushes), total);
#pragma unroll
  for (std::uint32_t l = 0; l < kGroup; ++l) {
    if (!((pushes >> l) & 1u)) continue;
    if (slot < kSliceWords) words[slot] = candidate_word(z[l], first + l);
    ++slot;
  }
  slice.count += total;
}

/// Raises the slice's floor (and the block's) to a lower bound of the k-th largest f among its
/// tokens, the largest kFloorBits key prefix that still holds k of them (a bitwise search over
/// keys held in registers), and keeps only the tokens at or above it, in order. The whole warp
/// calls it.
__device__ __noinline__ Slice compact_slice(unsigned long long* words, Slice slice,
                                            std::uint32_t k, float scale,
                                            std::uint32_t* block_floor_key) {
  constexpr int kPerLane = static_cast<int>(kSliceWords / kWarpSize);
  warp_sync(kFullWarp);
  const std::uint32_t lane = static_cast<std::uint32_t>(lane_index());
  const std::uint32_t n = min(slice.count, kSliceWords);
  std::uint32_t keys[kPerLane];
#pragma unroll
  for (int j = 0; j < kPerLane; ++j) {
    const std::uint32_t i = lane + static_cast<std::uint32_t>(j * kWarpSize);
    keys[j] = i < n ? static_cast<std::uint32_t>(words[i] >> 32) : 0u;  // 0: below any token
  }
  const std::uint32_t prefix = warp_key_of_rank<32 - kFloorBits>(keys, k);
  slice.floor_f = fmaxf(slice.floor_f, __fmul_rn(key_value(prefix), scale));
  if (lane == 0) atomicMax(block_floor_key, order_key(slice.floor_f));
  // Entry i moves to a slot at or below i, and each step reads its entries before writing.
  std::uint32_t kept = 0;
#pragma unroll
  for (int j = 0; j < kPerLane; ++j) {
    const std::uint32_t i = lane + static_cast<std::uint32_t>(j * kWarpSize);
    const unsigned long long word = i < n ? words[i] : 0ull;
    const bool keep = i < n && __fmul_rn(candidate_z(word), scale) >= slice.floor_f;
    const LaneMask kept_lanes = warp_ballot(kFullWarp, keep);
    warp_sync(kFullWarp);
    if (keep) words[kept + lanes_below(kept_lanes)] = word;
    kept += lane_count(kept_lanes);
  }
  warp_sync(kFullWarp);
  slice.count = kept;
  return slice;
}

/// A starting floor for the block: each thread's largest f of its first tile (`f_top`, -inf
/// for none) goes to `keys`; warp 0 finds a lower bound of the k-th largest of them (the
/// largest kFloorBits key prefix holding k), which k distinct tokens of the block reach, so it
/// is a lower bound of the block's k-th largest f too. Raises s.floor_key to it (where at
/// least k threads have a finite f) and returns the block's floor. Every thread calls it, once,
/// before any token is collected.
__device__ __forceinline__ float first_tile_floor(float f_top, std::uint32_t k,
                                                  std::uint32_t* keys, Scratch& s) {
  constexpr int kPerLane = kFilterThreads / kWarpSize;
  keys[threadIdx.x] = f_top > -INFINITY && f_top < INFINITY ? order_key(f_top) : 0u;
  __syncthreads();
  if (warp_index() == 0) {
    std::uint32_t mine[kPerLane];
    unsigned present = 0;
#pragma unroll
    for (int j = 0; j < kPerLane; ++j) {
      mine[j] = keys[lane_index() + j * kWarpSize];
      present += mine[j] != 0u ? 1u : 0u;
    }
    if (warp_sum(present) >= k) {
      const float floor_f = key_value(warp_key_of_rank<32 - kFloorBits>(mine, k));
      // A prefix below -FLT_MAX reads as NaN: no floor then.
      if (lane_index() == 0 && floor_f >= -FLT_MAX) s.floor_key = order_key(floor_f);
    }
  }
  __syncthreads();
  return key_value(s.floor_key);
}

/// Block-wide: keeps the words among words[0, slots) that `present(i)` and whose f is at least
/// floor_f, packed from words[0]; returns how many (synchronises the block).
template <typename Present>
__device__ __forceinline__ std::uint32_t keep_words(unsigned long long* words,
                                                    std::uint32_t slots, Present present,
                                                    float floor_f, float scale, Scratch& s) {
  unsigned long long held[kHeldPerThread];
  unsigned keep = 0;
#pragma unroll
  for (std::uint32_t j = 0; j < kHeldPerThread; ++j) {
    const std::uint32_t i = threadIdx.x + j * kFilterThreads;
    held[j] = 0;
    if (i < slots && present(i)) {
      held[j] = words[i];
      if (__fmul_rn(candidate_z(held[j]), scale) >= floor_f) keep |= 1u << j;
    }
  }
  __syncthreads();  // every word is held before any is overwritten
  if (threadIdx.x == 0) s.candidates = 0;
  __syncthreads();
  std::uint32_t slot = warp_reserve(keep, &s.candidates);
#pragma unroll
  for (std::uint32_t j = 0; j < kHeldPerThread; ++j) {
    if ((keep >> j) & 1u) words[slot++] = held[j];
  }
  __syncthreads();
  return s.candidates;
}

template <typename T, int N>
__global__ void __launch_bounds__(kFilterThreads, kBlocksPerSm)
    top_k_sample_kernel(const T* logits, std::uint32_t cols, std::uint32_t first_row,
                        const __grid_constant__ InlineParams<N> params,
                        std::uint32_t params_count, std::uint64_t step,
                        std::uint32_t max_rounds, int temperature_last, bool vectors,
                        std::uint32_t* out) {
  extern __shared__ unsigned long long dynamic_words[];
  __shared__ Scratch s;
  unsigned long long* words = dynamic_words;

  const std::uint32_t row = blockIdx.y;
  const KernelRowParams& p = params.rows[params_count == 1 ? 0 : row];
  const RowPlan plan_r = plan_row(p);
  const T* z_row = logits + static_cast<std::size_t>(first_row + row) * cols;
  const float scale = (temperature_last || plan_r.greedy) ? 1.0f : plan_r.r;
  const std::uint32_t k = p.top_k;
  const unsigned rank = RowGroup::rank();
  const unsigned ranks = RowGroup::size();
  start_after_previous_grid();

  TP_PHASE(0);
  if (threadIdx.x == 0) {
    s.floor_key = order_key(-INFINITY);
    s.overflow = 0;
  }
  __syncthreads();
  unsigned long long* slice_words = words + warp_index() * kSliceWords;
  Slice slice{0, -INFINITY};
  RowStats mine{empty_partial(), -INFINITY, 0};
  bool first_tile = !plan_r.greedy && k > 0;  // the same for the whole block
  for_each_group<kFilterThreads, true>(
      z_row, cols, vectors, rank, ranks,
      [&](const auto& tile_top, const auto&) {
        if (first_tile) {
          first_tile = false;
          const float block_floor =
              first_tile_floor(__fmul_rn(tile_top().z, scale), k,
                               reinterpret_cast<std::uint32_t*>(words), s);
          slice.floor_f = fmaxf(slice.floor_f, block_floor);
        }
      },
      [&](std::uint32_t first, const float (&z)[4], std::uint32_t valid) {
        unsigned pushes = 0;
        float f[kGroup];
        float f_top = 0.0f;
        // A full group with no NaN, no infinite f, no overflow of z / T: a test per lane.
        if (scale_group(z, valid, plan_r, scale, temperature_last, f, f_top)) {
          mine.f_max = fmaxf(mine.f_max, f_top);
          if (f_top >= slice.floor_f) {
#pragma unroll
            for (std::uint32_t l = 0; l < kGroup; ++l) {
              if (f[l] >= slice.floor_f && f[l] > -INFINITY) pushes |= 1u << l;
            }
          }
        } else {
          for (std::uint32_t l = 0; l < valid; ++l) {
            float fl = 0.0f;
            if (note_token(z[l], first + l, plan_r, scale, temperature_last, mine, fl) &&
                fl >= slice.floor_f && fl > -INFINITY) {
              pushes |= 1u << l;
            }
          }
        }
        append_to_slice(slice_words, slice, pushes, z, first);
        if (slice.count > kSliceLimit) {
          slice = compact_slice(slice_words, slice, k, scale, &s.floor_key);
          if (slice.count > kSliceLimit && lane_index() == 0) s.overflow = 1;  // ties
        }
      },
      [&] {
        const float block_floor = key_value(*static_cast<volatile std::uint32_t*>(&s.floor_key));
        slice.floor_f = fmaxf(slice.floor_f, block_floor);
      });
  if (lane_index() == 0) s.warp_count[warp_index()] = min(slice.count, kSliceWords);
  store_block_stats(mine, s);
  TP_PHASE(1);  // pass read and reduced

  // The block's candidates: its warps' tokens at or above the floor, packed.
  std::uint32_t n = keep_words(
      words, kCandidateCapacity,
      [&](std::uint32_t i) { return i % kSliceWords < s.warp_count[i / kSliceWords]; },
      key_value(s.floor_key), scale, s);
  // Only the block's k largest go to block 0: by sorting when few (H200, batch 1 x 262144,
  // top-k 50 + top-p 0.9: 39.5 -> 36.5 us), else by radix selection. keep_words leaves
  // s.candidates = n; the sorted cut sets it after its last barrier.
  if (ranks > 1 && n > k && n <= kSortedWords) {
    n = keep_k_largest_sorted(words, n, k, scale, s);
    if (threadIdx.x == 0) s.candidates = n;
  } else if (ranks > 1 && n > k) {
    std::uint32_t key = 0;
    if (radix_select<kFilterThreads>(words, n, scale, -INFINITY, s.stats.f_max, false, k, s,
                                     key)) {
      n = keep_words(
          words, n, [](std::uint32_t) { return true; }, __fmul_rn(key_value(key), scale),
          scale, s);
    }
  }
  TP_PHASE(2);  // block's candidates packed
  RowGroup::sync();

  RowStats all = s.stats;
  if (rank == 0) {
    all = merge_partner_stats(s);
    n = gather_partner_words(words, n, s);
  }
  RowGroup::sync();  // partners keep their shared memory until block 0 has read it
  if (rank != 0) return;
  TP_PHASE(3);  // gathered

  std::uint32_t token = kTokenAllMasked;
  std::uint32_t ok = 0;
  finish_collected_row(p, plan_r, all, cols, max_rounds, step, scale, k, words, n, s, token,
                       ok);
  TP_PHASE(4);  // finished
  write_row_result(out, first_row + row, token, ok);
}

}  // namespace

#if defined(TOKENPICK_PHASE_TIMES)
gpuError_t read_top_k_phase_marks(long long* marks) {
  return cudaMemcpyFromSymbol(marks, phase_marks, sizeof(long long) * kPhaseMarks);
}
#endif

gpuError_t enqueue_top_k_sample(const RejectionLaunch& l, const RowChunk& chunk,
                                gpuStream_t stream) {
  return enqueue_filtering_kernel(
      l, chunk, stream,
      [](auto element, auto tier) {
        constexpr auto kernel = &top_k_sample_kernel<decltype(element), decltype(tier)::value>;
        return std::integral_constant<decltype(kernel), kernel>{};
      },
      kFilterSharedBytes);
}

}  // namespace tokenpick

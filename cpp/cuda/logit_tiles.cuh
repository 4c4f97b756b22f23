// Reading a row in groups of 4 tokens (one Philox block each). A row may be split over the
// blocks of its group: block `rank` of `ranks` takes a contiguous share. When the row is
// 16-byte aligned, threads read 16-byte vectors (4 f32 or 8 f16/bf16 tokens), kUnroll vectors
// in flight per thread; otherwise token by token. Every thread of the block runs the same
// number of tiles, so `tile_done` may use warp shuffles and block barriers.
#pragma once

#include "gpu_runtime.cuh"

#include <cstdint>
#include <cstring>
#include <type_traits>

#include "warp.cuh"

namespace tokenpick {

/// Tokens per Philox block, and per visit.
constexpr std::uint32_t kGroup = 4;
/// 16-byte vectors each thread has in flight per tile.
constexpr int kUnroll = 4;

/// max(a, b), NaN when either is NaN (fmaxf would drop it).
__device__ __forceinline__ float max_keep_nan(float a, float b) {
#if defined(TP_HIP)
  return (a != a || b != b) ? a + b : fmaxf(a, b);
#else
  float m;
  asm("max.NaN.f32 %0, %1, %2;" : "=f"(m) : "f"(a), "f"(b));
  return m;
#endif
}

/// max(a, b): with kKeepNan, NaN when either is NaN; else the non-NaN one (fmaxf).
template <bool kKeepNan>
__device__ __forceinline__ float max_of(float a, float b) {
  if constexpr (kKeepNan) {
    return max_keep_nan(a, b);
  } else {
    return fmaxf(a, b);
  }
}

#if !defined(TP_HIP)
/// max_of for two pairs of packed 16-bit tokens (two tokens per instruction).
template <bool kKeepNan, typename Pair>
__device__ __forceinline__ Pair packed_max_of(Pair a, Pair b) {
  if constexpr (kKeepNan) {
    return __hmax2_nan(a, b);
  } else {
    return __hmax2(a, b);
  }
}

/// The largest of a vector of 8 16-bit logits by max_of, with `Pair`'s packed max, widened by
/// `to_float`.
template <bool kKeepNan, typename Pair, typename ToFloat>
__device__ __forceinline__ float packed_vector_top(const uint4& v, ToFloat to_float) {
  const auto pair = [](std::uint32_t bits) {
    Pair p;
    static_assert(sizeof p == sizeof bits, "two 16-bit tokens");
    memcpy(&p, &bits, sizeof p);
    return p;
  };
  const Pair m = packed_max_of<kKeepNan>(packed_max_of<kKeepNan>(pair(v.x), pair(v.y)),
                                         packed_max_of<kKeepNan>(pair(v.z), pair(v.w)));
  return max_of<kKeepNan>(to_float(m.x), to_float(m.y));
}
#endif

/// The largest of a vector of 8 16-bit logits by max_of, each widened by `from_bits`.
template <bool kKeepNan, typename FromBits>
__device__ __forceinline__ float widened_vector_top(const uint4& v, FromBits from_bits) {
  float m = -INFINITY;
  const std::uint32_t words[4] = {v.x, v.y, v.z, v.w};
#pragma unroll
  for (std::uint32_t word : words) {
    m = max_of<kKeepNan>(m, max_of<kKeepNan>(from_bits(word & 0xffffu), from_bits(word >> 16)));
  }
  return m;
}

/// The 4 tokens of group g (0 or 1) of a vector of 8 16-bit logits, widened by `from_bits`.
template <typename FromBits>
__device__ __forceinline__ void widen_group16(const uint4& v, std::uint32_t g,
                                              float (&z)[kGroup], FromBits from_bits) {
  const std::uint32_t a = g == 0 ? v.x : v.z;
  const std::uint32_t b = g == 0 ? v.y : v.w;
  z[0] = from_bits(a & 0xffffu);
  z[1] = from_bits(a >> 16);
  z[2] = from_bits(b & 0xffffu);
  z[3] = from_bits(b >> 16);
}

/// Per logit type: one token, a group of a 16-byte vector, and a vector's largest token by
/// max_of (vector_top; see vector_max and vector_peak).
template <typename T>
struct Widen;
template <>
struct Widen<float> {
  static constexpr std::uint32_t kGroupsPerVector = 1;
  __device__ static float one(float v) { return v; }
  __device__ static void group(const uint4& v, std::uint32_t g, float (&z)[kGroup]) {
    (void)g;
    z[0] = __uint_as_float(v.x);
    z[1] = __uint_as_float(v.y);
    z[2] = __uint_as_float(v.z);
    z[3] = __uint_as_float(v.w);
  }
  template <bool kKeepNan>
  __device__ static float vector_top(const uint4& v) {
    return max_of<kKeepNan>(max_of<kKeepNan>(__uint_as_float(v.x), __uint_as_float(v.y)),
                            max_of<kKeepNan>(__uint_as_float(v.z), __uint_as_float(v.w)));
  }
};
template <>
struct Widen<f16_t> {
  static constexpr std::uint32_t kGroupsPerVector = 2;
  __device__ static float one(f16_t v) { return __half2float(v); }
  /// One token from its 16 bits.
  __device__ static float from_bits(std::uint32_t bits) {
    return __half2float(__ushort_as_half(static_cast<unsigned short>(bits)));
  }
  __device__ static void group(const uint4& v, std::uint32_t g, float (&z)[kGroup]) {
    widen_group16(v, g, z, from_bits);
  }
  template <bool kKeepNan>
  __device__ static float vector_top(const uint4& v) {
#if defined(TP_HIP)
    return widened_vector_top<kKeepNan>(v, from_bits);
#else
    return packed_vector_top<kKeepNan, __half2>(v, [](__half h) { return __half2float(h); });
#endif
  }
};
template <>
struct Widen<bf16_t> {
  static constexpr std::uint32_t kGroupsPerVector = 2;
  __device__ static float one(bf16_t v) { return bf16_to_float(v); }
  /// One token from its 16 bits: bf16 -> f32 is the high half of the f32 pattern, exact.
  __device__ static float from_bits(std::uint32_t bits) { return __uint_as_float(bits << 16); }
  __device__ static void group(const uint4& v, std::uint32_t g, float (&z)[kGroup]) {
    widen_group16(v, g, z, from_bits);
  }
  template <bool kKeepNan>
  __device__ static float vector_top(const uint4& v) {
#if defined(TP_HIP)
    return widened_vector_top<kKeepNan>(v, from_bits);
#else
    return packed_vector_top<kKeepNan, __nv_bfloat162>(
        v, [](__nv_bfloat16 b) { return __bfloat162float(b); });
#endif
  }
};

/// Largest non-NaN token of a vector (-inf when none).
template <typename T>
__device__ __forceinline__ float vector_max(const uint4& v) {
  return Widen<T>::template vector_top<false>(v);
}

/// Largest token of a vector, NaN when one is NaN.
template <typename T>
__device__ __forceinline__ float vector_peak(const uint4& v) {
  return Widen<T>::template vector_top<true>(v);
}

/// True when every row starts on a 16-byte boundary and holds whole vectors.
template <typename T>
__host__ __device__ inline bool rows_vectorizable(const void* logits, std::uint32_t cols) {
  const std::uint32_t per_vector = 16 / sizeof(T);
  return reinterpret_cast<std::uintptr_t>(logits) % 16 == 0 && cols % per_vector == 0;
}

/// Largest value of a group's 4 tokens, NaN when one is NaN.
__device__ __forceinline__ float group_peak(const float (&z)[kGroup]) {
  return max_keep_nan(max_keep_nan(z[0], z[1]), max_keep_nan(z[2], z[3]));
}

/// Largest non-NaN value of a group (-inf when none).
__device__ __forceinline__ float group_max(const float (&z)[kGroup], std::uint32_t valid) {
  float m = -INFINITY;
  for (std::uint32_t l = 0; l < valid; ++l) m = fmaxf(m, z[l]);
  return m;
}

/// A thread's largest logit in a tile (-inf for none) and the first token holding it
/// (kNoToken when not known: rows read token by token).
struct TileTop {
  float z;
  std::uint32_t token;
};
constexpr std::uint32_t kNoToken = 0xFFFFFFFFu;

/// Loads a thread's vectors v[u] at units base + u * stride of `row`, those below `end`; with
/// kEveryLane the others are zeroed (to be visited with valid = 0).
template <bool kEveryLane, typename T>
__device__ __forceinline__ void load_vectors(const T* row, uint4 (&v)[kUnroll],
                                             std::uint32_t base, std::uint32_t stride,
                                             std::uint32_t end) {
#pragma unroll
  for (int u = 0; u < kUnroll; ++u) {
    const std::uint32_t at = base + u * stride;
    if (at < end) {
      v[u] = __ldg(reinterpret_cast<const uint4*>(row) + at);
    } else if (kEveryLane) {
      v[u] = make_uint4(0, 0, 0, 0);
    }
  }
}

/// A thread's TileTop of its vectors v[u], vector v[u] at unit base + u * stride, those at or
/// past `end` left out.
template <typename T>
__device__ __forceinline__ TileTop vectors_top(const uint4 (&v)[kUnroll], std::uint32_t base,
                                               std::uint32_t stride, std::uint32_t end) {
  constexpr std::uint32_t kGroupsPerVector = Widen<T>::kGroupsPerVector;
  TileTop top{-INFINITY, kNoToken};
#pragma unroll
  for (int u = 0; u < kUnroll; ++u) {
    if (base + u * stride < end) top.z = fmaxf(top.z, vector_max<T>(v[u]));
  }
#pragma unroll
  for (int u = 0; u < kUnroll; ++u) {
    const std::uint32_t at = base + u * stride;
    if (at >= end) continue;
#pragma unroll
    for (std::uint32_t g = 0; g < kGroupsPerVector; ++g) {
      float z[kGroup];
      Widen<T>::group(v[u], g, z);
#pragma unroll
      for (std::uint32_t l = 0; l < kGroup; ++l) {
        if (top.token == kNoToken && z[l] == top.z) {
          top.token = (at * kGroupsPerVector + g) * kGroup + l;
        }
      }
    }
  }
  return top;
}

/// vectors_top, its token found from the vectors' maxima and then one vector's tokens, each
/// step a set of independent compares, not one chain over every token (the same token: the
/// first holding the largest logit). For callers that use the token (Gumbel-max's first bar;
/// H200, batch 64 x 128256 bf16 18.90 -> 17.40 us): the others keep vectors_top, whose code
/// with this one in its place was 2-4% slower in the top-k kernel at 16-bit batch 64-256.
template <typename T>
__device__ __forceinline__ TileTop vectors_top_from_maxima(const uint4 (&v)[kUnroll],
                                                           std::uint32_t base,
                                                           std::uint32_t stride,
                                                           std::uint32_t end) {
  constexpr std::uint32_t kGroupsPerVector = Widen<T>::kGroupsPerVector;
  float vector_top[kUnroll];
  TileTop top{-INFINITY, kNoToken};
#pragma unroll
  for (int u = 0; u < kUnroll; ++u) {
    vector_top[u] = base + u * stride < end ? vector_max<T>(v[u]) : -INFINITY;
    top.z = fmaxf(top.z, vector_top[u]);
  }
  // The first vector in range holding top.z, by selects from the last one down.
  int at_u = -1;
  uint4 holder = make_uint4(0, 0, 0, 0);
#pragma unroll
  for (int u = kUnroll - 1; u >= 0; --u) {
    if (base + u * stride < end && vector_top[u] == top.z) {
      at_u = u;
      holder = v[u];
    }
  }
  if (at_u < 0) return top;
  std::uint32_t first_token = kNoToken;
#pragma unroll
  for (int g = static_cast<int>(kGroupsPerVector) - 1; g >= 0; --g) {
    float z[kGroup];
    Widen<T>::group(holder, static_cast<std::uint32_t>(g), z);
#pragma unroll
    for (int l = static_cast<int>(kGroup) - 1; l >= 0; --l) {
      if (z[l] == top.z) first_token = static_cast<std::uint32_t>(g) * kGroup + l;
    }
  }
  if (first_token != kNoToken) {
    const std::uint32_t at = base + static_cast<std::uint32_t>(at_u) * stride;
    top.token = at * kGroupsPerVector * kGroup + first_token;
  }
  return top;
}

/// The largest logit of the vectors of vectors_top, NaN when one is NaN (-inf for none).
template <typename T>
__device__ __forceinline__ float vectors_peak(const uint4 (&v)[kUnroll], std::uint32_t base,
                                              std::uint32_t stride, std::uint32_t end) {
  float peak = -INFINITY;
#pragma unroll
  for (int u = 0; u < kUnroll; ++u) {
    if (base + u * stride < end) peak = max_keep_nan(peak, vector_peak<T>(v[u]));
  }
  return peak;
}

/// visit(first_token, z[4], valid) for each group of the vectors of vectors_top; with
/// kEveryLane those at or past `end` are visited with valid = 0 instead of left out.
template <typename T, bool kEveryLane, typename Visit>
__device__ __forceinline__ void visit_vectors(const uint4 (&v)[kUnroll], std::uint32_t base,
                                              std::uint32_t stride, std::uint32_t end,
                                              Visit&& visit) {
  constexpr std::uint32_t kGroupsPerVector = Widen<T>::kGroupsPerVector;
#pragma unroll
  for (int u = 0; u < kUnroll; ++u) {
    const std::uint32_t at = base + u * stride;
    if (!kEveryLane && at >= end) continue;
#pragma unroll
    for (std::uint32_t g = 0; g < kGroupsPerVector; ++g) {
      float z[kGroup];
      Widen<T>::group(v[u], g, z);
      visit((at * kGroupsPerVector + g) * kGroup, z, at < end ? kGroup : 0u);
    }
  }
}

/// The `wanted` of for_each_group: every tile.
struct AllTiles {
  __device__ bool operator()(std::uint32_t) const { return true; }
};

/// A block's share of a row: units [begin, end) (16-byte vectors when aligned, else groups of
/// kGroup tokens read one by one) in `tiles` tiles of kThreads * kUnroll units.
struct TileSpan {
  std::uint32_t begin;
  std::uint32_t end;
  std::uint32_t tiles;
};
template <int kThreads, typename T>
__host__ __device__ __forceinline__ TileSpan tile_span(std::uint32_t cols, bool vectors,
                                                       unsigned rank, unsigned ranks) {
  const std::uint32_t unit = vectors ? kGroup * Widen<T>::kGroupsPerVector : kGroup;
  const std::uint32_t units = (cols + unit - 1) / unit;
  const std::uint32_t share = (units + ranks - 1) / ranks;
  const std::uint32_t begin = rank * share < units ? rank * share : units;
  const std::uint32_t end = begin + share < units ? begin + share : units;
  constexpr std::uint32_t kTile = kThreads * kUnroll;
  return TileSpan{begin, end, (end - begin + kTile - 1) / kTile};
}

/// Calls tile_start(tile_top, tile_peak) once the thread's share of a tile is in registers,
/// where tile_top() computes its TileTop and tile_peak() its largest logit, NaN when one of its
/// tokens is NaN (-inf when it has none), each only if the hook asks for it, then
/// visit(first_token, z[4], valid) for each of its groups (valid < 4 only for the row's last
/// group), then tile_done(). Every thread of the block makes the same calls, so the hooks may
/// use warp shuffles and block barriers. Visits past the end of the row are skipped, or with
/// kEveryLane made with valid = 0, so that whole warps meet in every visit. kBackward takes
/// the tiles last first: a second read of a row then starts with what the first read left in L2.
/// kTopFromMaxima: tile_top() by vectors_top_from_maxima (its token found in fewer steps).
/// `wanted(tile)` (tiles of the block's share counted from 0) false skips the thread's reads of
/// that tile: its visits see valid = 0 (or none), and its tile_top is -inf; a tile no lane of
/// a warp wants is skipped by the whole warp (no hook is called), so with a `wanted` other
/// than AllTiles the hooks may use warp shuffles but not block barriers.
template <int kThreads, bool kEveryLane = false, bool kBackward = false,
          bool kTopFromMaxima = false, typename T, typename Wanted, typename TileStart,
          typename Visit, typename TileDone>
__device__ __forceinline__ void for_each_group_where(const T* row, std::uint32_t cols,
                                                     bool vectors, unsigned rank,
                                                     unsigned ranks, Wanted&& wanted,
                                                     TileStart&& tile_start, Visit&& visit,
                                                     TileDone&& tile_done) {
  constexpr std::uint32_t kTile = kThreads * kUnroll;
  const TileSpan span = tile_span<kThreads, T>(cols, vectors, rank, ranks);
  const std::uint32_t begin = span.begin;
  const std::uint32_t end = span.end;
  const std::uint32_t tiles = span.tiles;
  for (std::uint32_t t = 0; t < tiles; ++t) {
    const std::uint32_t tile = kBackward ? tiles - 1 - t : t;
    // A tile the thread skips reads as if it lay past the end of the row.
    const bool want = wanted(tile);
    if constexpr (!std::is_same<std::decay_t<Wanted>, AllTiles>::value) {
      if (warp_ballot(kFullWarp, want) == 0) continue;
    }
    const std::uint32_t end_here = want ? end : 0u;
    const std::uint32_t base = begin + tile * kTile + threadIdx.x;
    if (vectors) {
      uint4 v[kUnroll];
      load_vectors<kEveryLane>(row, v, base, kThreads, end_here);
      tile_start(
          [&]() {
            if constexpr (kTopFromMaxima) {
              return vectors_top_from_maxima<T>(v, base, kThreads, end_here);
            } else {
              return vectors_top<T>(v, base, kThreads, end_here);
            }
          },
          [&]() { return vectors_peak<T>(v, base, kThreads, end_here); });
      visit_vectors<T, kEveryLane>(v, base, kThreads, end_here, visit);
    } else {
      float z[kUnroll][kGroup];
      float max_z = -INFINITY;
      float peak = -INFINITY;
#pragma unroll
      for (int u = 0; u < kUnroll; ++u) {
        const std::uint32_t at = base + u * kThreads;
        const std::uint32_t valid = at < end_here ? min(kGroup, cols - at * kGroup) : 0;
#pragma unroll
        for (std::uint32_t l = 0; l < kGroup; ++l) {
          z[u][l] = l < valid ? Widen<T>::one(row[at * kGroup + l]) : 0.0f;
        }
        max_z = fmaxf(max_z, group_max(z[u], valid));
        for (std::uint32_t l = 0; l < valid; ++l) peak = max_keep_nan(peak, z[u][l]);
      }
      tile_start([&]() { return TileTop{max_z, kNoToken}; }, [&]() { return peak; });
#pragma unroll
      for (int u = 0; u < kUnroll; ++u) {
        const std::uint32_t at = base + u * kThreads;
        if (!kEveryLane && at >= end_here) continue;
        visit(at * kGroup, z[u], at < end_here ? min(kGroup, cols - at * kGroup) : 0u);
      }
    }
    tile_done();
  }
}

/// for_each_group_where reading every tile.
template <int kThreads, bool kEveryLane = false, bool kBackward = false,
          bool kTopFromMaxima = false, typename T, typename TileStart, typename Visit,
          typename TileDone>
__device__ __forceinline__ void for_each_group(const T* row, std::uint32_t cols, bool vectors,
                                               unsigned rank, unsigned ranks,
                                               TileStart&& tile_start, Visit&& visit,
                                               TileDone&& tile_done) {
  for_each_group_where<kThreads, kEveryLane, kBackward, kTopFromMaxima>(
      row, cols, vectors, rank, ranks, AllTiles{}, tile_start, visit, tile_done);
}

/// for_each_group without tile hooks, with prepare() (every thread of the block, which may use
/// block barriers) called once the first tile's 16-byte loads are issued and before its visits,
/// so that their latency passes under prepare's own: a read that depends on a plan issues its
/// first tile before the plan. prepare() returns false to read nothing further; it is called
/// exactly once, also by a block whose share is empty.
template <int kThreads, bool kEveryLane = false, typename T, typename Prepare, typename Visit>
__device__ __forceinline__ void for_each_group_prepared(const T* row, std::uint32_t cols,
                                                        bool vectors, unsigned rank,
                                                        unsigned ranks, Prepare&& prepare,
                                                        Visit&& visit) {
  constexpr std::uint32_t kTile = kThreads * kUnroll;
  const TileSpan span = tile_span<kThreads, T>(cols, vectors, rank, ranks);
  if (!vectors || span.tiles == 0) {
    if (!prepare()) return;
    for_each_group<kThreads, kEveryLane>(
        row, cols, vectors, rank, ranks, [](const auto&, const auto&) {}, visit, [] {});
    return;
  }
  for (std::uint32_t tile = 0; tile < span.tiles; ++tile) {
    const std::uint32_t base = span.begin + tile * kTile + threadIdx.x;
    uint4 v[kUnroll];
    load_vectors<kEveryLane>(row, v, base, kThreads, span.end);
    if (tile == 0 && !prepare()) return;
    visit_vectors<T, kEveryLane>(v, base, kThreads, span.end, visit);
  }
}

}  // namespace tokenpick

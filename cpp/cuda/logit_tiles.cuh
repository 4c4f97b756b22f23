// Reading a row in groups of 4 tokens (one Philox block each). A row may be split over the
// blocks of its group: block `rank` of `ranks` takes a contiguous share. When the row is
// 16-byte aligned, threads read 16-byte vectors (4 f32 or 8 f16/bf16 tokens), kUnroll vectors
// in flight per thread; otherwise token by token. Every thread of the block runs the same
// number of tiles, so `tile_done` may use warp shuffles and block barriers.
#pragma once

#include "gpu_runtime.cuh"

#include <cstddef>
#include <cstdint>
#include <cstring>

#if !defined(TP_HIP)
#include <cuda_pipeline.h>
#endif

namespace tokenpick {

/// Tokens per Philox block, and per visit.
constexpr std::uint32_t kGroup = 4;
/// 16-byte vectors each thread has in flight per tile.
constexpr int kUnroll = 4;

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
  /// Largest non-NaN token of a vector (-inf when none).
  __device__ static float vector_max(const uint4& v) {
    return fmaxf(fmaxf(__uint_as_float(v.x), __uint_as_float(v.y)),
                 fmaxf(__uint_as_float(v.z), __uint_as_float(v.w)));
  }
};
/// Largest non-NaN token of a vector of 8 16-bit logits (-inf when none), by `Pair`'s packed
/// max (two tokens per instruction; it drops NaN as fmaxf does), widened by `to_float`.
template <typename Pair, typename ToFloat>
__device__ __forceinline__ float packed_vector_max(const uint4& v, ToFloat to_float) {
  const auto pair = [](std::uint32_t bits) {
    Pair p;
    static_assert(sizeof p == sizeof bits, "two 16-bit tokens");
    memcpy(&p, &bits, sizeof p);
    return p;
  };
  const Pair m = __hmax2(__hmax2(pair(v.x), pair(v.y)), __hmax2(pair(v.z), pair(v.w)));
  return fmaxf(to_float(m.x), to_float(m.y));
}

/// Largest non-NaN token of a vector of 8 16-bit logits, each widened by `from_bits`.
template <typename FromBits>
__device__ __forceinline__ float widened_vector_max(const uint4& v, FromBits from_bits) {
  float m = -INFINITY;
  const std::uint32_t words[4] = {v.x, v.y, v.z, v.w};
#pragma unroll
  for (std::uint32_t word : words) {
    m = fmaxf(m, fmaxf(from_bits(word & 0xffffu), from_bits(word >> 16)));
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

template <>
struct Widen<f16_t> {
  static constexpr std::uint32_t kGroupsPerVector = 2;
  __device__ static float one(f16_t v) { return __half2float(v); }
  __device__ static void group(const uint4& v, std::uint32_t g, float (&z)[kGroup]) {
    widen_group16(v, g, z, [](std::uint32_t bits) {
      return __half2float(__ushort_as_half(static_cast<unsigned short>(bits)));
    });
  }
  __device__ static float vector_max(const uint4& v) {
#if defined(TP_HIP)
    return widened_vector_max(v, [](std::uint32_t bits) {
      return __half2float(__ushort_as_half(static_cast<unsigned short>(bits)));
    });
#else
    return packed_vector_max<__half2>(v, [](__half h) { return __half2float(h); });
#endif
  }
};
template <>
struct Widen<bf16_t> {
  static constexpr std::uint32_t kGroupsPerVector = 2;
  __device__ static float one(bf16_t v) { return bf16_to_float(v); }
  // bf16 -> f32 is the high half of the f32 pattern: exact.
  __device__ static void group(const uint4& v, std::uint32_t g, float (&z)[kGroup]) {
    widen_group16(v, g, z, [](std::uint32_t bits) { return __uint_as_float(bits << 16); });
  }
  __device__ static float vector_max(const uint4& v) {
#if defined(TP_HIP)
    return widened_vector_max(v, [](std::uint32_t bits) { return __uint_as_float(bits << 16); });
#else
    return packed_vector_max<__nv_bfloat162>(v,
                                            [](__nv_bfloat16 b) { return __bfloat162float(b); });
#endif
  }
};

/// True when every row starts on a 16-byte boundary and holds whole vectors.
template <typename T>
__host__ __device__ inline bool rows_vectorizable(const void* logits, std::uint32_t cols) {
  const std::uint32_t per_vector = 16 / sizeof(T);
  return reinterpret_cast<std::uintptr_t>(logits) % 16 == 0 && cols % per_vector == 0;
}

/// Largest non-NaN value of a group (-inf when none).
__device__ __forceinline__ float group_max(const float (&z)[kGroup], std::uint32_t valid) {
  float m = -INFINITY;
  for (std::uint32_t l = 0; l < valid; ++l) m = fmaxf(m, z[l]);
  return m;
}

/// "No token" for tile_start's max_token.
constexpr std::uint32_t kNoMaxToken = 0xFFFFFFFFu;

/// Calls tile_start(max_z, max_token) with the thread's largest logit of the tile's vectors
/// `v` (those at base + u * kThreads below `end`) and, on the first tile only, the token that
/// holds it (kNoMaxToken otherwise), then visit(first_token, z[4], 4) for each of their groups.
template <int kThreads, typename T, typename TileStart, typename Visit>
__device__ __forceinline__ void visit_vectors(const uint4 (&v)[kUnroll], std::uint32_t base,
                                              std::uint32_t end, bool first_tile,
                                              TileStart& tile_start, Visit& visit) {
  constexpr std::uint32_t kGroupsPerVector = Widen<T>::kGroupsPerVector;
  constexpr std::uint32_t kTokensPerVector = kGroup * kGroupsPerVector;
  float max_z = -INFINITY;
#pragma unroll
  for (int u = 0; u < kUnroll; ++u) {
    if (base + u * kThreads < end) max_z = fmaxf(max_z, Widen<T>::vector_max(v[u]));
  }
  std::uint32_t max_token = kNoMaxToken;
  if (first_tile) {
#pragma unroll
    for (int u = 0; u < kUnroll; ++u) {
      const std::uint32_t at = base + u * kThreads;
      if (at >= end) continue;
#pragma unroll
      for (std::uint32_t g = 0; g < kGroupsPerVector; ++g) {
        float z[kGroup];
        Widen<T>::group(v[u], g, z);
#pragma unroll
        for (std::uint32_t l = 0; l < kGroup; ++l) {
          if (max_token == kNoMaxToken && z[l] == max_z) {
            max_token = at * kTokensPerVector + g * kGroup + l;
          }
        }
      }
    }
  }
  tile_start(max_z, max_token);
#pragma unroll
  for (int u = 0; u < kUnroll; ++u) {
    const std::uint32_t at = base + u * kThreads;
    if (at >= end) continue;
#pragma unroll
    for (std::uint32_t g = 0; g < kGroupsPerVector; ++g) {
      float z[kGroup];
      Widen<T>::group(v[u], g, z);
      visit(at * kTokensPerVector + g * kGroup, z, kGroup);
    }
  }
}

#if !defined(TP_HIP)
/// Bytes of shared memory the staged tile loop takes for kStages tiles of kThreads threads.
template <int kThreads, int kStages>
constexpr std::size_t staged_tile_bytes() {
  return static_cast<std::size_t>(kStages) * kThreads * kUnroll * sizeof(uint4);
}

/// The vector path with the next kStages - 1 tiles in flight while a tile is scored: each
/// thread copies its own vectors into its own slots of `slots` (cp.async, no registers held,
/// no barrier: a thread reads only what it copied) and waits for the oldest tile only.
template <int kThreads, int kStages, typename T, typename TileStart, typename Visit,
          typename TileDone>
__device__ __forceinline__ void for_each_staged_tile(const uint4* row, std::uint32_t begin,
                                                     std::uint32_t end, uint4* slots,
                                                     TileStart& tile_start, Visit& visit,
                                                     TileDone& tile_done) {
  static_assert(kStages >= 2, "one tile scored, at least one in flight");
  constexpr std::uint32_t kTile = kThreads * kUnroll;
  const std::uint32_t tiles = (end - begin + kTile - 1) / kTile;
  const auto issue = [&](std::uint32_t t) {
    if (t < tiles) {
      const std::uint32_t base = begin + t * kTile + threadIdx.x;
      uint4* slot = slots + (t % kStages) * kTile + threadIdx.x;
#pragma unroll
      for (int u = 0; u < kUnroll; ++u) {
        if (base + u * kThreads < end) {
          __pipeline_memcpy_async(slot + u * kThreads, row + base + u * kThreads, sizeof(uint4));
        }
      }
    }
    __pipeline_commit();  // an empty group past the last tile keeps the count uniform
  };
#pragma unroll
  for (int s = 0; s < kStages - 1; ++s) issue(s);
  for (std::uint32_t t = 0; t < tiles; ++t) {
    __pipeline_wait_prior(kStages - 2);  // tile t has landed
    const std::uint32_t base = begin + t * kTile + threadIdx.x;
    const uint4* slot = slots + (t % kStages) * kTile + threadIdx.x;
    uint4 v[kUnroll];
#pragma unroll
    for (int u = 0; u < kUnroll; ++u) {
      if (base + u * kThreads < end) v[u] = slot[u * kThreads];
    }
    issue(t + kStages - 1);  // into the slot tile t - 1 used, read by this thread already
    visit_vectors<kThreads, T>(v, base, end, t == 0, tile_start, visit);
    tile_done();
  }
}
#endif

/// Calls tile_start(max_z, max_token) once the thread's share of a tile is in registers
/// (max_z: its largest logit, -inf for none; max_token: on a 16-byte row's first tile, the
/// token holding it, else kNoMaxToken), then visit(first_token, z[4], valid) for each of its groups
/// (valid < 4 only for the row's last group), then tile_done(). Every thread of the block
/// makes the same calls, so the hooks may use warp shuffles and block barriers. With
/// kStages > 0 (CUDA only) and 16-byte rows, the tiles are staged through `slots`
/// (staged_tile_bytes of shared memory), kStages - 1 of them in flight.
template <int kThreads, int kStages = 0, typename T, typename TileStart, typename Visit,
          typename TileDone>
__device__ __forceinline__ void for_each_group(const T* row, std::uint32_t cols, bool vectors,
                                               unsigned rank, unsigned ranks,
                                               TileStart&& tile_start, Visit&& visit,
                                               TileDone&& tile_done, uint4* slots = nullptr) {
  constexpr std::uint32_t kGroupsPerVector = Widen<T>::kGroupsPerVector;
  constexpr std::uint32_t kTokensPerVector = kGroup * kGroupsPerVector;
  // Unit of the split: vectors when aligned, else groups (read token by token).
  const std::uint32_t unit = vectors ? kTokensPerVector : kGroup;
  const std::uint32_t units = (cols + unit - 1) / unit;
  const std::uint32_t share = (units + ranks - 1) / ranks;
  const std::uint32_t begin = min(units, rank * share);
  const std::uint32_t end = min(units, begin + share);
  constexpr std::uint32_t kTile = kThreads * kUnroll;
  const std::uint32_t tiles = (end - begin + kTile - 1) / kTile;
#if !defined(TP_HIP)
  if constexpr (kStages > 0) {
    if (vectors) {
      for_each_staged_tile<kThreads, kStages, T>(reinterpret_cast<const uint4*>(row), begin, end,
                                                 slots, tile_start, visit, tile_done);
      return;
    }
  }
#endif
  for (std::uint32_t t = 0; t < tiles; ++t) {
    const std::uint32_t base = begin + t * kTile + threadIdx.x;
    if (vectors) {
      uint4 v[kUnroll];
#pragma unroll
      for (int u = 0; u < kUnroll; ++u) {
        const std::uint32_t at = base + u * kThreads;
        if (at < end) v[u] = __ldg(reinterpret_cast<const uint4*>(row) + at);
      }
      visit_vectors<kThreads, T>(v, base, end, t == 0, tile_start, visit);
    } else {
      float z[kUnroll][kGroup];
      float max_z = -INFINITY;
#pragma unroll
      for (int u = 0; u < kUnroll; ++u) {
        const std::uint32_t at = base + u * kThreads;
        const std::uint32_t valid = at < end ? min(kGroup, cols - at * kGroup) : 0;
#pragma unroll
        for (std::uint32_t l = 0; l < kGroup; ++l) {
          z[u][l] = l < valid ? Widen<T>::one(row[at * kGroup + l]) : 0.0f;
        }
        max_z = fmaxf(max_z, group_max(z[u], valid));
      }
      tile_start(max_z, kNoMaxToken);
#pragma unroll
      for (int u = 0; u < kUnroll; ++u) {
        const std::uint32_t at = base + u * kThreads;
        if (at >= end) continue;
        visit(at * kGroup, z[u], min(kGroup, cols - at * kGroup));
      }
    }
    tile_done();
  }
}

}  // namespace tokenpick

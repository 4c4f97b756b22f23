// Philox4x32-10 with the row's round keys computed once: the keys depend only on the seed, so
// a thread that draws many blocks of one row does not redo the Weyl additions. Same rounds,
// same words as philox4x32_10 in random/philox.h (each 32x32 product is one wide multiply).
#pragma once

#include <cstdint>

#include "../random/philox.h"

namespace tokenpick {

struct PhiloxKeys {
  std::uint32_t k0[kPhiloxRounds];
  std::uint32_t k1[kPhiloxRounds];
};

__device__ __forceinline__ PhiloxKeys philox_keys(std::uint64_t seed) {
  PhiloxKeys keys;
  std::uint32_t k0 = static_cast<std::uint32_t>(seed);
  std::uint32_t k1 = static_cast<std::uint32_t>(seed >> 32);
#pragma unroll
  for (int round = 0; round < kPhiloxRounds; ++round) {
    keys.k0[round] = k0;
    keys.k1[round] = k1;
    k0 += kPhiloxW0;
    k1 += kPhiloxW1;
  }
  return keys;
}

/// The block of counter (c0, c1, c2, c3) under precomputed keys.
__device__ __forceinline__ Philox4 philox_keyed(std::uint32_t c0, std::uint32_t c1,
                                                std::uint32_t c2, std::uint32_t c3,
                                                const PhiloxKeys& keys) {
#pragma unroll
  for (int round = 0; round < kPhiloxRounds; ++round) {
    const std::uint64_t p0 = static_cast<std::uint64_t>(kPhiloxM0) * c0;
    const std::uint64_t p1 = static_cast<std::uint64_t>(kPhiloxM1) * c2;
    const std::uint32_t hi0 = static_cast<std::uint32_t>(p0 >> 32);
    const std::uint32_t hi1 = static_cast<std::uint32_t>(p1 >> 32);
    c0 = hi1 ^ c1 ^ keys.k0[round];
    c1 = static_cast<std::uint32_t>(p1);
    c2 = hi0 ^ c3 ^ keys.k1[round];
    c3 = static_cast<std::uint32_t>(p0);
  }
  return Philox4{{c0, c1, c2, c3}};
}

}  // namespace tokenpick

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

/// What a row's Gumbel blocks share: with counter (c, step_lo, step_hi, domain), round 0's
/// second product and round 1's first do not depend on c, so those rounds need one multiply
/// each and every XOR with them folds into one word.
struct GumbelRounds {
  std::uint32_t x0;   // round 0: c2 = hi(M0 c) ^ x0
  std::uint32_t x1a;  // round 1: c0 = hi(M1 c2) ^ x1a
  std::uint32_t x1b;  // round 1: c2 = lo(M0 c) ^ x1b
  std::uint32_t x2b;  // round 2: c2 = hi(M0 c0) ^ x2b
};

__device__ __forceinline__ GumbelRounds gumbel_rounds(std::uint32_t step_lo, std::uint32_t step_hi,
                                                      std::uint32_t domain,
                                                      const PhiloxKeys& keys) {
  const std::uint64_t p1 = static_cast<std::uint64_t>(kPhiloxM1) * step_hi;
  const std::uint32_t c0 = static_cast<std::uint32_t>(p1 >> 32) ^ step_lo ^ keys.k0[0];
  const std::uint32_t c1 = static_cast<std::uint32_t>(p1);
  const std::uint64_t q = static_cast<std::uint64_t>(kPhiloxM0) * c0;
  return GumbelRounds{domain ^ keys.k1[0], c1 ^ keys.k0[1],
                      static_cast<std::uint32_t>(q >> 32) ^ keys.k1[1],
                      static_cast<std::uint32_t>(q) ^ keys.k1[2]};
}

/// philox_keyed(c, step_lo, step_hi, domain, keys) with the token-independent parts of rounds
/// 0-2 taken from `rounds` (gumbel_rounds of the same step, domain and keys): the same words.
__device__ __forceinline__ Philox4 philox_gumbel(std::uint32_t c, const GumbelRounds& rounds,
                                                 const PhiloxKeys& keys) {
  std::uint64_t p0 = static_cast<std::uint64_t>(kPhiloxM0) * c;
  std::uint32_t c2 = static_cast<std::uint32_t>(p0 >> 32) ^ rounds.x0;
  std::uint32_t c3 = static_cast<std::uint32_t>(p0);
  std::uint64_t p1 = static_cast<std::uint64_t>(kPhiloxM1) * c2;
  std::uint32_t c0 = static_cast<std::uint32_t>(p1 >> 32) ^ rounds.x1a;
  std::uint32_t c1 = static_cast<std::uint32_t>(p1);
  c2 = c3 ^ rounds.x1b;
  p0 = static_cast<std::uint64_t>(kPhiloxM0) * c0;
  p1 = static_cast<std::uint64_t>(kPhiloxM1) * c2;
  c0 = static_cast<std::uint32_t>(p1 >> 32) ^ c1 ^ keys.k0[2];
  c1 = static_cast<std::uint32_t>(p1);
  c2 = static_cast<std::uint32_t>(p0 >> 32) ^ rounds.x2b;
  c3 = static_cast<std::uint32_t>(p0);
#pragma unroll
  for (int round = 3; round < kPhiloxRounds; ++round) {
    p0 = static_cast<std::uint64_t>(kPhiloxM0) * c0;
    p1 = static_cast<std::uint64_t>(kPhiloxM1) * c2;
    c0 = static_cast<std::uint32_t>(p1 >> 32) ^ c1 ^ keys.k0[round];
    c1 = static_cast<std::uint32_t>(p1);
    c2 = static_cast<std::uint32_t>(p0 >> 32) ^ c3 ^ keys.k1[round];
    c3 = static_cast<std::uint32_t>(p0);
  }
  return Philox4{{c0, c1, c2, c3}};
}

}  // namespace tokenpick

// Philox4x32-10 (Salmon, Moraes, Dror, Shaw: "Parallel random numbers: as easy as 1, 2, 3",
// SC'11), with the standard round constants. One header for host C++, CUDA and HIP device code.
//
// Counter layout (DESIGN section 4): (i / 4, step_lo, step_hi, domain); key = (seed_lo, seed_hi);
// token i takes lane i % 4 of its block.
#pragma once

#include <cstdint>

#if defined(__CUDACC__) || defined(__HIPCC__)
#define TP_HOST_DEVICE __host__ __device__ __forceinline__
#else
#define TP_HOST_DEVICE inline
#endif

namespace tokenpick {

/// Multipliers and Weyl key increments of Philox4x32 (Random123's PHILOX_M4x32_* / PHILOX_W32_*).
constexpr std::uint32_t kPhiloxM0 = 0xD2511F53u;
constexpr std::uint32_t kPhiloxM1 = 0xCD9E8D57u;
constexpr std::uint32_t kPhiloxW0 = 0x9E3779B9u;
constexpr std::uint32_t kPhiloxW1 = 0xBB67AE85u;
constexpr int kPhiloxRounds = 10;

/// Domains of the counter's last word.
constexpr std::uint32_t kDomainGumbel = 0;
constexpr std::uint32_t kDomainRejection = 1;

struct Philox4 {
  std::uint32_t v[4];
};

TP_HOST_DEVICE void philox_mulhilo(std::uint32_t a, std::uint32_t b, std::uint32_t* hi,
                                   std::uint32_t* lo) {
  const std::uint64_t product = static_cast<std::uint64_t>(a) * static_cast<std::uint64_t>(b);
  *hi = static_cast<std::uint32_t>(product >> 32);
  *lo = static_cast<std::uint32_t>(product);
}

/// Ten Philox rounds over `counter` under `key` (key bumped between rounds).
TP_HOST_DEVICE Philox4 philox4x32_10(Philox4 counter, std::uint32_t key0, std::uint32_t key1) {
  for (int round = 0; round < kPhiloxRounds; ++round) {
    std::uint32_t hi0, lo0, hi1, lo1;
    philox_mulhilo(kPhiloxM0, counter.v[0], &hi0, &lo0);
    philox_mulhilo(kPhiloxM1, counter.v[2], &hi1, &lo1);
    const Philox4 next = {{hi1 ^ counter.v[1] ^ key0, lo1, hi0 ^ counter.v[3] ^ key1, lo0}};
    counter = next;
    key0 += kPhiloxW0;
    key1 += kPhiloxW1;
  }
  return counter;
}

/// The block that holds the random word of element `index` (token or round) in `domain`.
TP_HOST_DEVICE Philox4 philox_block(std::uint64_t seed, std::uint64_t step, std::uint64_t index,
                                    std::uint32_t domain) {
  const Philox4 counter = {{static_cast<std::uint32_t>(index / 4), static_cast<std::uint32_t>(step),
                            static_cast<std::uint32_t>(step >> 32), domain}};
  return philox4x32_10(counter, static_cast<std::uint32_t>(seed),
                       static_cast<std::uint32_t>(seed >> 32));
}

}  // namespace tokenpick

// Order-preserving 32-bit keys of floats: a < b (non-NaN) exactly when key(a) < key(b).
#pragma once

#include <cstdint>

namespace tokenpick {

__device__ __forceinline__ std::uint32_t order_key(float v) {
  const std::uint32_t bits = __float_as_uint(v);
  return (bits & 0x80000000u) ? ~bits : (bits | 0x80000000u);
}

__device__ __forceinline__ float key_value(std::uint32_t key) {
  return __uint_as_float((key & 0x80000000u) ? (key & 0x7fffffffu) : ~key);
}

}  // namespace tokenpick

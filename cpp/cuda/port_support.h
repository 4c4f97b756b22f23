// Checks and conversions every CUDA port shares.
#pragma once

#include <cstdint>

#include "tokenpick-core/cpp/array.h"
#include "tokenpick-core/cpp/cuda/kernel_types.h"

namespace tokenpick {

/// Device logits of the CUDA backend, or the invalid-argument idiom.
void require_cuda_logits(const char* entry, const Array& logits);
/// The kernels' name for a logits dtype (f32, f16 or bf16: validated before).
LogitsType cuda_logits_type(DType dtype);

/// What every CUDA launch takes from the logits and the output array.
struct CudaCall {
  const void* logits;
  LogitsType type;
  std::uint32_t rows;
  std::uint32_t cols;
  int device;
  void* stream;
  std::uint32_t* out;
};

/// Checks the logits are CUDA device logits and gathers the launch fields.
CudaCall cuda_call(const char* entry, const Array& logits, Array& out);

}  // namespace tokenpick

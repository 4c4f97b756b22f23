// Checks and conversions every CUDA port shares.
#pragma once

#include "tokenpick-core/cpp/array.h"
#include "tokenpick-core/cpp/cuda/kernel_types.h"

namespace tokenpick {

/// Device logits of the CUDA backend, or the invalid-argument idiom.
void require_cuda_logits(const char* entry, const Array& logits);
/// The kernels' name for a logits dtype (f32, f16 or bf16: validated before).
LogitsType cuda_logits_type(DType dtype);

}  // namespace tokenpick

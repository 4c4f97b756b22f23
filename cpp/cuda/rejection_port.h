// The CUDA slot of the dual-pivot rejection port table.
#pragma once

#include <cstdint>
#include <memory>

#include "rust/cxx.h"
#include "tokenpick-core/cpp/array.h"

namespace tokenpick {

struct RowParams;
enum class Convention : std::uint8_t;

/// Rejection sampling over device logits; (token, ok) per row stays on the device (u32 [rows, 2]).
std::unique_ptr<Array> cuda_fused_sample_rejection(const Array& logits,
                                                   rust::Slice<const RowParams> params,
                                                   std::uint64_t step, std::uint32_t max_rounds,
                                                   Convention convention, bool deferred);

}  // namespace tokenpick

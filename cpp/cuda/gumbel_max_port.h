// The CUDA slot of the Gumbel-max port table.
#pragma once

#include <cstdint>
#include <memory>

#include "rust/cxx.h"
#include "tokenpick-core/cpp/array.h"

namespace tokenpick {

struct RowParams;

/// Gumbel-max over device logits; tokens stay on the device (u32 [rows, 1]).
std::unique_ptr<Array> cuda_gumbel_max_sample(const Array& logits,
                                              rust::Slice<const RowParams> params,
                                              std::uint64_t step);

}  // namespace tokenpick

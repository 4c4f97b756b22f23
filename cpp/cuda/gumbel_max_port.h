// The CUDA slot of the Gumbel-max port table.
#pragma once

#include <cstdint>

#include "rust/cxx.h"
#include "tokenpick-core/cpp/array.h"

namespace tokenpick {

struct RowParams;

/// Gumbel-max over device logits into `tokens` (u32 [rows, 1] on the same device), enqueued on
/// the logits' stream.
void cuda_gumbel_max_sample(const Array& logits, rust::Slice<const RowParams> params,
                            std::uint64_t step, Array& tokens);

}  // namespace tokenpick

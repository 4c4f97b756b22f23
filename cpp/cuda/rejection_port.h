// The CUDA slot of the filtered-sampling (fused_sample_rejection) port table.
#pragma once

#include <cstddef>
#include <cstdint>

#include "rust/cxx.h"
#include "tokenpick-core/cpp/array.h"

namespace tokenpick {

struct RowParams;
enum class Convention : std::uint8_t;

/// Filtered sampling over device logits into `out` ((token, ok) per row, u32 [rows, 2] on the
/// same device), enqueued on the logits' stream.
void cuda_fused_sample_rejection(const Array& logits, rust::Slice<const RowParams> params,
                                 std::uint64_t step, std::uint32_t max_rounds,
                                 Convention convention, Array& out);

/// Most rows of a call of rows of `params` over `logits`' columns that the top-p route, whose
/// draw has no candidate limit, takes; 0 where such a row does not take it.
std::size_t cuda_top_p_route_rows(const Array& logits, const RowParams& params,
                                  std::uint32_t max_rounds);

}  // namespace tokenpick

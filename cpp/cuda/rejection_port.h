// The CUDA slots of the filtered-sampling port tables (fused_sample_rejection and its top-p
// route at any batch).
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

/// The top-p route (whose draw has no candidate limit) for every row of the call at any batch,
/// into `out` as above; throws an invalid argument naming a row that does not take it.
void cuda_top_p_route(const Array& logits, rust::Slice<const RowParams> params,
                      std::uint64_t step, std::uint32_t max_rounds, Convention convention,
                      Array& out);

/// True where a row of `params` over `logits`' columns takes the top-p route.
bool cuda_row_takes_top_p_route(const Array& logits, const RowParams& params,
                                std::uint32_t max_rounds);

}  // namespace tokenpick

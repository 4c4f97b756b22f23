// Input checks every entry point runs before it refuses or launches anything.
#pragma once

#include <cstdint>

#include "rust/cxx.h"
#include "tokenpick-core/cpp/array.h"

namespace tokenpick {

struct RowParams;

/// Logits must be a non-empty [rows, cols] array of f32, f16 or bf16.
void validate_logits(const char* entry, const Array& logits);
/// One parameter set per row, or one for all rows; every value in its domain.
void validate_row_params(const char* entry, const Array& logits,
                         rust::Slice<const RowParams> params);
/// The rejection sampler needs at least one round.
void validate_max_rounds(const char* entry, std::uint32_t max_rounds);
/// A caller's output array: u32 [rows of the logits, cols] on the logits' device.
void validate_output(const char* entry, const Array& logits, const Array& out,
                     std::size_t cols);

}  // namespace tokenpick

// The port tables of the kernels. A backend's port is filled only where that backend's
// kernels are compiled in; an empty slot is a refusal, never an abort.
#pragma once

#include <cstdint>
#include <memory>

#include "rust/cxx.h"
#include "tokenpick-core/cpp/array.h"
#include "tokenpick-core/cpp/port_table.h"

namespace tokenpick {

struct RowParams;
enum class Convention : std::uint8_t;

/// Gumbel-max: one token per row into `tokens` (u32 [rows, 1]), enqueued without waiting.
using GumbelPort = void (*)(const Array& logits, rust::Slice<const RowParams> params,
                            std::uint64_t step, Array& tokens);
/// Filtered sampling: (token, ok) per row into `out` (u32 [rows, 2]), enqueued without waiting.
using RejectionPort = void (*)(const Array& logits, rust::Slice<const RowParams> params,
                               std::uint64_t step, std::uint32_t max_rounds,
                               Convention convention, Array& out);

const PortTable<GumbelPort>& gumbel_max_sample_ports();
const PortTable<RejectionPort>& fused_sample_rejection_ports();
/// The top-p route of the filtered kernels for every row at any batch (same port type).
const PortTable<RejectionPort>& top_p_route_ports();

}  // namespace tokenpick

#include "tokenpick-core/cpp/validate.h"

#include <cmath>
#include <cstdint>
#include <sstream>
#include <string>

#include "tokenpick-core/cpp/bridge.h"
#include "tokenpick-core/cpp/errors.h"
#include "tokenpick-core/src/bridge.rs.h"

namespace tokenpick {

namespace {

std::string describe(std::size_t row, const char* rule, float value) {
  std::ostringstream message;
  message << "row " << row << ": " << rule << ", got " << value;
  return message.str();
}

}  // namespace

void validate_logits(const char* entry, const Array& logits) {
  const DType dtype = logits.dtype();
  if (dtype != DType::F32 && dtype != DType::F16 && dtype != DType::BF16) {
    throw_invalid_argument(entry, "logits",
                           std::string("unsupported dtype ") + dtype_name(dtype) +
                               " (expected f32, f16 or bf16)");
  }
  if (logits.rows() == 0) throw_invalid_argument(entry, "logits", "empty batch (0 rows)");
  if (logits.cols() == 0) throw_invalid_argument(entry, "logits", "empty vocabulary (0 columns)");
  if (logits.cols() > UINT32_MAX) {
    throw_invalid_argument(entry, "logits", "vocabulary larger than 2^32 - 1 tokens");
  }
}

void validate_row_params(const char* entry, const Array& logits,
                         rust::Slice<const RowParams> params) {
  if (params.size() != logits.rows() && params.size() != 1) {
    throw_invalid_argument(entry, "params",
                           "has " + std::to_string(params.size()) +
                               " entries; expected 1 or one per row (" +
                               std::to_string(logits.rows()) + ")");
  }
  for (std::size_t row = 0; row < params.size(); ++row) {
    const RowParams& p = params[row];
    if (!std::isfinite(p.temperature) || p.temperature < 0.0f) {
      throw_invalid_argument(entry, "temperature",
                             describe(row, "must be finite and >= 0", p.temperature));
    }
    if (!(p.top_p > 0.0f && p.top_p <= 1.0f)) {
      throw_invalid_argument(entry, "top_p", describe(row, "must lie in (0, 1]", p.top_p));
    }
    if (!(p.min_p >= 0.0f && p.min_p <= 1.0f)) {
      throw_invalid_argument(entry, "min_p", describe(row, "must lie in [0, 1]", p.min_p));
    }
  }
}

void validate_max_rounds(const char* entry, std::uint32_t max_rounds) {
  if (max_rounds == 0) throw_invalid_argument(entry, "max_rounds", "must be at least 1");
}

void validate_output(const char* entry, const Array& logits, const Array& out,
                     std::size_t cols) {
  if (out.dtype() != DType::U32) {
    throw_invalid_argument(entry, "out",
                           std::string("must be u32, got ") + dtype_name(out.dtype()));
  }
  if (out.rows() != logits.rows() || out.cols() != cols) {
    throw_invalid_argument(entry, "out",
                           "must be [" + std::to_string(logits.rows()) + ", " +
                               std::to_string(cols) + "], got [" + std::to_string(out.rows()) +
                               ", " + std::to_string(out.cols()) + "]");
  }
  if (out.placement() != logits.placement() || out.device_id() != logits.device_id()) {
    throw_invalid_argument(entry, "out", "must live on the logits' device");
  }
}

}  // namespace tokenpick

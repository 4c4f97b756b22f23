// Launcher of the Gumbel-max kernel: validate, refuse when the resolved backend has no port,
// then dispatch through the port table.
#include "tokenpick-core/cpp/bridge.h"
#include "tokenpick-core/cpp/ports.h"
#include "tokenpick-core/cpp/validate.h"
#include "tokenpick-core/src/bridge.rs.h"

#include "tokenpick-core/cpp/gpu_build.h"

// The same port serves CUDA (nvcc build) or ROCm (the sources built by hipcc).
#if defined(TOKENPICK_GPU)
#include "tokenpick-core/cpp/cuda/gumbel_max_port.h"
#endif
#if defined(TOKENPICK_CUDA)
#define TOKENPICK_GUMBEL_CUDA_PORT &cuda_gumbel_max_sample
#else
#define TOKENPICK_GUMBEL_CUDA_PORT nullptr
#endif
#if defined(TOKENPICK_ROCM)
#define TOKENPICK_GUMBEL_ROCM_PORT &cuda_gumbel_max_sample
#else
#define TOKENPICK_GUMBEL_ROCM_PORT nullptr
#endif

namespace tokenpick {

namespace {
constexpr const char* kEntry = "gumbel_max_sample";
constexpr const char* kFallback = "categorical";
}  // namespace

const PortTable<GumbelPort>& gumbel_max_sample_ports() {
  static const PortTable<GumbelPort> table = {/*metal=*/nullptr,
                                              /*cuda=*/TOKENPICK_GUMBEL_CUDA_PORT,
                                              /*rocm=*/TOKENPICK_GUMBEL_ROCM_PORT};
  return table;
}

bool gumbel_max_sample_supported() { return port_supported(gumbel_max_sample_ports()); }

std::unique_ptr<Array> gumbel_max_sample_rows(const Array& logits,
                                              rust::Slice<const RowParams> params,
                                              std::uint64_t step) {
  validate_logits(kEntry, logits);
  validate_row_params(kEntry, logits, params);
  const GumbelPort port = select_port_or_refuse(gumbel_max_sample_ports(), kEntry, kFallback);
  auto tokens = array_device_output(kEntry, logits, DType::U32, logits.rows(), 1);
  port(logits, params, step, *tokens);
  return tokens;
}

void gumbel_max_sample_rows_into(const Array& logits, rust::Slice<const RowParams> params,
                                 std::uint64_t step, Array& tokens) {
  validate_logits(kEntry, logits);
  validate_row_params(kEntry, logits, params);
  validate_output(kEntry, logits, tokens, 1);
  const GumbelPort port = select_port_or_refuse(gumbel_max_sample_ports(), kEntry, kFallback);
  port(logits, params, step, tokens);
}

std::unique_ptr<Array> gumbel_max_sample(const Array& logits, float temperature,
                                         std::uint64_t seed, std::uint64_t step) {
  const RowParams one{temperature, 0, 1.0f, 0.0f, seed};
  return gumbel_max_sample_rows(logits, rust::Slice<const RowParams>(&one, 1), step);
}

}  // namespace tokenpick

// Launcher of the filtered-sampling kernel (top-k / top-p / min-p): validate, refuse when
// the resolved backend has no port, then dispatch through the port table. The deferred forms
// enqueue on the logits' stream and return without waiting; so does the top-p route at any
// batch (its own table, the same port type).
#include "tokenpick-core/cpp/bridge.h"
#include "tokenpick-core/cpp/ports.h"
#include "tokenpick-core/cpp/validate.h"
#include "tokenpick-core/src/bridge.rs.h"

#include "tokenpick-core/cpp/gpu_build.h"

// The same port serves CUDA (nvcc build) or ROCm (the sources built by hipcc).
#if defined(TOKENPICK_GPU)
#include "tokenpick-core/cpp/cuda/rejection_port.h"
#endif
#if defined(TOKENPICK_CUDA)
#define TOKENPICK_REJECTION_CUDA_PORT &cuda_fused_sample_rejection
#define TOKENPICK_ROUTE_CUDA_PORT &cuda_top_p_route
#else
#define TOKENPICK_REJECTION_CUDA_PORT nullptr
#define TOKENPICK_ROUTE_CUDA_PORT nullptr
#endif
#if defined(TOKENPICK_ROCM)
#define TOKENPICK_REJECTION_ROCM_PORT &cuda_fused_sample_rejection
#define TOKENPICK_ROUTE_ROCM_PORT &cuda_top_p_route
#else
#define TOKENPICK_REJECTION_ROCM_PORT nullptr
#define TOKENPICK_ROUTE_ROCM_PORT nullptr
#endif

namespace tokenpick {

namespace {

constexpr const char* kEntry = "fused_sample_rejection";
constexpr const char* kDeferredEntry = "fused_sample_rejection_deferred";
constexpr const char* kIntoEntry = "fused_sample_rejection_rows_into";
constexpr const char* kRouteEntry = "fused_sample_top_p_route_deferred";
constexpr const char* kFallback = "argpartition";

RejectionPort checked_port(const char* entry, const Array& logits,
                          rust::Slice<const RowParams> params, std::uint32_t max_rounds,
                          const PortTable<RejectionPort>& ports = fused_sample_rejection_ports()) {
  validate_logits(entry, logits);
  validate_row_params(entry, logits, params);
  validate_max_rounds(entry, max_rounds);
  return select_port_or_refuse(ports, entry, kFallback);
}

std::unique_ptr<Array> launch(
    const char* entry, const Array& logits, rust::Slice<const RowParams> params,
    std::uint64_t step, std::uint32_t max_rounds, Convention convention,
    const PortTable<RejectionPort>& ports = fused_sample_rejection_ports()) {
  const RejectionPort port = checked_port(entry, logits, params, max_rounds, ports);
  auto out = array_device_output(entry, logits, DType::U32, logits.rows(), 2);
  port(logits, params, step, max_rounds, convention, *out);
  return out;
}

}  // namespace

const PortTable<RejectionPort>& fused_sample_rejection_ports() {
  static const PortTable<RejectionPort> table = {/*metal=*/nullptr,
                                                 /*cuda=*/TOKENPICK_REJECTION_CUDA_PORT,
                                                 /*rocm=*/TOKENPICK_REJECTION_ROCM_PORT};
  return table;
}

const PortTable<RejectionPort>& top_p_route_ports() {
  static const PortTable<RejectionPort> table = {/*metal=*/nullptr,
                                                 /*cuda=*/TOKENPICK_ROUTE_CUDA_PORT,
                                                 /*rocm=*/TOKENPICK_ROUTE_ROCM_PORT};
  return table;
}

bool fused_sample_rejection_supported() { return port_supported(fused_sample_rejection_ports()); }

bool row_takes_top_p_route(const Array& logits, const RowParams& params,
                           std::uint32_t max_rounds) {
#if defined(TOKENPICK_GPU)
  return cuda_row_takes_top_p_route(logits, params, max_rounds);
#else
  static_cast<void>(logits);
  static_cast<void>(params);
  static_cast<void>(max_rounds);
  return false;
#endif
}

std::unique_ptr<Array> fused_sample_rejection_rows(const Array& logits,
                                                   rust::Slice<const RowParams> params,
                                                   std::uint64_t step, std::uint32_t max_rounds,
                                                   Convention convention) {
  return launch(kEntry, logits, params, step, max_rounds, convention);
}

std::unique_ptr<Array> fused_sample_rejection_rows_deferred(const Array& logits,
                                                            rust::Slice<const RowParams> params,
                                                            std::uint64_t step,
                                                            std::uint32_t max_rounds,
                                                            Convention convention) {
  return launch(kDeferredEntry, logits, params, step, max_rounds, convention);
}

std::unique_ptr<Array> fused_sample_top_p_route_deferred(const Array& logits,
                                                         rust::Slice<const RowParams> params,
                                                         std::uint64_t step,
                                                         std::uint32_t max_rounds,
                                                         Convention convention) {
  return launch(kRouteEntry, logits, params, step, max_rounds, convention, top_p_route_ports());
}

void fused_sample_rejection_rows_into(const Array& logits, rust::Slice<const RowParams> params,
                                      std::uint64_t step, std::uint32_t max_rounds,
                                      Convention convention, Array& out) {
  validate_output(kIntoEntry, logits, out, 2);
  const RejectionPort port = checked_port(kIntoEntry, logits, params, max_rounds);
  port(logits, params, step, max_rounds, convention, out);
}

std::unique_ptr<Array> fused_sample_rejection(const Array& logits, float temperature,
                                              std::uint32_t top_k, float top_p, float min_p,
                                              std::uint32_t max_rounds, std::uint64_t seed,
                                              std::uint64_t step) {
  const RowParams one{temperature, top_k, top_p, min_p, seed};
  return fused_sample_rejection_rows(logits, rust::Slice<const RowParams>(&one, 1), step,
                                     max_rounds, Convention::TemperatureFirst);
}

std::unique_ptr<Array> fused_sample_rejection_deferred(const Array& logits, float temperature,
                                                       std::uint32_t top_k, float top_p,
                                                       float min_p, std::uint32_t max_rounds,
                                                       std::uint64_t seed, std::uint64_t step) {
  const RowParams one{temperature, top_k, top_p, min_p, seed};
  return fused_sample_rejection_rows_deferred(logits, rust::Slice<const RowParams>(&one, 1), step,
                                              max_rounds, Convention::TemperatureFirst);
}

}  // namespace tokenpick

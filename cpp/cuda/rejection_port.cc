// The CUDA ports of fused_sample_rejection and of its top-p route at any batch: device logits
// in, (token, ok) per row out, enqueued on the logits' stream; nothing waits (the caller's
// to_host waits for the stream).
#include "tokenpick-core/cpp/cuda/rejection_port.h"

#include "tokenpick-core/cpp/bridge.h"
#include "tokenpick-core/cpp/cuda/port_support.h"
#include "tokenpick-core/cpp/cuda/rejection_kernel.h"
#include "tokenpick-core/src/bridge.rs.h"

namespace tokenpick {

namespace {

/// The launch of a filtered-sampling call over device logits into `out`.
RejectionLaunch rejection_launch(const char* entry, const Array& logits,
                                 rust::Slice<const RowParams> params, std::uint64_t step,
                                 std::uint32_t max_rounds, Convention convention, Array& out) {
  static_assert(sizeof(RowParams) == sizeof(KernelRowParams), "RowParams layout");
  const CudaCall call = cuda_call(entry, logits, out);
  RejectionLaunch launch{};
  launch.logits = call.logits;
  launch.type = call.type;
  launch.rows = call.rows;
  launch.cols = call.cols;
  launch.params = reinterpret_cast<const KernelRowParams*>(params.data());
  launch.params_count = static_cast<std::uint32_t>(params.size());
  launch.step = step;
  launch.max_rounds = max_rounds;
  launch.temperature_last = convention == Convention::TemperatureLast ? 1 : 0;
  launch.out = call.out;
  launch.device = call.device;
  launch.stream = call.stream;
  return launch;
}

}  // namespace

void cuda_fused_sample_rejection(const Array& logits, rust::Slice<const RowParams> params,
                                 std::uint64_t step, std::uint32_t max_rounds,
                                 Convention convention, Array& out) {
  constexpr const char* kEntry = "fused_sample_rejection";
  launch_fused_rejection(
      kEntry, rejection_launch(kEntry, logits, params, step, max_rounds, convention, out));
}

void cuda_top_p_route(const Array& logits, rust::Slice<const RowParams> params,
                      std::uint64_t step, std::uint32_t max_rounds, Convention convention,
                      Array& out) {
  constexpr const char* kEntry = "fused_sample_top_p_route_deferred";
  launch_top_p_route_any_batch(
      kEntry, rejection_launch(kEntry, logits, params, step, max_rounds, convention, out));
}

bool cuda_row_takes_top_p_route(const Array& logits, const RowParams& params,
                                std::uint32_t max_rounds) {
  const std::size_t cols = logits.cols();
  return cols <= UINT32_MAX &&
         takes_top_p_route(reinterpret_cast<const KernelRowParams&>(params),
                           static_cast<std::uint32_t>(cols), max_rounds);
}

}  // namespace tokenpick

// The CUDA port of fused_sample_rejection: device logits in, (token, ok) per row out, enqueued
// on the logits' stream; nothing waits (the caller's to_host waits for the stream).
#include "tokenpick-core/cpp/cuda/rejection_port.h"

#include "tokenpick-core/cpp/bridge.h"
#include "tokenpick-core/cpp/cuda/port_support.h"
#include "tokenpick-core/cpp/cuda/rejection_kernel.h"
#include "tokenpick-core/src/bridge.rs.h"

namespace tokenpick {

void cuda_fused_sample_rejection(const Array& logits, rust::Slice<const RowParams> params,
                                 std::uint64_t step, std::uint32_t max_rounds,
                                 Convention convention, Array& out) {
  constexpr const char* kEntry = "fused_sample_rejection";
  static_assert(sizeof(RowParams) == sizeof(KernelRowParams), "RowParams layout");
  const CudaCall call = cuda_call(kEntry, logits, out);
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
  launch_fused_rejection(kEntry, launch);
}

std::size_t cuda_top_p_route_rows(const Array& logits, const RowParams& params,
                                  std::uint32_t max_rounds) {
  const std::size_t cols = logits.cols();
  if (cols > UINT32_MAX ||
      !takes_top_p_route(reinterpret_cast<const KernelRowParams&>(params),
                         static_cast<std::uint32_t>(cols), max_rounds)) {
    return 0;
  }
  return top_p_route_max_rows(cuda_logits_type(logits.dtype()), static_cast<std::uint32_t>(cols));
}

}  // namespace tokenpick

// The CUDA port of fused_sample_rejection: device logits in, (token, ok) per row out on the
// logits' stream. The deferred form returns right after enqueueing; the caller's to_host
// waits for the stream.
#include "tokenpick-core/cpp/cuda/rejection_port.h"

#include "tokenpick-core/cpp/bridge.h"
#include "tokenpick-core/cpp/cuda/device_params.h"
#include "tokenpick-core/cpp/cuda/port_support.h"
#include "tokenpick-core/cpp/cuda/rejection_kernel.h"
#include "tokenpick-core/src/bridge.rs.h"

namespace tokenpick {

std::unique_ptr<Array> cuda_fused_sample_rejection(const Array& logits,
                                                   rust::Slice<const RowParams> params,
                                                   std::uint64_t step, std::uint32_t max_rounds,
                                                   Convention convention, bool deferred) {
  const char* entry = deferred ? "fused_sample_rejection_deferred" : "fused_sample_rejection";
  require_cuda_logits(entry, logits);
  void* stream = reinterpret_cast<void*>(logits.stream());
  static_assert(sizeof(RowParams) == sizeof(KernelRowParams), "RowParams layout");
  const DeviceParams device_params(entry, logits.device_id(), params.data(), params.size(),
                                   stream);
  auto out = array_device_output(entry, logits, DType::U32, logits.rows(), 2);
  RejectionLaunch launch{};
  launch.logits = logits.device_ptr();
  launch.type = cuda_logits_type(logits.dtype());
  launch.rows = static_cast<std::uint32_t>(logits.rows());
  launch.cols = static_cast<std::uint32_t>(logits.cols());
  launch.params = device_params.get();
  launch.params_count = static_cast<std::uint32_t>(params.size());
  launch.step = step;
  launch.max_rounds = max_rounds;
  launch.temperature_last = convention == Convention::TemperatureLast ? 1 : 0;
  launch.out = static_cast<std::uint32_t*>(out->device_ptr());
  launch.stream = stream;
  launch_fused_rejection(entry, launch);
  return out;
}

}  // namespace tokenpick

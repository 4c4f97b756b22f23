// The CUDA port of gumbel_max_sample: device logits in, device tokens out (u32 [rows, 1];
// kTokenNan / kTokenAllMasked mark rows that cannot be sampled), on the logits' stream.
#include "tokenpick-core/cpp/cuda/gumbel_max_port.h"

#include <memory>

#include "tokenpick-core/cpp/bridge.h"
#include "tokenpick-core/cpp/cuda/device_params.h"
#include "tokenpick-core/cpp/cuda/gumbel_max_kernel.h"
#include "tokenpick-core/cpp/cuda/port_support.h"
#include "tokenpick-core/cpp/errors.h"
#include "tokenpick-core/src/bridge.rs.h"

namespace tokenpick {

namespace {

constexpr const char* kEntry = "gumbel_max_sample";

}  // namespace

std::unique_ptr<Array> cuda_gumbel_max_sample(const Array& logits,
                                              rust::Slice<const RowParams> params,
                                              std::uint64_t step) {
  require_cuda_logits(kEntry, logits);
  void* stream = reinterpret_cast<void*>(logits.stream());
  static_assert(sizeof(RowParams) == sizeof(KernelRowParams), "RowParams layout");
  const DeviceParams device_params(kEntry, logits.device_id(), params.data(), params.size(),
                                   stream);
  auto tokens = array_device_output(kEntry, logits, DType::U32, logits.rows(), 1);
  GumbelLaunch launch{};
  launch.logits = logits.device_ptr();
  launch.type = cuda_logits_type(logits.dtype());
  launch.rows = static_cast<std::uint32_t>(logits.rows());
  launch.cols = static_cast<std::uint32_t>(logits.cols());
  launch.params = device_params.get();
  launch.params_count = static_cast<std::uint32_t>(params.size());
  launch.step = step;
  launch.tokens = static_cast<std::uint32_t*>(tokens->device_ptr());
  launch.device = logits.device_id();
  launch.stream = stream;
  launch_gumbel_max(kEntry, launch);
  return tokens;
}

}  // namespace tokenpick

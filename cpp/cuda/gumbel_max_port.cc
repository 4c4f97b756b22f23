// The CUDA port of gumbel_max_sample: device logits in, device tokens out (kTokenNan /
// kTokenAllMasked mark rows that cannot be sampled), enqueued on the logits' stream.
#include "tokenpick-core/cpp/cuda/gumbel_max_port.h"

#include "tokenpick-core/cpp/bridge.h"
#include "tokenpick-core/cpp/cuda/gumbel_max_kernel.h"
#include "tokenpick-core/cpp/cuda/port_support.h"
#include "tokenpick-core/src/bridge.rs.h"

namespace tokenpick {

void cuda_gumbel_max_sample(const Array& logits, rust::Slice<const RowParams> params,
                            std::uint64_t step, Array& tokens) {
  constexpr const char* kEntry = "gumbel_max_sample";
  static_assert(sizeof(RowParams) == sizeof(KernelRowParams), "RowParams layout");
  const CudaCall call = cuda_call(kEntry, logits, tokens);
  GumbelLaunch launch{};
  launch.logits = call.logits;
  launch.type = call.type;
  launch.rows = call.rows;
  launch.cols = call.cols;
  launch.params = reinterpret_cast<const KernelRowParams*>(params.data());
  launch.params_count = static_cast<std::uint32_t>(params.size());
  launch.step = step;
  launch.tokens = call.out;
  launch.device = call.device;
  launch.stream = call.stream;
  launch_gumbel_max(kEntry, launch);
}

}  // namespace tokenpick

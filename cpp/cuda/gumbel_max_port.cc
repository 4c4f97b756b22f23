// The CUDA port of gumbel_max_sample: device logits in, device tokens out (u32 [rows, 1];
// kTokenNan / kTokenAllMasked mark rows that cannot be sampled), on the logits' stream.
#include "tokenpick-core/cpp/cuda/gumbel_max_port.h"

#include <memory>

#include "tokenpick-core/cpp/bridge.h"
#include "tokenpick-core/cpp/cuda/cuda_memory.h"
#include "tokenpick-core/cpp/cuda/gumbel_max_kernel.h"
#include "tokenpick-core/cpp/errors.h"
#include "tokenpick-core/src/bridge.rs.h"

namespace tokenpick {

namespace {

constexpr const char* kEntry = "gumbel_max_sample";

LogitsType logits_type(DType dtype) {
  switch (dtype) {
    case DType::F16:
      return LogitsType::F16;
    case DType::BF16:
      return LogitsType::BF16;
    default:
      return LogitsType::F32;
  }
}

/// A device copy of the row parameters, freed when the call returns.
class DeviceParams {
 public:
  DeviceParams(int device, rust::Slice<const RowParams> params, void* stream)
      : device_(device),
        pointer_(cuda_alloc(kEntry, device, params.size() * sizeof(KernelRowParams))) {
    static_assert(sizeof(RowParams) == sizeof(KernelRowParams), "RowParams layout");
    cuda_upload(kEntry, device, pointer_, params.data(), params.size() * sizeof(RowParams),
                stream);
  }
  ~DeviceParams() { cuda_free(device_, pointer_); }
  DeviceParams(const DeviceParams&) = delete;
  DeviceParams& operator=(const DeviceParams&) = delete;
  const KernelRowParams* get() const { return static_cast<const KernelRowParams*>(pointer_); }

 private:
  int device_;
  void* pointer_;
};

}  // namespace

std::unique_ptr<Array> cuda_gumbel_max_sample(const Array& logits,
                                              rust::Slice<const RowParams> params,
                                              std::uint64_t step) {
  if (logits.placement() != Placement::Cuda) {
    throw_invalid_argument(kEntry, "logits",
                           "lives on the host; the CUDA port samples device logits "
                           "(Array::to_device), host logits take the CPU path");
  }
  void* stream = reinterpret_cast<void*>(logits.stream());
  const DeviceParams device_params(logits.device_id(), params, stream);
  auto tokens = array_device_output(kEntry, logits, DType::U32, logits.rows(), 1);
  GumbelLaunch launch{};
  launch.logits = logits.device_ptr();
  launch.type = logits_type(logits.dtype());
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

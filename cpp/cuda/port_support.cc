#include "tokenpick-core/cpp/cuda/port_support.h"

#include "tokenpick-core/cpp/bridge.h"
#include "tokenpick-core/cpp/gpu_build.h"
#include "tokenpick-core/cpp/errors.h"
#include "tokenpick-core/src/bridge.rs.h"

namespace tokenpick {

void require_cuda_logits(const char* entry, const Array& logits) {
  if (logits.placement() != TOKENPICK_GPU_PLACEMENT) {
    throw_invalid_argument(entry, "logits",
                           "lives on the host; the CUDA port samples device logits "
                           "(Array::to_device), host logits take the CPU path");
  }
}

LogitsType cuda_logits_type(DType dtype) {
  switch (dtype) {
    case DType::F16:
      return LogitsType::F16;
    case DType::BF16:
      return LogitsType::BF16;
    default:
      return LogitsType::F32;
  }
}

}  // namespace tokenpick

namespace tokenpick {

CudaCall cuda_call(const char* entry, const Array& logits, Array& out) {
  require_cuda_logits(entry, logits);
  return CudaCall{logits.device_ptr(),
                  cuda_logits_type(logits.dtype()),
                  static_cast<std::uint32_t>(logits.rows()),
                  static_cast<std::uint32_t>(logits.cols()),
                  logits.device_id(),
                  reinterpret_cast<void*>(logits.stream()),
                  static_cast<std::uint32_t*>(out.device_ptr())};
}

}  // namespace tokenpick

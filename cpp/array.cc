#include "tokenpick-core/cpp/array.h"

#include <cstring>
#include <string>
#include <utility>

#include "tokenpick-core/cpp/bridge.h"
#include "tokenpick-core/cpp/errors.h"
#include "tokenpick-core/src/bridge.rs.h"

namespace tokenpick {

namespace {
constexpr const char* kArrayEntry = "array";
}  // namespace

std::size_t dtype_size(DType dtype) {
  switch (dtype) {
    case DType::F32:
    case DType::U32:
      return 4;
    case DType::F16:
    case DType::BF16:
      return 2;
  }
  return 0;
}

const char* dtype_name(DType dtype) {
  switch (dtype) {
    case DType::F32:
      return "f32";
    case DType::F16:
      return "f16";
    case DType::BF16:
      return "bf16";
    case DType::U32:
      return "u32";
  }
  return "unknown";
}

Array::Array(DType dtype, std::size_t rows, std::size_t cols, std::vector<std::uint8_t> host_bytes)
    : dtype_(dtype),
      rows_(rows),
      cols_(cols),
      placement_(Placement::Host),
      device_id_(-1),
      host_(std::move(host_bytes)),
      device_ptr_(nullptr),
      stream_(nullptr),
      owns_device_memory_(false) {}

Array::Array(DType dtype, std::size_t rows, std::size_t cols, Placement placement,
             std::int32_t device_id, void* device_ptr, void* stream, bool owns_device_memory)
    : dtype_(dtype),
      rows_(rows),
      cols_(cols),
      placement_(placement),
      device_id_(device_id),
      device_ptr_(device_ptr),
      stream_(stream),
      owns_device_memory_(owns_device_memory) {}

Array::~Array() {
  // Device allocations come with the GPU ports; until then no Array owns device memory.
  (void)owns_device_memory_;
}

bool Array::is_host() const { return placement_ == Placement::Host; }

rust::Slice<const std::uint8_t> Array::host_bytes() const {
  if (!is_host()) {
    throw_invalid_argument(kArrayEntry, "array",
                           "host_bytes() needs a host array; this one lives on a device");
  }
  return rust::Slice<const std::uint8_t>(host_.data(), host_.size());
}

rust::Vec<std::uint32_t> Array::to_host_u32() const {
  if (dtype_ != DType::U32) {
    throw_invalid_argument(kArrayEntry, "array",
                           std::string("to_host_u32() needs a u32 array, this one is ") +
                               dtype_name(dtype_));
  }
  if (!is_host()) {
    throw_no_kernel_port(kArrayEntry, "host");
  }
  rust::Vec<std::uint32_t> out;
  const std::size_t count = rows_ * cols_;
  out.reserve(count);
  for (std::size_t i = 0; i < count; ++i) {
    std::uint32_t value;
    std::memcpy(&value, host_.data() + i * sizeof value, sizeof value);
    out.push_back(value);
  }
  return out;
}

std::unique_ptr<Array> array_from_host(DType dtype, rust::Slice<const std::uint8_t> bytes,
                                       std::size_t rows, std::size_t cols) {
  const std::size_t element = dtype_size(dtype);
  if (element == 0) throw_invalid_argument(kArrayEntry, "dtype", "unknown dtype");
  if (cols != 0 && rows > SIZE_MAX / cols / element) {
    throw_invalid_argument(kArrayEntry, "shape", "rows * cols overflows");
  }
  const std::size_t expected = rows * cols * element;
  if (bytes.size() != expected) {
    throw_invalid_argument(kArrayEntry, "data",
                           "holds " + std::to_string(bytes.size()) + " bytes, shape [" +
                               std::to_string(rows) + ", " + std::to_string(cols) + "] of " +
                               dtype_name(dtype) + " needs " + std::to_string(expected));
  }
  std::vector<std::uint8_t> host(bytes.begin(), bytes.end());
  return std::make_unique<Array>(dtype, rows, cols, std::move(host));
}

std::unique_ptr<Array> array_wrap_device(Placement placement, std::int32_t device_id,
                                         std::size_t address, std::size_t stream, DType dtype,
                                         std::size_t rows, std::size_t cols) {
  if (placement == Placement::Host) {
    throw_invalid_argument(kArrayEntry, "placement", "a wrapped device pointer needs a device");
  }
  if (address == 0) throw_invalid_argument(kArrayEntry, "address", "null device pointer");
  if (dtype_size(dtype) == 0) throw_invalid_argument(kArrayEntry, "dtype", "unknown dtype");
  return std::make_unique<Array>(dtype, rows, cols, placement, device_id,
                                 reinterpret_cast<void*>(address),
                                 reinterpret_cast<void*>(stream), false);
}

}  // namespace tokenpick

#include "tokenpick-core/cpp/array.h"

#include <cstring>
#include <string>
#include <utility>

#include "tokenpick-core/cpp/bridge.h"
#include "tokenpick-core/cpp/device_memory.h"
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
  if (owns_device_memory_) device_free(placement_, device_id_, device_ptr_, stream_);
}

std::size_t Array::byte_size() const { return rows_ * cols_ * dtype_size(dtype_); }

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
  const std::size_t count = rows_ * cols_;
  std::vector<std::uint32_t> words(count);
  if (is_host()) {
    std::memcpy(words.data(), host_.data(), count * sizeof(std::uint32_t));
  } else {
    device_download(kArrayEntry, placement_, device_id_, words.data(), device_ptr_,
                    count * sizeof(std::uint32_t), stream_);
  }
  rust::Vec<std::uint32_t> out;
  out.reserve(count);
  for (const std::uint32_t word : words) out.push_back(word);
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

std::unique_ptr<Array> array_to_device(const Array& source, Placement placement,
                                       std::int32_t device_id) {
  if (placement == Placement::Host) {
    throw_invalid_argument(kArrayEntry, "placement", "to_device() needs a device placement");
  }
  const rust::Slice<const std::uint8_t> bytes = source.host_bytes();
  void* pointer = device_alloc(kArrayEntry, placement, device_id, bytes.size(), nullptr);
  auto result = std::make_unique<Array>(source.dtype(), source.rows(), source.cols(), placement,
                                        device_id, pointer, nullptr, true);
  device_upload(kArrayEntry, placement, device_id, pointer, bytes.data(), bytes.size(), nullptr);
  return result;
}

std::unique_ptr<Array> array_to_host(const Array& source) {
  if (source.is_host()) {
    const rust::Slice<const std::uint8_t> bytes = source.host_bytes();
    return std::make_unique<Array>(source.dtype(), source.rows(), source.cols(),
                                   std::vector<std::uint8_t>(bytes.begin(), bytes.end()));
  }
  std::vector<std::uint8_t> host(source.byte_size());
  device_download(kArrayEntry, source.placement(), source.device_id(), host.data(),
                  source.device_ptr(), host.size(), reinterpret_cast<void*>(source.stream()));
  return std::make_unique<Array>(source.dtype(), source.rows(), source.cols(), std::move(host));
}

std::unique_ptr<Array> array_device_empty(const Array& like, DType dtype, std::size_t rows,
                                          std::size_t cols) {
  if (like.is_host()) {
    throw_invalid_argument(kArrayEntry, "like", "lives on the host; expected a device array");
  }
  if (dtype_size(dtype) == 0) throw_invalid_argument(kArrayEntry, "dtype", "unknown dtype");
  return array_device_output(kArrayEntry, like, dtype, rows, cols);
}

std::unique_ptr<Array> array_device_output(const char* entry, const Array& like, DType dtype,
                                           std::size_t rows, std::size_t cols) {
  void* pointer =
      device_alloc(entry, like.placement(), like.device_id(), rows * cols * dtype_size(dtype),
                   reinterpret_cast<void*>(like.stream()));
  return std::make_unique<Array>(dtype, rows, cols, like.placement(), like.device_id(), pointer,
                                 reinterpret_cast<void*>(like.stream()), true);
}

}  // namespace tokenpick

// Array: a [rows, cols] buffer of f32, f16, bf16 or u32 on the host or on a device. Host
// arrays own their bytes; device arrays either own an allocation of the backend or wrap a
// caller's pointer (with the stream the caller's work runs on) without copying.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "rust/cxx.h"

namespace tokenpick {

enum class DType : std::uint8_t;
enum class Placement : std::uint8_t;

/// Bytes per element of a dtype.
std::size_t dtype_size(DType dtype);
/// A dtype's name for messages.
const char* dtype_name(DType dtype);

class Array {
 public:
  Array(DType dtype, std::size_t rows, std::size_t cols, std::vector<std::uint8_t> host_bytes);
  Array(DType dtype, std::size_t rows, std::size_t cols, Placement placement,
        std::int32_t device_id, void* device_ptr, void* stream, bool owns_device_memory);
  ~Array();
  Array(const Array&) = delete;
  Array& operator=(const Array&) = delete;

  DType dtype() const { return dtype_; }
  std::size_t rows() const { return rows_; }
  std::size_t cols() const { return cols_; }
  Placement placement() const { return placement_; }
  std::int32_t device_id() const { return device_id_; }
  std::size_t stream() const { return reinterpret_cast<std::size_t>(stream_); }
  bool is_host() const;

  /// The bytes of a host array; throws for a device array.
  rust::Slice<const std::uint8_t> host_bytes() const;
  /// Bytes of the elements.
  std::size_t byte_size() const;
  /// Device address of the first element (0 for host arrays).
  std::size_t device_address() const { return reinterpret_cast<std::size_t>(device_ptr_); }
  /// Device pointer of a device array (nullptr for host arrays).
  void* device_ptr() const { return device_ptr_; }
  /// Copies a u32 array to the host, waiting for its stream when it lives on a device.
  rust::Vec<std::uint32_t> to_host_u32() const;

 private:
  DType dtype_;
  std::size_t rows_;
  std::size_t cols_;
  Placement placement_;
  std::int32_t device_id_;
  std::vector<std::uint8_t> host_;
  void* device_ptr_;
  void* stream_;
  bool owns_device_memory_;
};

/// A new device array on the same device and stream as `like`, owning its memory.
std::unique_ptr<Array> array_device_output(const char* entry, const Array& like, DType dtype,
                                           std::size_t rows, std::size_t cols);

}  // namespace tokenpick

// Device memory for Array, dispatched on the placement: the CUDA runtime in a `cuda` build;
// anything else refuses with the no-port idiom (no backend compiled in for that placement).
#pragma once

#include <cstddef>
#include <cstdint>

namespace tokenpick {

enum class Placement : std::uint8_t;

/// Allocates `bytes` on `device` of `placement`'s backend, ordered on `stream` (no wait).
void* device_alloc(const char* entry, Placement placement, int device, std::size_t bytes,
                   void* stream);
/// Frees a device allocation after the work already on `stream`; never throws.
void device_free(Placement placement, int device, void* pointer, void* stream) noexcept;
/// Copies host bytes to the device and waits for `stream`.
void device_upload(const char* entry, Placement placement, int device, void* dst, const void* src,
                   std::size_t bytes, void* stream);
/// Copies device bytes to the host and waits for `stream`.
void device_download(const char* entry, Placement placement, int device, void* dst,
                     const void* src, std::size_t bytes, void* stream);

}  // namespace tokenpick

// What the launchers need to know about a device, read once per device and cached.
#pragma once

namespace tokenpick {

struct DeviceShape {
  int multiprocessors;
  int l2_bytes;
  bool clusters;  // thread-block clusters (compute capability 9.0 and later)
};

/// The shape of `device`; throws a backend failure naming `entry` if it cannot be read.
const DeviceShape& device_shape(const char* entry, int device);

/// Largest blocks per row group: the portable cluster size.
constexpr unsigned kMaxRowGroup = 8;

}  // namespace tokenpick

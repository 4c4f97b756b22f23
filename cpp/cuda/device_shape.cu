#include "device_shape.h"
#include "gpu_platform.h"

#include "gpu_runtime.cuh"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <mutex>

#include "cuda_check.h"

namespace tokenpick {

namespace {

/// Devices cached (ordinals at or above are read every call).
constexpr int kCachedDevices = 64;

DeviceShape read_shape(const char* entry, int device) {
  DeviceShape shape{};
  int major = 0;
  const cudaError_t status[] = {
      cudaDeviceGetAttribute(&shape.multiprocessors, cudaDevAttrMultiProcessorCount, device),
      cudaDeviceGetAttribute(&shape.l2_bytes, cudaDevAttrL2CacheSize, device),
      cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, device)};
  for (const cudaError_t s : status) cuda_check(entry, s, "cudaDeviceGetAttribute");
#if defined(TP_HIP_AMD)
  (void)major;
  shape.clusters = false;  // AMD has no thread-block clusters (its "major" is the gfx generation)
#else
  shape.clusters = major >= 9;
#endif
  return shape;
}

}  // namespace

namespace {

/// The integer in environment variable `name` when it lies in [low, high], else `unset`.
long env_in_range(const char* name, long low, long high, long unset) {
  const char* text = std::getenv(name);
  if (text == nullptr) return unset;
  const long value = std::strtol(text, nullptr, 10);
  return value >= low && value <= high ? value : unset;
}

/// TOKENPICK_ROW_GROUP (1..16), read once: forces the blocks per row, for tuning; 0 unset.
unsigned row_group_override() {
  static const unsigned forced = static_cast<unsigned>(
      env_in_range("TOKENPICK_ROW_GROUP", 1, static_cast<long>(kMaxRowGroup), 0));
  return forced;
}

/// TOKENPICK_SPLIT_BLOCKS (0..4096), read once: forces the blocks of a split row (0: no
/// split); -1 unset.
long split_override() {
  static const long forced = env_in_range("TOKENPICK_SPLIT_BLOCKS", 0, 4096, -1);
  return forced;
}

/// Batches up to this many rows give a split row a block slot per block; larger ones two.
/// H200, Gumbel-max, sigma 3, f32, us at one slot / two (two slots at 17-64 rows meant
/// clusters of 2-4 instead): batch 32 x 32000 9.5 / 13.1, x 128256 16.5 / 23.8, x 262144
/// 23.6 / 35.4; batch 64 x 128256 23.6 / 24.9, x 262144 35.3 / 39.5, bf16 x 128256 25.0 / 25.5.
constexpr std::uint32_t kFullShareRows = 64;
/// Up to this many rows, rows of at least kWideRowBytes also take one slot per block. Batch
/// 128, one slot / two: f32 x 128256 34.8 / 38.1, x 262144 57.0 / 66.4, bf16 x 262144 57.5 /
/// 60.2; but rows under it lose: f32 x 32000 16.7 / 16.4, bf16 x 128256 37.1 / 36.6, x 151936
/// (sigma 1) 43.4 / 42.1.
constexpr std::uint32_t kFullShareWideRows = 128;
constexpr std::uint64_t kWideRowBytes = 400 * 1024;

/// TOKENPICK_SPLIT_SHARE (1..8), read once: block slots per block of a split row, for tuning;
/// 0 unset (kFullShareRows decides).
unsigned split_share_override() {
  static const unsigned share =
      static_cast<unsigned>(env_in_range("TOKENPICK_SPLIT_SHARE", 1, 8, 0));
  return share;
}

/// Largest row a split word can index (30 bits of index, split_merge.cuh).
constexpr std::uint32_t kMaxSplitCols = 1u << 30;

/// Blocks per row when each block takes `share` of the GPU's block slots and `rows` rows
/// (>= 1) share them, but no block gets fewer than `min_tokens_per_block` tokens.
unsigned blocks_by_slots(const DeviceShape& shape, unsigned blocks_per_sm, unsigned share,
                         std::uint32_t rows, std::uint32_t cols, unsigned min_tokens_per_block) {
  const unsigned slots = static_cast<unsigned>(shape.multiprocessors) * blocks_per_sm;
  const unsigned most = (cols + min_tokens_per_block - 1) / min_tokens_per_block;
  return std::min(slots / (share * rows), most);
}

}  // namespace

unsigned split_blocks_for(const DeviceShape& shape, unsigned blocks_per_sm, std::uint32_t rows,
                          std::uint32_t cols, unsigned token_bytes,
                          unsigned min_tokens_per_block, std::uint32_t max_rows) {
  if (rows == 0 || rows > max_rows || cols > kMaxSplitCols) return 0;
  if (split_override() >= 0) return static_cast<unsigned>(split_override());
  if (row_group_override() != 0) return 0;
  const bool wide = static_cast<std::uint64_t>(cols) * token_bytes >= kWideRowBytes;
  const bool full_share = rows <= kFullShareRows || (wide && rows <= kFullShareWideRows);
  const unsigned share = split_share_override() != 0 ? split_share_override()
                        : full_share                  ? 1u
                                                      : 2u;
  // At most one block per multiprocessor per row (batch 1 x 128256: 132 blocks 6.9 us, 251
  // blocks 7.3).
  return std::min(blocks_by_slots(shape, blocks_per_sm, share, rows, cols, min_tokens_per_block),
                  static_cast<unsigned>(shape.multiprocessors));
}

unsigned row_group_for(const DeviceShape& shape, unsigned blocks_per_sm, std::uint32_t rows,
                       std::uint32_t cols, unsigned min_tokens_per_block, unsigned max_group) {
  if (!shape.clusters) return 1;
  if (row_group_override() != 0) return row_group_override();
  const unsigned blocks = blocks_by_slots(shape, blocks_per_sm, 2, std::max<std::uint32_t>(rows, 1),
                                          cols, min_tokens_per_block);
  return std::max(1u, std::min({blocks, max_group, kMaxRowGroup}));
}

bool dependent_launches(const DeviceShape& shape) {
  static const bool allowed = env_in_range("TOKENPICK_DEPENDENT_LAUNCH", 0, 1, 1) != 0;
  return shape.clusters && allowed;
}

int env_switch(const char* name) {
  const char* text = std::getenv(name);
  if (text == nullptr) return -1;
  return std::strcmp(text, "0") == 0 ? 0 : 1;
}

const DeviceShape& device_shape(const char* entry, int device) {
  static DeviceShape shapes[kCachedDevices];
  static std::once_flag once[kCachedDevices];
  static thread_local DeviceShape uncached;
  if (device < 0 || device >= kCachedDevices) {
    uncached = read_shape(entry, device);
    return uncached;
  }
  std::call_once(once[device], [&] { shapes[device] = read_shape(entry, device); });
  return shapes[device];
}

}  // namespace tokenpick

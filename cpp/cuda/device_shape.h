// What the launchers need to know about a device, read once per device and cached.
#pragma once

#include <cstdint>

namespace tokenpick {

struct DeviceShape {
  int multiprocessors;
  int l2_bytes;
  bool clusters;  // thread-block clusters (compute capability 9.0 and later)
};

/// True when launches on `shape` go as programmatic dependents of the stream's previous kernel
/// (grid_overlap.cuh): devices with clusters have them too (both came with sm_90);
/// TOKENPICK_DEPENDENT_LAUNCH=0 turns it off.
bool dependent_launches(const DeviceShape& shape);

/// An on / off switch in environment variable `name` (the caller reads it once): -1 unset, 0
/// for "0", 1 for anything else.
int env_switch(const char* name);

/// The shape of `device`; throws a backend failure naming `entry` if it cannot be read.
const DeviceShape& device_shape(const char* entry, int device);

/// Largest blocks per row group: clusters of 16 are a Hopper opt-in (prepare_kernel); a
/// launch of more than kPortableRowGroup that the device refuses is retried with that many.
constexpr unsigned kMaxRowGroup = 16;
constexpr unsigned kPortableRowGroup = 8;

/// Blocks per row for a batch of `rows`: about half a block slot per row group member, so
/// that small batches spread over the GPU and large ones (rows >= slots / 2) take one block
/// per row; at most `max_group` (<= kMaxRowGroup). Measured on the H200 (Gumbel-max,
/// vocabulary 128256): batch 1, G = 16: 12.9 us, 8: 16.0; batch 64, G = 2: 39.7, 1: 67.6, 4:
/// 51.1; batch 256, G = 1: 106, 8: 165. The filtering kernels take at most 8 (batch 1 x 128256,
/// sigma 3, G = 16 / 8: top-k 50 + top-p 0.9 37.0 / 34.2 us, top-p 0.9 73.0 / 70.0, min-p 0.1
/// 24.8 / 20.0), the top-k kernel 16 on rows of 262144 tokens and more.
unsigned row_group_for(const DeviceShape& shape, unsigned blocks_per_sm, std::uint32_t rows,
                       std::uint32_t cols, unsigned min_tokens_per_block, unsigned max_group);

/// Blocks per row for rows split without clusters (merged through per-stream state,
/// split_merge.cuh), 0 where a launch of `rows` may not split: one block slot per block up to
/// 64 rows (128 for rows of 400 KB and more; `token_bytes` per logit), two above
/// (TOKENPICK_SPLIT_SHARE changes it), at most one block per multiprocessor per row, at least
/// `min_tokens_per_block` tokens each, batches of at most `max_rows`. The launcher splits when
/// this beats its row group. TOKENPICK_SPLIT_BLOCKS forces it (0: never split),
/// TOKENPICK_ROW_GROUP disables it.
unsigned split_blocks_for(const DeviceShape& shape, unsigned blocks_per_sm, std::uint32_t rows,
                          std::uint32_t cols, unsigned token_bytes,
                          unsigned min_tokens_per_block, std::uint32_t max_rows);

}  // namespace tokenpick

// Per-stream state of rows split over more blocks than a cluster holds (split_merge.cuh).
#pragma once

#include <cstdint>

namespace tokenpick {

/// One split row's merge state; zero between launches (the last block resets it).
struct SplitRow {
  unsigned long long word;
  unsigned int arrived;
  unsigned int unused;
};

/// Rows a launch may split (one launch's rows at most; by default only batches that leave
/// most of the GPU idle split, TOKENPICK_SPLIT_BLOCKS can split any launch for tuning).
constexpr std::uint32_t kMaxSplitRows = 1024;

/// kMaxSplitRows rows of state for `stream` on `device`, set up on the first call for that
/// stream (stream-ordered, from tokenpick's pool, zeroed) and kept; nullptr where none can be
/// had without allocating inside a stream capture or past kMaxSplitStreams streams: the
/// caller then launches without the split.
SplitRow* split_scratch(const char* entry, int device, void* stream);

}  // namespace tokenpick

// Per-stream state of the top-k kernel's split rows (top_k_split.cuh): rows split over more
// blocks than a cluster holds publish their blocks' candidates and statistics to global
// memory, and the last block of each row to arrive finishes it.
#pragma once

#include <cstddef>
#include <cstdint>

namespace tokenpick {

/// One split row's merge state; zero between launches (the last block resets it).
struct TopKSplitRow {
  std::uint32_t arrived;    // blocks done
  std::uint32_t words;      // candidate words published
  std::uint32_t floor_key;  // largest block k-th value's order key (0: none)
  std::uint32_t f_max_key;  // largest f's order key (0: none)
  std::uint32_t flags;      // kSplitNan | kSplitSpecial | kSplitOverflow
  std::uint32_t unused;
  unsigned long long greedy;  // greedy rows: (order key of the largest z << 32) | ~index
};

/// Rows a top-k launch may split, and candidate words each split row can hold.
constexpr std::uint32_t kMaxTopKSplitRows = 16;
constexpr std::uint32_t kTopKSplitRowWords = 8192;

/// A stream's split-row state: kMaxTopKSplitRows rows, then their candidate words.
struct TopKSplit {
  TopKSplitRow* rows;
  unsigned long long* words;  // row r's at words + r * kTopKSplitRowWords
};

/// Bytes of one stream's TopKSplit.
constexpr std::size_t kTopKSplitBytes =
    kMaxTopKSplitRows * (sizeof(TopKSplitRow) + kTopKSplitRowWords * sizeof(unsigned long long));

/// The state of `stream` on `device` (split_scratch.cu: set up on the stream's first split
/// call, zeroed, kept); rows == nullptr where none can be had (the caller launches unsplit).
TopKSplit top_k_split_scratch(const char* entry, int device, void* stream);

}  // namespace tokenpick

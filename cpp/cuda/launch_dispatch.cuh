// Host-side dispatch shared by the kernels' enqueue functions: the element type of the logits
// and the capacity tier of the inline parameters, each picked at run time and handed to a
// generic callable as a type / a compile-time constant.
#pragma once

#include "gpu_runtime.cuh"

#include <cstdint>
#include <type_traits>

#include "cuda_check.h"
#include "device_shape.h"
#include "inline_params.h"
#include "kernel_types.h"
#include "row_group_launch.cuh"

namespace tokenpick {

/// Calls enqueue(T{}, std::integral_constant<int, N>{}) for the logits' element type T and the
/// smallest parameter tier N holding `count` rows.
template <typename Enqueue>
gpuError_t dispatch_type_and_tier(LogitsType type, std::uint32_t count, Enqueue&& enqueue) {
  const auto by_tier = [&](auto element) {
    if (count <= 1) return enqueue(element, std::integral_constant<int, 1>{});
    if (count <= 64) return enqueue(element, std::integral_constant<int, 64>{});
    if (count <= 256) return enqueue(element, std::integral_constant<int, 256>{});
    return enqueue(element, std::integral_constant<int, 1024>{});
  };
  switch (type) {
    case LogitsType::F16:
      return by_tier(f16_t{});
    case LogitsType::BF16:
      return by_tier(bf16_t{});
    default:
      return by_tier(float{});
  }
}

/// The parameters of a chunk's rows (one set when the call has one for every row).
template <int N>
InlineParams<N> chunk_params(const KernelRowParams* params, std::uint32_t params_count,
                             const RowChunk& chunk) {
  InlineParams<N> out;
  const std::uint32_t count = params_count == 1 ? 1 : chunk.rows;
  for (std::uint32_t r = 0; r < count; ++r) {
    out.rows[r] = params[params_count == 1 ? 0 : chunk.first_row + r];
  }
  return out;
}

/// Enqueues `rows` rows in chunks of kMaxInlineRows with `group` blocks per row, as
/// programmatic dependent launches when `overlap` (RowChunk::overlap); a group above kPortable
/// that the device refuses is retried with kPortable. Returns the first failure.
template <unsigned kPortable, typename EnqueueChunk>
gpuError_t enqueue_row_chunks(std::uint32_t rows, unsigned group, bool overlap,
                              EnqueueChunk&& enqueue) {
  for (std::uint32_t first = 0; first < rows; first += kMaxInlineRows) {
    RowChunk chunk{first, rows - first < kMaxInlineRows ? rows - first : kMaxInlineRows, group,
                   group > 1, overlap};
    gpuError_t status = enqueue(chunk);
    if (status != gpuSuccess && chunk.group > kPortable) {
      (void)gpuGetLastError();  // no clusters of this size here: the portable size
      chunk.group = kPortable;
      status = enqueue(chunk);
    }
    if (status != gpuSuccess) return status;
  }
  return gpuSuccess;
}

/// A launcher's host path: selects the device, chooses the blocks per row for its shape
/// (row_group_for, at most `max_group`), enqueues the chunks; throws the backend failure
/// naming `what`.
template <typename EnqueueChunk>
void launch_rows(const char* entry, int device, std::uint32_t rows, std::uint32_t cols,
                 unsigned blocks_per_sm, unsigned min_tokens_per_block, unsigned max_group,
                 const char* what, EnqueueChunk&& enqueue) {
  cuda_check(entry, cudaSetDevice(device), "cudaSetDevice");
  const DeviceShape& shape = device_shape(entry, device);
  const unsigned group =
      row_group_for(shape, blocks_per_sm, rows, cols, min_tokens_per_block, max_group);
  cuda_check(entry,
             enqueue_row_chunks<kPortableRowGroup>(rows, group, dependent_launches(shape),
                                                   enqueue),
             what);
}

}  // namespace tokenpick

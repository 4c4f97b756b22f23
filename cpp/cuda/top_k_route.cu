// Host side of the top-k route (top_k_route.h): which calls take it, how many blocks a row
// (one tile each where the GPU has the slots: a block reads a row's share in one or a few
// dependent steps), and its two launches per chunk of kTopKRouteMaxRows rows. Nothing waits;
// the scratch is the stream's, made on its first call.
#include "top_k_route.h"

#include <algorithm>
#include <mutex>

#include "cuda_check.h"
#include "device_shape.h"
#include "filtered_kernels.h"
#include "logit_tiles.cuh"
#include "row_access.cuh"

namespace tokenpick {

namespace {

/// Most blocks a row (each takes at least one tile of kFilterThreads x kUnroll vectors).
constexpr unsigned kTopKRouteMaxBlocks = 64;
/// Bytes of one vector load (logit_tiles.cuh).
constexpr std::uint32_t kVectorBytes = 16;

/// TOKENPICK_TOP_K_ROUTE (read once): 0 never takes the route, 1 takes it at any batch;
/// unset, calls of at most kTopKRouteMaxRows rows take it.
int route_setting() {
  static const int setting = env_switch("TOKENPICK_TOP_K_ROUTE");
  return setting;
}

/// Blocks a row: the row's tiles, at most the GPU's block slots shared out between the rows.
unsigned route_blocks(const DeviceShape& shape, const RejectionLaunch& l) {
  const std::uint32_t element = l.type == LogitsType::F32 ? 4 : 2;
  const std::uint32_t tile = kFilterThreads * kUnroll * (kVectorBytes / element);
  const unsigned tiles = (l.cols + tile - 1) / tile;
  const unsigned slots = static_cast<unsigned>(shape.multiprocessors) * kFilterBlocksPerSm;
  const unsigned rows = std::min(l.rows, kTopKRouteMaxRows);
  return std::max(1u, std::min({tiles, slots / rows, kTopKRouteMaxBlocks}));
}

}  // namespace

bool takes_top_k_route(const KernelRowParams& p, std::uint32_t cols) {
  return !plan_row(p).greedy && p.top_k > 0 && p.top_k <= kSmallTopK && p.top_k < cols;
}

bool launch_top_k_route(const char* entry, const RejectionLaunch& l) {
  const int setting = route_setting();
  if (setting == 0 || (setting < 0 && l.rows > kTopKRouteMaxRows)) return false;
  for (std::uint32_t i = 0; i < l.params_count; ++i) {
    if (!takes_top_k_route(l.params[i], l.cols)) return false;
  }
  cuda_check(entry, cudaSetDevice(l.device), "cudaSetDevice");
  const DeviceShape& shape = device_shape(entry, l.device);
  TopKRouteScratch* scratch = top_k_route_scratch(entry, l.device, l.stream);
  if (scratch == nullptr) return false;
  const unsigned blocks = route_blocks(shape, l);
  const bool overlap = dependent_launches(shape);
  const cudaStream_t stream = static_cast<cudaStream_t>(l.stream);
  // A chunk's two launches share the stream's scratch: calls from other threads on the same
  // stream must not enqueue between them.
  static std::mutex enqueue_lock;
  const std::lock_guard<std::mutex> guard(enqueue_lock);
  for (std::uint32_t first = 0; first < l.rows; first += kTopKRouteMaxRows) {
    const RowChunk chunk{first, std::min(kTopKRouteMaxRows, l.rows - first), blocks, false,
                         overlap};
    cuda_check(entry, enqueue_top_k_histogram(l, chunk, stream, scratch->rows),
               "top_k_histogram_kernel launch");
    cuda_check(entry, enqueue_top_k_collect(l, chunk, stream, scratch->rows),
               "top_k_collect_kernel launch");
  }
  return true;
}

}  // namespace tokenpick

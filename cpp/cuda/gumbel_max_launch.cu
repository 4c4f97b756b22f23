// Host side of the CUDA Gumbel-max kernel: picks how many blocks share a row (enough blocks to
// fill the GPU, each with a few thousand tokens), allocates the partials on the stream, and
// enqueues both stages.
#include <cuda_runtime.h>

#include <algorithm>
#include <string>

#include "../errors.h"
#include "argmax_reduce.cuh"
#include "gumbel_stages.h"

namespace tokenpick {

namespace {

/// Tokens per Philox group.
constexpr std::uint32_t kGroup = 4;
/// Fewest groups a split gets, so blocks have work for every thread.
constexpr std::uint32_t kMinGroupsPerSplit = kGumbelThreads * 4;
/// Blocks aimed at per multiprocessor when splitting rows.
constexpr int kBlocksPerSm = 4;

void check(const char* entry, cudaError_t status, const char* what) {
  if (status != cudaSuccess) {
    cudaGetLastError();
    throw_backend_failure(entry, std::string(what) + ": " + cudaGetErrorString(status));
  }
}

}  // namespace

void launch_gumbel_max(const char* entry, const GumbelLaunch& l) {
  check(entry, cudaSetDevice(l.device), "cudaSetDevice");
  const cudaStream_t stream = static_cast<cudaStream_t>(l.stream);
  int sms = 0;
  check(entry, cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, l.device),
        "cudaDeviceGetAttribute");
  const std::uint32_t groups = (l.cols + kGroup - 1) / kGroup;
  const std::uint32_t wanted =
      (static_cast<std::uint32_t>(sms * kBlocksPerSm) + l.rows - 1) / l.rows;
  const std::uint32_t most = std::max<std::uint32_t>(1, groups / kMinGroupsPerSplit);
  const std::uint32_t splits = std::max<std::uint32_t>(1, std::min(wanted, most));

  Partial* partials = nullptr;
  check(entry,
        cudaMallocAsync(reinterpret_cast<void**>(&partials),
                        sizeof(Partial) * static_cast<std::size_t>(l.rows) * splits, stream),
        "cudaMallocAsync");
  check(entry, launch_gumbel_partial(l, splits, partials, stream), "gumbel_partial_kernel");
  check(entry, launch_gumbel_finish(partials, l.rows, splits, l.tokens, stream),
        "gumbel_finish_kernel");
  check(entry, cudaFreeAsync(partials, stream), "cudaFreeAsync");
}

}  // namespace tokenpick

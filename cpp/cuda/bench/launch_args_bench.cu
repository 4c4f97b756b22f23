// Host time of one kernel launch by the size of its arguments: the launchers pass the rows'
// parameters by value (24 bytes a row, up to 24 KB at batch 1024), and item 4 of the CUDA
// speed issue asks for under 5 us of CPU time a call. For each argument size, a kernel that
// reads one word of its argument struct is launched kCalls times by the launchers'
// launch_row_groups (plain, with the programmatic-serialization attribute, and with that and a
// cluster of 2), the stream drained every kBurst launches; prints the median and 90th
// percentile host time. Build (include root as scripts/gpu-bench.sh lays it out):
//   nvcc -std=c++17 -O3 -gencode arch=compute_90,code=sm_90 -I target/bench-include
//     cpp/cuda/bench/launch_args_bench.cu
#include <cuda_runtime.h>

#include <cstdio>

#include "../row_group_launch.cuh"
#include "host_timing.h"

namespace {

/// Launches timed per case.
constexpr int kCalls = 4000;
/// Launches between two waits for the stream.
constexpr int kBurst = 50;
/// Threads of the launched block.
constexpr int kThreads = 128;

template <int kBytes>
struct Args {
  unsigned char bytes[kBytes];
};

template <int kBytes>
__global__ void read_one_word(const __grid_constant__ Args<kBytes> args, unsigned* out) {
  if (threadIdx.x == 0 && blockIdx.x == 0 && args.bytes[kBytes - 1] == 7) *out = 1;
}

using Times = host_timing::Spread;

/// Host microseconds of each launch of read_one_word<kBytes> by the launchers' own
/// launch_row_groups (one row of `group` blocks, a cluster when `group` > 1).
template <int kBytes>
Times time_launches(cudaStream_t stream, unsigned* out, bool overlap, unsigned group) {
  Args<kBytes> args{};
  const tokenpick::RowChunk chunk{0, 1, group, group > 1, overlap};
  cudaError_t failed = cudaSuccess;
  const Times times = host_timing::time_calls(
      kCalls, kBurst,
      [&](int call) {
        args.bytes[0] = static_cast<unsigned char>(call);
        const cudaError_t status = tokenpick::launch_row_groups(read_one_word<kBytes>, chunk,
                                                                kThreads, 0, stream, args, out);
        if (failed == cudaSuccess) failed = status;
      },
      [&] { cudaStreamSynchronize(stream); });
  if (failed != cudaSuccess) {
    std::printf("launch of %d bytes failed: %s\n", kBytes, cudaGetErrorString(failed));
    return Times{-1, -1};
  }
  return times;
}

template <int kBytes>
void report(cudaStream_t stream, unsigned* out) {
  time_launches<kBytes>(stream, out, true, 1);  // warm-up: first launch loads the module
  const Times plain = time_launches<kBytes>(stream, out, false, 1);
  const Times overlap = time_launches<kBytes>(stream, out, true, 1);
  const Times cluster = time_launches<kBytes>(stream, out, true, 2);
  std::printf("%8d %10.2f %8.2f %12.2f %8.2f %14.2f %8.2f\n", kBytes, plain.median, plain.p90,
              overlap.median, overlap.p90, cluster.median, cluster.p90);
}

}  // namespace

int main() {
  cudaStream_t stream;
  unsigned* out = nullptr;
  if (cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking) != cudaSuccess ||
      cudaMalloc(&out, sizeof(unsigned)) != cudaSuccess) {
    std::printf("launch_args_bench: no CUDA device\n");
    return 0;
  }
  std::printf("host us a launch by argument bytes (median / p90 of %d)\n", kCalls);
  std::printf("%8s %10s %8s %12s %8s %14s %8s\n", "bytes", "plain", "p90", "dependent", "p90",
              "dep+cluster2", "p90");
  report<64>(stream, out);
  report<1544>(stream, out);   // 64 rows of 24 bytes + 8
  report<3080>(stream, out);   // 128 rows
  report<4088>(stream, out);
  report<4104>(stream, out);
  report<6152>(stream, out);   // 256 rows
  report<12296>(stream, out);  // 512 rows
  report<24584>(stream, out);  // 1024 rows
  cudaFree(out);
  cudaStreamDestroy(stream);
  return 0;
}

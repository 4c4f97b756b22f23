// Device bench of the CUDA kernels (the launchers as the ports call them: parameters in the
// kernel arguments, nothing allocated per call). Gumbel-max: time per call for batch
// {1, 16, 64, 256} x vocabulary {32000, 128256, 151936, 262144}, f32 and bf16, logits normal
// with sigma 1, 3 and 6, temperature 1. Filtered: top-k 50 + top-p 0.9, top-p 0.9 and min-p 0.1
// at the same shapes. Device events around kCalls calls over rotating input buffers whose
// total exceeds the L2 several times; the floor is the logits' bytes over the device-to-device
// copy bandwidth measured in the same run, and an empty launch's time is printed beside it.
// Prints one line per shape, a table last. BENCH_HOST=1: the launchers' host time instead.
// Build: scripts/gpu-bench.sh (nvcc, sm_90), run on the GPU machine.
#include <cuda_bf16.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "../../random/philox.h"
#include "../gumbel_max_kernel.h"
#include "../rejection_kernel.h"
#if defined(TOKENPICK_PHASE_TIMES)
#include "../filtered_kernels.h"
#include "../gumbel_kernels.h"
#include "../phase_times.cuh"
#endif
#include "../grid_overlap.cuh"
#include "../row_group_launch.cuh"
#include "host_times.cuh"

namespace {

/// Bytes the rotating buffers must exceed together (the H200's L2 is 60 MB).
constexpr size_t kRotationBytes = size_t(1) << 30;
/// Timed calls per shape.
constexpr int kCalls = 200;
/// Warm-up calls per shape.
constexpr int kWarmup = 20;

#define CHECK(call)                                                                   \
  do {                                                                                \
    cudaError_t status_ = (call);                                                     \
    if (status_ != cudaSuccess) {                                                     \
      std::fprintf(stderr, "%s:%d %s: %s\n", __FILE__, __LINE__, #call,               \
                   cudaGetErrorString(status_));                                      \
      std::exit(1);                                                                   \
    }                                                                                 \
  } while (0)

/// Normal(0, sigma) logits on the device, from Philox (Box-Muller).
template <typename T>
__global__ void fill_normal(T* out, size_t count, float sigma, unsigned seed) {
  const size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x;
  if (i >= count) return;
  const tokenpick::Philox4 block = tokenpick::philox_block(seed, 99, i * 4, 7);
  const float u1 = (block.v[0] >> 8) * (1.0f / 16777216.0f) + (0.5f / 16777216.0f);
  const float u2 = (block.v[1] >> 8) * (1.0f / 16777216.0f);
  const float value = sigma * sqrtf(-2.0f * logf(u1)) * cospif(2.0f * u2);
  out[i] = static_cast<T>(value);
}

/// Device time of work(), in ms, between two events on the default stream.
template <typename Work>
double elapsed_ms(Work&& work) {
  cudaEvent_t start, stop;
  CHECK(cudaEventCreate(&start));
  CHECK(cudaEventCreate(&stop));
  CHECK(cudaEventRecord(start));
  work();
  CHECK(cudaEventRecord(stop));
  CHECK(cudaEventSynchronize(stop));
  float ms = 0;
  CHECK(cudaEventElapsedTime(&ms, start, stop));
  CHECK(cudaEventDestroy(start));
  CHECK(cudaEventDestroy(stop));
  return ms;
}

/// Device time per call, in us, of kCalls back-to-back calls run(1000 + i) on the default
/// stream, after kWarmup calls run(i).
template <typename Run>
double us_per_call(Run&& run) {
  for (int i = 0; i < kWarmup; ++i) run(i);
  return elapsed_ms([&] {
           for (int i = 0; i < kCalls; ++i) run(1000 + i);
         }) *
         1e3 / kCalls;
}

/// A kernel that does nothing but what every kernel does first (grid_overlap.cuh): the launch
/// part of the floor.
__global__ void empty_kernel(unsigned* sink) {
  tokenpick::start_after_previous_grid();
  if (sink != nullptr && threadIdx.x == 0 && blockIdx.x == 0) *sink = 0;
}

/// Time per call of `kCalls` back-to-back launches of an empty kernel of `blocks` blocks of
/// 512 threads, as the launchers launch (a cluster of `blocks` when `cluster`; programmatic
/// dependents of the previous launch when `overlap`), in us.
double launch_us(unsigned blocks, bool cluster, bool overlap) {
  CHECK(cudaFuncSetAttribute(empty_kernel, cudaFuncAttributeNonPortableClusterSizeAllowed, 1));
  const tokenpick::RowChunk chunk{0, 1, blocks, cluster, overlap};
  unsigned* sink = nullptr;
  return us_per_call([&](int) {
    CHECK(tokenpick::launch_row_groups(empty_kernel, chunk, 512, 0, nullptr, sink));
  });
}

/// Device-to-device copy bandwidth in bytes per second (read plus write).
double copy_bandwidth() {
  const size_t bytes = size_t(2) << 30;
  void *a = nullptr, *b = nullptr;
  CHECK(cudaMalloc(&a, bytes));
  CHECK(cudaMalloc(&b, bytes));
  CHECK(cudaMemset(a, 1, bytes));
  CHECK(cudaMemcpy(b, a, bytes, cudaMemcpyDeviceToDevice));
  const int reps = 10;
  const double ms = elapsed_ms([&] {
    for (int r = 0; r < reps; ++r) CHECK(cudaMemcpy(b, a, bytes, cudaMemcpyDeviceToDevice));
  });
  CHECK(cudaFree(a));
  CHECK(cudaFree(b));
  return 2.0 * bytes * reps / (ms * 1e-3);
}

struct Result {
  unsigned batch, vocab;
  const char* dtype;
  float sigma;
  double us, floor_us;
  const char* call;
  unsigned fallback_rows;  // filtered calls: rows of the last call left to the CPU (ok = 0)
};

/// Which kernel a shape times.
struct Call {
  const char* name;
  bool rejection;
  unsigned top_k;
  float top_p, min_p;
};

template <typename T>
Result bench_shape(unsigned batch, unsigned vocab, float sigma, const char* name,
                   tokenpick::LogitsType type, double bandwidth, const Call& call) {
  const size_t count = size_t(batch) * vocab;
  const size_t bytes = count * sizeof(T);
  const int buffers = int(std::max<size_t>(2, kRotationBytes / bytes + 1));
  std::vector<T*> logits(buffers);
  for (int b = 0; b < buffers; ++b) {
    CHECK(cudaMalloc(&logits[b], bytes));
    fill_normal<<<unsigned((count + 255) / 256), 256>>>(logits[b], count, sigma, 1000 + b);
  }
  std::vector<tokenpick::KernelRowParams> host_params(batch);
  for (unsigned r = 0; r < batch; ++r) {
    host_params[r] = {1.0f, call.top_k, call.top_p, call.min_p, 12345u + r};
  }
  const tokenpick::KernelRowParams* params = host_params.data();
  uint32_t* tokens = nullptr;
  CHECK(cudaMalloc(&tokens, 2 * sizeof(uint32_t) * batch));
  CHECK(cudaDeviceSynchronize());

  tokenpick::GumbelLaunch launch{};
  launch.type = type;
  launch.rows = batch;
  launch.cols = vocab;
  launch.params = params;
  launch.params_count = batch;
  launch.tokens = tokens;
  launch.device = 0;
  launch.stream = nullptr;
  tokenpick::RejectionLaunch rejection{};
  rejection.type = type;
  rejection.rows = batch;
  rejection.cols = vocab;
  rejection.params = params;
  rejection.params_count = batch;
  rejection.max_rounds = 64;
  rejection.out = tokens;
  rejection.device = 0;
  const auto run = [&](int i) {
    if (call.rejection) {
      rejection.logits = logits[i % buffers];
      rejection.step = i;
      tokenpick::launch_fused_rejection("bench", rejection);
    } else {
      launch.logits = logits[i % buffers];
      launch.step = i;
      tokenpick::launch_gumbel_max("bench", launch);
    }
  };
  const double us = us_per_call(run);
  CHECK(cudaGetLastError());
  unsigned fallback_rows = 0;
  if (call.rejection) {  // a row the kernel leaves to the CPU would make its time look better
    std::vector<uint32_t> out(2 * size_t(batch));
    CHECK(cudaMemcpy(out.data(), tokens, out.size() * sizeof(uint32_t), cudaMemcpyDeviceToHost));
    for (unsigned r = 0; r < batch; ++r) fallback_rows += out[2 * r + 1] == 0 ? 1 : 0;
  }
  for (T* p : logits) CHECK(cudaFree(p));
  CHECK(cudaFree(tokens));
  return Result{batch, vocab, name, sigma, us, bytes / bandwidth * 1e6, call.name,
                fallback_rows};
}

}  // namespace

int main() {
  // BENCH_HOST=1 prints the launchers' host time piece by piece (host_times.cuh) and stops.
  if (std::getenv("BENCH_HOST") != nullptr) {
    host_times::print_host_times();
    return 0;
  }
  const double bandwidth = copy_bandwidth();
  std::printf("device-to-device copy bandwidth: %.2f TB/s (read + write)\n", bandwidth / 1e12);
  std::printf("empty launch per call: %.2f us (1 block), %.2f us (cluster of 4), %.2f us "
              "(cluster of 16); as dependent launches: %.2f us (1 block), %.2f us (132 "
              "blocks)\n",
              launch_us(1, false, false), launch_us(4, true, false), launch_us(16, true, false),
              launch_us(1, false, true), launch_us(132, false, true));
  std::vector<Result> results;
  const Call gumbel{"gumbel", false, 0, 1.0f, 0.0f};
  // BENCH_SHAPE=call:batch:vocab:sigma[:bf16] times one f32 (or bf16) shape (for profilers
  // and sweeps) and stops.
  if (const char* shape = std::getenv("BENCH_SHAPE")) {
    char name[32] = {0};
    char dtype[8] = "f32";
    unsigned batch = 0, vocab = 0;
    float sigma = 0;
    if (std::sscanf(shape, "%31[^:]:%u:%u:%f:%7s", name, &batch, &vocab, &sigma, dtype) < 4) {
      return 2;
    }
    const bool bf16 = std::string(dtype) == "bf16";
    const Call calls[] = {{"gumbel", false, 0, 1.0f, 0.0f},
                          {"k50+p0.9", true, 50, 0.9f, 0.0f},
                          {"p0.9", true, 0, 0.9f, 0.0f},
                          {"m0.1", true, 0, 1.0f, 0.1f}};
    for (const Call& call : calls) {
      if (std::string(call.name) != name) continue;
      const Result r =
          bf16 ? bench_shape<__nv_bfloat16>(batch, vocab, sigma, "bf16",
                                            tokenpick::LogitsType::BF16, bandwidth, call)
               : bench_shape<float>(batch, vocab, sigma, "f32", tokenpick::LogitsType::F32,
                                    bandwidth, call);
      std::printf("%s batch %u vocab %u sigma %.0f %s: %.2f us (floor %.2f), fallback rows %u\n",
                  name, batch, vocab, sigma, bf16 ? "bf16" : "f32", r.us, r.floor_us,
                  r.fallback_rows);
#if defined(TOKENPICK_PHASE_TIMES)
      // Block 0 of row 0 of the last call: SM clock cycles from the kernel's first mark.
      long long marks[tokenpick::kPhaseMarks] = {0};
      const bool top_k = call.top_k > 0 && call.top_k <= tokenpick::kSmallTopK;
      CHECK(!call.rejection ? tokenpick::read_gumbel_phase_marks(marks)
            : top_k         ? tokenpick::read_top_k_phase_marks(marks)
                            : tokenpick::read_filtered_phase_marks(marks));
      std::printf("phase marks (cycles after mark 0):");
      for (int m = 1; m < tokenpick::kPhaseMarks; ++m) {
        std::printf(" %lld", marks[m] != 0 ? marks[m] - marks[0] : -1);
      }
      std::printf("\n");
#endif
    }
    return 0;
  }
  const bool only_rejection = std::getenv("BENCH_ONLY_REJECTION") != nullptr;
  for (float sigma : {1.0f, 3.0f, 6.0f}) {
    if (only_rejection) break;
    for (unsigned batch : {1u, 16u, 64u, 256u}) {
      for (unsigned vocab : {32000u, 128256u, 151936u, 262144u}) {
        results.push_back(bench_shape<float>(batch, vocab, sigma, "f32",
                                             tokenpick::LogitsType::F32, bandwidth, gumbel));
        results.push_back(bench_shape<__nv_bfloat16>(
            batch, vocab, sigma, "bf16", tokenpick::LogitsType::BF16, bandwidth, gumbel));
      }
    }
  }
  const Call filters[] = {{"k50+p0.9", true, 50, 0.9f, 0.0f},
                          {"p0.9", true, 0, 0.9f, 0.0f},
                          {"m0.1", true, 0, 1.0f, 0.1f}};
  for (float sigma : {1.0f, 3.0f, 6.0f}) {
    for (unsigned batch : {1u, 16u, 64u, 256u}) {
      for (unsigned vocab : {32000u, 128256u, 151936u, 262144u}) {
        for (const Call& call : filters) {
          results.push_back(bench_shape<float>(batch, vocab, sigma, "f32",
                                               tokenpick::LogitsType::F32, bandwidth, call));
          results.push_back(bench_shape<__nv_bfloat16>(
              batch, vocab, sigma, "bf16", tokenpick::LogitsType::BF16, bandwidth, call));
        }
      }
    }
  }
  std::printf("\n%-6s %-6s %-7s %-5s %10s %10s %8s %-9s %s\n", "sigma", "batch", "vocab",
              "dtype", "ours_us", "floor_us", "ratio", "call", "fallback_rows");
  for (const Result& r : results) {
    std::printf("%-6.0f %-6u %-7u %-5s %10.2f %10.2f %8.1f %-9s %u\n", r.sigma, r.batch,
                r.vocab, r.dtype, r.us, r.floor_us, r.us / r.floor_us, r.call, r.fallback_rows);
  }
  // The targets of issue 4 (f32 unless named; sigma 1 has its own target where given).
  struct Target {
    const char* call;
    unsigned batch, vocab;
    const char* dtype;
    double us, us_sigma1;
  };
  const Target targets[] = {{"gumbel", 1, 128256, "f32", 6, 6},
                            {"gumbel", 1, 262144, "f32", 8, 8},
                            {"gumbel", 64, 128256, "f32", 16, 16},
                            {"gumbel", 256, 128256, "f32", 45, 45},
                            {"gumbel", 256, 128256, "bf16", 35, 35},
                            {"k50+p0.9", 1, 128256, "f32", 15, 20},
                            {"k50+p0.9", 64, 128256, "f32", 40, 40},
                            {"k50+p0.9", 256, 128256, "f32", 110, 150},
                            {"p0.9", 256, 128256, "f32", 90, 90},
                            {"m0.1", 256, 128256, "f32", 70, 70}};
  std::printf("\ntargets (issue 4)\n%-9s %-6s %-7s %-5s %-6s %10s %10s %s\n", "call", "batch",
              "vocab", "dtype", "sigma", "ours_us", "target", "verdict");
  int missed = 0;
  for (const Target& t : targets) {
    for (const Result& r : results) {
      if (std::string(r.call) != t.call || r.batch != t.batch || r.vocab != t.vocab ||
          std::string(r.dtype) != t.dtype) {
        continue;
      }
      const double target = r.sigma == 1.0f ? t.us_sigma1 : t.us;
      const bool met = r.us <= target && r.fallback_rows == 0;
      missed += met ? 0 : 1;
      const char* verdict = met                     ? "met"
                            : r.fallback_rows != 0 ? "MISSED (fallback rows)"
                                                   : "MISSED";
      std::printf("%-9s %-6u %-7u %-5s %-6.0f %10.2f %10.1f %s\n", t.call, t.batch, t.vocab,
                  t.dtype, r.sigma, r.us, target, verdict);
    }
  }
  std::printf("targets missed: %d\n", missed);
  return 0;
}

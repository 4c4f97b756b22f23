// Host CPU time of the launchers, piece by piece (BENCH_HOST=1 in sampling_bench): item 4 of
// the CUDA speed issue asks for under 5 us a call, benches/host_overhead.rs measures the whole
// Rust call, a bare launch costs ~2.5 us (launch_args_bench). This times, with std::chrono
// around each call, cudaSetDevice and cudaGetDevice alone, one bare launch of an empty kernel
// (launch_row_groups, as the launchers launch), and launch_gumbel_max / launch_fused_rejection
// (top-k 50 + top-p 0.9, as host_overhead's filtered entry) at batch 1 and 256 x 128256 f32:
// the gap between the launcher and the bare launch is the launcher's own work, the gap between
// host_overhead and the launcher the Rust side's. Each figure: median / 90th percentile of
// kHostCalls calls, queued in bursts of kHostBurst between waits, and with the stream drained
// before every call.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <vector>

#include "../gumbel_max_kernel.h"
#include "../rejection_kernel.h"
#include "../row_group_launch.cuh"
#include "host_timing.h"

namespace host_times {

/// Calls timed per case.
constexpr int kHostCalls = 2000;
/// Calls queued between two waits in the queued column.
constexpr int kHostBurst = 50;
/// The shapes' vocabulary.
constexpr unsigned kHostVocab = 128256;

__global__ void host_empty_kernel(unsigned* sink) {
  if (sink != nullptr && threadIdx.x == 0 && blockIdx.x == 0) *sink = 0;
}

template <typename Call>
void print_case(const char* name, unsigned batch, Call&& call) {
  for (int i = 0; i < 20; ++i) call(i);  // warm-up: lazy module loading, first-call set-up
  const auto wait = [] {
    if (cudaDeviceSynchronize() != cudaSuccess) std::exit(1);
  };
  const host_timing::Spread queued = host_timing::time_calls(kHostCalls, kHostBurst, call, wait);
  const host_timing::Spread drained = host_timing::time_calls(kHostCalls, 1, call, wait);
  std::printf("host %-34s %6u %9.2f %9.2f %9.2f %9.2f\n", name, batch, queued.median, queued.p90,
              drained.median, drained.p90);
}

/// Prints the table (us): case, batch, queued median / p90, drained median / p90.
inline void print_host_times() {
  std::printf("host %-34s %6s %9s %9s %9s %9s\n", "case", "batch", "median", "p90", "drained",
              "drained90");
  print_case("cudaSetDevice(0)", 0, [](int) { (void)cudaSetDevice(0); });
  print_case("cudaGetDevice", 0, [](int) {
    int device = -1;
    (void)cudaGetDevice(&device);
  });
  for (const bool overlap : {false, true}) {
    const tokenpick::RowChunk chunk{0, 1, 1, false, overlap};
    print_case(overlap ? "bare launch, dependent" : "bare launch", 1, [&](int) {
      (void)tokenpick::launch_row_groups(host_empty_kernel, chunk, 512, 0, nullptr, nullptr);
    });
  }
  for (const unsigned batch : {1u, 256u}) {
    float* logits = nullptr;
    std::uint32_t* out = nullptr;
    if (cudaMalloc(&logits, sizeof(float) * batch * kHostVocab) != cudaSuccess ||
        cudaMemset(logits, 0, sizeof(float) * batch * kHostVocab) != cudaSuccess ||
        cudaMalloc(&out, 2 * sizeof(std::uint32_t) * batch) != cudaSuccess) {
      std::exit(1);
    }
    std::vector<tokenpick::KernelRowParams> params(batch);
    for (unsigned r = 0; r < batch; ++r) params[r] = {1.0f, 50, 0.9f, 0.0f, r};
    // The fields both launches share.
    const auto shape = [&](auto& l) {
      l.logits = logits;
      l.type = tokenpick::LogitsType::F32;
      l.rows = batch;
      l.cols = kHostVocab;
      l.params = params.data();
      l.params_count = batch;
    };
    tokenpick::GumbelLaunch gumbel{};
    shape(gumbel);
    gumbel.tokens = out;
    print_case("launch_gumbel_max", batch, [&](int i) {
      gumbel.step = static_cast<std::uint64_t>(i);
      tokenpick::launch_gumbel_max("host", gumbel);
    });
    tokenpick::RejectionLaunch filtered{};
    shape(filtered);
    filtered.max_rounds = 64;
    filtered.out = out;
    print_case("launch_fused_rejection k50 p0.9", batch, [&](int i) {
      filtered.step = static_cast<std::uint64_t>(i);
      tokenpick::launch_fused_rejection("host", filtered);
    });
    if (cudaFree(logits) != cudaSuccess || cudaFree(out) != cudaSuccess) std::exit(1);
  }
}

}  // namespace host_times

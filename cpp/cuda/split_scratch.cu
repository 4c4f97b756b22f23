// Per-stream split-row state: a small table of (device, stream, thread for the per-thread
// default stream) -> SplitRow[kMaxSplitRows], filled on first use and never freed (launches
// in one stream are ordered, so they can share it; different streams never do). A destroyed
// stream's state passes to a later stream that gets the same handle: a split launch still in
// flight on the destroyed stream would share it, so streams are destroyed after their work
// (tokenpick's CudaStream waits on drop; a caller's own streams must do the same).
#include "gpu_runtime.cuh"

#include <mutex>
#include <thread>
#include <vector>

#include "cuda_memory.h"
#include "split_scratch.h"

namespace tokenpick {

namespace {

/// Streams that get a split state (beyond it, launches take the cluster path).
constexpr std::size_t kMaxSplitStreams = 4096;

struct Entry {
  int device;
  void* stream;
  std::thread::id thread;
  SplitRow* rows;
};

}  // namespace

SplitRow* split_scratch(const char* entry, int device, void* stream) {
  static std::mutex lock;
  static std::vector<Entry> entries;
  // The per-thread default stream is one handle for many threads' streams.
  const std::thread::id thread = stream == static_cast<void*>(cudaStreamPerThread)
                                     ? std::this_thread::get_id()
                                     : std::thread::id();
  const std::lock_guard<std::mutex> guard(lock);
  for (const Entry& e : entries) {
    if (e.device == device && e.stream == stream && e.thread == thread) return e.rows;
  }
  if (entries.size() >= kMaxSplitStreams) return nullptr;
  const cudaStream_t s = static_cast<cudaStream_t>(stream);
  cudaStreamCaptureStatus capture = cudaStreamCaptureStatusNone;
  if (cudaStreamIsCapturing(s, &capture) != cudaSuccess) {
    (void)cudaGetLastError();
    return nullptr;
  }
  if (capture != cudaStreamCaptureStatusNone) return nullptr;
  const std::size_t bytes = sizeof(SplitRow) * kMaxSplitRows;
  auto* rows = static_cast<SplitRow*>(cuda_alloc_async(entry, device, bytes, stream));
  if (cudaMemsetAsync(rows, 0, bytes, s) != cudaSuccess) {
    (void)cudaGetLastError();
    cuda_free_async(device, rows, stream);
    return nullptr;
  }
  entries.push_back(Entry{device, stream, thread, rows});
  return rows;
}

}  // namespace tokenpick

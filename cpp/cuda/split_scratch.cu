// Per-stream scratch: a small table of (device, stream, thread for the per-thread default
// stream) -> SplitRow[kMaxSplitRows], the top-p route's TopPScratch and the top-k route's
// TopKRouteScratch, each made zeroed on first use and never freed (launches in one stream are
// ordered, so they can share it; different streams never do). A destroyed stream's state
// passes to a later stream that gets the same handle: a launch still in flight on the
// destroyed stream would share it, so streams are destroyed after their work (tokenpick's
// CudaStream waits on drop; a caller's own streams must do the same).
#include "gpu_runtime.cuh"

#include <mutex>
#include <thread>
#include <vector>

#include "cuda_memory.h"
#include "split_scratch.h"
#include "top_k_route.h"
#include "top_p_route.h"

namespace tokenpick {

namespace {

/// Streams that get a split state (beyond it, launches take the cluster path).
constexpr std::size_t kMaxSplitStreams = 4096;

struct Entry {
  int device;
  void* stream;
  std::thread::id thread;
  SplitRow* rows;
  TopPScratch* top_p;
  TopKRouteScratch* top_k;
};

/// `bytes` of zeroed device memory ordered on `stream`, nullptr where it cannot be had
/// without allocating inside a stream capture.
void* zeroed_scratch(const char* entry, int device, void* stream, std::size_t bytes) {
  const cudaStream_t s = static_cast<cudaStream_t>(stream);
  cudaStreamCaptureStatus capture = cudaStreamCaptureStatusNone;
  if (cudaStreamIsCapturing(s, &capture) != cudaSuccess) {
    (void)cudaGetLastError();
    return nullptr;
  }
  if (capture != cudaStreamCaptureStatusNone) return nullptr;
  void* memory = cuda_alloc_async(entry, device, bytes, stream);
  if (cudaMemsetAsync(memory, 0, bytes, s) != cudaSuccess) {
    (void)cudaGetLastError();
    cuda_free_async(device, memory, stream);
    return nullptr;
  }
  return memory;
}

/// The stream's entry (made on first use; nullptr past kMaxSplitStreams), under `lock`.
Entry* stream_entry(std::vector<Entry>& entries, int device, void* stream) {
  // The per-thread default stream is one handle for many threads' streams.
  const std::thread::id thread = stream == static_cast<void*>(cudaStreamPerThread)
                                     ? std::this_thread::get_id()
                                     : std::thread::id();
  for (Entry& e : entries) {
    if (e.device == device && e.stream == stream && e.thread == thread) return &e;
  }
  if (entries.size() >= kMaxSplitStreams) return nullptr;
  entries.push_back(Entry{device, stream, thread, nullptr, nullptr, nullptr});
  return &entries.back();
}

std::mutex entries_lock;
std::vector<Entry> entries;

/// The stream's scratch held in `member`, made zeroed (`bytes`) on first use.
template <typename T>
T* entry_scratch(const char* entry, int device, void* stream, T* Entry::*member,
                 std::size_t bytes) {
  const std::lock_guard<std::mutex> guard(entries_lock);
  Entry* e = stream_entry(entries, device, stream);
  if (e == nullptr) return nullptr;
  if (e->*member == nullptr) {
    e->*member = static_cast<T*>(zeroed_scratch(entry, device, stream, bytes));
  }
  return e->*member;
}

}  // namespace

SplitRow* split_scratch(const char* entry, int device, void* stream) {
  return entry_scratch(entry, device, stream, &Entry::rows, sizeof(SplitRow) * kMaxSplitRows);
}

TopPScratch* top_p_scratch(const char* entry, int device, void* stream) {
  return entry_scratch(entry, device, stream, &Entry::top_p, sizeof(TopPScratch));
}

TopKRouteScratch* top_k_route_scratch(const char* entry, int device, void* stream) {
  return entry_scratch(entry, device, stream, &Entry::top_k, sizeof(TopKRouteScratch));
}

}  // namespace tokenpick

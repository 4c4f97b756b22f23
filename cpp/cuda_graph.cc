// CUDA streams and graphs for the bridge: the CUDA runtime in a `cuda` build; elsewhere every
// call is the backend-failure idiom (no CUDA compiled in).
#include "tokenpick-core/cpp/bridge.h"
#include "tokenpick-core/cpp/gpu_build.h"
#include "tokenpick-core/cpp/errors.h"
#include "tokenpick-core/src/bridge.rs.h"

#if defined(TOKENPICK_GPU)
#include "tokenpick-core/cpp/cuda/cuda_graph_ops.h"
#endif

namespace tokenpick {

namespace {

constexpr const char* kEntry = "cuda_graph";

#if !defined(TOKENPICK_GPU)
[[noreturn]] void no_cuda() { throw_backend_failure(kEntry, "CUDA is not compiled in"); }
#endif

}  // namespace

#if defined(TOKENPICK_GPU)
std::size_t cuda_stream_create(std::int32_t device) {
  return cuda_ops_stream_create(kEntry, device);
}
void cuda_stream_destroy(std::size_t stream) { cuda_ops_stream_destroy(kEntry, stream); }
void cuda_stream_synchronize(std::size_t stream) { cuda_ops_stream_synchronize(kEntry, stream); }
void cuda_graph_begin_capture(std::size_t stream) { cuda_ops_begin_capture(kEntry, stream); }
std::size_t cuda_graph_end_capture(std::size_t stream) {
  return cuda_ops_end_capture(kEntry, stream);
}
void cuda_graph_launch(std::size_t graph, std::size_t stream) {
  cuda_ops_graph_launch(kEntry, graph, stream);
}
void cuda_graph_destroy(std::size_t graph) { cuda_ops_graph_destroy(kEntry, graph); }
#else
std::size_t cuda_stream_create(std::int32_t) { no_cuda(); }
void cuda_stream_destroy(std::size_t) { no_cuda(); }
void cuda_stream_synchronize(std::size_t) { no_cuda(); }
void cuda_graph_begin_capture(std::size_t) { no_cuda(); }
std::size_t cuda_graph_end_capture(std::size_t) { no_cuda(); }
void cuda_graph_launch(std::size_t, std::size_t) { no_cuda(); }
void cuda_graph_destroy(std::size_t) { no_cuda(); }
#endif

}  // namespace tokenpick

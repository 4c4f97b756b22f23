// Plain-C++ view of the CUDA stream and graph calls (cuda_graph_ops.cu); handles travel as
// integers. Failures throw the backend-failure idiom naming `entry`.
#pragma once

#include <cstddef>
#include <cstdint>

namespace tokenpick {

std::size_t cuda_ops_stream_create(const char* entry, std::int32_t device);
void cuda_ops_stream_destroy(const char* entry, std::size_t stream);
void cuda_ops_stream_synchronize(const char* entry, std::size_t stream);
/// Starts capturing `stream` (thread-local mode: other threads' calls are not affected).
void cuda_ops_begin_capture(const char* entry, std::size_t stream);
/// Ends the capture and returns the instantiated graph.
std::size_t cuda_ops_end_capture(const char* entry, std::size_t stream);
void cuda_ops_graph_launch(const char* entry, std::size_t graph, std::size_t stream);
void cuda_ops_graph_destroy(const char* entry, std::size_t graph);

}  // namespace tokenpick

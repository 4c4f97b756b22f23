#include "cuda_graph_ops.h"

#include "gpu_runtime.cuh"

#include "cuda_check.h"

namespace tokenpick {

namespace {

cudaStream_t as_stream(std::size_t handle) { return reinterpret_cast<cudaStream_t>(handle); }

}  // namespace

std::size_t cuda_ops_stream_create(const char* entry, std::int32_t device) {
  cuda_check(entry, cudaSetDevice(device), "cudaSetDevice");
  cudaStream_t stream = nullptr;
  cuda_check(entry, cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking), "cudaStreamCreate");
  return reinterpret_cast<std::size_t>(stream);
}

void cuda_ops_stream_destroy(const char* entry, std::size_t stream) {
  // Wait for the stream's work first: its split-row state (split_scratch.cu) may pass to a
  // stream created later with the same handle.
  const cudaError_t waited = cudaStreamSynchronize(as_stream(stream));
  cuda_check(entry, cudaStreamDestroy(as_stream(stream)), "cudaStreamDestroy");
  cuda_check(entry, waited, "cudaStreamSynchronize");
}

void cuda_ops_stream_synchronize(const char* entry, std::size_t stream) {
  cuda_check(entry, cudaStreamSynchronize(as_stream(stream)), "cudaStreamSynchronize");
}

void cuda_ops_begin_capture(const char* entry, std::size_t stream) {
  cuda_check(entry, cudaStreamBeginCapture(as_stream(stream), cudaStreamCaptureModeThreadLocal),
        "cudaStreamBeginCapture");
}

std::size_t cuda_ops_end_capture(const char* entry, std::size_t stream) {
  cudaGraph_t graph = nullptr;
  cuda_check(entry, cudaStreamEndCapture(as_stream(stream), &graph), "cudaStreamEndCapture");
  cudaGraphExec_t exec = nullptr;
  const cudaError_t status = cudaGraphInstantiate(&exec, graph, 0);
  cudaGraphDestroy(graph);
  cuda_check(entry, status, "cudaGraphInstantiate");
  return reinterpret_cast<std::size_t>(exec);
}

void cuda_ops_graph_launch(const char* entry, std::size_t graph, std::size_t stream) {
  cuda_check(entry, cudaGraphLaunch(reinterpret_cast<cudaGraphExec_t>(graph), as_stream(stream)),
        "cudaGraphLaunch");
}

void cuda_ops_graph_destroy(const char* entry, std::size_t graph) {
  cuda_check(entry, cudaGraphExecDestroy(reinterpret_cast<cudaGraphExec_t>(graph)),
        "cudaGraphExecDestroy");
}

}  // namespace tokenpick

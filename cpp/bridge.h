// Everything the #[cxx::bridge] in src/bridge.rs names. Every kernel entry point throws on
// refusal or bad input; cxx turns the throw into Err(cxx::Exception) because every one of them
// is declared `-> Result<...>` on the Rust side (a throw through a non-Result extern would be
// std::terminate).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>

#include "rust/cxx.h"
#include "tokenpick-core/cpp/array.h"

namespace tokenpick {

struct RowParams;
enum class GpuKernelBackend : std::uint8_t;
enum class Convention : std::uint8_t;

// Arrays.
std::unique_ptr<Array> array_from_host(DType dtype, rust::Slice<const std::uint8_t> bytes,
                                       std::size_t rows, std::size_t cols);
std::unique_ptr<Array> array_wrap_device(Placement placement, std::int32_t device_id,
                                         std::size_t address, std::size_t stream, DType dtype,
                                         std::size_t rows, std::size_t cols);

std::unique_ptr<Array> array_to_device(const Array& source, Placement placement,
                                       std::int32_t device_id);
std::unique_ptr<Array> array_to_host(const Array& source);

// Backend resolution and support predicates (read from the port tables).
GpuKernelBackend gpu_kernel_backend();
rust::String gpu_device_name();
bool custom_kernels_available();
bool gumbel_max_sample_supported();
bool fused_sample_rejection_supported();
bool row_takes_top_p_route(const Array& logits, const RowParams& params,
                           std::uint32_t max_rounds);

// Kernel entry points.
std::unique_ptr<Array> gumbel_max_sample(const Array& logits, float temperature,
                                         std::uint64_t seed, std::uint64_t step);
std::unique_ptr<Array> gumbel_max_sample_rows(const Array& logits,
                                              rust::Slice<const RowParams> params,
                                              std::uint64_t step);
std::unique_ptr<Array> fused_sample_rejection(const Array& logits, float temperature,
                                              std::uint32_t top_k, float top_p, float min_p,
                                              std::uint32_t max_rounds, std::uint64_t seed,
                                              std::uint64_t step);
std::unique_ptr<Array> fused_sample_rejection_rows(const Array& logits,
                                                   rust::Slice<const RowParams> params,
                                                   std::uint64_t step, std::uint32_t max_rounds,
                                                   Convention convention);
std::unique_ptr<Array> fused_sample_rejection_deferred(const Array& logits, float temperature,
                                                       std::uint32_t top_k, float top_p,
                                                       float min_p, std::uint32_t max_rounds,
                                                       std::uint64_t seed, std::uint64_t step);
std::unique_ptr<Array> fused_sample_rejection_rows_deferred(const Array& logits,
                                                            rust::Slice<const RowParams> params,
                                                            std::uint64_t step,
                                                            std::uint32_t max_rounds,
                                                            Convention convention);
std::unique_ptr<Array> fused_sample_top_p_route_deferred(const Array& logits,
                                                         rust::Slice<const RowParams> params,
                                                         std::uint64_t step,
                                                         std::uint32_t max_rounds,
                                                         Convention convention);
void gumbel_max_sample_rows_into(const Array& logits, rust::Slice<const RowParams> params,
                                 std::uint64_t step, Array& tokens);
void fused_sample_rejection_rows_into(const Array& logits, rust::Slice<const RowParams> params,
                                      std::uint64_t step, std::uint32_t max_rounds,
                                      Convention convention, Array& out);
std::unique_ptr<Array> array_device_empty(const Array& like, DType dtype, std::size_t rows,
                                          std::size_t cols);

// CUDA streams and graphs, for callers (and tests) that capture the into-calls in a graph.
std::size_t cuda_stream_create(std::int32_t device);
void cuda_stream_destroy(std::size_t stream);
void cuda_stream_synchronize(std::size_t stream);
void cuda_graph_begin_capture(std::size_t stream);
std::size_t cuda_graph_end_capture(std::size_t stream);
void cuda_graph_launch(std::size_t graph, std::size_t stream);
void cuda_graph_destroy(std::size_t graph);

// The C++ noise, reachable from Rust so tests can pin it to the Rust noise bit for bit.
void noise_philox4x32_10(rust::Slice<const std::uint32_t> counter,
                         rust::Slice<const std::uint32_t> key, rust::Slice<std::uint32_t> out);
void noise_gumbel(std::uint64_t seed, std::uint64_t step, std::uint64_t first_token,
                  rust::Slice<float> out);
void noise_det_ln(rust::Slice<const float> inputs, rust::Slice<float> out);

}  // namespace tokenpick

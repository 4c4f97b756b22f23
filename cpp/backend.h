// Run-time resolution of the GPU backend among those compiled in: a backend counts only when
// its runtime answers with at least one device. Resolved once per process.
#pragma once

namespace tokenpick {

/// The resolved backend, in C++ terms (mirrors the bridge's GpuKernelBackend).
enum class ResolvedBackend { None, Metal, Cuda, Rocm };

/// Resolves once (thread-safe) and returns the backend every launcher dispatches to.
ResolvedBackend resolved_backend();

}  // namespace tokenpick

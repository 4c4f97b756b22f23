// The error idiom of the C++ layer. Every message starts with "[entry] " so the Rust side can
// name the entry point; the Rust side classifies the rest:
//   refusal:          "[entry] no custom kernel port for this GPU backend; callers take the
//                      <fallback> fallback instead"
//   invalid argument: "[entry] invalid argument `name`: reason"
//   backend failure:  "[entry] backend failure: reason"
#pragma once

#include <stdexcept>
#include <string>

namespace tokenpick {

/// Thrown when no port of a kernel exists for the resolved backend.
[[noreturn]] void throw_no_kernel_port(const char* entry, const char* fallback);
/// Thrown when an argument is invalid; checked before any launch.
[[noreturn]] void throw_invalid_argument(const char* entry, const char* argument,
                                         const std::string& reason);
/// Thrown when a backend call (allocation, copy, launch) fails.
[[noreturn]] void throw_backend_failure(const char* entry, const std::string& reason);

}  // namespace tokenpick

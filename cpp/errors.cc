#include "tokenpick-core/cpp/errors.h"

namespace tokenpick {

void throw_no_kernel_port(const char* entry, const char* fallback) {
  throw std::runtime_error(std::string("[") + entry +
                           "] no custom kernel port for this GPU backend; callers take the " +
                           fallback + " fallback instead");
}

void throw_invalid_argument(const char* entry, const char* argument, const std::string& reason) {
  throw std::invalid_argument(std::string("[") + entry + "] invalid argument `" + argument +
                              "`: " + reason);
}

void throw_backend_failure(const char* entry, const std::string& reason) {
  throw std::runtime_error(std::string("[") + entry + "] backend failure: " + reason);
}

}  // namespace tokenpick

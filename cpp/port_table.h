// One port table per kernel: {metal, cuda, rocm}. The support predicate and the dispatch both
// read the same table, so they cannot disagree. The launcher refuses BEFORE selecting a port.
#pragma once

#include "tokenpick-core/cpp/backend.h"
#include "tokenpick-core/cpp/errors.h"

namespace tokenpick {

template <class Port>
struct PortTable {
  Port metal;
  Port cuda;
  Port rocm;
};

/// The port of `table` for the resolved backend, or nullptr when it has none.
template <class Port>
Port port_for_backend(const PortTable<Port>& table) {
  switch (resolved_backend()) {
    case ResolvedBackend::Metal:
      return table.metal;
    case ResolvedBackend::Cuda:
      return table.cuda;
    case ResolvedBackend::Rocm:
      return table.rocm;
    case ResolvedBackend::None:
      break;
  }
  return nullptr;
}

/// True when `table` has a port for the resolved backend.
template <class Port>
bool port_supported(const PortTable<Port>& table) {
  return port_for_backend(table) != nullptr;
}

/// The port to launch, or the refusal of DESIGN section 2.
template <class Port>
Port select_port_or_refuse(const PortTable<Port>& table, const char* entry, const char* fallback) {
  Port port = port_for_backend(table);
  if (port == nullptr) throw_no_kernel_port(entry, fallback);
  return port;
}

}  // namespace tokenpick

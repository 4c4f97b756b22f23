// Asks the HIP runtime how many devices it sees. On a machine without an AMD GPU the runtime
// answers an error (hipErrorNoDevice, or no driver) rather than a zero count: any error or a
// zero count means "no device", so the backend resolves to None and every kernel refuses.
#include <hip/hip_runtime.h>

#include "hip_probe.h"

namespace tokenpick {

int hip_device_count() {
  int count = 0;
  if (hipGetDeviceCount(&count) != hipSuccess) {
    (void)hipGetLastError();  // clear the error so later calls start clean
    return 0;
  }
  return count;
}

const char* hip_device_name(int device) {
  static thread_local hipDeviceProp_t properties;
  if (hipGetDeviceProperties(&properties, device) != hipSuccess) {
    (void)hipGetLastError();
    return "unknown";
  }
  return properties.name;
}

}  // namespace tokenpick

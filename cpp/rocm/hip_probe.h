// Plain-C++ view of the HIP runtime probe, compiled by hipcc in hip_probe.hip (feature rocm).
#pragma once

namespace tokenpick {

/// Number of HIP devices; 0 when the runtime answers any error (no driver, no /dev/kfd).
int hip_device_count();
/// The name of HIP device `device` ("unknown" when the runtime cannot say).
const char* hip_device_name(int device);

}  // namespace tokenpick

// Plain-C++ view of the CUDA runtime probe, compiled by nvcc in cuda_probe.cu.
#pragma once

namespace tokenpick {

/// Number of CUDA devices; 0 when the runtime answers any error (e.g. 35, no driver).
int cuda_device_count();
/// The name of CUDA device `device` ("unknown" when the runtime cannot say).
const char* cuda_device_name(int device);

}  // namespace tokenpick

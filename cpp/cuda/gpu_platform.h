// Which runtime the kernel sources are compiled against: TP_HIP for HIP, on AMD (hipcc) or on
// NVIDIA (nvcc with HIP's NVIDIA-platform headers, __HIP_PLATFORM_NVIDIA__); else CUDA.
// TP_HIP_AMD for HIP on AMD hardware only (wavefront widths, LDS limits).
#pragma once

#if defined(__HIPCC__) || defined(__HIP_PLATFORM_NVIDIA__)
#define TP_HIP 1
#endif
#if defined(TP_HIP) && !defined(__HIP_PLATFORM_NVIDIA__)
#define TP_HIP_AMD 1
#endif

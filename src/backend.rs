//! Backend resolution and the kernels' support predicates, read from the C++ port tables.

use crate::bridge::ffi;
pub use crate::bridge::ffi::GpuKernelBackend;
use crate::bridge::ffi::RowParams;

/// The GPU backend resolved once at run time among those compiled in (`None` without a device).
pub fn gpu_kernel_backend() -> GpuKernelBackend {
    ffi::gpu_kernel_backend()
}

/// The name of the device the kernels run on (device 0 of the resolved backend), or "none".
pub fn gpu_device_name() -> String {
    ffi::gpu_device_name()
}

/// True when any kernel has a port for the resolved backend.
pub fn custom_kernels_available() -> bool {
    ffi::custom_kernels_available()
}

/// True when the Gumbel-max kernel has a port for the resolved backend.
pub fn gumbel_max_sample_supported() -> bool {
    ffi::gumbel_max_sample_supported()
}

/// True when the filtered-sampling (rejection) kernel has a port for the resolved backend.
pub fn fused_sample_rejection_supported() -> bool {
    ffi::fused_sample_rejection_supported()
}

/// True when a row of `params` over `cols` tokens may take the CUDA / ROCm top-p route (DESIGN
/// 3): top-p as its only filter, at least 0.75. A call of at most 16 such rows takes it; its
/// draw has no candidate limit, so it finishes rows the two-pass filtered kernel left
/// (`ok` false). False in a build without a GPU runtime.
pub fn top_p_route_takes(params: &RowParams, cols: usize, max_rounds: u32) -> bool {
    ffi::top_p_route_takes(params, cols, max_rounds)
}

impl std::fmt::Display for GpuKernelBackend {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let name = match *self {
            GpuKernelBackend::None => "none",
            GpuKernelBackend::Metal => "metal",
            GpuKernelBackend::Cuda => "cuda",
            GpuKernelBackend::Rocm => "rocm",
            _ => "unknown",
        };
        f.write_str(name)
    }
}

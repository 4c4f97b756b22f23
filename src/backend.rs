//! Backend resolution and the kernels' support predicates, read from the C++ port tables.

use crate::array::Array;
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

/// True where a row drawn with `params` over `logits`' columns takes the CUDA / ROCm top-p
/// route (DESIGN 3: a top-p of at least 0.75 as the only filter, not greedy); false in a build
/// without a GPU runtime. The route's draw has no candidate limit, so
/// [`crate::fused_sample_top_p_route_deferred`] finishes rows the two-pass filtered kernel left
/// (`ok` false).
pub fn row_takes_top_p_route(logits: &Array, params: &RowParams, max_rounds: u32) -> bool {
    ffi::row_takes_top_p_route(logits.as_ffi(), params, max_rounds)
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

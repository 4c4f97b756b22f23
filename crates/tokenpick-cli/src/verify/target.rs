//! Where `verify` puts its logits: on the resolved backend's device when there is one (so the
//! sampler takes that backend's kernels), else on the host (the CPU path).

use tokenpick::core::{Placement, gpu_device_name};
use tokenpick::{Array, Error, GpuKernelBackend};

/// The machine's backend and how to place logits on it.
pub struct Target {
    backend: GpuKernelBackend,
}

impl Target {
    /// The backend tokenpick resolved on this machine.
    pub fn detect() -> Self {
        Target {
            backend: tokenpick::core::gpu_kernel_backend(),
        }
    }

    /// `CPU` or the GPU backend's name.
    pub fn backend_name(&self) -> String {
        match self.backend {
            GpuKernelBackend::None => "CPU".to_owned(),
            other => other.to_string(),
        }
    }

    /// The device's name, or the CPU's thread count.
    pub fn device_name(&self) -> String {
        match self.backend {
            GpuKernelBackend::None => format!(
                "{} threads",
                std::thread::available_parallelism().map_or(1, |n| n.get())
            ),
            _ => gpu_device_name(),
        }
    }

    /// Whether this backend has kernels to verify (a resolved backend whose ports are not
    /// built yet, e.g. ROCm today, is verified on the CPU path and says so).
    pub fn has_kernels(&self) -> bool {
        self.backend != GpuKernelBackend::None && tokenpick::core::custom_kernels_available()
    }

    fn placement(&self) -> Option<Placement> {
        if !self.has_kernels() {
            return None;
        }
        match self.backend {
            GpuKernelBackend::Cuda => Some(Placement::Cuda),
            GpuKernelBackend::Rocm => Some(Placement::Rocm),
            GpuKernelBackend::Metal => Some(Placement::Metal),
            _ => None,
        }
    }

    /// `rows x cols` f32 logits where this backend samples them.
    pub fn logits(&self, values: &[f32], rows: usize, cols: usize) -> Result<Array, Error> {
        let host = Array::from_host_f32(values, rows, cols)?;
        match self.placement() {
            Some(placement) => Ok(host.to_device(placement, 0)?),
            None => Ok(host),
        }
    }
}

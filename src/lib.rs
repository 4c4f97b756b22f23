//! tokenpick-core: the fallible `cxx` bridge to tokenpick's C++ kernel layer.
//!
//! - [`Array`]: `[rows, cols]` logits (f32, f16, bf16) or token ids on the host or a device.
//! - Kernel entry points ([`gumbel_max_sample`], [`fused_sample_rejection`],
//!   [`fused_sample_rejection_deferred`] and their per-row forms), each returning
//!   `Result<_, Error>`; a backend without a port refuses with [`Error::NoKernelPort`]. The
//!   `_into` forms write into a caller's device array and allocate nothing ([`cuda_graph`]
//!   captures them).
//! - [`gpu_kernel_backend`] and the support predicates, read from the same port tables the
//!   launchers dispatch through.
//! - The random-number spec: [`philox`] (Philox4x32-10) and [`noise`] (uniforms, the
//!   deterministic `ln`, Gumbel noise), bit-identical to the C++ header the kernels use.
//!
//! The raw bridge stays reachable as [`ffi`].

mod array;
mod backend;
mod bridge;
pub mod cuda_graph;
mod entry;
mod error;
pub mod noise;
pub mod philox;

pub use array::{Array, DType, Placement};
pub use backend::{
    GpuKernelBackend, custom_kernels_available, fused_sample_rejection_supported, gpu_device_name,
    gpu_kernel_backend, gumbel_max_sample_supported, row_takes_top_p_route,
};
pub use bridge::ffi;
pub use entry::{
    Convention, DEFAULT_MAX_ROUNDS, DeferredSample, RejectionSample, RowParams,
    fused_sample_rejection, fused_sample_rejection_deferred, fused_sample_rejection_rows,
    fused_sample_rejection_rows_deferred, fused_sample_rejection_rows_into,
    fused_sample_top_p_route_deferred, gumbel_max_sample, gumbel_max_sample_rows,
    gumbel_max_sample_rows_into,
};
pub use error::Error;

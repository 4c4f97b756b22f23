//! tokenpick: one call per decode step turns `[batch, vocab]` logits into one token per row,
//! with temperature, top-k, top-p and min-p (DESIGN section 3), on GPU kernels where the data
//! lives on a device and on an exact, fast CPU path otherwise (also the kernels' fallback).
//!
//! ```
//! use tokenpick::{SamplingParams, sample_host};
//! let logits = vec![0.0f32, 2.0, 1.0, -1.0, /* row 2 */ 5.0, 0.0, 0.0, 0.0];
//! let params = [SamplingParams { top_k: 2, seed: Some(42), ..SamplingParams::default() }];
//! let tokens = sample_host(&logits, 4, &params, 0).unwrap();
//! assert_eq!(tokens.len(), 2);
//! ```

mod cpu;
mod device;
mod error;
mod params;
pub mod reference;
mod route;
mod route_memory;
mod sampler;
pub mod stats;
mod switches;
pub mod synthetic;

pub use cpu::sample_rows as sample_rows_cpu;
pub use error::{Error, RowError};
pub use params::{Convention, RowMode, SamplingParams};
pub use route::{
    FallbackReason, KernelSupport, PathReport, Residency, RowRoute, SamplingPath, path_name,
    route_row,
};
pub use sampler::{BackendChoice, Sampler, SamplerBuilder};
pub use switches::{GUMBEL_SWITCH, KillSwitches, REJECTION_SWITCH, kill_switches, switch_allows};
pub use tokenpick_core::{self as core, Array, GpuKernelBackend};

/// One token per row of host logits (`rows * vocab` f32, row-major), temperature first.
/// `params` has one entry per row or one for all; rows without a seed get one from this
/// thread's entropy-seeded generator. Any invalid row fails the call with
/// [`Error::InvalidRows`] naming every bad row; [`sample_host_lenient`] returns the others.
pub fn sample_host(
    logits: &[f32],
    vocab: usize,
    params: &[SamplingParams],
    step: u64,
) -> Result<Vec<u32>, Error> {
    sampler::strict(sample_host_lenient(logits, vocab, params, step)?)
}

/// As [`sample_host`], with each row's own result.
pub fn sample_host_lenient(
    logits: &[f32],
    vocab: usize,
    params: &[SamplingParams],
    step: u64,
) -> Result<Vec<Result<u32, RowError>>, Error> {
    let rows = sampler::check_shape(logits.len(), vocab, params.len())?;
    let seeds = sampler::resolve_seeds(params, rows, &mut rand::rng());
    Ok(cpu::sample_rows(
        logits,
        vocab,
        params,
        &seeds,
        step,
        Convention::TemperatureFirst,
    ))
}

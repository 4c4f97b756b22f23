//! Safe wrappers of the kernel entry points. Each returns the typed [`Error`]: the refusal of a
//! backend without a port is [`Error::NoKernelPort`], never a panic or an abort.

use crate::array::Array;
use crate::bridge::ffi;
pub use crate::bridge::ffi::{Convention, RowParams};
use crate::error::Error;

/// Round cap the filtered-sampling kernel gets unless told otherwise: the passes over a row it
/// may make. The CUDA kernel needs two (a histogram pass, then the draw); a cap below that
/// sends every drawn row to the fallback.
pub const DEFAULT_MAX_ROUNDS: u32 = 64;

/// The filtered-sampling kernel's result: a token and an ok flag per row. A row whose flag is
/// false was not finished on the device (round cap below the passes it needs, an infinite
/// logit, or more boundary candidates than fit in shared memory); the sampler resolves it
/// through the argpartition fallback.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RejectionSample {
    /// One token per row (meaningful only where `ok`).
    pub tokens: Vec<u32>,
    /// Whether the row finished within the round cap.
    pub ok: Vec<bool>,
}

impl RejectionSample {
    /// Reads a u32 `[rows, 2]` array of (token, ok) pairs.
    pub fn from_array(array: &Array) -> Result<Self, Error> {
        let words = array.to_host_u32()?;
        if array.cols() != 2 {
            return Err(Error::invalid(
                "fused_sample_rejection",
                "output",
                format!(
                    "expected [rows, 2], got [{}, {}]",
                    array.rows(),
                    array.cols()
                ),
            ));
        }
        let tokens = words.chunks_exact(2).map(|pair| pair[0]).collect();
        let ok = words.chunks_exact(2).map(|pair| pair[1] != 0).collect();
        Ok(RejectionSample { tokens, ok })
    }
}

/// A rejection call enqueued on the logits' stream; [`DeferredSample::resolve`] waits for it.
#[derive(Debug)]
pub struct DeferredSample {
    output: Array,
}

impl DeferredSample {
    /// The device-resident `[rows, 2]` output, for callers that keep it on the device.
    pub fn output(&self) -> &Array {
        &self.output
    }

    /// Waits for the stream and reads the tokens and flags back.
    pub fn resolve(self) -> Result<RejectionSample, Error> {
        RejectionSample::from_array(&self.output)
    }
}

/// Gumbel-max with one temperature and seed for all rows: u32 `[rows, 1]`.
pub fn gumbel_max_sample(
    logits: &Array,
    temperature: f32,
    seed: u64,
    step: u64,
) -> Result<Array, Error> {
    Array::from_ffi(ffi::gumbel_max_sample(
        logits.as_ffi(),
        temperature,
        seed,
        step,
    )?)
}

/// Gumbel-max with per-row temperature and seed (`params`: one per row, or one for all).
pub fn gumbel_max_sample_rows(
    logits: &Array,
    params: &[RowParams],
    step: u64,
) -> Result<Array, Error> {
    Array::from_ffi(ffi::gumbel_max_sample_rows(logits.as_ffi(), params, step)?)
}

/// Filtered sampling (top-k, top-p, min-p) with one parameter set for all rows.
#[allow(clippy::too_many_arguments)]
pub fn fused_sample_rejection(
    logits: &Array,
    temperature: f32,
    top_k: u32,
    top_p: f32,
    min_p: f32,
    max_rounds: u32,
    seed: u64,
    step: u64,
) -> Result<RejectionSample, Error> {
    let output = Array::from_ffi(ffi::fused_sample_rejection(
        logits.as_ffi(),
        temperature,
        top_k,
        top_p,
        min_p,
        max_rounds,
        seed,
        step,
    )?)?;
    RejectionSample::from_array(&output)
}

/// A bridged filtered-sampling entry over per-row parameters: (token, ok) per row.
type RowsEntry = fn(
    &ffi::Array,
    &[RowParams],
    u64,
    u32,
    Convention,
) -> Result<cxx::UniquePtr<ffi::Array>, cxx::Exception>;

/// Calls `entry` and keeps its device output (enqueued, not waited for).
fn enqueue_rows(
    entry: RowsEntry,
    logits: &Array,
    params: &[RowParams],
    step: u64,
    max_rounds: u32,
    convention: Convention,
) -> Result<DeferredSample, Error> {
    let output = Array::from_ffi(entry(
        logits.as_ffi(),
        params,
        step,
        max_rounds,
        convention,
    )?)?;
    Ok(DeferredSample { output })
}

/// Filtered sampling (top-k, top-p, min-p) with per-row parameters.
pub fn fused_sample_rejection_rows(
    logits: &Array,
    params: &[RowParams],
    step: u64,
    max_rounds: u32,
    convention: Convention,
) -> Result<RejectionSample, Error> {
    let entry = ffi::fused_sample_rejection_rows;
    enqueue_rows(entry, logits, params, step, max_rounds, convention)?.resolve()
}

/// As [`fused_sample_rejection`], enqueued without waiting.
#[allow(clippy::too_many_arguments)]
pub fn fused_sample_rejection_deferred(
    logits: &Array,
    temperature: f32,
    top_k: u32,
    top_p: f32,
    min_p: f32,
    max_rounds: u32,
    seed: u64,
    step: u64,
) -> Result<DeferredSample, Error> {
    let output = Array::from_ffi(ffi::fused_sample_rejection_deferred(
        logits.as_ffi(),
        temperature,
        top_k,
        top_p,
        min_p,
        max_rounds,
        seed,
        step,
    )?)?;
    Ok(DeferredSample { output })
}

/// As [`fused_sample_rejection_rows`], enqueued without waiting.
pub fn fused_sample_rejection_rows_deferred(
    logits: &Array,
    params: &[RowParams],
    step: u64,
    max_rounds: u32,
    convention: Convention,
) -> Result<DeferredSample, Error> {
    let entry = ffi::fused_sample_rejection_rows_deferred;
    enqueue_rows(entry, logits, params, step, max_rounds, convention)
}

/// The top-p route of the filtered kernels for every row, at any batch, enqueued without
/// waiting: the tokens of [`fused_sample_rejection_rows`] for rows whose only filter is a top-p
/// of at least 0.75 (where the two-pass kernel may leave a row the route draws). Refuses, naming
/// the row, a row that does not take the route ([`row_takes_top_p_route`]).
///
/// [`row_takes_top_p_route`]: crate::row_takes_top_p_route
pub fn fused_sample_top_p_route_deferred(
    logits: &Array,
    params: &[RowParams],
    step: u64,
    max_rounds: u32,
    convention: Convention,
) -> Result<DeferredSample, Error> {
    let entry = ffi::fused_sample_top_p_route_deferred;
    enqueue_rows(entry, logits, params, step, max_rounds, convention)
}

/// Gumbel-max into `tokens`, a u32 `[rows, 1]` array on the logits' device (e.g. from
/// [`Array::device_empty`]). Enqueued on the logits' stream; allocates nothing and never waits,
/// so it may be captured in a CUDA graph ([`crate::cuda_graph`]).
pub fn gumbel_max_sample_rows_into(
    logits: &Array,
    params: &[RowParams],
    step: u64,
    tokens: &mut Array,
) -> Result<(), Error> {
    Ok(ffi::gumbel_max_sample_rows_into(
        logits.as_ffi(),
        params,
        step,
        tokens.as_ffi_mut(),
    )?)
}

/// Filtered sampling into `out`, a u32 `[rows, 2]` array of (token, ok) on the logits' device
/// (read it with [`RejectionSample::from_array`]). Enqueued on the logits' stream; allocates
/// nothing and never waits, so it may be captured in a CUDA graph ([`crate::cuda_graph`]).
pub fn fused_sample_rejection_rows_into(
    logits: &Array,
    params: &[RowParams],
    step: u64,
    max_rounds: u32,
    convention: Convention,
    out: &mut Array,
) -> Result<(), Error> {
    Ok(ffi::fused_sample_rejection_rows_into(
        logits.as_ffi(),
        params,
        step,
        max_rounds,
        convention,
        out.as_ffi_mut(),
    )?)
}

//! Per-thread buffers the filters reuse from call to call, so the hot path does not allocate
//! once a thread has seen a row of the same size.

use std::cell::RefCell;

/// Bits dropped from a weight's f32 pattern to make its histogram bucket (32 per octave).
pub(crate) const BUCKET_SHIFT: u32 = 18;
/// Buckets of the top-p mass histogram: f32 bit patterns of [0, 1] shifted right.
pub(crate) const HISTOGRAM_BUCKETS: usize = (0x3f80_0000 >> BUCKET_SHIFT) + 1;

/// A thread's reusable buffers.
#[derive(Default)]
pub(crate) struct Scratch {
    /// Top-k candidates: (filter value, token).
    pub candidates: Vec<(f32, u32)>,
    /// Top-p weights e^(f - f_max) of the whole row.
    pub weights: Vec<f32>,
    /// Top-p mass per histogram bucket; all zero between calls.
    pub histogram: Vec<f64>,
}

thread_local! {
    static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch::default());
}

/// Runs `work` with this thread's scratch buffers.
pub(crate) fn with_scratch<R>(work: impl FnOnce(&mut Scratch) -> R) -> R {
    SCRATCH.with(|cell| match cell.try_borrow_mut() {
        Ok(mut scratch) => work(&mut scratch),
        // Re-entered on the same thread (cannot happen in this crate): use fresh buffers.
        Err(_) => work(&mut Scratch::default()),
    })
}

//! What one row's CPU sampling needs to know besides its logits.

use tokenpick_core::Convention;

/// One row's resolved sampling inputs.
#[derive(Debug, Clone, Copy)]
pub(crate) struct RowSpec {
    /// `1 / T`, finite and positive.
    pub r: f32,
    /// Filters act on `z * r` (temperature first) rather than on `z` (temperature last).
    pub scaled_filters: bool,
    /// The row's Philox key.
    pub seed: u64,
    /// The decode step (Philox counter words 1 and 2).
    pub step: u64,
}

impl RowSpec {
    /// A row's spec under a convention.
    pub fn new(r: f32, convention: Convention, seed: u64, step: u64) -> Self {
        RowSpec {
            r,
            scaled_filters: convention != Convention::TemperatureLast,
            seed,
            step,
        }
    }

    /// The multiplier of filter values: `r` (temperature first) or 1 (temperature last).
    #[inline(always)]
    pub fn filter_scale(&self) -> f32 {
        if self.scaled_filters { self.r } else { 1.0 }
    }

    /// The value filters compare for logit `z` (`z * 1.0` is `z` exactly).
    #[inline(always)]
    pub fn filter_value(&self, z: f32) -> f32 {
        z * self.filter_scale()
    }
}

/// Why a row produced no token.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum RowFault {
    /// A logit is NaN.
    Nan,
    /// Nothing has positive probability (every logit -inf after scaling).
    AllMasked,
}

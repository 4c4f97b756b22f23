//! [`SamplingParams`]: one row's parameters, their validation and what they ask for.

use crate::error::RowError;
pub use tokenpick_core::Convention;

/// One row's sampling parameters (DESIGN section 3).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SamplingParams {
    /// Temperature, finite and >= 0; 0 is greedy.
    pub temperature: f32,
    /// Keep the k largest logits; 0 (or >= vocabulary) is off, 1 is greedy.
    pub top_k: u32,
    /// Nucleus mass in (0, 1]; 1 is off.
    pub top_p: f32,
    /// Minimum probability relative to the most likely token, in [0, 1]; 0 is off.
    pub min_p: f32,
    /// The row's Philox key; `None` takes one from the sampler's generator.
    pub seed: Option<u64>,
}

impl Default for SamplingParams {
    fn default() -> Self {
        SamplingParams {
            temperature: 1.0,
            top_k: 0,
            top_p: 1.0,
            min_p: 0.0,
            seed: None,
        }
    }
}

/// The parameters of batch row `row`: `params` holds one entry per row, or one for all rows
/// (the callers check the count first).
pub(crate) fn params_for_row(params: &[SamplingParams], row: usize) -> &SamplingParams {
    if params.len() == 1 {
        &params[0]
    } else {
        &params[row]
    }
}

/// What a row asks for, once validated.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RowMode {
    /// The largest logit (T = 0, top_k = 1, or a temperature whose reciprocal overflows).
    Greedy,
    /// Temperature only: Gumbel-max over the whole row.
    Categorical,
    /// At least one of top-k, top-p, min-p is active.
    Filtered,
}

impl SamplingParams {
    /// Greedy decoding.
    pub fn greedy() -> Self {
        SamplingParams {
            temperature: 0.0,
            ..Self::default()
        }
    }

    /// Temperature and the three filters, unseeded.
    pub const fn filtered(temperature: f32, top_k: u32, top_p: f32, min_p: f32) -> Self {
        SamplingParams {
            temperature,
            top_k,
            top_p,
            min_p,
            seed: None,
        }
    }

    /// Checks every parameter's domain; `row` names the row in the error.
    pub fn validate(&self, row: usize) -> Result<(), RowError> {
        let invalid = |parameter, rule: &str, value: f32| RowError::InvalidParameter {
            row,
            parameter,
            reason: format!("{rule}, got {value}"),
        };
        if !self.temperature.is_finite() || self.temperature < 0.0 {
            return Err(invalid(
                "temperature",
                "must be finite and >= 0",
                self.temperature,
            ));
        }
        if !(self.top_p > 0.0 && self.top_p <= 1.0) {
            return Err(invalid("top_p", "must lie in (0, 1]", self.top_p));
        }
        if !(self.min_p >= 0.0 && self.min_p <= 1.0) {
            return Err(invalid("min_p", "must lie in [0, 1]", self.min_p));
        }
        Ok(())
    }

    /// `1 / T` as DESIGN section 4 computes it (IEEE division, once per row).
    pub fn reciprocal_temperature(&self) -> f32 {
        1.0 / self.temperature
    }

    /// True when top-k keeps fewer than the whole vocabulary.
    pub fn top_k_active(&self, vocab: usize) -> bool {
        self.top_k > 0 && (self.top_k as usize) < vocab
    }

    /// What this (validated) row asks for over a vocabulary of `vocab` tokens. A positive
    /// temperature so small that `1 / T` overflows is treated as greedy.
    pub fn mode(&self, vocab: usize) -> RowMode {
        if self.temperature == 0.0 || self.top_k == 1 || !self.reciprocal_temperature().is_finite()
        {
            RowMode::Greedy
        } else if self.top_k_active(vocab) || self.top_p < 1.0 || self.min_p > 0.0 {
            RowMode::Filtered
        } else {
            RowMode::Categorical
        }
    }

    /// The kernel-side form with the row's resolved seed.
    pub fn to_row_params(&self, seed: u64) -> tokenpick_core::RowParams {
        tokenpick_core::RowParams {
            temperature: self.temperature,
            top_k: self.top_k,
            top_p: self.top_p,
            min_p: self.min_p,
            seed,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_is_plain_sampling_at_temperature_one() {
        let p = SamplingParams::default();
        assert_eq!(
            (p.temperature, p.top_k, p.top_p, p.min_p, p.seed),
            (1.0, 0, 1.0, 0.0, None)
        );
        assert_eq!(p.mode(10), RowMode::Categorical);
    }

    #[test]
    fn modes_follow_the_parameters() {
        let base = SamplingParams::default();
        assert_eq!(SamplingParams::greedy().mode(10), RowMode::Greedy);
        assert_eq!(
            SamplingParams { top_k: 1, ..base }.mode(10),
            RowMode::Greedy
        );
        assert_eq!(
            SamplingParams {
                temperature: 1e-45,
                ..base
            }
            .mode(10),
            RowMode::Greedy
        );
        assert_eq!(
            SamplingParams { top_k: 5, ..base }.mode(10),
            RowMode::Filtered
        );
        assert_eq!(
            SamplingParams { top_k: 10, ..base }.mode(10),
            RowMode::Categorical
        );
        assert_eq!(
            SamplingParams { top_p: 0.5, ..base }.mode(10),
            RowMode::Filtered
        );
        assert_eq!(
            SamplingParams { min_p: 0.1, ..base }.mode(10),
            RowMode::Filtered
        );
    }

    #[test]
    fn validation_names_row_and_parameter() {
        let bad = SamplingParams {
            top_p: 0.0,
            ..SamplingParams::default()
        };
        match bad.validate(7) {
            Err(RowError::InvalidParameter {
                row: 7,
                parameter: "top_p",
                ..
            }) => {}
            other => panic!("unexpected {other:?}"),
        }
        let bad = SamplingParams {
            temperature: -1.0,
            ..SamplingParams::default()
        };
        assert!(matches!(
            bad.validate(0),
            Err(RowError::InvalidParameter {
                parameter: "temperature",
                ..
            })
        ));
        let bad = SamplingParams {
            min_p: f32::NAN,
            ..SamplingParams::default()
        };
        assert!(matches!(
            bad.validate(0),
            Err(RowError::InvalidParameter {
                parameter: "min_p",
                ..
            })
        ));
    }
}

//! Rows of a batch on the CPU, in parallel (rayon) when there is more than one.

use rayon::prelude::*;
use tokenpick_core::Convention;

use super::argpartition::sample_filtered;
use super::greedy::greedy_argmax;
use super::gumbel_argmax::{Draw, Keep, gumbel_argmax};
use super::row_spec::{RowFault, RowSpec};
use super::scratch::with_scratch;
use crate::error::RowError;
use crate::params::{RowMode, SamplingParams, params_for_row};

/// Samples every row of `logits` (`rows * vocab`, row-major) on the CPU. `params` has one
/// entry per row or one for all; `seeds` one per row. Each row gets its own result.
pub fn sample_rows(
    logits: &[f32],
    vocab: usize,
    params: &[SamplingParams],
    seeds: &[u64],
    step: u64,
    convention: Convention,
) -> Vec<Result<u32, RowError>> {
    let rows = seeds.len();
    let one_row = |row: usize| {
        let z = &logits[row * vocab..(row + 1) * vocab];
        sample_row(
            z,
            params_for_row(params, row),
            seeds[row],
            step,
            convention,
            row,
        )
    };
    if rows > 1 {
        (0..rows).into_par_iter().map(one_row).collect()
    } else {
        (0..rows).map(one_row).collect()
    }
}

/// One row: validate, then greedy, categorical or argpartition.
pub(crate) fn sample_row(
    z: &[f32],
    params: &SamplingParams,
    seed: u64,
    step: u64,
    convention: Convention,
    row: usize,
) -> Result<u32, RowError> {
    params.validate(row)?;
    let spec = RowSpec::new(params.reciprocal_temperature(), convention, seed, step);
    let outcome = match params.mode(z.len()) {
        RowMode::Greedy => greedy_argmax(z),
        RowMode::Categorical => match gumbel_argmax(z, &spec, Keep::All) {
            Draw::Token(token) => Ok(token),
            Draw::Nan => Err(RowFault::Nan),
            Draw::Empty => Err(RowFault::AllMasked),
        },
        RowMode::Filtered => with_scratch(|scratch| sample_filtered(z, params, &spec, scratch)),
    };
    outcome.map_err(|fault| match fault {
        RowFault::Nan => RowError::NanLogits { row },
        RowFault::AllMasked => RowError::AllMasked { row },
    })
}

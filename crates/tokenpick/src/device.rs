//! Device-resident logits (DESIGN section 6, "the path follows the data"): rows the Gumbel
//! kernel may take (temperature only, and greedy rows in the same launch) run on the device;
//! the others, and every row when the kernel refuses, take the CPU paths on a host copy.

use tokenpick_core::{Array, Convention, gumbel_max_sample_rows};

use crate::cpu::sample_rows;
use crate::error::{Error, RowError};
use crate::params::SamplingParams;
use crate::route::{FallbackReason, PathReport, RowRoute, SamplingPath};

/// Token the CUDA kernel writes for a row whose logits contain NaN.
const TOKEN_NAN: u32 = 0xFFFF_FFFF;
/// Token the CUDA kernel writes for a row with nothing to draw.
const TOKEN_ALL_MASKED: u32 = 0xFFFF_FFFE;

/// One call over device logits; `routes` (planned for device residency) is updated to what ran.
/// `gumbel_usable`: the Gumbel kernel has a port and its kill switch is on (greedy rows then
/// ride in its launch).
pub(crate) fn sample_device(
    logits: &Array,
    params: &[SamplingParams],
    seeds: &[u64],
    step: u64,
    convention: Convention,
    gumbel_usable: bool,
    routes: &mut PathReport,
) -> Result<Vec<Result<u32, RowError>>, Error> {
    let rows = logits.rows();
    let vocab = logits.cols();
    let param = |row: usize| {
        if params.len() == 1 {
            &params[0]
        } else {
            &params[row]
        }
    };
    let mut results: Vec<Option<Result<u32, RowError>>> = (0..rows)
        .map(|row| param(row).validate(row).err().map(Err))
        .collect();
    let on_kernel: Vec<bool> = (0..rows)
        .map(|row| {
            results[row].is_none()
                && match routes.rows[row].path {
                    SamplingPath::GumbelKernel => true,
                    SamplingPath::Greedy => gumbel_usable,
                    _ => false,
                }
        })
        .collect();

    if on_kernel.iter().any(|&k| k) {
        // Rows not on the kernel ride along as greedy (cheap) and their tokens are discarded.
        let kernel_params: Vec<tokenpick_core::RowParams> = (0..rows)
            .map(|row| {
                let p = if on_kernel[row] {
                    *param(row)
                } else {
                    SamplingParams::greedy()
                };
                p.to_row_params(seeds[row])
            })
            .collect();
        match gumbel_max_sample_rows(logits, &kernel_params, step).and_then(|t| t.to_host_u32()) {
            Ok(tokens) => {
                for row in (0..rows).filter(|&row| on_kernel[row]) {
                    results[row] = Some(match tokens[row] {
                        TOKEN_NAN => Err(RowError::NanLogits { row }),
                        TOKEN_ALL_MASKED => Err(RowError::AllMasked { row }),
                        token => Ok(token),
                    });
                }
            }
            Err(error) if error.is_no_kernel_port() => {
                for row in (0..rows).filter(|&row| on_kernel[row]) {
                    if routes.rows[row].path == SamplingPath::GumbelKernel {
                        routes.rows[row] = RowRoute {
                            path: SamplingPath::CategoricalFallback,
                            reason: Some(FallbackReason::NoKernelPort),
                        };
                    }
                }
            }
            Err(error) => return Err(error.into()),
        }
    }

    let pending: Vec<usize> = (0..rows).filter(|&row| results[row].is_none()).collect();
    if !pending.is_empty() {
        let host = logits.to_host()?.host_to_f32()?;
        let subset: Vec<f32> = pending
            .iter()
            .flat_map(|&row| host[row * vocab..(row + 1) * vocab].iter().copied())
            .collect();
        let subset_params: Vec<SamplingParams> = pending.iter().map(|&row| *param(row)).collect();
        let subset_seeds: Vec<u64> = pending.iter().map(|&row| seeds[row]).collect();
        let sampled = sample_rows(
            &subset,
            vocab,
            &subset_params,
            &subset_seeds,
            step,
            convention,
        );
        for (&row, result) in pending.iter().zip(sampled) {
            // sample_rows numbers rows within the subset: name the batch row instead.
            results[row] = Some(result.map_err(|error| renumber(error, row)));
        }
    }
    // Every row was either on the kernel, pending (sampled above) or invalid.
    Ok(results.into_iter().flatten().collect())
}

/// The same error about batch row `row`.
fn renumber(error: RowError, row: usize) -> RowError {
    match error {
        RowError::InvalidParameter {
            parameter, reason, ..
        } => RowError::InvalidParameter {
            row,
            parameter,
            reason,
        },
        RowError::NanLogits { .. } => RowError::NanLogits { row },
        RowError::AllMasked { .. } => RowError::AllMasked { row },
    }
}

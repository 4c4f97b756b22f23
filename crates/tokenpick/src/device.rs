//! Device-resident logits (DESIGN section 6, "the path follows the data"): temperature-only
//! rows (and greedy rows, in the same launch) run on the Gumbel-max kernel, filtered rows on the
//! rejection kernel; top-p rows it leaves unfinished are redone on the GPU's top-p route, and
//! rows a kernel refuses or still leaves take the CPU paths on a host copy of those rows.

use std::ops::Range;

use tokenpick_core::{
    Array, Convention, DeferredSample, RowParams, fused_sample_rejection_rows,
    fused_sample_top_p_route_deferred, gumbel_max_sample_rows, row_takes_top_p_route,
};

use crate::cpu::sample_rows;
use crate::error::{Error, RowError};
use crate::params::{SamplingParams, params_for_row};
use crate::route::{FallbackReason, PathReport, RowRoute, SamplingPath};
use crate::route_memory::RouteMemory;

/// Token the CUDA kernels write for a row whose logits contain NaN.
const TOKEN_NAN: u32 = 0xFFFF_FFFF;
/// Token the CUDA kernels write for a row with nothing to draw.
const TOKEN_ALL_MASKED: u32 = 0xFFFF_FFFE;
/// Most rows between two redone rows that one route call draws along (their tokens unused)
/// rather than starting another call: a row costs the route about 1 us of device time (H100,
/// 256 x 151936 bf16 top-p 0.9, 214.9 us the batch), another call about 26 us (its two
/// launches at one row, batch 1 x 262144 bf16 26.4 us).
const REDO_GAP_ROWS: usize = 24;

/// How a device call may run.
#[derive(Debug, Clone, Copy)]
pub(crate) struct DeviceCall {
    /// Temperature first or last.
    pub convention: Convention,
    /// The rejection kernel's round cap.
    pub max_rounds: u32,
    /// The Gumbel kernel has a port and its switch is on (greedy rows then ride in it).
    pub gumbel_usable: bool,
}

/// Per-row outcome under construction.
type Slots = Vec<Option<Result<u32, RowError>>>;

/// One call over device logits; `routes` (planned for device residency) becomes what ran;
/// `memory` says whether top-p rows go straight to the route and learns from the call.
pub(crate) fn sample_device(
    logits: &Array,
    params: &[SamplingParams],
    seeds: &[u64],
    step: u64,
    call: DeviceCall,
    routes: &mut PathReport,
    memory: &mut RouteMemory,
) -> Result<Vec<Result<u32, RowError>>, Error> {
    let rows = logits.rows();
    let vocab = logits.cols();
    let param = |row: usize| *params_for_row(params, row);
    let mut slots: Slots = (0..rows)
        .map(|row| param(row).validate(row).err().map(Err))
        .collect();

    let gumbel_rows: Vec<bool> = (0..rows)
        .map(|row| {
            slots[row].is_none()
                && match routes.rows[row].path {
                    SamplingPath::GumbelKernel => true,
                    SamplingPath::Greedy => call.gumbel_usable,
                    _ => false,
                }
        })
        .collect();
    let rejection_rows: Vec<bool> = (0..rows)
        .map(|row| slots[row].is_none() && routes.rows[row].path == SamplingPath::RejectionKernel)
        .collect();
    // Rows not in a launch ride along as greedy (cheap); their outputs are discarded.
    let launch_params = |chosen: &[bool]| -> Vec<tokenpick_core::RowParams> {
        (0..rows)
            .map(|row| {
                let p = if chosen[row] {
                    param(row)
                } else {
                    SamplingParams::greedy()
                };
                p.to_row_params(seeds[row])
            })
            .collect()
    };

    if gumbel_rows.iter().any(|&k| k) {
        let kernel = gumbel_max_sample_rows(logits, &launch_params(&gumbel_rows), step)
            .and_then(|tokens| tokens.to_host_u32());
        match kernel {
            Ok(tokens) => {
                let drawn = (0..rows)
                    .filter(|&row| gumbel_rows[row])
                    .map(|row| (row, tokens[row], true));
                fill(&mut slots, drawn, routes);
            }
            Err(error) if error.is_no_kernel_port() => {
                fall_back(&gumbel_rows, SamplingPath::CategoricalFallback, routes)
            }
            Err(error) => return Err(error.into()),
        }
    }
    if rejection_rows.iter().any(|&k| k) {
        // Rows of the call that could take the top-p route, with their kernel parameters.
        let route_rows: Vec<(usize, RowParams)> = (0..rows)
            .filter(|&row| rejection_rows[row])
            .map(|row| (row, param(row).to_row_params(seeds[row])))
            .filter(|(_, p)| row_takes_top_p_route(logits, p, call.max_rounds))
            .collect();
        let shape = (logits.dtype(), vocab);
        let every_row_routes = route_rows.len() == rejection_rows.iter().filter(|&&k| k).count();
        let routed = every_row_routes && memory.routes(shape);
        let kernel = if routed {
            let route_params = route_call_params(rows, 0, &route_rows);
            fused_sample_top_p_route_deferred(
                logits,
                &route_params,
                step,
                call.max_rounds,
                call.convention,
            )
            .and_then(DeferredSample::resolve)
        } else {
            fused_sample_rejection_rows(
                logits,
                &launch_params(&rejection_rows),
                step,
                call.max_rounds,
                call.convention,
            )
        };
        match kernel {
            Ok(sample) => {
                let drawn = (0..rows)
                    .filter(|&row| rejection_rows[row])
                    .map(|row| (row, sample.tokens[row], sample.ok[row]));
                fill(&mut slots, drawn, routes);
            }
            Err(error) if error.is_no_kernel_port() => {
                fall_back(&rejection_rows, SamplingPath::ArgpartitionFallback, routes)
            }
            Err(error) => return Err(error.into()),
        }
        let left = retry_top_p_rows(logits, &route_rows, step, call, &mut slots, routes)?;
        memory.note(shape, routed, route_rows.len(), left);
    }

    let pending: Vec<usize> = (0..rows).filter(|&row| slots[row].is_none()).collect();
    if !pending.is_empty() {
        let subset = pending_rows_on_host(logits, &pending)?;
        let subset_params: Vec<SamplingParams> = pending.iter().map(|&row| param(row)).collect();
        let subset_seeds: Vec<u64> = pending.iter().map(|&row| seeds[row]).collect();
        let sampled = sample_rows(
            &subset,
            vocab,
            &subset_params,
            &subset_seeds,
            step,
            call.convention,
        );
        for (&row, result) in pending.iter().zip(sampled) {
            // sample_rows numbers rows within the subset: name the batch row instead.
            slots[row] = Some(result.map_err(|error| renumber(error, row)));
        }
    }
    // Every row was sampled on a kernel, sampled on the CPU just above, or invalid.
    Ok(slots.into_iter().flatten().collect())
}

/// Rows the rejection kernel left (round cap, `ok` false) of `route_rows` (the call's rows that
/// take the top-p route, ascending, with their parameters), redone on the device by the route
/// at any batch over row views (no copy): one call per span of such rows at most REDO_GAP_ROWS
/// apart, the rows between drawn along (`route_call_params`); every span enqueued before the
/// first is read back. The same tokens as the kernel (DESIGN 4: the row's place in the batch
/// is not in the counter), without the host copy of the fallback. Rows still not ok stay
/// pending. Returns how many rows were redone.
fn retry_top_p_rows(
    logits: &Array,
    route_rows: &[(usize, RowParams)],
    step: u64,
    call: DeviceCall,
    slots: &mut Slots,
    routes: &mut PathReport,
) -> Result<usize, Error> {
    if !logits.lends_rows() {
        return Ok(0);
    }
    let redo: Vec<(usize, RowParams)> = route_rows
        .iter()
        .filter(|(row, _)| {
            slots[*row].is_none() && routes.rows[*row].reason == Some(FallbackReason::RoundCap)
        })
        .copied()
        .collect();
    let redo_rows: Vec<usize> = redo.iter().map(|&(row, _)| row).collect();
    // Every span enqueued first, then read back: one wait for all of them.
    let mut enqueued = Vec::new();
    for span in row_spans(&redo_rows, REDO_GAP_ROWS) {
        let first = redo_rows[span.start];
        let count = redo_rows[span.end - 1] + 1 - first;
        let span_params = route_call_params(count, first, &redo[span.clone()]);
        let deferred = logits.with_rows(first, count, |view| {
            fused_sample_top_p_route_deferred(
                view,
                &span_params,
                step,
                call.max_rounds,
                call.convention,
            )
        })??;
        enqueued.push((span, first, deferred));
    }
    for (span, first, deferred) in enqueued {
        let sample = deferred.resolve()?;
        for &row in &redo_rows[span.clone()] {
            routes.rows[row] = RowRoute {
                path: SamplingPath::RejectionKernel,
                reason: None,
            };
        }
        let drawn = redo_rows[span]
            .iter()
            .map(|&row| (row, sample.tokens[row - first], sample.ok[row - first]));
        fill(slots, drawn, routes);
    }
    Ok(redo.len())
}

/// Parameters of a route call over `count` rows from batch row `first`: each of `placed`
/// (batch row, parameters; rows inside the call, at least one) at its row, every other row
/// drawn along with the first placed row's parameters (its token unused: the route takes only
/// rows of top-p alone).
fn route_call_params(count: usize, first: usize, placed: &[(usize, RowParams)]) -> Vec<RowParams> {
    let mut call_params = vec![placed[0].1; count];
    for &(row, params) in placed {
        call_params[row - first] = params;
    }
    call_params
}

/// `rows` (ascending) cut into spans whose neighbouring rows are at most `gap` rows apart (rows
/// between them not in `rows`), as ranges of positions in `rows`; gap 0 gives runs of
/// consecutive rows.
fn row_spans(rows: &[usize], gap: usize) -> Vec<Range<usize>> {
    let mut spans = Vec::new();
    let mut start = 0;
    for end in 1..=rows.len() {
        if end == rows.len() || rows[end] - rows[end - 1] > gap + 1 {
            spans.push(start..end);
            start = end;
        }
    }
    spans
}

/// The f32 values of `pending` rows (ascending) of device logits, row after row: each run of
/// consecutive rows copied on its own where the backend has row views, so a few rows left by
/// a kernel do not copy the whole batch; else the whole array.
fn pending_rows_on_host(logits: &Array, pending: &[usize]) -> Result<Vec<f32>, Error> {
    let vocab = logits.cols();
    if !logits.lends_rows() {
        let host = logits.to_host()?.host_to_f32()?;
        return Ok(pending
            .iter()
            .flat_map(|&row| host[row * vocab..(row + 1) * vocab].iter().copied())
            .collect());
    }
    let mut values = Vec::with_capacity(pending.len() * vocab);
    for run in row_spans(pending, 0) {
        let host = logits.with_rows(pending[run.start], run.len(), |view| view.to_host())??;
        values.extend(host.host_to_f32()?);
    }
    Ok(values)
}

/// Takes a launch's (row, token, ok) triples; a row not ok (round cap) stays pending for the
/// CPU.
fn fill(
    slots: &mut Slots,
    drawn: impl IntoIterator<Item = (usize, u32, bool)>,
    routes: &mut PathReport,
) {
    for (row, token, ok) in drawn {
        if !ok {
            routes.rows[row] = RowRoute {
                path: SamplingPath::ArgpartitionFallback,
                reason: Some(FallbackReason::RoundCap),
            };
            continue;
        }
        slots[row] = Some(match token {
            TOKEN_NAN => Err(RowError::NanLogits { row }),
            TOKEN_ALL_MASKED => Err(RowError::AllMasked { row }),
            token => Ok(token),
        });
    }
}

/// Marks a refused launch's rows as taking `fallback` for want of a port.
fn fall_back(chosen: &[bool], fallback: SamplingPath, routes: &mut PathReport) {
    for (row, route) in routes.rows.iter_mut().enumerate() {
        if chosen[row] && route.path != SamplingPath::Greedy {
            *route = RowRoute {
                path: fallback,
                reason: Some(FallbackReason::NoKernelPort),
            };
        }
    }
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

#[cfg(test)]
mod tests {
    use super::row_spans;

    #[test]
    fn spans_break_where_rows_lie_more_than_the_gap_apart() {
        let rows = [0, 1, 2, 5, 6, 9, 10, 11, 12, 13, 40];
        let spans = |gap| -> Vec<&[usize]> {
            row_spans(&rows, gap)
                .into_iter()
                .map(|span| &rows[span])
                .collect()
        };
        assert_eq!(
            spans(0),
            vec![&[0, 1, 2][..], &[5, 6], &[9, 10, 11, 12, 13], &[40]]
        );
        assert_eq!(
            spans(2),
            vec![&[0, 1, 2, 5, 6, 9, 10, 11, 12, 13][..], &[40]]
        );
        assert_eq!(spans(26), vec![&rows[..]]);
        assert_eq!(spans(25), vec![&rows[..10], &[40]]);
        assert!(row_spans(&[], 4).is_empty());
        assert_eq!(row_spans(&[7], 0), vec![0..1]);
    }
}

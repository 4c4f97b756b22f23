//! The argpartition path for rows with any filter: one scan for the maximum (and NaN), the
//! filters reduced to one threshold on the filter value, then the Gumbel-max draw over the
//! kept tokens. Top-k survivors that are few are drawn directly; the result is the same token
//! the masked full-row draw would give.

use tokenpick_core::noise::gumbel_noise;

use super::gumbel_argmax::{Draw, Keep, gumbel_argmax};
use super::reduce::row_max;
use super::row_spec::{RowFault, RowSpec};
use super::scratch::Scratch;
use super::top_k::top_k_candidates;
use super::top_p::{min_p_threshold, survivor_threshold, top_p_threshold_row};
use crate::params::SamplingParams;

/// Up to this many top-k survivors are drawn from directly instead of by a masked row pass.
const DIRECT_DRAW_LIMIT: usize = 4096;

/// One filtered row (temperature positive with finite reciprocal).
pub(crate) fn sample_filtered(
    z: &[f32],
    params: &SamplingParams,
    spec: &RowSpec,
    scratch: &mut Scratch,
) -> Result<u32, RowFault> {
    if params.top_k_active(z.len()) {
        // One pass: the selection also finds NaN, and its survivors hold the maximum.
        let mut survivors = std::mem::take(&mut scratch.candidates);
        let has_nan = top_k_candidates(z, spec, params.top_k as usize, &mut survivors);
        let f_max = survivors.iter().fold(f32::NEG_INFINITY, |m, e| m.max(e.0));
        if let Some(outcome) = degenerate(z, spec, f_max, has_nan) {
            scratch.candidates = survivors;
            return outcome;
        }
        let threshold = survivor_threshold(&mut survivors, params.top_p, params.min_p);
        let drawn = if survivors.len() <= DIRECT_DRAW_LIMIT {
            draw_survivors(z, spec, &mut survivors, threshold)
        } else {
            gumbel_argmax(z, spec, Keep::AtLeast(threshold))
        };
        scratch.candidates = survivors;
        return finish(drawn);
    }

    let (f_max, has_nan) = row_max(z, |logit| spec.filter_value(logit));
    if let Some(outcome) = degenerate(z, spec, f_max, has_nan) {
        return outcome;
    }
    let mut threshold = f32::NEG_INFINITY;
    if params.top_p < 1.0 {
        threshold = top_p_threshold_row(z, spec, f_max, params.top_p, scratch);
    }
    if params.min_p > 0.0 {
        threshold = threshold.max(min_p_threshold(f_max, params.min_p));
    }
    finish(gumbel_argmax(z, spec, Keep::AtLeast(threshold)))
}

/// The outcome of a row with NaN, nothing drawable, or +inf logits; None for an ordinary row.
fn degenerate(
    z: &[f32],
    spec: &RowSpec,
    f_max: f32,
    has_nan: bool,
) -> Option<Result<u32, RowFault>> {
    if has_nan {
        Some(Err(RowFault::Nan))
    } else if f_max == f32::NEG_INFINITY {
        Some(Err(RowFault::AllMasked))
    } else if f_max == f32::INFINITY {
        // The +inf tokens hold all the mass; every filter keeps exactly them.
        Some(finish(gumbel_argmax(z, spec, Keep::AtLeast(f32::INFINITY))))
    } else {
        None
    }
}

fn finish(drawn: Draw) -> Result<u32, RowFault> {
    match drawn {
        Draw::Token(token) => Ok(token),
        Draw::Nan => Err(RowFault::Nan),
        Draw::Empty => Err(RowFault::AllMasked),
    }
}

/// Gumbel-max over survivors with filter value >= `threshold`, in token order so ties go to
/// the lowest index; kept `+inf` scaled logits share the mass equally.
fn draw_survivors(z: &[f32], spec: &RowSpec, survivors: &mut [(f32, u32)], threshold: f32) -> Draw {
    survivors.sort_unstable_by_key(|e| e.1);
    let kept = survivors
        .iter()
        .filter(|e| e.0 >= threshold)
        .map(|e| e.1 as usize);
    let any_infinite = kept.clone().any(|i| z[i] * spec.r == f32::INFINITY);
    let mut best = f32::NEG_INFINITY;
    let mut best_index = None;
    for i in kept {
        let g = gumbel_noise(spec.seed, spec.step, i as u64);
        let score = if any_infinite {
            if z[i] * spec.r != f32::INFINITY {
                continue;
            }
            g
        } else {
            z[i].mul_add(spec.r, g)
        };
        if best_index.is_none() || score > best {
            best = score;
            best_index = Some(i as u32);
        }
    }
    best_index.map_or(Draw::Empty, Draw::Token)
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokenpick_core::Convention;

    #[test]
    fn direct_and_masked_draws_give_the_same_token() {
        let z: Vec<f32> = (0..3000)
            .map(|i| ((i * 7919) % 1000) as f32 / 97.0)
            .collect();
        for seed in 0..300u64 {
            let spec = RowSpec::new(1.0 / 0.8, Convention::TemperatureFirst, seed, 5);
            let mut survivors = Vec::new();
            assert!(!top_k_candidates(&z, &spec, 40, &mut survivors));
            let threshold = survivor_threshold(&mut survivors, 0.8, 0.0);
            let direct = draw_survivors(&z, &spec, &mut survivors, threshold);
            let masked = gumbel_argmax(&z, &spec, Keep::AtLeast(threshold));
            assert_eq!(direct, masked, "seed {seed}");
        }
    }
}

//! The exact distribution of DESIGN section 3 in f64, written independently of the fast paths
//! (full sorts, no thresholds shared with them), for statistical tests, `tokenpick demo` and
//! `tokenpick verify`.

use tokenpick_core::Convention;

use crate::error::RowError;
use crate::params::{RowMode, SamplingParams};

/// The probability of every token of one row (`row` names it in errors). The scaled logits are
/// `z * (1/T)` rounded to f32 as every path computes them; everything after is f64.
pub fn exact_distribution(
    z: &[f32],
    params: &SamplingParams,
    convention: Convention,
    row: usize,
) -> Result<Vec<f64>, RowError> {
    params.validate(row)?;
    if z.iter().any(|v| v.is_nan()) {
        return Err(RowError::NanLogits { row });
    }
    let vocab = z.len();
    let mut probabilities = vec![0.0f64; vocab];
    if params.mode(vocab) == RowMode::Greedy {
        let mut best: Option<usize> = None;
        for (i, &v) in z.iter().enumerate() {
            if v > f32::NEG_INFINITY && best.is_none_or(|b| v > z[b]) {
                best = Some(i);
            }
        }
        let best = best.ok_or(RowError::AllMasked { row })?;
        probabilities[best] = 1.0;
        return Ok(probabilities);
    }

    let r = params.reciprocal_temperature();
    let scaled: Vec<f64> = z.iter().map(|&v| f64::from(v * r)).collect();
    let filter: Vec<f64> = match convention {
        Convention::TemperatureLast => z.iter().map(|&v| f64::from(v)).collect(),
        _ => scaled.clone(),
    };
    let f_max = filter.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    if f_max == f64::NEG_INFINITY {
        return Err(RowError::AllMasked { row });
    }
    let mut kept: Vec<bool> = if f_max == f64::INFINITY {
        filter.iter().map(|&f| f == f64::INFINITY).collect()
    } else {
        vec![true; vocab]
    };

    if params.top_k_active(vocab) {
        let mut sorted = filter.clone();
        sorted.sort_by(|a, b| b.total_cmp(a));
        let kth = sorted[params.top_k as usize - 1];
        for (keep, &f) in kept.iter_mut().zip(&filter) {
            *keep &= f >= kth;
        }
    }
    if params.top_p < 1.0 && f_max.is_finite() {
        let weight = |i: usize| (filter[i] - f_max).exp();
        let mut order: Vec<usize> = (0..vocab).filter(|&i| kept[i]).collect();
        order.sort_by(|&a, &b| filter[b].total_cmp(&filter[a]));
        let total: f64 = order.iter().map(|&i| weight(i)).sum();
        let target = f64::from(params.top_p) * total;
        let mut above = 0.0;
        let mut boundary = f64::NEG_INFINITY;
        for &i in &order {
            above += weight(i);
            if above >= target {
                boundary = filter[i];
                break;
            }
        }
        for (keep, &f) in kept.iter_mut().zip(&filter) {
            *keep &= f >= boundary;
        }
    }
    if params.min_p > 0.0 && f_max.is_finite() {
        let ln_m = f64::from(params.min_p).ln();
        for (keep, &f) in kept.iter_mut().zip(&filter) {
            *keep &= f - f_max >= ln_m;
        }
    }

    let infinite: Vec<usize> = (0..vocab)
        .filter(|&i| kept[i] && scaled[i] == f64::INFINITY)
        .collect();
    if !infinite.is_empty() {
        for &i in &infinite {
            probabilities[i] = 1.0 / infinite.len() as f64;
        }
        return Ok(probabilities);
    }
    let x_max = (0..vocab)
        .filter(|&i| kept[i])
        .map(|i| scaled[i])
        .fold(f64::NEG_INFINITY, f64::max);
    if x_max == f64::NEG_INFINITY {
        return Err(RowError::AllMasked { row });
    }
    for i in (0..vocab).filter(|&i| kept[i]) {
        probabilities[i] = (scaled[i] - x_max).exp();
    }
    let total: f64 = probabilities.iter().sum();
    for p in &mut probabilities {
        *p /= total;
    }
    Ok(probabilities)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_softmax_and_greedy() {
        let z = [0.0f32, (2.0f32).ln(), f32::NEG_INFINITY];
        let p = exact_distribution(
            &z,
            &SamplingParams::filtered(1.0, 0, 1.0, 0.0),
            Convention::TemperatureFirst,
            0,
        )
        .unwrap();
        assert!((p[0] - 1.0 / 3.0).abs() < 1e-7 && (p[1] - 2.0 / 3.0).abs() < 1e-7);
        assert_eq!(p[2], 0.0);
        let g = exact_distribution(
            &z,
            &SamplingParams::filtered(0.0, 0, 1.0, 0.0),
            Convention::TemperatureFirst,
            0,
        )
        .unwrap();
        assert_eq!(g, vec![0.0, 1.0, 0.0]);
    }

    #[test]
    fn filters_in_sequence_with_ties_kept() {
        let z = [3.0f32, 2.0, 2.0, 1.0, 0.0];
        let p = exact_distribution(
            &z,
            &SamplingParams::filtered(1.0, 2, 1.0, 0.0),
            Convention::TemperatureFirst,
            0,
        )
        .unwrap();
        assert!(p[0] > 0.0 && p[1] > 0.0 && p[2] > 0.0 && p[3] == 0.0 && p[4] == 0.0);
        let p = exact_distribution(
            &z,
            &SamplingParams::filtered(1.0, 0, 0.1, 0.0),
            Convention::TemperatureFirst,
            0,
        )
        .unwrap();
        assert_eq!(p, vec![1.0, 0.0, 0.0, 0.0, 0.0]);
        let p = exact_distribution(
            &z,
            &SamplingParams::filtered(1.0, 0, 1.0, 0.3),
            Convention::TemperatureFirst,
            0,
        )
        .unwrap();
        assert!(p[2] > 0.0 && p[3] == 0.0, "e^-1 >= 0.3 > e^-2: {p:?}");
    }

    #[test]
    fn temperature_last_filters_on_unscaled_logits() {
        // min-p 0.3 on softmax(z) keeps z >= 3 + ln 0.3 ~ 1.796: tokens 0..3.
        let z = [3.0f32, 2.0, 2.0, 1.0];
        let last = exact_distribution(
            &z,
            &SamplingParams::filtered(4.0, 0, 1.0, 0.3),
            Convention::TemperatureLast,
            0,
        )
        .unwrap();
        assert!(last[2] > 0.0 && last[3] == 0.0);
        // Temperature first: z / 4 spreads less, so min-p keeps token 3 too.
        let first = exact_distribution(
            &z,
            &SamplingParams::filtered(4.0, 0, 1.0, 0.3),
            Convention::TemperatureFirst,
            0,
        )
        .unwrap();
        assert!(first[3] > 0.0);
    }

    #[test]
    fn bad_rows_are_named() {
        let p = SamplingParams::filtered(1.0, 0, 1.0, 0.0);
        assert_eq!(
            exact_distribution(&[0.0, f32::NAN], &p, Convention::TemperatureFirst, 4),
            Err(RowError::NanLogits { row: 4 })
        );
        assert_eq!(
            exact_distribution(&[f32::NEG_INFINITY; 2], &p, Convention::TemperatureFirst, 2),
            Err(RowError::AllMasked { row: 2 })
        );
    }
}

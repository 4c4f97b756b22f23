//! Top-p and min-p thresholds. Every filter keeps an up-set of filter values, so each one is
//! a threshold `t` with kept = `{i : f_i >= t}`.
//! - Whole row (no top-k): weights w = e^(f - f_max) go to a histogram of their f32 bit
//!   patterns (monotone in w), summed in f64; the bucket where the mass from the top crosses
//!   `p * total` is sorted alone to find the boundary weight; ties at the boundary are kept.
//! - Survivors of top-k: few, so exact f64 weights and a sort.
//! - min-p: `q_i >= m * q_max` is `f_i - f_max >= ln m`, evaluated in f64.

use super::exp::exp_nonpositive;
use super::row_spec::RowSpec;
use super::scratch::{BUCKET_SHIFT, HISTOGRAM_BUCKETS, Scratch};

/// The top-p threshold over the whole row (no NaN, `f_max` finite, `0 < p < 1`).
pub(crate) fn top_p_threshold_row(
    z: &[f32],
    spec: &RowSpec,
    f_max: f32,
    p: f32,
    scratch: &mut Scratch,
) -> f32 {
    let Scratch {
        weights, histogram, ..
    } = scratch;
    weights_of(z, spec.filter_scale(), f_max, weights);
    histogram.resize(HISTOGRAM_BUCKETS, 0.0);
    let (mut lowest, mut highest) = (HISTOGRAM_BUCKETS, 0usize);
    for &w in weights.iter() {
        let bucket = (w.to_bits() >> BUCKET_SHIFT) as usize;
        histogram[bucket] += f64::from(w);
        lowest = lowest.min(bucket);
        highest = highest.max(bucket);
    }
    let used = &mut histogram[lowest..=highest];
    let total: f64 = used.iter().rev().sum();
    let target = f64::from(p) * total;

    let mut above = 0.0f64;
    let mut boundary = lowest;
    for (offset, &mass) in used.iter().enumerate().rev() {
        if above + mass >= target {
            boundary = lowest + offset;
            break;
        }
        above += mass;
    }
    // Leave the histogram zeroed for the next row: only the used range was touched.
    used.fill(0.0);

    let mut in_bucket: Vec<(f32, f32)> = weights
        .iter()
        .zip(z)
        .filter(|(w, _)| (w.to_bits() >> BUCKET_SHIFT) as usize == boundary)
        .map(|(&w, &logit)| (w, spec.filter_value(logit)))
        .collect();
    in_bucket.sort_unstable_by(|a, b| b.0.total_cmp(&a.0));
    // If rounding keeps the sorted sum from reaching the target, the whole bucket stays.
    let mut boundary_weight = in_bucket.last().map_or(0.0, |e| e.0);
    for &(w, _) in &in_bucket {
        above += f64::from(w);
        if above >= target {
            boundary_weight = w;
            break;
        }
    }
    // Smallest filter value among the kept: then {f >= it} is exactly {w >= boundary weight}.
    in_bucket
        .iter()
        .filter(|e| e.0 >= boundary_weight)
        .fold(f32::INFINITY, |m, e| m.min(e.1))
}

/// Lanes of the weight loop.
const WEIGHT_LANES: usize = 16;

/// `out[i] = e^(z_i * scale - f_max)`, in fixed-width blocks so the loop vectorises.
fn weights_of(z: &[f32], scale: f32, f_max: f32, out: &mut Vec<f32>) {
    out.resize(z.len(), 0.0);
    let mut out_blocks = out.chunks_exact_mut(WEIGHT_LANES);
    let mut z_blocks = z.chunks_exact(WEIGHT_LANES);
    for (w, logits) in (&mut out_blocks).zip(&mut z_blocks) {
        for j in 0..WEIGHT_LANES {
            w[j] = exp_nonpositive(logits[j] * scale - f_max);
        }
    }
    for (w, &logit) in out_blocks
        .into_remainder()
        .iter_mut()
        .zip(z_blocks.remainder())
    {
        *w = exp_nonpositive(logit * scale - f_max);
    }
}

/// The top-p and min-p threshold over top-k survivors (sorted here by value, descending).
pub(crate) fn survivor_threshold(survivors: &mut [(f32, u32)], top_p: f32, min_p: f32) -> f32 {
    survivors.sort_unstable_by(|a, b| b.0.total_cmp(&a.0));
    let f_max = survivors.first().map_or(f32::NEG_INFINITY, |e| e.0);
    let mut threshold = survivors.last().map_or(f32::NEG_INFINITY, |e| e.0);
    if top_p < 1.0 {
        let weights: Vec<f64> = survivors
            .iter()
            .map(|e| (f64::from(e.0) - f64::from(f_max)).exp())
            .collect();
        let target = f64::from(top_p) * weights.iter().sum::<f64>();
        let mut above = 0.0;
        for (entry, w) in survivors.iter().zip(&weights) {
            above += w;
            if above >= target {
                threshold = threshold.max(entry.0);
                break;
            }
        }
    }
    if min_p > 0.0 {
        threshold = threshold.max(min_p_threshold(f_max, min_p));
    }
    threshold
}

/// The smallest f32 `v` with `v - f_max >= ln(m)` in f64 (`0 < m <= 1`, `f_max` finite).
pub(crate) fn min_p_threshold(f_max: f32, m: f32) -> f32 {
    let ln_m = f64::from(m).ln();
    let keeps = |v: f32| f64::from(v) - f64::from(f_max) >= ln_m;
    let mut v = (f64::from(f_max) + ln_m) as f32;
    while !keeps(v) {
        v = v.next_up();
    }
    while keeps(v.next_down()) {
        v = v.next_down();
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokenpick_core::Convention;

    #[test]
    fn min_p_threshold_is_the_smallest_kept_value() {
        for (f_max, m) in [(3.0f32, 0.1f32), (-7.5, 0.5), (0.0, 1.0), (100.0, 1e-30)] {
            let t = min_p_threshold(f_max, m);
            let ln_m = f64::from(m).ln();
            assert!(f64::from(t) - f64::from(f_max) >= ln_m);
            assert!(f64::from(t.next_down()) - f64::from(f_max) < ln_m);
        }
        assert_eq!(min_p_threshold(2.0, 1.0), 2.0);
    }

    #[test]
    fn row_threshold_matches_a_sorted_reference() {
        let spec = RowSpec::new(1.0, Convention::TemperatureLast, 0, 0);
        let z: Vec<f32> = (1..=10_000).map(|i| (i as f32).ln()).collect();
        let f_max = z[9_999];
        for p in [0.05f32, 0.3, 0.9, 0.99] {
            let mut scratch = Scratch::default();
            let t = top_p_threshold_row(&z, &spec, f_max, p, &mut scratch);
            // Probabilities are i / sum: the kept tokens are the smallest top set with mass >= p.
            let total: f64 = (1..=10_000u32).map(f64::from).sum();
            let mut above = 0.0;
            let mut expected_first = 0;
            for i in (1..=10_000u32).rev() {
                above += f64::from(i) / total;
                if above >= f64::from(p) {
                    expected_first = i;
                    break;
                }
            }
            assert_eq!(t, z[expected_first as usize - 1], "p {p}");
        }
    }

    #[test]
    fn survivor_threshold_keeps_boundary_ties() {
        // Three tokens of equal weight and a smaller one: top-p 0.5 needs two, keeps all three.
        let mut survivors = vec![(1.0f32, 0u32), (1.0, 1), (1.0, 2), (0.0, 3)];
        assert_eq!(survivor_threshold(&mut survivors, 0.5, 0.0), 1.0);
        assert_eq!(survivor_threshold(&mut survivors, 1.0, 0.0), 0.0);
    }
}

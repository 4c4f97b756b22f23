//! Top-k by streaming selection, no sort of the vocabulary: candidates at or above a running
//! threshold go to a buffer; when it fills, a selection keeps those at or above its k-th largest
//! value and that value becomes the threshold (it only rises, so nothing dropped could have
//! been kept). At the end the buffer holds exactly `{i : f_i >= f_(k)}`, ties included.

use super::reduce::chunk_max;
use super::row_spec::RowSpec;

/// Values examined together before one comparison with the threshold.
const CHUNK: usize = 32;
/// The buffer is compacted when it holds this many times k (plus a floor).
const BUFFER_FACTOR: usize = 4;
/// Smallest buffer, so small k does not compact constantly.
const BUFFER_FLOOR: usize = 1024;

/// The tokens with filter value at least the k-th largest (k >= 1), as (filter value, token)
/// in `out`. Returns true when `z` holds a NaN (then `out` is meaningless).
pub(crate) fn top_k_candidates(
    z: &[f32],
    spec: &RowSpec,
    k: usize,
    out: &mut Vec<(f32, u32)>,
) -> bool {
    out.clear();
    let capacity = k * BUFFER_FACTOR + BUFFER_FLOOR;
    let mut threshold = f32::NEG_INFINITY;
    let scale = spec.filter_scale();
    let mut nan = [0u32; CHUNK];
    for (chunk_index, chunk) in z.chunks(CHUNK).enumerate() {
        let mut values = [f32::NEG_INFINITY; CHUNK];
        for (j, &logit) in chunk.iter().enumerate() {
            values[j] = logit * scale;
            nan[j] |= u32::from(logit.is_nan());
        }
        if chunk_max(&values) < threshold {
            continue;
        }
        for (j, &value) in values[..chunk.len()].iter().enumerate() {
            if value >= threshold {
                out.push((value, (chunk_index * CHUNK + j) as u32));
            }
        }
        if out.len() >= capacity {
            threshold = keep_at_least_kth(out, k);
        }
    }
    let has_nan = nan.iter().any(|&n| n != 0);
    if out.len() > k && !has_nan {
        keep_at_least_kth(out, k);
    }
    has_nan
}

/// Keeps the entries whose value is at least the k-th largest; returns that value.
fn keep_at_least_kth(entries: &mut Vec<(f32, u32)>, k: usize) -> f32 {
    let (_, kth, _) = entries.select_nth_unstable_by(k - 1, |a, b| b.0.total_cmp(&a.0));
    let kth = kth.0;
    entries.retain(|&(value, _)| value >= kth);
    kth
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokenpick_core::Convention;

    fn sorted_tokens(entries: &[(f32, u32)]) -> Vec<u32> {
        let mut tokens: Vec<u32> = entries.iter().map(|e| e.1).collect();
        tokens.sort_unstable();
        tokens
    }

    #[test]
    fn keeps_ties_at_the_boundary() {
        let spec = RowSpec::new(1.0, Convention::TemperatureLast, 0, 0);
        let z = [1.0, 5.0, 3.0, 3.0, 3.0, 0.0, 5.0];
        let mut out = Vec::new();
        assert!(!top_k_candidates(&z, &spec, 3, &mut out));
        assert_eq!(sorted_tokens(&out), vec![1, 2, 3, 4, 6]);
        assert!(!top_k_candidates(&z, &spec, 2, &mut out));
        assert_eq!(sorted_tokens(&out), vec![1, 6]);
    }

    #[test]
    fn matches_a_full_sort_on_adversarial_orders() {
        let spec = RowSpec::new(1.0, Convention::TemperatureLast, 0, 0);
        let vocab = 20_000;
        let ascending: Vec<f32> = (0..vocab).map(|i| (i / 3) as f32).collect();
        let descending: Vec<f32> = ascending.iter().rev().copied().collect();
        for z in [ascending, descending] {
            for k in [1, 7, 50, 999, 5000] {
                let mut sorted = z.clone();
                sorted.sort_by(|a, b| b.total_cmp(a));
                let kth = sorted[k - 1];
                let expected: Vec<u32> = (0..vocab as u32)
                    .filter(|&i| z[i as usize] >= kth)
                    .collect();
                let mut out = Vec::new();
                assert!(!top_k_candidates(&z, &spec, k, &mut out));
                assert_eq!(sorted_tokens(&out), expected, "k {k}");
            }
        }
    }
}

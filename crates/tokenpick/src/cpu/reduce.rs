//! Maximum reductions without a serial dependency chain: a fold of `f32::max` over a slice
//! waits one compare per element; these keep independent lanes (a tree within a chunk,
//! separate accumulators over a row) so the compiler emits vector max instructions.

/// Independent accumulators of a row reduction.
const LANES: usize = 16;

/// The larger of two values (NaN-free inputs; written as a select so it vectorises).
#[inline(always)]
pub(crate) fn larger(a: f32, b: f32) -> f32 {
    if a > b { a } else { b }
}

/// Maximum of a fixed-size chunk by pairwise halving.
#[inline(always)]
pub(crate) fn chunk_max<const N: usize>(values: &[f32; N]) -> f32 {
    let mut work = *values;
    let mut width = N;
    while width > 1 {
        width /= 2;
        for j in 0..width {
            work[j] = larger(work[j], work[j + width]);
        }
    }
    work[0]
}

/// Maximum of `map(z_i)` over a row and whether any `z_i` is NaN (NaN never wins the max).
#[inline(always)]
pub(crate) fn row_max(z: &[f32], map: impl Fn(f32) -> f32) -> (f32, bool) {
    let mut acc = [f32::NEG_INFINITY; LANES];
    let mut nan = [0u32; LANES];
    let mut chunks = z.chunks_exact(LANES);
    for chunk in &mut chunks {
        for j in 0..LANES {
            acc[j] = larger(map(chunk[j]), acc[j]);
            nan[j] |= u32::from(chunk[j].is_nan());
        }
    }
    for &value in chunks.remainder() {
        acc[0] = larger(map(value), acc[0]);
        nan[0] |= u32::from(value.is_nan());
    }
    (chunk_max(&acc), nan.iter().any(|&n| n != 0))
}

/// The first index of the row's maximum (None when every value is -inf) and whether any value
/// is NaN. Each lane keeps its own best value and index, so there is no serial chain.
pub(crate) fn row_argmax(z: &[f32]) -> (Option<u32>, bool) {
    let mut acc = [f32::NEG_INFINITY; LANES];
    let mut at = [0u32; LANES];
    let mut nan = [0u32; LANES];
    let mut chunks = z.chunks_exact(LANES);
    let mut base = 0u32;
    for chunk in &mut chunks {
        for j in 0..LANES {
            let better = chunk[j] > acc[j];
            acc[j] = if better { chunk[j] } else { acc[j] };
            at[j] = if better { base + j as u32 } else { at[j] };
            nan[j] |= u32::from(chunk[j].is_nan());
        }
        base += LANES as u32;
    }
    let mut best = chunk_max(&acc);
    let mut best_at = (0..LANES)
        .filter(|&j| acc[j] == best && best > f32::NEG_INFINITY)
        .map(|j| at[j])
        .min();
    for (offset, &value) in chunks.remainder().iter().enumerate() {
        if value > best {
            best = value;
            best_at = Some(base + offset as u32);
        }
    }
    let any_nan = nan.iter().any(|&n| n != 0) || chunks.remainder().iter().any(|v| v.is_nan());
    (best_at, any_nan)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn maxima_match_a_plain_fold() {
        let z: Vec<f32> = (0..1001)
            .map(|i| ((i * 7919) % 1013) as f32 - 500.0)
            .collect();
        let plain = z.iter().fold(f32::NEG_INFINITY, |m, &v| m.max(v));
        assert_eq!(row_max(&z, |v| v), (plain, false));
        assert_eq!(row_max(&z, |v| v * 0.5), (plain * 0.5, false));
        let mut with_nan = z.clone();
        with_nan[1000] = f32::NAN;
        assert!(row_max(&with_nan, |v| v).1);
        let chunk: [f32; 32] = std::array::from_fn(|i| (i as f32 - 20.0).abs());
        assert_eq!(chunk_max(&chunk), 20.0);
    }

    #[test]
    fn argmax_takes_the_first_of_equal_maxima() {
        let mut z = vec![0.0f32; 100];
        z[70] = 3.0;
        z[33] = 3.0;
        z[99] = 3.0;
        assert_eq!(row_argmax(&z), (Some(33), false));
        z[98] = 4.0;
        assert_eq!(row_argmax(&z), (Some(98), false));
        assert_eq!(row_argmax(&[f32::NEG_INFINITY; 40]), (None, false));
        assert!(row_argmax(&[1.0, f32::NAN]).1);
        let ramp: Vec<f32> = (0..1000).map(|i| (i % 17) as f32).collect();
        assert_eq!(row_argmax(&ramp), (Some(16), false));
    }
}

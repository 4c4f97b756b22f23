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
    let mut nan = [false; LANES];
    let mut chunks = z.chunks_exact(LANES);
    for chunk in &mut chunks {
        for j in 0..LANES {
            acc[j] = larger(map(chunk[j]), acc[j]);
            nan[j] |= chunk[j].is_nan();
        }
    }
    for &value in chunks.remainder() {
        acc[0] = larger(map(value), acc[0]);
        nan[0] |= value.is_nan();
    }
    (chunk_max(&acc), nan.iter().any(|&n| n))
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
}

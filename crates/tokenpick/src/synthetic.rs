//! Synthetic logits for tests, benchmarks, the demo and `tokenpick verify`: DESIGN section 7
//! draws benchmark logits normal with sigma 1 (flat, the hard case for top-p), 3 and 6 (peaked).

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

/// `len` logits drawn Normal(0, sigma) from a generator seeded with `seed` (Box-Muller).
pub fn normal_logits(len: usize, sigma: f32, seed: u64) -> Vec<f32> {
    let mut rng = StdRng::seed_from_u64(seed);
    (0..len)
        .map(|_| {
            let u1: f64 = 1.0 - rng.random::<f64>();
            let u2: f64 = rng.random();
            let normal = (-2.0 * u1.ln()).sqrt() * (std::f64::consts::TAU * u2).cos();
            normal as f32 * sigma
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moments_match_the_requested_spread() {
        let values = normal_logits(200_000, 3.0, 1);
        let mean = values.iter().map(|&v| f64::from(v)).sum::<f64>() / values.len() as f64;
        let variance = values
            .iter()
            .map(|&v| (f64::from(v) - mean).powi(2))
            .sum::<f64>()
            / values.len() as f64;
        assert!(mean.abs() < 0.03, "{mean}");
        assert!((variance.sqrt() - 3.0).abs() < 0.03, "{variance}");
        assert_eq!(normal_logits(10, 1.0, 5), normal_logits(10, 1.0, 5));
    }
}

//! Pearson's chi-square goodness-of-fit test of draw counts against exact probabilities, the
//! verdict used by the statistical tests, `tokenpick demo` and `tokenpick verify`.

use statrs::distribution::{ChiSquared, ContinuousCDF};

/// The significance level of every statistical verdict in tokenpick.
pub const CHI_SQUARE_ALPHA: f64 = 1e-6;
/// Smallest expected count of a bin; smaller tokens are pooled.
const MIN_EXPECTED: f64 = 5.0;

/// The outcome of one test.
#[derive(Debug, Clone, PartialEq)]
pub struct ChiSquareTest {
    /// Total draws.
    pub draws: u64,
    /// Draws of tokens whose exact probability is 0 (any is a failure).
    pub impossible_draws: u64,
    /// The chi-square statistic over the pooled bins.
    pub statistic: f64,
    /// Bins minus one.
    pub degrees_of_freedom: usize,
    /// P(chi-square >= statistic) under the exact distribution.
    pub p_value: f64,
}

impl ChiSquareTest {
    /// True when no impossible token was drawn and the p-value is at least `alpha`.
    pub fn passes(&self, alpha: f64) -> bool {
        self.impossible_draws == 0 && self.p_value >= alpha
    }
}

/// Tests `counts[i]` (draws of token i) against `probabilities[i]`. Tokens are taken in
/// decreasing probability; each bin gathers tokens until its expected count reaches 5.
pub fn chi_square_test(counts: &[u64], probabilities: &[f64]) -> ChiSquareTest {
    let draws: u64 = counts.iter().sum();
    let impossible_draws: u64 = counts
        .iter()
        .zip(probabilities)
        .filter(|&(_, &p)| p <= 0.0)
        .map(|(&c, _)| c)
        .sum();
    let mut order: Vec<usize> = (0..probabilities.len())
        .filter(|&i| probabilities[i] > 0.0)
        .collect();
    order.sort_by(|&a, &b| probabilities[b].total_cmp(&probabilities[a]));

    let n = draws as f64;
    let mut bins: Vec<(f64, f64)> = Vec::new();
    let (mut expected, mut observed) = (0.0, 0.0);
    for &i in &order {
        expected += probabilities[i] * n;
        observed += counts[i] as f64;
        if expected >= MIN_EXPECTED {
            bins.push((expected, observed));
            (expected, observed) = (0.0, 0.0);
        }
    }
    if expected > 0.0 || observed > 0.0 {
        match bins.last_mut() {
            Some(last) => {
                last.0 += expected;
                last.1 += observed;
            }
            None => bins.push((expected, observed)),
        }
    }
    let statistic: f64 = bins.iter().map(|&(e, o)| (o - e) * (o - e) / e).sum();
    let degrees_of_freedom = bins.len().saturating_sub(1);
    let p_value = if degrees_of_freedom == 0 {
        1.0
    } else {
        ChiSquared::new(degrees_of_freedom as f64).map_or(0.0, |d| d.sf(statistic))
    };
    ChiSquareTest {
        draws,
        impossible_draws,
        statistic,
        degrees_of_freedom,
        p_value,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exact_counts_pass_and_skewed_counts_fail() {
        let probabilities = [0.5, 0.3, 0.2, 0.0];
        let good = chi_square_test(&[50_000, 30_000, 20_000, 0], &probabilities);
        assert!(good.passes(CHI_SQUARE_ALPHA), "{good:?}");
        assert_eq!(good.degrees_of_freedom, 2);
        // A 1% relative shift of the top token over a million draws is caught.
        let skewed = chi_square_test(&[505_000, 297_000, 198_000, 0], &probabilities);
        assert!(!skewed.passes(CHI_SQUARE_ALPHA), "{skewed:?}");
        let impossible = chi_square_test(&[50_000, 30_000, 19_999, 1], &probabilities);
        assert!(!impossible.passes(CHI_SQUARE_ALPHA));
    }

    #[test]
    fn small_tokens_are_pooled() {
        let mut probabilities = vec![0.9];
        probabilities.extend(std::iter::repeat_n(0.1 / 1000.0, 1000));
        let mut counts = vec![900u64];
        counts.extend(std::iter::repeat_n(0, 1000));
        counts[1..].iter_mut().step_by(10).for_each(|c| *c = 1);
        let test = chi_square_test(&counts, &probabilities);
        assert!(test.degrees_of_freedom < 40, "{test:?}");
        assert!(test.passes(CHI_SQUARE_ALPHA), "{test:?}");
    }
}

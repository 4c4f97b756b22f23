//! Exact supports on constructed rows: a 10,000-token row with logit ln(i) (probability
//! proportional to i) under each filter, ties at the top-k boundary, and +inf rows. Every drawn
//! token lies in the reference support, the tokens at its edge are drawn, the first token
//! outside it never is, and the counts fit the reference.

mod common;

use common::{chi_square_against_reference, draw_counts};
use tokenpick::stats::CHI_SQUARE_ALPHA;
use tokenpick::{Convention, SamplingParams};

/// Draws per case.
const DRAWS: usize = 200_000;

fn ln_row() -> Vec<f32> {
    (1..=10_000).map(|i| (i as f32).ln()).collect()
}

/// Checks support, edge and fit for one case; returns the support's size.
fn check_support(label: &str, z: &[f32], params: SamplingParams, convention: Convention) -> usize {
    let (test, counts, exact) = chi_square_against_reference(z, params, convention, DRAWS);
    assert_eq!(
        test.impossible_draws, 0,
        "{label}: drew outside the support"
    );
    assert!(test.passes(CHI_SQUARE_ALPHA), "{label}: {test:?}");
    let support: Vec<usize> = (0..z.len()).filter(|&i| exact[i] > 0.0).collect();
    // The least likely kept tokens (the edge) are drawn as often as expected, within reason.
    let mut edge = support.clone();
    edge.sort_by(|&a, &b| exact[a].total_cmp(&exact[b]));
    let edge = &edge[..edge.len().min(20)];
    let expected: f64 = edge.iter().map(|&i| exact[i] * DRAWS as f64).sum();
    let observed: u64 = edge.iter().map(|&i| counts[i]).sum();
    assert!(
        observed > 0 && (observed as f64) > expected / 2.0,
        "{label}: edge drawn {observed} times, expected {expected}"
    );
    support.len()
}

#[test]
fn top_k_keeps_exactly_the_k_largest() {
    let z = ln_row();
    let size = check_support(
        "top-k 100",
        &z,
        SamplingParams::filtered(1.0, 100, 1.0, 0.0),
        Convention::TemperatureFirst,
    );
    assert_eq!(size, 100);
}

#[test]
fn top_p_keeps_the_smallest_top_set_reaching_p() {
    let z = ln_row();
    // Mass of tokens j..=10000 is 1 - (j-1)j / (10000*10001): at least 0.9 down to j = 3162
    // (3162 * 3161 <= 10001000 < 3163 * 3162), so the kept set is 3162..=10000.
    let size = check_support(
        "top-p 0.9",
        &z,
        SamplingParams::filtered(1.0, 0, 0.9, 0.0),
        Convention::TemperatureFirst,
    );
    assert_eq!(size, 10_000 - 3161);
}

#[test]
fn min_p_keeps_tokens_at_least_m_times_the_top() {
    let z = ln_row();
    // q_i / q_max = i / 10000 >= 0.25 keeps i >= 2500 (the f32 logits put 2500 just inside).
    let size = check_support(
        "min-p 0.25",
        &z,
        SamplingParams::filtered(1.0, 0, 1.0, 0.25),
        Convention::TemperatureFirst,
    );
    assert!((7500..=7501).contains(&size), "{size}");
}

#[test]
fn filters_combined_and_temperature_last() {
    let z = ln_row();
    let hot = SamplingParams::filtered(2.0, 500, 0.8, 0.0);
    check_support("k500 p0.8 T2 first", &z, hot, Convention::TemperatureFirst);
    check_support("k500 p0.8 T2 last", &z, hot, Convention::TemperatureLast);
    check_support(
        "p0.95 m0.5 T0.5 last",
        &z,
        SamplingParams::filtered(0.5, 0, 0.95, 0.5),
        Convention::TemperatureLast,
    );
}

#[test]
fn ties_at_the_top_k_boundary_are_kept() {
    // 5 tokens at 5.0, 5 tied at 4.0, the rest below 3: top-k 7 keeps all 10.
    let mut z: Vec<f32> = (0..1000).map(|i| 2.5 - (i % 97) as f32 / 40.0).collect();
    for (slot, value) in [(3, 5.0), (100, 5.0), (200, 5.0), (300, 5.0), (999, 5.0)] {
        z[slot] = value;
    }
    let tied = [7usize, 70, 170, 700, 998];
    for &slot in &tied {
        z[slot] = 4.0;
    }
    let size = check_support(
        "top-k 7 ties",
        &z,
        SamplingParams::filtered(1.0, 7, 1.0, 0.0),
        Convention::TemperatureFirst,
    );
    assert_eq!(size, 10);
    let counts = draw_counts(
        &z,
        SamplingParams::filtered(1.0, 7, 1.0, 0.0),
        Convention::TemperatureFirst,
        100_000,
    );
    assert!(
        tied.iter().all(|&slot| counts[slot] > 0),
        "every tied token is drawn"
    );
}

#[test]
fn positive_infinity_shares_all_the_mass() {
    let mut z: Vec<f32> = (0..300).map(|i| (i % 13) as f32).collect();
    z[11] = f32::INFINITY;
    z[250] = f32::INFINITY;
    z[251] = f32::INFINITY;
    for params in [
        SamplingParams::filtered(1.0, 0, 1.0, 0.0),
        SamplingParams::filtered(0.7, 2, 0.5, 0.1),
        SamplingParams::filtered(1.5, 0, 1.0, 0.3),
    ] {
        let counts = draw_counts(&z, params, Convention::TemperatureFirst, 60_000);
        let total: u64 = [11, 250, 251].iter().map(|&i| counts[i]).sum();
        assert_eq!(total, 60_000, "{params:?}");
        check_support("+inf", &z, params, Convention::TemperatureFirst);
    }
}

#[test]
fn overflow_to_infinity_counts_as_infinity() {
    // 1e38 / 0.01 overflows: those tokens hold all the mass, shared equally.
    let mut z = vec![0.0f32; 64];
    z[5] = 1e38;
    z[40] = 2e38;
    let counts = draw_counts(
        &z,
        SamplingParams::filtered(0.01, 0, 1.0, 0.0),
        Convention::TemperatureFirst,
        20_000,
    );
    assert_eq!(counts[5] + counts[40], 20_000);
    assert!(
        counts[5] > 9_000 && counts[40] > 9_000,
        "{} {}",
        counts[5],
        counts[40]
    );
}

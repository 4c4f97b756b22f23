//! Chi-square at p = 1e-6 against the f64 reference with a million draws: temperatures 0.5, 1
//! and 2 on four shapes (peaked, flat, bimodal, masked), each filter alone and combined, both
//! conventions.

mod common;

use common::{MILLION, assert_fits, shapes};
use tokenpick::{Convention, SamplingParams};

/// Vocabulary of the suite's rows.
const VOCAB: usize = 512;

#[test]
fn temperature_only_on_every_shape() {
    for (name, z) in shapes(VOCAB) {
        for temperature in [0.5, 1.0, 2.0] {
            let label = format!("{name} T={temperature}");
            assert_fits(
                &label,
                &z,
                SamplingParams::filtered(temperature, 0, 1.0, 0.0),
                Convention::TemperatureFirst,
                MILLION,
            );
        }
    }
}

#[test]
fn each_filter_alone() {
    let (_, flat) = &shapes(VOCAB)[1];
    let (_, bimodal) = &shapes(VOCAB)[2];
    for (label, params) in [
        ("top-k 50", SamplingParams::filtered(1.0, 50, 1.0, 0.0)),
        ("top-p 0.9", SamplingParams::filtered(1.0, 0, 0.9, 0.0)),
        ("min-p 0.1", SamplingParams::filtered(1.0, 0, 1.0, 0.1)),
        ("top-k 3", SamplingParams::filtered(0.7, 3, 1.0, 0.0)),
        ("top-p 0.5 hot", SamplingParams::filtered(2.0, 0, 0.5, 0.0)),
    ] {
        assert_fits(
            &format!("flat {label}"),
            flat,
            params,
            Convention::TemperatureFirst,
            MILLION,
        );
        assert_fits(
            &format!("bimodal {label}"),
            bimodal,
            params,
            Convention::TemperatureFirst,
            MILLION,
        );
    }
}

#[test]
fn filters_combined_in_both_conventions() {
    for (name, z) in shapes(VOCAB) {
        for convention in [Convention::TemperatureFirst, Convention::TemperatureLast] {
            for (label, params) in [
                ("k50 p0.9", SamplingParams::filtered(1.0, 50, 0.9, 0.0)),
                (
                    "k40 p0.8 m0.05 T0.7",
                    SamplingParams::filtered(0.7, 40, 0.8, 0.05),
                ),
                (
                    "p0.95 m0.02 T1.5",
                    SamplingParams::filtered(1.5, 0, 0.95, 0.02),
                ),
            ] {
                let label = format!("{name} {label} {convention:?}");
                assert_fits(&label, &z, params, convention, MILLION / 4);
            }
        }
    }
}

#[test]
fn a_one_percent_error_is_caught() {
    // The suite's power: the same draws fail against a distribution that moves 1% of the
    // probability mass from the most likely token to the least likely kept one.
    use tokenpick::reference::exact_distribution;
    use tokenpick::stats::{CHI_SQUARE_ALPHA, chi_square_test};
    let (_, z) = &shapes(VOCAB)[2];
    let params = SamplingParams::filtered(1.0, 0, 1.0, 0.0);
    let exact = exact_distribution(z, &params, Convention::TemperatureFirst, 0).unwrap();
    let counts = common::draw_counts(z, params, Convention::TemperatureFirst, MILLION);
    let by_probability = |a: &usize, b: &usize| exact[*a].total_cmp(&exact[*b]);
    let top = (0..VOCAB).max_by(by_probability).unwrap();
    let bottom = (0..VOCAB).min_by(by_probability).unwrap();
    let mut shifted = exact.clone();
    shifted[top] -= 0.01;
    shifted[bottom] += 0.01;
    assert!(chi_square_test(&counts, &exact).passes(CHI_SQUARE_ALPHA));
    assert!(!chi_square_test(&counts, &shifted).passes(CHI_SQUARE_ALPHA));
}

//! The checks `verify` runs, each a name, a size in sampler calls (for the progress bar) and a
//! closure that samples on the target and judges the result.

use indicatif::ProgressBar;
use tokenpick::reference::exact_distribution;
use tokenpick::stats::{CHI_SQUARE_ALPHA, chi_square_test};
use tokenpick::synthetic::normal_logits;
use tokenpick::{Convention, Error, RowError, Sampler, SamplingParams};

use super::scalar_reference::gumbel_token;
use super::target::Target;
use crate::synthetic::{SHAPES, row};

/// Rows per sampler call of the distribution checks.
const BATCH: usize = 2000;
/// Vocabulary of the distribution checks' row (an LLM-like synthetic row).
const DISTRIBUTION_VOCAB: usize = 512;
/// The support checks' row: logit ln(i), i = 1..=10000 (probability proportional to i).
const LN_ROW_VOCAB: usize = 10_000;
/// Rows and vocabulary of the token-identity check.
const IDENTITY_ROWS: usize = 64;
const IDENTITY_VOCAB: usize = 32_000;

/// One check's verdict.
pub struct Outcome {
    /// What was checked.
    pub name: String,
    /// The sampler's path report for the check's last call.
    pub path: String,
    /// Whether it passed.
    pub pass: bool,
    /// The figures behind the verdict.
    pub detail: String,
}

type RunCheck = Box<dyn Fn(&Target, u64, &ProgressBar) -> Result<Outcome, Error>>;

/// One check: its name, its sampler calls and how to run it.
pub struct Check {
    /// What it checks.
    pub name: String,
    /// Sampler calls it makes.
    pub units: u64,
    /// Runs it on a target with the sampler seeded by the given seed.
    pub run: RunCheck,
}

/// Every check, sized for `draws` draws per distribution.
pub fn plan(draws: usize) -> Vec<Check> {
    let typical = row(&SHAPES[1], DISTRIBUTION_VOCAB, 11);
    let uncertain = row(&SHAPES[2], DISTRIBUTION_VOCAB, 12);
    let masked = row(&SHAPES[3], DISTRIBUTION_VOCAB, 13);
    let ln_row: Vec<f32> = (1..=LN_ROW_VOCAB).map(|i| (i as f32).ln()).collect();
    let first = Convention::TemperatureFirst;
    let support_draws = (draws / 10).max(1);
    vec![
        distribution(
            "temperature 1 (Gumbel route)",
            typical.clone(),
            SamplingParams::default(),
            first,
            draws,
            None,
        ),
        distribution(
            "temperature 0.6, masked row",
            masked,
            SamplingParams::filtered(0.6, 0, 1.0, 0.0),
            first,
            draws,
            None,
        ),
        distribution(
            "top-k 40",
            typical.clone(),
            SamplingParams::filtered(1.0, 40, 1.0, 0.0),
            first,
            draws,
            None,
        ),
        distribution(
            "top-p 0.9, flat row",
            uncertain.clone(),
            SamplingParams::filtered(1.0, 0, 0.9, 0.0),
            first,
            draws,
            None,
        ),
        distribution(
            "min-p 0.1",
            uncertain,
            SamplingParams::filtered(1.0, 0, 1.0, 0.1),
            first,
            draws,
            None,
        ),
        distribution(
            "k40 p0.95 m0.05 T0.8",
            typical.clone(),
            SamplingParams::filtered(0.8, 40, 0.95, 0.05),
            first,
            draws,
            None,
        ),
        distribution(
            "k50 p0.9 T1.5, temperature last",
            typical,
            SamplingParams::filtered(1.5, 50, 0.9, 0.0),
            Convention::TemperatureLast,
            draws,
            None,
        ),
        distribution(
            "support: top-k 100 of ln(i) row",
            ln_row.clone(),
            SamplingParams::filtered(1.0, 100, 1.0, 0.0),
            first,
            support_draws,
            Some((100, 100)),
        ),
        distribution(
            "support: top-p 0.9 of ln(i) row",
            ln_row.clone(),
            SamplingParams::filtered(1.0, 0, 0.9, 0.0),
            first,
            support_draws,
            Some((6839, 6839)),
        ),
        distribution(
            "support: min-p 0.25 of ln(i) row",
            ln_row,
            SamplingParams::filtered(1.0, 0, 1.0, 0.25),
            first,
            support_draws,
            Some((7500, 7501)),
        ),
        identity(),
        bad_rows(),
    ]
}

/// Draws from one row, `params` for every row of the batch, and tests the counts against the
/// exact distribution; with `support`, the reference's support size must lie in it.
fn distribution(
    name: &str,
    z: Vec<f32>,
    params: SamplingParams,
    convention: Convention,
    draws: usize,
    support: Option<(usize, usize)>,
) -> Check {
    let batch = BATCH.min(draws);
    let calls = draws.div_ceil(batch);
    let label = name.to_owned();
    Check {
        name: name.to_owned(),
        units: calls as u64,
        run: Box::new(move |target, seed, bar| {
            let vocab = z.len();
            let logits = target.logits(&z.repeat(batch), batch, vocab)?;
            let mut sampler = Sampler::builder().seed(seed).convention(convention).build();
            let mut counts = vec![0u64; vocab];
            for step in 0..calls {
                for token in sampler.sample(&logits, &[params], step as u64)? {
                    counts[token as usize] += 1;
                }
                bar.inc(1);
            }
            let exact = exact_distribution(&z, &params, convention, 0)
                .map_err(|e| Error::InvalidRows(vec![e]))?;
            let test = chi_square_test(&counts, &exact);
            let kept = exact.iter().filter(|&&p| p > 0.0).count();
            let support_ok = support.is_none_or(|(low, high)| (low..=high).contains(&kept));
            Ok(Outcome {
                name: label.clone(),
                path: sampler.last_report().summary(),
                pass: test.passes(CHI_SQUARE_ALPHA) && test.impossible_draws == 0 && support_ok,
                detail: format!(
                    "p = {:.3} (dof {}), {} draws, {} outside the support of {kept}",
                    test.p_value, test.degrees_of_freedom, test.draws, test.impossible_draws
                ),
            })
        }),
    }
}

/// The Gumbel route token for token against the scalar spec: the four LLM-like shapes, three
/// temperatures, three steps (one above 2^32), a seed per row.
fn identity() -> Check {
    const TEMPERATURES: [f32; 3] = [0.7, 1.0, 1.3];
    const STEPS: [u64; 3] = [0, 1, 1 << 40];
    Check {
        name: "token identity: Gumbel route vs scalar spec".to_owned(),
        units: (TEMPERATURES.len() * STEPS.len()) as u64,
        run: Box::new(|target, seed, bar| {
            let rows: Vec<Vec<f32>> = (0..IDENTITY_ROWS)
                .map(|r| row(&SHAPES[r % SHAPES.len()], IDENTITY_VOCAB, 100 + r as u64))
                .collect();
            let values: Vec<f32> = rows.concat();
            let logits = target.logits(&values, IDENTITY_ROWS, IDENTITY_VOCAB)?;
            let mut sampler = Sampler::builder().seed(seed).build();
            let (mut compared, mut differing) = (0usize, 0usize);
            for temperature in TEMPERATURES {
                let params: Vec<SamplingParams> = (0..IDENTITY_ROWS as u64)
                    .map(|r| SamplingParams {
                        temperature,
                        seed: Some(seed.wrapping_mul(1_000_003).wrapping_add(r)),
                        ..SamplingParams::default()
                    })
                    .collect();
                for step in STEPS {
                    let tokens = sampler.sample(&logits, &params, step)?;
                    for ((z, p), token) in rows.iter().zip(&params).zip(&tokens) {
                        let expected = p.seed.and_then(|s| gumbel_token(z, p, s, step));
                        compared += 1;
                        differing += usize::from(expected != Some(*token));
                    }
                    bar.inc(1);
                }
            }
            Ok(Outcome {
                name: "token identity: Gumbel route vs scalar spec".to_owned(),
                path: sampler.last_report().summary(),
                pass: differing == 0,
                detail: format!("{differing} of {compared} tokens differ"),
            })
        }),
    }
}

/// A batch with a NaN row and an all -inf row: those two are named, the others sampled.
fn bad_rows() -> Check {
    const VOCAB: usize = 1000;
    Check {
        name: "bad rows: NaN and all -inf named, rest sampled".to_owned(),
        units: 2,
        run: Box::new(|target, seed, bar| {
            let mut values = normal_logits(4 * VOCAB, 2.0, seed);
            values[VOCAB + 17] = f32::NAN;
            values[2 * VOCAB..3 * VOCAB].fill(f32::NEG_INFINITY);
            let logits = target.logits(&values, 4, VOCAB)?;
            let mut sampler = Sampler::builder().seed(seed).build();
            let mut pass = true;
            let mut path = String::new();
            for params in [
                SamplingParams::default(),
                SamplingParams::filtered(0.9, 20, 0.9, 0.05),
            ] {
                let rows = sampler.sample_lenient(&logits, &[params], 3)?;
                path = sampler.last_report().summary();
                pass &= matches!(rows[0], Ok(t) if (t as usize) < VOCAB)
                    && matches!(rows[1], Err(RowError::NanLogits { row: 1 }))
                    && matches!(rows[2], Err(RowError::AllMasked { row: 2 }))
                    && matches!(rows[3], Ok(t) if (t as usize) < VOCAB);
                let strict = sampler.sample(&logits, &[params], 3);
                pass &= matches!(&strict, Err(Error::InvalidRows(errors))
                    if errors.iter().map(RowError::row).eq([1, 2]));
                bar.inc(1);
            }
            Ok(Outcome {
                name: "bad rows: NaN and all -inf named, rest sampled".to_owned(),
                path,
                pass,
                detail: "rows 1 (NaN) and 2 (all -inf) reported, rows 0 and 3 sampled".to_owned(),
            })
        }),
    }
}

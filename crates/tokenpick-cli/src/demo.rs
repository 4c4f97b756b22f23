//! `tokenpick demo`: samples the embedded default with several parameter sets and prints, for
//! each, the path taken, calls per second and a chi-square verdict against the exact
//! distribution of one row shape.

use std::process::ExitCode;
use std::time::Instant;

use clap::Args;
use tokenpick::reference::exact_distribution;
use tokenpick::stats::{CHI_SQUARE_ALPHA, chi_square_test};
use tokenpick::{Convention, Error, Sampler, SamplingParams};

use crate::synthetic::{DEFAULT_BATCH, DEFAULT_VOCAB, SHAPES, default_batch, row};

/// Options of `tokenpick demo`.
#[derive(Args)]
pub struct DemoArgs {
    /// Timed calls per parameter set.
    #[arg(long, default_value_t = 20)]
    calls: usize,
    /// Draws per chi-square verdict.
    #[arg(long, default_value_t = 12_800)]
    draws: usize,
    /// Which row shape the verdicts test (0 confident, 1 typical, 2 uncertain, 3 grammar-masked).
    #[arg(long, default_value_t = 1)]
    shape: usize,
    /// Filters on softmax(z), draw on softmax(z / T) (llama.cpp's convention).
    #[arg(long)]
    temperature_last: bool,
}

/// The parameter sets the demo runs.
fn parameter_sets() -> Vec<(&'static str, SamplingParams)> {
    let base = SamplingParams::default();
    vec![
        ("greedy", SamplingParams::greedy()),
        ("temperature 1.0", base),
        (
            "temperature 0.7",
            SamplingParams {
                temperature: 0.7,
                ..base
            },
        ),
        ("top-k 50", SamplingParams { top_k: 50, ..base }),
        ("top-p 0.9", SamplingParams { top_p: 0.9, ..base }),
        (
            "min-p 0.05",
            SamplingParams {
                min_p: 0.05,
                ..base
            },
        ),
        (
            "k40 p0.95 m0.05 T0.8",
            SamplingParams {
                temperature: 0.8,
                top_k: 40,
                top_p: 0.95,
                min_p: 0.05,
                seed: None,
            },
        ),
    ]
}

/// Runs the demo; exit code 1 when any verdict fails.
pub fn run(args: &DemoArgs) -> Result<ExitCode, Error> {
    let convention = if args.temperature_last {
        Convention::TemperatureLast
    } else {
        Convention::TemperatureFirst
    };
    let shape = &SHAPES[args.shape.min(SHAPES.len() - 1)];
    let batch = default_batch(DEFAULT_VOCAB, DEFAULT_BATCH);
    let tested = row(
        shape,
        DEFAULT_VOCAB,
        args.shape.min(SHAPES.len() - 1) as u64,
    );
    let tested_batch = tested.repeat(DEFAULT_BATCH);
    let mut sampler = Sampler::builder().convention(convention).build();

    println!(
        "tokenpick demo: vocabulary {DEFAULT_VOCAB}, batch {DEFAULT_BATCH}, {} synthetic shapes, backend {}, {convention:?}",
        SHAPES.len(),
        sampler.backend()
    );
    println!(
        "verdicts: {} draws of the '{}' row, chi-square at p = {CHI_SQUARE_ALPHA:e}\n",
        args.draws, shape.name
    );
    println!(
        "{:<22} {:<42} {:>9} {:>11}  verdict",
        "parameters", "path", "calls/s", "us/row"
    );
    let mut all_pass = true;
    for (name, params) in parameter_sets() {
        let started = Instant::now();
        for step in 0..args.calls {
            sampler.sample_host(&batch, DEFAULT_VOCAB, &[params], step as u64)?;
        }
        let seconds = started.elapsed().as_secs_f64();
        let path = sampler.last_report().summary();
        let calls_per_second = args.calls as f64 / seconds;
        let us_per_row = seconds * 1e6 / (args.calls * DEFAULT_BATCH) as f64;

        let exact = exact_distribution(&tested, &params, convention, 0)
            .map_err(|e| Error::InvalidRows(vec![e]))?;
        let mut counts = vec![0u64; DEFAULT_VOCAB];
        let mut drawn = 0;
        let mut step = 1_000_000u64;
        while drawn < args.draws {
            for token in sampler.sample_host(&tested_batch, DEFAULT_VOCAB, &[params], step)? {
                if drawn < args.draws {
                    counts[token as usize] += 1;
                    drawn += 1;
                }
            }
            step += 1;
        }
        let test = chi_square_test(&counts, &exact);
        let pass = test.passes(CHI_SQUARE_ALPHA);
        all_pass &= pass;
        let verdict = format!(
            "{} (p = {:.3}, dof {}, impossible {})",
            if pass { "PASS" } else { "FAIL" },
            test.p_value,
            test.degrees_of_freedom,
            test.impossible_draws
        );
        println!("{name:<22} {path:<42} {calls_per_second:>9.1} {us_per_row:>11.1}  {verdict}");
    }
    println!(
        "\n{}",
        if all_pass {
            "all verdicts pass"
        } else {
            "SOME VERDICTS FAIL"
        }
    );
    Ok(if all_pass {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

//! `tokenpick sample`: rows of logits as whitespace-separated numbers (a file or standard
//! input, `vocab` numbers per row), one token id per row on standard output.

use std::io::Read;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use tokenpick::{Convention, Error, Sampler, SamplingParams};

/// Options of `tokenpick sample`.
#[derive(Args)]
pub struct SampleArgs {
    /// Tokens per row.
    #[arg(long)]
    vocab: usize,
    /// Temperature (0: greedy).
    #[arg(long, default_value_t = 1.0)]
    temperature: f32,
    /// Keep the k largest logits (0: off).
    #[arg(long, default_value_t = 0)]
    top_k: u32,
    /// Nucleus mass (1: off).
    #[arg(long, default_value_t = 1.0)]
    top_p: f32,
    /// Minimum probability relative to the top token (0: off).
    #[arg(long, default_value_t = 0.0)]
    min_p: f32,
    /// Seed of every row (default: from entropy).
    #[arg(long)]
    seed: Option<u64>,
    /// Decode step.
    #[arg(long, default_value_t = 0)]
    step: u64,
    /// Filters on softmax(z), draw on softmax(z / T).
    #[arg(long)]
    temperature_last: bool,
    /// File of logits (default: standard input).
    file: Option<PathBuf>,
}

/// Reads, samples, prints; a row that cannot be sampled prints its error on standard error
/// and makes the exit code 1, the other rows still print their tokens.
pub fn run(args: &SampleArgs) -> Result<ExitCode, Error> {
    let text = match &args.file {
        Some(path) => std::fs::read_to_string(path),
        None => {
            let mut text = String::new();
            std::io::stdin().read_to_string(&mut text).map(|_| text)
        }
    };
    let text = text.map_err(|e| io_error(&e.to_string()))?;
    let mut logits = Vec::new();
    for (i, word) in text.split_whitespace().enumerate() {
        // f32's parser also takes inf, -inf and NaN in any case.
        let value = word
            .parse::<f32>()
            .ok()
            .ok_or_else(|| io_error(&format!("value {i} ({word:?}) is not a number")))?;
        logits.push(value);
    }
    let convention = if args.temperature_last {
        Convention::TemperatureLast
    } else {
        Convention::TemperatureFirst
    };
    let params = SamplingParams {
        temperature: args.temperature,
        top_k: args.top_k,
        top_p: args.top_p,
        min_p: args.min_p,
        seed: args.seed,
    };
    let mut sampler = Sampler::builder().convention(convention).build();
    let rows = sampler.sample_host_lenient(&logits, args.vocab, &[params], args.step)?;
    let mut code = ExitCode::SUCCESS;
    for result in rows {
        match result {
            Ok(token) => println!("{token}"),
            Err(error) => {
                println!("-");
                eprintln!("tokenpick: {error}");
                code = ExitCode::FAILURE;
            }
        }
    }
    Ok(code)
}

fn io_error(message: &str) -> Error {
    Error::Core(tokenpick::core::Error::invalid("sample", "input", message))
}

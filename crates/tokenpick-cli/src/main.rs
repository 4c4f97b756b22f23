//! `tokenpick`: the command-line face of the sampler.
//! - `tokenpick demo`: the embedded default (synthetic LLM-like rows, vocabulary 128256,
//!   batch 64) sampled with several parameter sets: path, calls per second, chi-square verdict.
//! - `tokenpick sample`: samples rows of logits read as text from a file or standard input.
//! - `tokenpick verify`: the statistical suite on this machine's backend, a pass/fail table.

mod demo;
mod sample;
mod synthetic;
mod verify;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// Token sampling for LLM inference engines.
#[derive(Parser)]
#[command(name = "tokenpick", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Sample the embedded default with several parameter sets and check the statistics.
    Demo(demo::DemoArgs),
    /// Sample rows of logits given as whitespace-separated numbers.
    Sample(sample::SampleArgs),
    /// Check sampling on this machine's backend (CPU, CUDA, ROCm): statistics, supports,
    /// token identity, bad rows; exit code 1 on any failure.
    Verify(verify::VerifyArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let outcome = match cli.command {
        Command::Demo(args) => demo::run(&args),
        Command::Sample(args) => sample::run(&args),
        Command::Verify(args) => verify::run(&args),
    };
    match outcome {
        Ok(code) => code,
        Err(error) => {
            eprintln!("tokenpick: {error}");
            ExitCode::from(2)
        }
    }
}

//! `tokenpick verify`: the statistical suite on whatever backend this machine resolves (CPU,
//! CUDA, later ROCm and Metal), at sizes that finish in about a minute: distributions against
//! the f64 reference (chi-square at p = 1e-6), exact supports, token identity with the scalar
//! spec on the Gumbel route, and bad rows. A progress bar while it runs, then a pass/fail table
//! naming the backend, the device and the path each check took; the exit code is 1 on any
//! failure.

mod checks;
mod scalar_reference;
mod target;

use std::process::ExitCode;

use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use tokenpick::Error;

use checks::{Outcome, plan};
use target::Target;

/// Options of `tokenpick verify`.
#[derive(Args)]
pub struct VerifyArgs {
    /// Draws per distribution check (the support checks take a tenth).
    #[arg(long, default_value_t = 1_000_000)]
    draws: usize,
    /// Seed of the sampler's own generator (the rows' seeds come from it).
    #[arg(long, default_value_t = 2026)]
    seed: u64,
}

/// Runs every check; exit code 1 when any fails.
pub fn run(args: &VerifyArgs) -> Result<ExitCode, Error> {
    let target = Target::detect();
    println!(
        "tokenpick verify: backend {}, device {}",
        target.backend_name(),
        target.device_name()
    );
    if target.backend_name() != "CPU" && !target.has_kernels() {
        println!("no kernel ports for this backend yet: the checks run on the CPU path");
    }
    let checks = plan(args.draws.max(1));
    let total: u64 = checks.iter().map(|check| check.units).sum();
    let bar = ProgressBar::new(total);
    if let Ok(style) = ProgressStyle::with_template("{msg:<48} [{bar:30}] {pos}/{len} calls") {
        bar.set_style(style.progress_chars("=> "));
    }
    let mut outcomes: Vec<Outcome> = Vec::with_capacity(checks.len());
    for check in &checks {
        bar.set_message(check.name.clone());
        outcomes.push((check.run)(&target, args.seed, &bar)?);
    }
    bar.finish_and_clear();

    println!(
        "\n{:<48} {:<36} {:<7} detail",
        "check", "path (kernel or fallback)", "verdict"
    );
    for outcome in &outcomes {
        println!(
            "{:<48} {:<44} {:<7} {}",
            outcome.name,
            outcome.path,
            if outcome.pass { "PASS" } else { "FAIL" },
            outcome.detail
        );
    }
    let failed = outcomes.iter().filter(|o| !o.pass).count();
    println!(
        "\n{} of {} checks pass on backend {} ({})",
        outcomes.len() - failed,
        outcomes.len(),
        target.backend_name(),
        target.device_name()
    );
    Ok(if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

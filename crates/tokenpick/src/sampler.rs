//! [`Sampler`]: repeated calls with one configuration (convention, round cap, seed source),
//! the kill switches, and a report of the path each row took.

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use tokenpick_core::{Array, Convention, DEFAULT_MAX_ROUNDS, GpuKernelBackend};

use crate::cpu::sample_rows;
use crate::device::{DeviceCall, sample_device};
use crate::error::{Error, RowError};
use crate::params::{SamplingParams, params_for_row};
use crate::route::{KernelSupport, PathReport, Residency, route_row};
use crate::route_memory::RouteMemory;
use crate::switches::{KillSwitches, kill_switches};

/// Which backends a [`Sampler`] may use.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum BackendChoice {
    /// The kernels of the resolved GPU backend where supported, else the CPU paths.
    #[default]
    Auto,
    /// The CPU paths only (device-resident logits are refused rather than launched).
    CpuOnly,
}

/// Builds a [`Sampler`].
#[derive(Debug, Clone)]
pub struct SamplerBuilder {
    seed: Option<u64>,
    convention: Convention,
    max_rounds: u32,
    backend: BackendChoice,
}

impl SamplerBuilder {
    /// Seeds the generator that gives unseeded rows their seeds (default: entropy).
    pub fn seed(mut self, seed: u64) -> Self {
        self.seed = Some(seed);
        self
    }

    /// Temperature first (default) or temperature last.
    pub fn convention(mut self, convention: Convention) -> Self {
        self.convention = convention;
        self
    }

    /// Which backends the sampler may use (default: [`BackendChoice::Auto`]).
    pub fn backend(mut self, backend: BackendChoice) -> Self {
        self.backend = backend;
        self
    }

    /// Round cap of the rejection kernel (at least 1).
    pub fn max_rounds(mut self, max_rounds: u32) -> Self {
        self.max_rounds = max_rounds.max(1);
        self
    }

    /// The sampler.
    pub fn build(self) -> Sampler {
        let rng = match self.seed {
            Some(seed) => StdRng::seed_from_u64(seed),
            None => rand::make_rng(),
        };
        let support = match self.backend {
            BackendChoice::Auto => KernelSupport::detect(),
            BackendChoice::CpuOnly => KernelSupport {
                gumbel: false,
                rejection: false,
            },
        };
        Sampler {
            rng,
            convention: self.convention,
            max_rounds: self.max_rounds,
            choice: self.backend,
            switches: kill_switches(),
            support,
            report: PathReport::default(),
            route_memory: RouteMemory::default(),
        }
    }
}

/// A token sampler for repeated decode steps.
#[derive(Debug)]
pub struct Sampler {
    rng: StdRng,
    convention: Convention,
    max_rounds: u32,
    choice: BackendChoice,
    switches: KillSwitches,
    support: KernelSupport,
    report: PathReport,
    route_memory: RouteMemory,
}

impl Default for Sampler {
    fn default() -> Self {
        Self::new()
    }
}

impl Sampler {
    /// A sampler with the defaults: temperature first, entropy-seeded, default round cap.
    pub fn new() -> Self {
        Self::builder().build()
    }

    /// A builder with the defaults.
    pub fn builder() -> SamplerBuilder {
        SamplerBuilder {
            seed: None,
            convention: Convention::TemperatureFirst,
            max_rounds: DEFAULT_MAX_ROUNDS,
            backend: BackendChoice::Auto,
        }
    }

    /// The backend choice this sampler was built with.
    pub fn backend_choice(&self) -> BackendChoice {
        self.choice
    }

    /// The convention in use.
    pub fn convention(&self) -> Convention {
        self.convention
    }

    /// The rejection kernel's round cap.
    pub fn max_rounds(&self) -> u32 {
        self.max_rounds
    }

    /// The GPU backend this sampler dispatches to (`None` when built CPU-only).
    pub fn backend(&self) -> GpuKernelBackend {
        match self.choice {
            BackendChoice::Auto => tokenpick_core::gpu_kernel_backend(),
            BackendChoice::CpuOnly => GpuKernelBackend::None,
        }
    }

    /// The kill switches this sampler honours.
    pub fn kill_switches(&self) -> KillSwitches {
        self.switches
    }

    /// The routes of the rows of the last call.
    pub fn last_report(&self) -> &PathReport {
        &self.report
    }

    /// One token per row of host logits (`rows * vocab` f32, row-major); any invalid row
    /// makes the call fail with [`Error::InvalidRows`] naming every bad row.
    pub fn sample_host(
        &mut self,
        logits: &[f32],
        vocab: usize,
        params: &[SamplingParams],
        step: u64,
    ) -> Result<Vec<u32>, Error> {
        strict(self.sample_host_lenient(logits, vocab, params, step)?)
    }

    /// As [`Sampler::sample_host`], but each row gets its own result.
    pub fn sample_host_lenient(
        &mut self,
        logits: &[f32],
        vocab: usize,
        params: &[SamplingParams],
        step: u64,
    ) -> Result<Vec<Result<u32, RowError>>, Error> {
        let rows = check_shape(logits.len(), vocab, params.len())?;
        let seeds = resolve_seeds(params, rows, &mut self.rng);
        self.report = self.plan(params, rows, vocab, Residency::Host);
        Ok(sample_rows(
            logits,
            vocab,
            params,
            &seeds,
            step,
            self.convention,
        ))
    }

    /// One token per row of an [`Array`] of logits; the path follows the data.
    pub fn sample(
        &mut self,
        logits: &Array,
        params: &[SamplingParams],
        step: u64,
    ) -> Result<Vec<u32>, Error> {
        strict(self.sample_lenient(logits, params, step)?)
    }

    /// As [`Sampler::sample`], but each row gets its own result.
    pub fn sample_lenient(
        &mut self,
        logits: &Array,
        params: &[SamplingParams],
        step: u64,
    ) -> Result<Vec<Result<u32, RowError>>, Error> {
        if logits.is_host() {
            let values = logits.host_to_f32()?;
            return self.sample_host_lenient(&values, logits.cols(), params, step);
        }
        let rows = check_shape(logits.rows() * logits.cols(), logits.cols(), params.len())?;
        let seeds = resolve_seeds(params, rows, &mut self.rng);
        let mut report = self.plan(params, rows, logits.cols(), Residency::Device);
        let call = DeviceCall {
            convention: self.convention,
            max_rounds: self.max_rounds,
            gumbel_usable: self.switches.gumbel && self.support.gumbel,
        };
        let results = sample_device(
            logits,
            params,
            &seeds,
            step,
            call,
            &mut report,
            &mut self.route_memory,
        );
        self.report = report;
        results
    }

    fn plan(
        &self,
        params: &[SamplingParams],
        rows: usize,
        vocab: usize,
        residency: Residency,
    ) -> PathReport {
        let routes = (0..rows).map(|row| {
            let mode = params_for_row(params, row).mode(vocab);
            route_row(mode, residency, self.switches, self.support)
        });
        PathReport {
            rows: routes.collect(),
        }
    }
}

/// Checks the call's shape; returns the number of rows.
pub(crate) fn check_shape(len: usize, vocab: usize, params: usize) -> Result<usize, Error> {
    if vocab == 0 {
        return Err(Error::EmptyVocabulary);
    }
    if vocab > u32::MAX as usize {
        return Err(Error::VocabularyTooLarge { vocab });
    }
    if !len.is_multiple_of(vocab) {
        return Err(Error::Shape { len, vocab });
    }
    let rows = len / vocab;
    if rows == 0 {
        return Err(Error::EmptyBatch);
    }
    if params != 1 && params != rows {
        return Err(Error::ParamsCount {
            given: params,
            rows,
        });
    }
    Ok(rows)
}

/// Each row's seed: its own, or a fresh one from `rng` (so unseeded rows never share noise).
pub(crate) fn resolve_seeds(
    params: &[SamplingParams],
    rows: usize,
    rng: &mut impl RngExt,
) -> Vec<u64> {
    (0..rows)
        .map(|row| {
            params_for_row(params, row)
                .seed
                .unwrap_or_else(|| rng.random())
        })
        .collect()
}

/// The strict form of a lenient result: every bad row named in one error.
pub(crate) fn strict(results: Vec<Result<u32, RowError>>) -> Result<Vec<u32>, Error> {
    let bad: Vec<RowError> = results.iter().filter_map(|r| r.clone().err()).collect();
    if !bad.is_empty() {
        return Err(Error::InvalidRows(bad));
    }
    Ok(results.into_iter().flatten().collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::route::{FallbackReason, SamplingPath};

    #[test]
    fn cpu_only_reports_no_backend_and_routes_to_fallbacks() {
        let mut sampler = Sampler::builder()
            .backend(BackendChoice::CpuOnly)
            .seed(1)
            .build();
        assert_eq!(sampler.backend(), GpuKernelBackend::None);
        assert_eq!(sampler.backend_choice(), BackendChoice::CpuOnly);
        let logits = [0.0f32, 1.0, 2.0, 3.0, 1.0, 0.0];
        let params = [
            SamplingParams::default(),
            SamplingParams {
                top_k: 2,
                ..Default::default()
            },
        ];
        let tokens = sampler.sample_host(&logits, 3, &params, 0).unwrap();
        assert_eq!(tokens.len(), 2);
        let report = sampler.last_report();
        assert_eq!(report.rows[0].path, SamplingPath::CategoricalFallback);
        assert_eq!(report.rows[1].path, SamplingPath::ArgpartitionFallback);
        assert!(report.rows.iter().all(|r| r.reason.is_some()));
        assert!(
            report
                .rows
                .iter()
                .all(|r| r.reason != Some(FallbackReason::RoundCap))
        );
    }

    #[test]
    fn host_arrays_of_every_dtype_sample_like_f32() {
        use tokenpick_core::Array;
        let values: Vec<f32> = (0..64).map(|i| (i % 9) as f32 * 0.5).collect();
        let params = [SamplingParams {
            seed: Some(5),
            ..SamplingParams::default()
        }];
        let mut sampler = Sampler::new();
        let direct = sampler.sample_host(&values, 32, &params, 3).unwrap();
        let array = Array::from_host_f32(&values, 2, 32).unwrap();
        assert_eq!(sampler.sample(&array, &params, 3).unwrap(), direct);
    }
}

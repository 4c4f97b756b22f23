//! Shared helpers of the sampler's integration tests: row shapes, batched draws, and the
//! chi-square check against the f64 reference.
#![allow(dead_code)]

use tokenpick::reference::exact_distribution;
use tokenpick::stats::{CHI_SQUARE_ALPHA, ChiSquareTest, chi_square_test};
use tokenpick::{Convention, SamplingParams, sample_rows_cpu};

/// Draws per statistical check: enough to catch a 1% error in a token of probability 0.1.
pub const MILLION: usize = 1_000_000;
/// Rows per batched call in [`draw_counts`].
const ROWS_PER_CALL: usize = 2000;

pub use tokenpick::synthetic::normal_logits;

/// The four shapes of the statistical suite.
pub fn shapes(vocab: usize) -> Vec<(&'static str, Vec<f32>)> {
    let peaked = normal_logits(vocab, 6.0, 1);
    let flat = normal_logits(vocab, 1.0, 2);
    let bimodal: Vec<f32> = normal_logits(vocab, 0.5, 3)
        .iter()
        .enumerate()
        .map(|(i, &x)| {
            if i % 7 == 0 || i == vocab / 2 {
                x + 4.0
            } else {
                x
            }
        })
        .collect();
    let masked: Vec<f32> = normal_logits(vocab, 2.0, 4)
        .iter()
        .enumerate()
        .map(|(i, &x)| if i % 3 == 1 { f32::NEG_INFINITY } else { x })
        .collect();
    vec![
        ("peaked", peaked),
        ("flat", flat),
        ("bimodal", bimodal),
        ("masked", masked),
    ]
}

/// How often each token is drawn in `draws` samples of row `z` (distinct seeds and steps).
pub fn draw_counts(
    z: &[f32],
    params: SamplingParams,
    convention: Convention,
    draws: usize,
) -> Vec<u64> {
    let vocab = z.len();
    let batch: Vec<f32> = z.repeat(ROWS_PER_CALL);
    let mut counts = vec![0u64; vocab];
    let mut done = 0;
    let mut call = 0u64;
    while done < draws {
        let rows = ROWS_PER_CALL.min(draws - done);
        let seeds: Vec<u64> = (0..rows as u64)
            .map(|r| r.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ call)
            .collect();
        let tokens = sample_rows_cpu(
            &batch[..rows * vocab],
            vocab,
            &[params],
            &seeds,
            call,
            convention,
        );
        for token in tokens {
            counts[token.expect("valid row") as usize] += 1;
        }
        done += rows;
        call += 1;
    }
    counts
}

/// Draws `draws` samples and tests them against the exact distribution.
pub fn chi_square_against_reference(
    z: &[f32],
    params: SamplingParams,
    convention: Convention,
    draws: usize,
) -> (ChiSquareTest, Vec<u64>, Vec<f64>) {
    let exact = exact_distribution(z, &params, convention, 0).expect("valid row");
    let counts = draw_counts(z, params, convention, draws);
    (chi_square_test(&counts, &exact), counts, exact)
}

/// Asserts the draws of `z` under `params` fit the exact distribution at p = 1e-6.
pub fn assert_fits(
    label: &str,
    z: &[f32],
    params: SamplingParams,
    convention: Convention,
    draws: usize,
) {
    let (test, _, _) = chi_square_against_reference(z, params, convention, draws);
    assert!(test.passes(CHI_SQUARE_ALPHA), "{label}: {test:?}");
}

/// The CPU path's result for rows whose parameters each carry a seed (the reference the
/// kernels and the sampler are compared with, token for token).
pub fn cpu_tokens(
    logits: &[f32],
    vocab: usize,
    params: &[SamplingParams],
    step: u64,
    convention: Convention,
) -> Vec<Result<u32, tokenpick::RowError>> {
    let seeds: Vec<u64> = params
        .iter()
        .map(|p| p.seed.expect("seeded rows"))
        .collect();
    sample_rows_cpu(logits, vocab, params, &seeds, step, convention)
}

/// [`cpu_tokens`] for rows that must all give a token (no invalid row).
pub fn cpu_token_ids(
    logits: &[f32],
    vocab: usize,
    params: &[SamplingParams],
    step: u64,
    convention: Convention,
) -> Vec<u32> {
    cpu_tokens(logits, vocab, params, step, convention)
        .into_iter()
        .map(Result::unwrap)
        .collect()
}

/// Samples with a kill switch off and checks every row took `path` for that reason, with the
/// tokens of calling the CPU fallback directly with the same seeds.
pub fn assert_switched_to_fallback(
    sampler: &mut tokenpick::Sampler,
    logits: &[f32],
    vocab: usize,
    params: &[SamplingParams],
    step: u64,
    path: tokenpick::SamplingPath,
) {
    use tokenpick::{FallbackReason, RowRoute};
    let tokens = sampler.sample_host(logits, vocab, params, step).unwrap();
    let expected = RowRoute {
        path,
        reason: Some(FallbackReason::KillSwitch),
    };
    assert_eq!(sampler.last_report().rows, vec![expected; params.len()]);
    let direct = cpu_token_ids(logits, vocab, params, step, sampler.convention());
    assert_eq!(tokens, direct);
}

/// True where a CUDA device resolved; elsewhere prints why the GPU test skips.
pub fn cuda_present() -> bool {
    use std::io::Write;
    let backend = tokenpick_core::gpu_kernel_backend();
    if backend != tokenpick::GpuKernelBackend::Cuda {
        // Written to stderr directly, not eprintln!, so the test harness does not capture it.
        let _ = writeln!(
            std::io::stderr(),
            "skipped: no CUDA device (backend {backend}); these tests run on a GPU machine"
        );
        return false;
    }
    true
}

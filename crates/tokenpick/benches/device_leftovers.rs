//! What the sampler's call costs where the two-pass filtered kernel leaves rows (top-p 0.9 on
//! bf16 rows of many tokens, more boundary candidates than it holds): the sampler's time per
//! call with those rows redone on the GPU's top-p route, against what the CPU fallback costs
//! them (a host copy of the whole batch, as before the redo, plus the CPU draw of the rows left).
//! Its phases beside it, to find where the sampler's time goes: the filtered kernel's call
//! alone, each left row redone alone on a one-row view (the route), a fresh sampler's call (the
//! kernel, then the redo of the rows it left in spans on the route at any batch), a sampler's
//! later calls (which, after a call left many rows, take the route alone), and the rows the
//! sampler still left to the CPU. Run on a GPU machine; prints a table. Without a CUDA device
//! it says so and exits.

use std::time::Instant;

use half::bf16;
use tokenpick::core::{self as core, Placement};
use tokenpick::synthetic::normal_logits;
use tokenpick::{Array, Convention, Sampler, SamplingParams, SamplingPath, sample_rows_cpu};

/// Calls timed per shape (after one warm-up call).
const CALLS: usize = 20;
/// (batch, vocabulary, sigma) of the bf16 logits measured; the last leaves no row (the
/// sampler's own cost over its kernel call).
const SHAPES: [(usize, usize, f32); 5] = [
    (64, 262_144, 1.0),
    (64, 262_144, 3.0),
    (256, 262_144, 3.0),
    (256, 151_936, 3.0),
    (256, 128_256, 6.0),
];

/// Median microseconds of `CALLS` calls of `f`.
fn median_micros(mut f: impl FnMut()) -> f64 {
    f();
    let mut times: Vec<f64> = (0..CALLS)
        .map(|_| {
            let start = Instant::now();
            f();
            start.elapsed().as_secs_f64() * 1e6
        })
        .collect();
    times.sort_by(f64::total_cmp);
    times[CALLS / 2]
}

fn main() {
    if core::gpu_kernel_backend() != core::GpuKernelBackend::Cuda {
        println!(
            "device_leftovers: no CUDA device (backend {:?}); nothing to time",
            core::gpu_kernel_backend()
        );
        return;
    }
    println!(
        "batch vocab sigma left route_left cpu_rows kernel_us redo_alone_us fresh_us sampler_us \
         whole_copy_us cpu_left_us"
    );
    for (batch, vocab, sigma) in SHAPES {
        let values = normal_logits(batch * vocab, sigma, 0x1ef7);
        let data: Vec<bf16> = values.iter().map(|&v| bf16::from_f32(v)).collect();
        let logits = Array::from_host_bf16(&data, batch, vocab)
            .and_then(|a| a.to_device(Placement::Cuda, 0))
            .expect("bf16 logits on device 0");
        let rows: Vec<SamplingParams> = (0..batch as u64)
            .map(|row| SamplingParams {
                seed: Some(row),
                ..SamplingParams::filtered(1.0, 0, 0.9, 0.0)
            })
            .collect();
        let kernel_params: Vec<_> = rows
            .iter()
            .map(|p| p.to_row_params(p.seed.unwrap_or(0)))
            .collect();
        let run_kernel = || {
            core::fused_sample_rejection_rows(
                &logits,
                &kernel_params,
                0,
                core::DEFAULT_MAX_ROUNDS,
                Convention::TemperatureFirst,
            )
            .expect("the rejection kernel runs")
        };
        let kernel = run_kernel();
        let left: Vec<usize> = (0..batch).filter(|&row| !kernel.ok[row]).collect();
        let kernel_us = median_micros(|| {
            run_kernel();
        });
        // Each left row on its own one-row view: the route's call, as the redo makes it.
        let redo_alone = || -> usize {
            left.iter()
                .filter(|&&row| {
                    let sample = logits
                        .with_rows(row, 1, |view| {
                            core::fused_sample_rejection_rows(
                                view,
                                &kernel_params[row..row + 1],
                                0,
                                core::DEFAULT_MAX_ROUNDS,
                                Convention::TemperatureFirst,
                            )
                        })
                        .and_then(|sample| sample)
                        .expect("a one-row view runs");
                    !sample.ok[0]
                })
                .count()
        };
        let route_left = redo_alone();
        let redo_alone_us = median_micros(|| {
            redo_alone();
        });
        // A fresh sampler per call: the two-pass kernel, then the redo of the rows it left.
        let mut step = 0;
        let fresh_us = median_micros(|| {
            step += 1;
            Sampler::new()
                .sample(&logits, &rows, step)
                .expect("the sampler draws every row");
        });
        // One sampler for every call: after a call that left many rows, the route alone.
        let mut sampler = Sampler::new();
        let sampler_us = median_micros(|| {
            step += 1;
            sampler
                .sample(&logits, &rows, step)
                .expect("the sampler draws every row");
        });
        let cpu_rows = sampler
            .last_report()
            .rows
            .iter()
            .filter(|route| route.path == SamplingPath::ArgpartitionFallback)
            .count();
        let whole_copy_us = median_micros(|| {
            logits
                .to_host()
                .and_then(|h| h.host_to_f32())
                .expect("host copy");
        });
        let host: Vec<f32> = data.iter().map(|v| v.to_f32()).collect();
        let subset: Vec<f32> = left
            .iter()
            .flat_map(|&row| host[row * vocab..(row + 1) * vocab].iter().copied())
            .collect();
        let left_params: Vec<_> = left.iter().map(|&row| rows[row]).collect();
        let seeds: Vec<u64> = left.iter().map(|&row| row as u64).collect();
        let cpu_left_us = if left.is_empty() {
            0.0
        } else {
            median_micros(|| {
                sample_rows_cpu(
                    &subset,
                    vocab,
                    &left_params,
                    &seeds,
                    0,
                    Convention::TemperatureFirst,
                );
            })
        };
        println!(
            "{batch} {vocab} {sigma} {} {route_left} {cpu_rows} {kernel_us:.1} {redo_alone_us:.1} \
             {fresh_us:.1} {sampler_us:.1} {whole_copy_us:.1} {cpu_left_us:.1}",
            left.len()
        );
    }
}

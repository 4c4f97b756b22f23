//! Host overhead of the CUDA entry points: CPU time from the Rust call to the launch
//! returning, for the allocation-free `_into` forms (what an engine's decode loop calls) and
//! the allocating forms, at batch 1 and 256 of vocabulary 128256. Run on a GPU machine; prints
//! a table (median and 90th percentile over many calls), each entry timed twice: in bursts of
//! BURST calls queued behind each other, and with the stream drained before each call (an
//! engine's decode step, where the sampler's launch does not wait behind a full queue).
//! Without a CUDA device it says so and exits.

use std::time::Instant;

use tokenpick_core::{
    Array, Convention, DEFAULT_MAX_ROUNDS, DType, GpuKernelBackend, Placement, RowParams,
    fused_sample_rejection_rows_deferred, fused_sample_rejection_rows_into, gpu_kernel_backend,
    gumbel_max_sample_rows, gumbel_max_sample_rows_into,
};

/// Calls timed per entry and shape.
const CALLS: usize = 2000;
/// Calls between two waits for the stream, so the launch queue never fills.
const BURST: usize = 50;

fn percentile(sorted: &[f64], q: f64) -> f64 {
    sorted[((sorted.len() - 1) as f64 * q).round() as usize]
}

/// Times `call` CALLS times (each call alone), waiting for the device after every `burst`
/// calls.
fn time_calls(burst: usize, call: &mut dyn FnMut(u64), wait: &dyn Fn()) -> (f64, f64) {
    let mut micros = Vec::with_capacity(CALLS);
    for step in 0..CALLS as u64 {
        let start = Instant::now();
        call(step);
        micros.push(start.elapsed().as_secs_f64() * 1e6);
        if step as usize % burst == burst - 1 {
            wait();
        }
    }
    wait();
    micros.sort_by(f64::total_cmp);
    (percentile(&micros, 0.5), percentile(&micros, 0.9))
}

fn main() {
    if gpu_kernel_backend() != GpuKernelBackend::Cuda {
        println!(
            "host_overhead: no CUDA device (backend {}); nothing to time",
            gpu_kernel_backend()
        );
        return;
    }
    let vocab = 128_256;
    println!(
        "{:<40} {:>6} {:>12} {:>12} {:>12} {:>12}",
        "entry", "batch", "median_us", "p90_us", "drained_us", "drained_p90"
    );
    for batch in [1usize, 256] {
        let host: Vec<f32> = (0..batch * vocab)
            .map(|i| ((i * 7919) % 1000) as f32 / 100.0)
            .collect();
        let logits = Array::from_host_f32(&host, batch, vocab)
            .and_then(|a| a.to_device(Placement::Cuda, 0))
            .expect("device logits");
        let params: Vec<RowParams> = (0..batch as u64)
            .map(|seed| RowParams {
                temperature: 1.0,
                top_k: 50,
                top_p: 0.9,
                min_p: 0.0,
                seed,
            })
            .collect();
        let mut tokens = Array::device_empty(&logits, DType::U32, batch, 1).expect("tokens");
        let mut pairs = Array::device_empty(&logits, DType::U32, batch, 2).expect("pairs");
        let wait = || tokens_wait(&logits);
        type Entry<'a> = (&'static str, Box<dyn FnMut(u64) + 'a>);
        let mut entries: Vec<Entry> = vec![
            (
                "gumbel_max_sample_rows_into",
                Box::new(|step| {
                    gumbel_max_sample_rows_into(&logits, &params, step, &mut tokens).expect("call")
                }),
            ),
            (
                "fused_sample_rejection_rows_into",
                Box::new(|step| {
                    fused_sample_rejection_rows_into(
                        &logits,
                        &params,
                        step,
                        DEFAULT_MAX_ROUNDS,
                        Convention::TemperatureFirst,
                        &mut pairs,
                    )
                    .expect("call")
                }),
            ),
            (
                "gumbel_max_sample_rows (allocates out)",
                Box::new(|step| {
                    drop(gumbel_max_sample_rows(&logits, &params, step).expect("call"))
                }),
            ),
            (
                "fused_sample_rejection_rows_deferred",
                Box::new(|step| {
                    drop(
                        fused_sample_rejection_rows_deferred(
                            &logits,
                            &params,
                            step,
                            DEFAULT_MAX_ROUNDS,
                            Convention::TemperatureFirst,
                        )
                        .expect("call"),
                    )
                }),
            ),
        ];
        for (name, call) in &mut entries {
            let (median, p90) = time_calls(BURST, call.as_mut(), &wait);
            let (drained, drained_p90) = time_calls(1, call.as_mut(), &wait);
            println!(
                "{name:<40} {batch:>6} {median:>12.2} {p90:>12.2} {drained:>12.2} {drained_p90:>12.2}"
            );
        }
    }
}

/// Waits for the logits' stream (the default stream here) by reading a tiny array back.
fn tokens_wait(logits: &Array) {
    let probe = Array::device_empty(logits, DType::U32, 1, 1).expect("probe");
    let _ = probe.to_host_u32();
}

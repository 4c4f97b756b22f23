//! tokenpick's `sample_host` against candle's `LogitsProcessor` on the same rows: batch 1, one
//! thread, vocabulary 32000 and 128256, logits normal with sigma 3 (DESIGN section 7).

use candle_core::{Device, Tensor};
use candle_transformers::generation::{LogitsProcessor, Sampling};
use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use tokenpick::synthetic::normal_logits;
use tokenpick::{SamplingParams, sample_host};

/// Vocabularies measured.
const VOCABS: [usize; 2] = [32_000, 128_256];
/// Spread of the logits.
const SIGMA: f32 = 3.0;

fn logits(len: usize) -> Vec<f32> {
    normal_logits(len, SIGMA, 0x7031)
}

/// (name, tokenpick parameters, candle sampling) of each case.
fn cases() -> Vec<(&'static str, SamplingParams, Sampling)> {
    let base = SamplingParams { seed: Some(1), ..SamplingParams::default() };
    vec![
        ("temperature", base, Sampling::All { temperature: 1.0 }),
        ("top_k_50", SamplingParams { top_k: 50, ..base }, Sampling::TopK { k: 50, temperature: 1.0 }),
        ("top_p_0.9", SamplingParams { top_p: 0.9, ..base }, Sampling::TopP { p: 0.9, temperature: 1.0 }),
        (
            "top_k_50_top_p_0.9",
            SamplingParams { top_k: 50, top_p: 0.9, ..base },
            Sampling::TopKThenTopP { k: 50, p: 0.9, temperature: 1.0 },
        ),
        ("argmax", SamplingParams { temperature: 0.0, ..base }, Sampling::ArgMax),
    ]
}

fn bench(c: &mut Criterion) {
    for vocab in VOCABS {
        let data = logits(vocab);
        let tensor = Tensor::from_vec(data.clone(), vocab, &Device::Cpu).expect("tensor");
        let mut group = c.benchmark_group(format!("vs_candle/v{vocab}"));
        for (name, params, sampling) in cases() {
            let mut step = 0u64;
            group.bench_function(BenchmarkId::new("tokenpick", name), |b| {
                b.iter(|| {
                    step += 1;
                    sample_host(black_box(&data), vocab, &[params], step)
                })
            });
            let mut processor = LogitsProcessor::from_sampling(1, sampling);
            group.bench_function(BenchmarkId::new("candle", name), |b| {
                b.iter(|| processor.sample(black_box(&tensor)).expect("candle samples"))
            });
        }
        group.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);

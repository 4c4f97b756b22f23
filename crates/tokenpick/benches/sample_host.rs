//! CPU throughput of `sample_host` (DESIGN section 7): batch 1 and 64, vocabulary 32000 and
//! 128256, logits normal with sigma 3, for temperature only, top-k 50, top-p 0.9 and
//! top-k 50 + top-p 0.9 + min-p 0.05, plus greedy for scale.

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use tokenpick::synthetic::normal_logits;
use tokenpick::{SamplingParams, sample_host};

/// Vocabularies measured.
const VOCABS: [usize; 2] = [32_000, 128_256];
/// Batches measured.
const BATCHES: [usize; 2] = [1, 64];
/// Spread of the benchmark logits.
const SIGMA: f32 = 3.0;

/// The benchmark logits: normal with sigma 3.
fn logits(len: usize) -> Vec<f32> {
    normal_logits(len, SIGMA, 0x7031)
}

/// The parameter sets measured, by name.
fn cases() -> [(&'static str, SamplingParams); 5] {
    let base = SamplingParams {
        seed: Some(1),
        ..SamplingParams::default()
    };
    [
        ("temperature", base),
        ("top_k_50", SamplingParams { top_k: 50, ..base }),
        ("top_p_0.9", SamplingParams { top_p: 0.9, ..base }),
        (
            "top_k_50_top_p_0.9_min_p_0.05",
            SamplingParams {
                top_k: 50,
                top_p: 0.9,
                min_p: 0.05,
                ..base
            },
        ),
        (
            "greedy",
            SamplingParams {
                temperature: 0.0,
                ..base
            },
        ),
    ]
}

fn bench(c: &mut Criterion) {
    for vocab in VOCABS {
        for batch in BATCHES {
            // Made on first use, so a filtered run does not pay for the groups it skips.
            let data = std::cell::OnceCell::new();
            let mut group = c.benchmark_group(format!("sample_host/b{batch}/v{vocab}"));
            group.throughput(Throughput::Elements((vocab * batch) as u64));
            for (name, params) in cases() {
                let mut step = 0u64;
                group.bench_function(BenchmarkId::from_parameter(name), |b| {
                    b.iter(|| {
                        step += 1;
                        let data = data.get_or_init(|| logits(vocab * batch));
                        sample_host(black_box(data), vocab, &[params], step)
                    })
                });
            }
            group.finish();
        }
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);

//! Throughput of the Rust random-number path: Philox blocks and Gumbel noise per token.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use tokenpick_core::noise::gumbel_from_bits;
use tokenpick_core::philox::{DOMAIN_GUMBEL, philox_blocks, seed_key};

/// Blocks per batched Philox call.
const LANES: usize = 8;
/// Tokens per measured iteration (one vocabulary's worth).
const TOKENS: usize = 131_072;

fn philox(c: &mut Criterion) {
    let mut group = c.benchmark_group("noise");
    group.throughput(Throughput::Elements(TOKENS as u64));
    let key = seed_key(0x5eed);
    group.bench_function("philox_words", |b| {
        b.iter(|| {
            let mut acc = 0u32;
            for block in (0..TOKENS / 4).step_by(LANES) {
                let words = philox_blocks::<LANES>(block as u32, black_box(7), DOMAIN_GUMBEL, key);
                acc ^= words.iter().flatten().fold(0, |a, &w| a ^ w);
            }
            acc
        })
    });
    group.bench_function("gumbel_noise", |b| {
        b.iter(|| {
            let mut acc = 0.0f32;
            for block in (0..TOKENS / 4).step_by(LANES) {
                let words = philox_blocks::<LANES>(block as u32, black_box(7), DOMAIN_GUMBEL, key);
                acc += words
                    .iter()
                    .flatten()
                    .map(|&w| gumbel_from_bits(w))
                    .sum::<f32>();
            }
            acc
        })
    });
    group.finish();
}

criterion_group!(benches, philox);
criterion_main!(benches);

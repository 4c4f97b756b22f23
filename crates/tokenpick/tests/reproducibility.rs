//! The same (seed, step) gives the same token whichever batch slot the row occupies; unseeded
//! rows never share noise; a seeded Sampler repeats itself.

mod common;

use common::normal_logits;
use tokenpick::{Convention, Sampler, SamplingParams, sample_host, sample_rows_cpu};

const VOCAB: usize = 4099;

fn seeded(seed: u64, temperature: f32, top_k: u32, top_p: f32) -> SamplingParams {
    SamplingParams {
        temperature,
        top_k,
        top_p,
        min_p: 0.0,
        seed: Some(seed),
    }
}

#[test]
fn a_request_gets_the_same_token_in_any_slot() {
    let target = normal_logits(VOCAB, 2.0, 77);
    let others: Vec<Vec<f32>> = (0..7).map(|s| normal_logits(VOCAB, 3.0, s)).collect();
    for params in [
        seeded(12345, 1.0, 0, 1.0),
        seeded(999, 0.8, 40, 0.9),
        seeded(5, 1.3, 0, 0.7),
    ] {
        let mut tokens = Vec::new();
        for slot in 0..8 {
            let mut batch = Vec::new();
            let mut row_params = Vec::new();
            let mut others_iter = others.iter();
            for row in 0..8 {
                if row == slot {
                    batch.extend_from_slice(&target);
                    row_params.push(params);
                } else {
                    batch.extend_from_slice(others_iter.next().unwrap());
                    row_params.push(seeded(row as u64 + 1, 1.0, 0, 1.0));
                }
            }
            let sampled = sample_host(&batch, VOCAB, &row_params, 31).unwrap();
            tokens.push(sampled[slot]);
        }
        assert!(
            tokens.iter().all(|&t| t == tokens[0]),
            "{params:?}: {tokens:?}"
        );
        // And alone, through the CPU path directly.
        let alone = sample_rows_cpu(
            &target,
            VOCAB,
            &[params],
            &[params.seed.unwrap()],
            31,
            Convention::TemperatureFirst,
        );
        assert_eq!(alone[0].clone().unwrap(), tokens[0]);
    }
}

#[test]
fn the_step_changes_the_noise() {
    let z = normal_logits(VOCAB, 1.0, 3);
    let params = [seeded(42, 1.0, 0, 1.0)];
    let tokens: Vec<u32> = (0..50)
        .map(|step| sample_host(&z, VOCAB, &params, step).unwrap()[0])
        .collect();
    let distinct: std::collections::HashSet<_> = tokens.iter().collect();
    assert!(distinct.len() > 30, "{distinct:?}");
}

#[test]
fn unseeded_rows_never_share_noise() {
    // 1000 identical uniform rows: shared noise would give one token; independent noise gives
    // about 1000 * (1 - 1/e) distinct tokens.
    let vocab = 1000;
    let z = vec![0.0f32; vocab * 1000];
    let tokens = sample_host(&z, vocab, &[SamplingParams::default()], 0).unwrap();
    let distinct: std::collections::HashSet<_> = tokens.iter().collect();
    assert!(distinct.len() > 550, "{}", distinct.len());
    let mut sampler = Sampler::new();
    let tokens = sampler
        .sample_host(&z, vocab, &[SamplingParams::default()], 0)
        .unwrap();
    let distinct: std::collections::HashSet<_> = tokens.iter().collect();
    assert!(distinct.len() > 550, "{}", distinct.len());
}

#[test]
fn a_seeded_sampler_repeats_itself() {
    let z = normal_logits(VOCAB * 16, 1.0, 9);
    let run = || {
        let mut sampler = Sampler::builder().seed(2024).build();
        (0..5)
            .map(|step| {
                sampler
                    .sample_host(&z, VOCAB, &[SamplingParams::default()], step)
                    .unwrap()
            })
            .collect::<Vec<_>>()
    };
    assert_eq!(run(), run());
}

//! The Gumbel route written straight from DESIGN section 4, one token at a time: token =
//! argmax_i fma(z_i, 1/T, g_i), ties to the lower index, g_i from Philox4x32-10 of
//! (i / 4, step, domain 0) under the row's seed. `verify` holds every backend's tokens to it.

use tokenpick::SamplingParams;
use tokenpick::core::noise::gumbel_from_bits;
use tokenpick::core::philox::{counter_for, philox4x32_10, seed_key};

/// The token of one finite row with temperature `params.temperature > 0` and a seed.
pub fn gumbel_token(z: &[f32], params: &SamplingParams, seed: u64, step: u64) -> Option<u32> {
    let r = 1.0f32 / params.temperature;
    let key = seed_key(seed);
    let mut best: Option<(f32, u32)> = None;
    for (group, chunk) in z.chunks(4).enumerate() {
        let first = group * 4;
        let words = philox4x32_10(counter_for(first as u64, step, 0), key);
        for (lane, &logit) in chunk.iter().enumerate() {
            let score = logit.mul_add(r, gumbel_from_bits(words[lane]));
            if score > f32::NEG_INFINITY && best.is_none_or(|(b, _)| score > b) {
                best = Some((score, (first + lane) as u32));
            }
        }
    }
    best.map(|(_, token)| token)
}

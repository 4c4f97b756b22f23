//! TOKENPICK_SAMPLING_GUMBEL=off: temperature-only rows take the categorical fallback, the
//! report says why, and the tokens equal those of calling the fallback directly.

mod common;

use tokenpick::{GUMBEL_SWITCH, Sampler, SamplingParams, SamplingPath, kill_switches};

#[test]
fn gumbel_switch_off_takes_the_categorical_fallback() {
    // SAFETY: the only test of this binary; nothing has read the environment yet.
    unsafe { std::env::set_var(GUMBEL_SWITCH, "Off") };
    let switches = kill_switches();
    assert!(!switches.gumbel && switches.rejection, "{switches:?}");

    let vocab = 1000;
    let logits: Vec<f32> = (0..vocab * 4)
        .map(|i| ((i * 37) % 101) as f32 / 17.0)
        .collect();
    let params: Vec<SamplingParams> = (0..4)
        .map(|row| SamplingParams {
            temperature: 0.9,
            seed: Some(100 + row),
            ..SamplingParams::default()
        })
        .collect();
    let mut sampler = Sampler::new();
    common::assert_switched_to_fallback(
        &mut sampler,
        &logits,
        vocab,
        &params,
        11,
        SamplingPath::CategoricalFallback,
    );
}

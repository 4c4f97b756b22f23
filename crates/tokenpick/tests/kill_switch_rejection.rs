//! TOKENPICK_SAMPLING_REJECTION=0: filtered rows take the argpartition fallback, the report
//! says why, and the tokens equal those of calling the fallback directly.

mod common;

use tokenpick::{
    Convention, REJECTION_SWITCH, Sampler, SamplingParams, SamplingPath, kill_switches,
};

#[test]
fn rejection_switch_off_takes_the_argpartition_fallback() {
    // SAFETY: the only test of this binary; nothing has read the environment yet.
    unsafe { std::env::set_var(REJECTION_SWITCH, "0") };
    let switches = kill_switches();
    assert!(switches.gumbel && !switches.rejection, "{switches:?}");

    let vocab = 1000;
    let logits: Vec<f32> = (0..vocab * 3)
        .map(|i| ((i * 53) % 89) as f32 / 11.0)
        .collect();
    let params: Vec<SamplingParams> = (0..3)
        .map(|row| SamplingParams {
            top_k: 20,
            top_p: 0.9,
            min_p: 0.01,
            seed: Some(7 + row),
            ..SamplingParams::default()
        })
        .collect();
    let mut sampler = Sampler::builder()
        .convention(Convention::TemperatureLast)
        .build();
    common::assert_switched_to_fallback(
        &mut sampler,
        &logits,
        vocab,
        &params,
        2,
        SamplingPath::ArgpartitionFallback,
    );
}

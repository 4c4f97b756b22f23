//! TOKENPICK_SAMPLING_GUMBEL=off: temperature-only rows take the categorical fallback, the
//! report says why, and the tokens equal those of calling the fallback directly.

use tokenpick::{
    Convention, FallbackReason, GUMBEL_SWITCH, RowRoute, Sampler, SamplingParams, SamplingPath,
    kill_switches, sample_rows_cpu,
};

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
    let tokens = sampler.sample_host(&logits, vocab, &params, 11).unwrap();
    let expected = RowRoute {
        path: SamplingPath::CategoricalFallback,
        reason: Some(FallbackReason::KillSwitch),
    };
    assert_eq!(sampler.last_report().rows, vec![expected; 4]);

    let seeds: Vec<u64> = params.iter().map(|p| p.seed.unwrap()).collect();
    let direct: Vec<u32> = sample_rows_cpu(
        &logits,
        vocab,
        &params,
        &seeds,
        11,
        Convention::TemperatureFirst,
    )
    .into_iter()
    .map(Result::unwrap)
    .collect();
    assert_eq!(tokens, direct);
}

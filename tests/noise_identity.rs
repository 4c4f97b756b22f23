//! The C++ noise (reached through the bridge) and the Rust noise are the same bits: Philox on
//! the published known answers, `det_ln` on a million inputs, Gumbel noise on a million tokens.

use tokenpick_core::ffi;
use tokenpick_core::noise::{det_ln, gumbel_noise};
use tokenpick_core::philox::philox4x32_10;

/// How many inputs each identity check covers.
const DRAWS: usize = 1_000_000;

fn cpp_philox(counter: [u32; 4], key: [u32; 2]) -> [u32; 4] {
    let mut out = [0u32; 4];
    ffi::noise_philox4x32_10(&counter, &key, &mut out).expect("valid lengths");
    out
}

#[test]
fn cpp_philox_matches_random123_known_answers() {
    let cases = [
        (
            [0, 0, 0, 0],
            [0, 0],
            [0x6627_e8d5, 0xe169_c58d, 0xbc57_ac4c, 0x9b00_dbd8],
        ),
        (
            [u32::MAX; 4],
            [u32::MAX; 2],
            [0x408f_276d, 0x41c8_3b0e, 0xa20b_c7c6, 0x6d54_51fd],
        ),
        (
            [0x243f_6a88, 0x85a3_08d3, 0x1319_8a2e, 0x0370_7344],
            [0xa409_3822, 0x299f_31d0],
            [0xd16c_fe09, 0x94fd_cceb, 0x5001_e420, 0x2412_6ea1],
        ),
    ];
    for (counter, key, expected) in cases {
        assert_eq!(cpp_philox(counter, key), expected);
        assert_eq!(philox4x32_10(counter, key), expected);
    }
}

#[test]
fn cpp_philox_rejects_wrong_lengths_without_aborting() {
    let mut out = [0u32; 4];
    assert!(ffi::noise_philox4x32_10(&[0, 0, 0], &[0, 0], &mut out).is_err());
    assert!(ffi::noise_philox4x32_10(&[0; 4], &[0], &mut out).is_err());
}

#[test]
fn det_ln_is_bit_identical_on_a_million_inputs() {
    // Every uniform the noise can take below 2^20 words' spacing, plus a sweep of positives.
    let mut inputs: Vec<f32> = (0..DRAWS as u32 / 2)
        .map(|i| ((i * 16) as f32 + 0.5) * tokenpick_core::noise::UNIFORM_SCALE)
        .collect();
    let mut x = 5.96e-8f32;
    while inputs.len() < DRAWS {
        inputs.push(x);
        x *= 1.000_031;
    }
    let mut cpp = vec![0.0f32; inputs.len()];
    ffi::noise_det_ln(&inputs, &mut cpp).expect("same lengths");
    for (i, (&input, &c)) in inputs.iter().zip(&cpp).enumerate() {
        let rust = det_ln(input);
        assert_eq!(
            rust.to_bits(),
            c.to_bits(),
            "input {i}: ln({input:e}) rust {rust:e} c++ {c:e}"
        );
    }
}

#[test]
fn gumbel_noise_is_bit_identical_on_a_million_tokens() {
    let seeds = [0u64, 1, 0xdead_beef_0bad_f00d, u64::MAX];
    let per_seed = DRAWS / seeds.len();
    for (s, &seed) in seeds.iter().enumerate() {
        let step = (s as u64) << 33 | 17;
        let first = (s * 1_000_003) as u64;
        let mut cpp = vec![0.0f32; per_seed];
        ffi::noise_gumbel(seed, step, first, &mut cpp);
        for (i, &c) in cpp.iter().enumerate() {
            let rust = gumbel_noise(seed, step, first + i as u64);
            assert_eq!(
                rust.to_bits(),
                c.to_bits(),
                "seed {seed} token {}",
                first + i as u64
            );
        }
    }
}

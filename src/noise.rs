//! The noise of DESIGN section 4, bit-identical to `cpp/random/gumbel_noise.h`:
//! `u = ((x >> 9) + 0.5) * 2^-23` and `g = -ln(-ln(u))` through [`det_ln`], a logarithm built
//! only from IEEE add, multiply and fused multiply-add (`f32::mul_add`). Rust never contracts
//! or reorders float operations, so each line below is the operation the C++ header names.

use crate::philox::{DOMAIN_GUMBEL, counter_for, philox4x32_10, seed_key};

/// 2^-23, the spacing of the 23-bit uniforms.
pub const UNIFORM_SCALE: f32 = 1.192_092_9e-7;
/// Mantissa bits of sqrt(1/2) (0x3f3504f3): mantissas above fold to [sqrt(1/2), 1).
const SQRT_HALF_MANTISSA_BITS: u32 = 0x0035_04f3;
/// ln 2, high part (exact in products with small exponents).
#[allow(clippy::excessive_precision)]
const LN2_HI: f32 = 0.693_359_375;
/// ln 2, low part.
#[allow(clippy::excessive_precision)]
const LN2_LO: f32 = -2.121_944_40e-4;
/// ln(1 + f) = f - f^2 / 2 + f^3 P(f); P of degree 8 (Cephes logf), highest power first.
#[allow(clippy::excessive_precision)]
const LN_POLY: [f32; 9] = [
    7.037_683_629_2e-2,
    -1.151_461_031_0e-1,
    1.167_699_874_0e-1,
    -1.242_014_084_6e-1,
    1.424_932_278_7e-1,
    -1.666_805_766_5e-1,
    2.000_071_476_5e-1,
    -2.499_999_399_3e-1,
    3.333_333_117_4e-1,
];

/// The largest Gumbel noise any word can give: -ln(-ln(1 - 2^-24)) ~ 16.636.
pub const GUMBEL_NOISE_MAX: f32 = 16.64;
/// The smallest Gumbel noise any word can give: -ln(-ln(2^-24)) ~ -2.8107.
pub const GUMBEL_NOISE_MIN: f32 = -2.82;

/// Deterministic natural logarithm of a positive, finite, normal `x`.
#[inline]
pub fn det_ln(x: f32) -> f32 {
    let bits = x.to_bits();
    let mut exponent = (bits >> 23) as i32 - 127;
    let mantissa = bits & 0x007f_ffff;
    let m_bits = if mantissa > SQRT_HALF_MANTISSA_BITS {
        exponent += 1;
        mantissa | 0x3f00_0000
    } else {
        mantissa | 0x3f80_0000
    };
    let f = f32::from_bits(m_bits) + -1.0;
    let f2 = f * f;
    let mut poly = LN_POLY[0].mul_add(f, LN_POLY[1]);
    for &c in &LN_POLY[2..] {
        poly = poly.mul_add(f, c);
    }
    let e = exponent as f32;
    let mut y = (f * f2) * poly;
    y = e.mul_add(LN2_LO, y);
    y = f2.mul_add(-0.5, y);
    let result = f + y;
    e.mul_add(LN2_HI, result)
}

/// The uniform of one random word: `((x >> 9) + 0.5) * 2^-23`, in `[2^-24, 1 - 2^-24]`.
#[inline]
pub fn uniform_from_bits(word: u32) -> f32 {
    ((word >> 9) as f32 + 0.5) * UNIFORM_SCALE
}

/// Gumbel noise `-ln(-ln(u))` of one random word.
#[inline]
pub fn gumbel_from_bits(word: u32) -> f32 {
    let u = uniform_from_bits(word);
    -det_ln(-det_ln(u))
}

/// The Gumbel noise of `token` in a row with this `seed` at this `step`.
#[inline]
pub fn gumbel_noise(seed: u64, step: u64, token: u64) -> f32 {
    let block = philox4x32_10(counter_for(token, step, DOMAIN_GUMBEL), seed_key(seed));
    gumbel_from_bits(block[(token % 4) as usize])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn det_ln_is_close_to_the_f64_logarithm() {
        let mut worst = 0.0f64;
        let mut x = 1.0e-30f32;
        while x < 1.0e30 {
            let exact = f64::from(x).ln();
            let got = f64::from(det_ln(x));
            let error = (got - exact).abs() / exact.abs().max(1.0);
            worst = worst.max(error);
            x *= 1.000_37;
        }
        assert!(worst < 4.0e-7, "worst relative error {worst}");
        assert_eq!(det_ln(1.0), 0.0);
    }

    #[test]
    fn uniforms_stay_inside_the_open_interval() {
        assert_eq!(uniform_from_bits(0), 2.0f32.powi(-24));
        assert_eq!(uniform_from_bits(u32::MAX), 1.0 - 2.0f32.powi(-24));
        assert!(gumbel_from_bits(0) >= GUMBEL_NOISE_MIN);
        assert!(gumbel_from_bits(u32::MAX) <= GUMBEL_NOISE_MAX);
        assert!(gumbel_from_bits(u32::MAX) > 16.6);
        assert!(gumbel_from_bits(0) < -2.8);
    }
}

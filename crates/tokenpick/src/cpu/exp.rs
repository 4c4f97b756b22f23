//! Two exponentials for the hot loops, both written so the compiler vectorises them:
//! - [`exp_upper_bound`]: a cheap, provable upper bound of e^y (the chord of 2^t between
//!   integers lies above the curve), for the exact skip filter of the Gumbel draw;
//! - [`exp_nonpositive`]: e^d for d <= 0 to about 2 ulp, for the top-p mass histogram.

/// log2(e), nearest f32.
const LOG2E: f32 = std::f32::consts::LOG2_E;
/// 2^23: one unit of exponent in an f32's bit pattern.
const EXPONENT_UNIT: f32 = 8_388_608.0;
/// Covers the rounding of `y * log2(e)` and of the float-to-int step (about 2^-16 at worst).
const UPPER_BOUND_MARGIN: f32 = 1.0 + 1.0 / 512.0;
/// Smallest exponent handled; below it the bound is 2^-126 (still an upper bound of e^y).
const MIN_EXPONENT: f32 = -126.0;
/// Above this the bound is capped at about 2 (callers only compare it with numbers below 1).
const MAX_EXPONENT: f32 = 1.0;

/// An upper bound of e^y. NaN maps to the smallest bound.
#[inline(always)]
pub(crate) fn exp_upper_bound(y: f32) -> f32 {
    // max before min: f32::max ignores a NaN operand, so NaN becomes MIN_EXPONENT (clamp
    // would keep the NaN).
    #[allow(clippy::manual_clamp)]
    let t = (y * LOG2E).max(MIN_EXPONENT).min(MAX_EXPONENT);
    // bits of 2^k (1 + f) for t = k + f: the chord, which is >= 2^t.
    // SAFETY: t is finite and in [-126, 1], so t * 2^23 fits an i32 (the unchecked form
    // vectorises; `as` adds saturation fix-ups that keep this loop scalar).
    let units: i32 = unsafe { (t * EXPONENT_UNIT).to_int_unchecked() };
    let bits = units.wrapping_add(127 << 23);
    f32::from_bits(bits as u32) * UPPER_BOUND_MARGIN
}

/// ln 2 in two parts for the range reduction (high part exact in products with small k).
const LN2_HI: f32 = 0.693_145_75;
const LN2_LO: f32 = 1.428_606_8e-6;
/// 1.5 * 2^23: adding and subtracting it rounds an f32 of magnitude below 2^22 to an integer.
const ROUND_SHIFT: f32 = 12_582_912.0;
/// Below this e^d is under f32's normal range and counts as 0.
const EXP_UNDERFLOW: f32 = -87.0;
/// Taylor coefficients 1/n! for e^r, |r| <= ln(2)/2.
const INV_FACTORIALS: [f32; 8] = [
    1.0,
    1.0,
    0.5,
    1.0 / 6.0,
    1.0 / 24.0,
    1.0 / 120.0,
    1.0 / 720.0,
    1.0 / 5040.0,
];

/// e^d for d <= 0 (relative error about 2e-7); -inf and d < -87 give 0.
#[inline(always)]
pub(crate) fn exp_nonpositive(d: f32) -> f32 {
    // A select, not f32::max: its NaN rule keeps the loop scalar (d is never NaN here).
    let clamped = if d > EXP_UNDERFLOW { d } else { EXP_UNDERFLOW };
    // Round to nearest by the 1.5 * 2^23 shift (exact for |y| < 2^22; f32::round is a libm call).
    let k = (clamped * LOG2E + ROUND_SHIFT) - ROUND_SHIFT;
    let r = (clamped - k * LN2_HI) - k * LN2_LO;
    let mut p = INV_FACTORIALS[7];
    for &c in INV_FACTORIALS[..7].iter().rev() {
        p = p * r + c;
    }
    // SAFETY: k is an integer in [-126, 0] (d clamped above), so the conversion is exact
    // (the unchecked form vectorises; `as` adds saturation fix-ups).
    let k_int: i32 = unsafe { k.to_int_unchecked() };
    let scale = f32::from_bits(((k_int + 127) << 23) as u32);
    let value = p * scale;
    if d >= EXP_UNDERFLOW { value } else { 0.0 }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn upper_bound_is_never_below_the_exponential() {
        let mut y = -90.0f32;
        // Above ln 2 the bound is capped near 2: callers compare it only with numbers below 1.
        while y < std::f32::consts::LN_2 {
            let exact = f64::from(y).exp();
            let bound = f64::from(exp_upper_bound(y));
            assert!(bound >= exact, "y {y}: bound {bound} < e^y {exact}");
            assert!(
                bound <= exact * 1.1 || exact < 1e-37,
                "y {y}: bound {bound} too loose"
            );
            y += 0.000_731;
        }
        assert!(exp_upper_bound(f32::NAN) < 1e-37);
        assert!(exp_upper_bound(f32::NEG_INFINITY) < 1e-37);
        assert!(exp_upper_bound(f32::INFINITY) > 1.0);
        assert!(exp_upper_bound(5.0) > 1.0);
    }

    #[test]
    fn nonpositive_exp_is_accurate() {
        let mut d = -88.0f32;
        while d <= 0.0 {
            let exact = f64::from(d).exp();
            let got = f64::from(exp_nonpositive(d));
            if d >= EXP_UNDERFLOW {
                assert!(
                    (got - exact).abs() <= exact * 4e-7,
                    "d {d}: {got} vs {exact}"
                );
            } else {
                assert_eq!(got, 0.0);
            }
            d += 0.000_977;
        }
        assert_eq!(exp_nonpositive(0.0), 1.0);
        assert_eq!(exp_nonpositive(f32::NEG_INFINITY), 0.0);
    }
}

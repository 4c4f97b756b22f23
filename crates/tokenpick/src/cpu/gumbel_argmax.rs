//! Gumbel-max over a row, optionally restricted to `{i : f_i >= threshold}`:
//! the token is `argmax_i fma(z_i, 1/T, g_i)` with the DESIGN noise `g_i`, lowest index on
//! ties. Two exact skips leave the winner bit-identical to the full computation:
//! - a chunk whose best scaled logit is more than the noise's range below the best score so
//!   far cannot win, and needs no Philox;
//! - token x beats best b only if u > exp(-exp(x - b)) >= 1 - exp(x - b), so when
//!   `1 - u >= T` (T an upper bound of exp(x - b + rounding slack)) it needs no logarithm.
//!   `1 - u` is exact for every uniform, so the test never rejects a winner.

use tokenpick_core::noise::{GUMBEL_NOISE_MAX, gumbel_from_bits, gumbel_noise, uniform_from_bits};
use tokenpick_core::philox::{DOMAIN_GUMBEL, WIDE_BLOCKS, philox_words8, seed_key};

use super::exp::exp_upper_bound;
use super::reduce::chunk_max;
use super::row_spec::RowSpec;

/// Tokens per chunk: 16 Philox blocks of 4 words.
const CHUNK: usize = 64;
/// Tokens of one eight-block Philox call.
const HALF: usize = 4 * WIDE_BLOCKS;
const _: () = assert!(CHUNK == 2 * HALF);
/// A chunk is skipped when its best scaled logit plus this is below the best score.
const CHUNK_SKIP_SPAN: f32 = GUMBEL_NOISE_MAX + 0.125;
/// Relative slack for the rounding of `z * r`, of `x - b` and of the fused score.
const RELATIVE_SLACK: f32 = 1.0 / 1_048_576.0;
/// Absolute slack for the rounding of the noise itself.
const ABSOLUTE_SLACK: f32 = 1.0 / 4096.0;
/// 2^23: uniforms are (integer + 0.5) * 2^-23.
const UNIFORM_UNITS: f32 = 8_388_608.0;

/// Sixteen Philox blocks of the Gumbel domain at once, as words in token order.
type WidePhilox = fn(u32, u64, [u32; 2], &mut [u32; CHUNK]);

/// Splits a chunk's words into the two halves an eight-block generator fills.
fn halves(out: &mut [u32; CHUNK]) -> (&mut [u32; HALF], &mut [u32; HALF]) {
    let (low, high) = out.split_at_mut(HALF);
    match (low.try_into(), high.try_into()) {
        (Ok(low), Ok(high)) => (low, high),
        _ => unreachable!("CHUNK is two halves"),
    }
}

/// The portable form (the compiler vectorises what it can).
fn portable_philox(first_block: u32, step: u64, key: [u32; 2], out: &mut [u32; CHUNK]) {
    let (low, high) = halves(out);
    philox_words8(first_block, step, DOMAIN_GUMBEL, key, low);
    let second = first_block.wrapping_add(WIDE_BLOCKS as u32);
    philox_words8(second, step, DOMAIN_GUMBEL, key, high);
}

/// The AVX2 form; selected only after the run-time feature check.
#[cfg(target_arch = "x86_64")]
fn avx2_philox(first_block: u32, step: u64, key: [u32; 2], out: &mut [u32; CHUNK]) {
    // SAFETY: selected by `wide_philox` only when the CPU has AVX2.
    unsafe { super::philox_avx2::philox_words16_avx2(first_block, step, DOMAIN_GUMBEL, key, out) }
}

/// The fastest generator this CPU runs, called through a pointer once per 64 tokens. (Some
/// arrangements that inline an out-of-line AVX2 generator into two builds of the draw crash
/// LLVM 22's register allocator at opt-level 3, rustc 1.95.0; this one compiles.)
fn wide_philox() -> WidePhilox {
    #[cfg(target_arch = "x86_64")]
    if super::simd::has_avx2() {
        return avx2_philox;
    }
    portable_philox
}

/// Which tokens may be drawn.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Keep {
    /// Every token.
    All,
    /// Tokens whose filter value (see [`RowSpec::filter_value`]) is at least this.
    AtLeast(f32),
}

impl Keep {
    #[inline(always)]
    fn keeps(self, spec: &RowSpec, z: f32) -> bool {
        match self {
            Keep::All => true,
            Keep::AtLeast(threshold) => spec.filter_value(z) >= threshold,
        }
    }
}

/// The outcome of a draw.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Draw {
    /// The drawn token.
    Token(u32),
    /// A logit is NaN.
    Nan,
    /// No kept token has positive probability.
    Empty,
}

/// Gumbel-max over the kept tokens of `z`; kept `+inf` scaled logits share the mass equally.
pub(crate) fn gumbel_argmax(z: &[f32], spec: &RowSpec, keep: Keep) -> Draw {
    match finite_gumbel_argmax(z, spec, keep) {
        FiniteDraw::Token(token) => Draw::Token(token),
        FiniteDraw::Nan => Draw::Nan,
        FiniteDraw::Empty => Draw::Empty,
        FiniteDraw::PositiveInfinity => infinite_gumbel_argmax(z, spec, keep),
    }
}

enum FiniteDraw {
    Token(u32),
    Nan,
    Empty,
    PositiveInfinity,
}

fn finite_gumbel_argmax(z: &[f32], spec: &RowSpec, keep: Keep) -> FiniteDraw {
    #[cfg(target_arch = "x86_64")]
    if super::simd::has_avx2() {
        // SAFETY: AVX2 checked at run time.
        return unsafe { finite_gumbel_argmax_avx2(z, spec, keep) };
    }
    finite_gumbel_argmax_body(z, spec, keep)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn finite_gumbel_argmax_avx2(z: &[f32], spec: &RowSpec, keep: Keep) -> FiniteDraw {
    finite_gumbel_argmax_body(z, spec, keep)
}

#[inline(always)]
fn finite_gumbel_argmax_body(z: &[f32], spec: &RowSpec, keep: Keep) -> FiniteDraw {
    let philox = wide_philox();
    let key = seed_key(spec.seed);
    let r = spec.r;
    let mut best = f32::NEG_INFINITY;
    let mut best_index: Option<u32> = None;
    // Keep::All is the threshold -inf, which every non-NaN value meets.
    let threshold = match keep {
        Keep::All => f32::NEG_INFINITY,
        Keep::AtLeast(t) => t,
    };
    let filter_scale = spec.filter_scale();
    for (chunk_index, chunk) in z.chunks(CHUNK).enumerate() {
        let base = chunk_index * CHUNK;
        let logits: [f32; CHUNK] = match chunk.try_into() {
            Ok(full) => full,
            Err(_) => {
                let mut padded = [f32::NEG_INFINITY; CHUNK];
                padded[..chunk.len()].copy_from_slice(chunk);
                padded
            }
        };

        let mut scaled = [f32::NEG_INFINITY; CHUNK];
        let mut nan = [0u32; CHUNK];
        for j in 0..CHUNK {
            nan[j] = u32::from(logits[j].is_nan());
            let x = logits[j] * r;
            scaled[j] = if logits[j] * filter_scale >= threshold {
                x
            } else {
                f32::NEG_INFINITY
            };
        }
        let has_nan = nan.iter().fold(0, |any, &n| any | n) != 0;
        if has_nan {
            return FiniteDraw::Nan;
        }
        let chunk_max = chunk_max(&scaled);
        if chunk_max == f32::INFINITY {
            return FiniteDraw::PositiveInfinity;
        }
        if chunk_max == f32::NEG_INFINITY
            || chunk_max + CHUNK_SKIP_SPAN + chunk_max.abs() * RELATIVE_SLACK < best
        {
            continue;
        }

        // Token j of the chunk takes word j % 4 of block j / 4.
        let mut words = [0u32; CHUNK];
        philox((base / 4) as u32, spec.step, key, &mut words);
        // A finite stand-in for -inf keeps x - b and the slack finite.
        let b = best.max(f32::MIN);
        // Coarse test for the whole chunk: x + |x| * slack rises with x, so the bound at the
        // chunk's largest x bounds every token's. 1 - u = ((!w >> 9) + 0.5) * 2^-23 exactly,
        // so `(!w >> 9) < T * 2^23` keeps every token with `1 - u < T`.
        let chunk_slack = (chunk_max.abs() + b.abs()) * RELATIVE_SLACK + ABSOLUTE_SLACK;
        let limit = exp_upper_bound((chunk_max - b) + chunk_slack) * UNIFORM_UNITS;
        let mut coarse = 0u32;
        for &word in &words {
            coarse |= u32::from((((!word) >> 9) as f32) < limit);
        }
        if coarse == 0 {
            continue;
        }
        for j in 0..CHUNK {
            let x = scaled[j];
            if x == f32::NEG_INFINITY {
                continue;
            }
            let one_minus_u = 1.0 - uniform_from_bits(words[j]);
            let slack = (x.abs() + b.abs()) * RELATIVE_SLACK + ABSOLUTE_SLACK;
            if one_minus_u >= exp_upper_bound((x - b) + slack) {
                continue;
            }
            let score = logits[j].mul_add(r, gumbel_from_bits(words[j]));
            if score > best {
                best = score;
                best_index = Some((base + j) as u32);
            }
        }
    }
    best_index.map_or(FiniteDraw::Empty, FiniteDraw::Token)
}

/// The kept tokens whose scaled logit is `+inf` share the mass equally: the largest noise wins.
fn infinite_gumbel_argmax(z: &[f32], spec: &RowSpec, keep: Keep) -> Draw {
    let mut best = f32::NEG_INFINITY;
    let mut best_index = None;
    for (i, &logit) in z.iter().enumerate() {
        if logit * spec.r != f32::INFINITY || !keep.keeps(spec, logit) {
            continue;
        }
        let g = gumbel_noise(spec.seed, spec.step, i as u64);
        if best_index.is_none() || g > best {
            best = g;
            best_index = Some(i as u32);
        }
    }
    best_index.map_or(Draw::Empty, Draw::Token)
}

/// The full computation without skips, for tests of the skips' exactness.
#[cfg(test)]
pub(crate) fn gumbel_argmax_unfiltered(z: &[f32], spec: &RowSpec) -> Option<u32> {
    let mut best = f32::NEG_INFINITY;
    let mut best_index = None;
    for (i, &logit) in z.iter().enumerate() {
        let score = logit.mul_add(spec.r, gumbel_noise(spec.seed, spec.step, i as u64));
        if score > best {
            best = score;
            best_index = Some(i as u32);
        }
    }
    best_index
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokenpick_core::Convention;

    fn spec(temperature: f32, seed: u64) -> RowSpec {
        RowSpec::new(1.0 / temperature, Convention::TemperatureFirst, seed, 11)
    }

    /// Deterministic pseudo-normal logits (sum of uniforms) of a given spread.
    fn logits(vocab: usize, sigma: f32, salt: u64) -> Vec<f32> {
        (0..vocab)
            .map(|i| {
                let w =
                    tokenpick_core::philox::philox4x32_10([i as u32, salt as u32, 9, 9], [3, 4]);
                let s: f32 = w.iter().map(|&x| x as f32 / u32::MAX as f32).sum::<f32>() - 2.0;
                s * sigma * 1.7
            })
            .collect()
    }

    #[test]
    fn skips_never_change_the_winner() {
        let mut rows = 0;
        for (vocab, sigma) in [
            (1000, 1.0),
            (4099, 3.0),
            (777, 6.0),
            (33, 0.1),
            (50_000, 2.0),
        ] {
            for seed in 0..60u64 {
                for temperature in [0.3, 1.0, 2.5] {
                    let z = logits(vocab, sigma, seed);
                    let s = spec(temperature, seed * 7919 + vocab as u64);
                    let fast = gumbel_argmax(&z, &s, Keep::All);
                    assert_eq!(fast, Draw::Token(gumbel_argmax_unfiltered(&z, &s).unwrap()));
                    rows += 1;
                }
            }
        }
        assert_eq!(rows, 900);
    }

    #[test]
    fn nan_and_masked_rows_are_reported() {
        let s = spec(1.0, 1);
        assert_eq!(
            gumbel_argmax(&[0.0, f32::NAN, 1.0], &s, Keep::All),
            Draw::Nan
        );
        assert_eq!(
            gumbel_argmax(&[f32::NEG_INFINITY; 40], &s, Keep::All),
            Draw::Empty
        );
        assert_eq!(
            gumbel_argmax(&[0.0, 1.0, 2.0], &s, Keep::AtLeast(5.0)),
            Draw::Empty
        );
    }

    #[test]
    fn infinite_logits_take_all_the_mass() {
        let mut z = vec![0.0f32; 100];
        z[10] = f32::INFINITY;
        z[70] = f32::INFINITY;
        for seed in 0..200 {
            let drawn = gumbel_argmax(&z, &spec(1.0, seed), Keep::All);
            assert!(
                matches!(drawn, Draw::Token(10) | Draw::Token(70)),
                "{drawn:?}"
            );
        }
    }
}

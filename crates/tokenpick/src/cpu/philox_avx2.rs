//! Philox4x32-10 for sixteen blocks at once with AVX2, for the CPU Gumbel draw. Bit-identical
//! to `tokenpick_core::philox::philox_words8` (a test pins it).
//!
//! A Philox round is a chain of multiply (5 cycles), blend and xor, so one group of eight
//! blocks is latency-bound; two independent groups in the same loop fill the gaps.

use std::arch::x86_64::*;
use tokenpick_core::philox::{PHILOX_M0, PHILOX_M1, PHILOX_ROUNDS, PHILOX_W0, PHILOX_W1};

/// Odd 32-bit lanes of a 256-bit vector.
const ODD_LANES: i32 = 0b1010_1010;
/// Blocks of one group (one 256-bit vector per word).
const GROUP_BLOCKS: usize = 8;

/// (high words, low words) of lane-wise 32x32 -> 64 products of `x` and `m`.
#[inline]
#[target_feature(enable = "avx2")]
fn mulhilo(x: __m256i, m: __m256i) -> (__m256i, __m256i) {
    let even = _mm256_mul_epu32(x, m);
    let odd = _mm256_mul_epu32(_mm256_srli_epi64::<32>(x), m);
    let lo = _mm256_blend_epi32::<ODD_LANES>(even, _mm256_slli_epi64::<32>(odd));
    let hi = _mm256_blend_epi32::<ODD_LANES>(_mm256_srli_epi64::<32>(even), odd);
    (hi, lo)
}

/// One Philox round of a group of eight blocks (x = the four counter words).
#[inline]
#[target_feature(enable = "avx2")]
fn round(x: [__m256i; 4], m0: __m256i, m1: __m256i, k0: __m256i, k1: __m256i) -> [__m256i; 4] {
    let (hi0, lo0) = mulhilo(x[0], m0);
    let (hi1, lo1) = mulhilo(x[2], m1);
    [
        _mm256_xor_si256(_mm256_xor_si256(hi1, x[1]), k0),
        lo1,
        _mm256_xor_si256(_mm256_xor_si256(hi0, x[3]), k1),
        lo0,
    ]
}

/// Word-major group (x_w holds word w of eight blocks) to token order in `out`.
#[inline]
#[target_feature(enable = "avx2")]
fn store_in_token_order(x: [__m256i; 4], out: &mut [u32]) {
    let t0 = _mm256_unpacklo_epi32(x[0], x[1]);
    let t1 = _mm256_unpackhi_epi32(x[0], x[1]);
    let t2 = _mm256_unpacklo_epi32(x[2], x[3]);
    let t3 = _mm256_unpackhi_epi32(x[2], x[3]);
    let u0 = _mm256_unpacklo_epi64(t0, t2);
    let u1 = _mm256_unpackhi_epi64(t0, t2);
    let u2 = _mm256_unpacklo_epi64(t1, t3);
    let u3 = _mm256_unpackhi_epi64(t1, t3);
    let ordered = [
        _mm256_permute2x128_si256::<0x20>(u0, u1),
        _mm256_permute2x128_si256::<0x20>(u2, u3),
        _mm256_permute2x128_si256::<0x31>(u0, u1),
        _mm256_permute2x128_si256::<0x31>(u2, u3),
    ];
    for (words, vector) in out.chunks_exact_mut(8).zip(ordered) {
        // SAFETY: each chunk holds 8 u32 = 32 bytes; storeu needs no alignment.
        unsafe { _mm256_storeu_si256(words.as_mut_ptr().cast(), vector) };
    }
}

/// Words of sixteen consecutive blocks in token order: `out[4 * j + w]` is word `w` of block
/// `first_block + j`.
///
/// # Safety
/// The CPU must support AVX2 (`is_x86_feature_detected!("avx2")`).
#[target_feature(enable = "avx2")]
#[inline(never)]
pub unsafe fn philox_words16_avx2(
    first_block: u32,
    step: u64,
    domain: u32,
    key: [u32; 2],
    out: &mut [u32; 64],
) {
    let m0 = _mm256_set1_epi32(PHILOX_M0 as i32);
    let m1 = _mm256_set1_epi32(PHILOX_M1 as i32);
    let offsets = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    let start = |block: u32| {
        [
            _mm256_add_epi32(_mm256_set1_epi32(block as i32), offsets),
            _mm256_set1_epi32(step as u32 as i32),
            _mm256_set1_epi32((step >> 32) as u32 as i32),
            _mm256_set1_epi32(domain as i32),
        ]
    };
    let mut a = start(first_block);
    let mut b = start(first_block.wrapping_add(GROUP_BLOCKS as u32));
    let (mut k0, mut k1) = (key[0], key[1]);
    for _ in 0..PHILOX_ROUNDS {
        let (key0, key1) = (_mm256_set1_epi32(k0 as i32), _mm256_set1_epi32(k1 as i32));
        a = round(a, m0, m1, key0, key1);
        b = round(b, m0, m1, key0, key1);
        k0 = k0.wrapping_add(PHILOX_W0);
        k1 = k1.wrapping_add(PHILOX_W1);
    }
    let (low, high) = out.split_at_mut(4 * GROUP_BLOCKS);
    store_in_token_order(a, low);
    store_in_token_order(b, high);
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokenpick_core::philox::{DOMAIN_GUMBEL, philox_words8, seed_key};

    #[test]
    fn avx2_words_match_the_portable_form() {
        if !std::arch::is_x86_feature_detected!("avx2") {
            eprintln!("skipped: this CPU has no AVX2");
            return;
        }
        let mut cases = vec![
            (0u32, 0u64, 0u64),
            (u32::MAX - 7, u64::MAX, u64::MAX),
            (12_345, 1 << 40, 0xabcdef),
        ];
        // And a thousand scattered ones, from the portable generator itself.
        for i in 0..1000u32 {
            let w = tokenpick_core::philox::philox4x32_10([i, 1, 2, 3], [4, 5]);
            cases.push((
                w[0],
                u64::from(w[1]) << 32 | u64::from(w[2]),
                u64::from(w[3]) * 0x9e37_79b9,
            ));
        }
        for (first, step, seed) in cases {
            let key = seed_key(seed);
            let mut wide = [0u32; 64];
            // SAFETY: AVX2 checked above.
            unsafe { philox_words16_avx2(first, step, DOMAIN_GUMBEL, key, &mut wide) };
            let mut portable = [0u32; 64];
            let (low, high) = portable.split_at_mut(32);
            philox_words8(first, step, DOMAIN_GUMBEL, key, low.try_into().unwrap());
            philox_words8(
                first.wrapping_add(8),
                step,
                DOMAIN_GUMBEL,
                key,
                high.try_into().unwrap(),
            );
            assert_eq!(wide, portable);
        }
    }
}

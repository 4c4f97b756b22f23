//! Philox4x32-10 for eight blocks at once with AVX2, for the CPU Gumbel draw. Bit-identical to
//! `tokenpick_core::philox::philox_words8` (a test pins it).

use tokenpick_core::philox::{PHILOX_M0, PHILOX_M1, PHILOX_ROUNDS, PHILOX_W0, PHILOX_W1};

/// [`tokenpick_core::philox::philox_words8`] with AVX2: one `vpmuludq` gives the full 64-bit products of four lanes,
/// so a round is two multiplies per four lanes plus blends and xors; a 4x8 transpose puts the
/// words in token order.
///
/// # Safety
/// The CPU must support AVX2 (`is_x86_feature_detected!("avx2")`).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline(never)]
pub unsafe fn philox_words8_avx2(
    first_block: u32,
    step: u64,
    domain: u32,
    key: [u32; 2],
    out: &mut [u32; 32],
) {
    use std::arch::x86_64::*;
    /// Odd 32-bit lanes of a 256-bit vector.
    const ODD_LANES: i32 = 0b1010_1010;

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

    let m0 = _mm256_set1_epi32(PHILOX_M0 as i32);
    let m1 = _mm256_set1_epi32(PHILOX_M1 as i32);
    let offsets = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    let mut x0 = _mm256_add_epi32(_mm256_set1_epi32(first_block as i32), offsets);
    let mut x1 = _mm256_set1_epi32(step as u32 as i32);
    let mut x2 = _mm256_set1_epi32((step >> 32) as u32 as i32);
    let mut x3 = _mm256_set1_epi32(domain as i32);
    let (mut k0, mut k1) = (key[0], key[1]);
    for _ in 0..PHILOX_ROUNDS {
        let (hi0, lo0) = mulhilo(x0, m0);
        let (hi1, lo1) = mulhilo(x2, m1);
        x0 = _mm256_xor_si256(_mm256_xor_si256(hi1, x1), _mm256_set1_epi32(k0 as i32));
        x2 = _mm256_xor_si256(_mm256_xor_si256(hi0, x3), _mm256_set1_epi32(k1 as i32));
        x1 = lo1;
        x3 = lo0;
        k0 = k0.wrapping_add(PHILOX_W0);
        k1 = k1.wrapping_add(PHILOX_W1);
    }
    // Transpose word-major (x_w holds word w of blocks 0..8) to token order.
    let t0 = _mm256_unpacklo_epi32(x0, x1);
    let t1 = _mm256_unpackhi_epi32(x0, x1);
    let t2 = _mm256_unpacklo_epi32(x2, x3);
    let t3 = _mm256_unpackhi_epi32(x2, x3);
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
    for (i, vector) in ordered.into_iter().enumerate() {
        // SAFETY: out has 32 words; each store writes words 8i..8i+8; no alignment needed.
        unsafe { _mm256_storeu_si256(out.as_mut_ptr().add(8 * i).cast(), vector) };
    }
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
        let cases = [
            (0u32, 0u64, 0u64),
            (u32::MAX - 3, u64::MAX, u64::MAX),
            (12_345, 1 << 40, 0xabcdef),
        ];
        for (first, step, seed) in cases {
            let key = seed_key(seed);
            let mut wide = [0u32; 32];
            // SAFETY: AVX2 checked above.
            unsafe { philox_words8_avx2(first, step, DOMAIN_GUMBEL, key, &mut wide) };
            let mut portable = [0u32; 32];
            philox_words8(first, step, DOMAIN_GUMBEL, key, &mut portable);
            assert_eq!(wide, portable);
        }
    }
}

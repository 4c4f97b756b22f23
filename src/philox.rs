//! Philox4x32-10 (Salmon et al., SC'11) with the standard round constants, as DESIGN section 4
//! specifies it: key = the row's seed (low, high words); counter = `(i / 4, step_lo, step_hi,
//! domain)`; element `i` takes lane `i % 4`. Bit-identical to `cpp/random/philox.h`.

/// First Philox multiplier (Random123's `PHILOX_M4x32_0`).
pub const PHILOX_M0: u32 = 0xD251_1F53;
/// Second Philox multiplier (`PHILOX_M4x32_1`).
pub const PHILOX_M1: u32 = 0xCD9E_8D57;
/// First Weyl key increment (`PHILOX_W32_0`, the golden ratio).
pub const PHILOX_W0: u32 = 0x9E37_79B9;
/// Second Weyl key increment (`PHILOX_W32_1`, sqrt(3) - 1).
pub const PHILOX_W1: u32 = 0xBB67_AE85;
/// Rounds of Philox4x32-10.
pub const PHILOX_ROUNDS: usize = 10;

/// Counter domain of the Gumbel noise of token `i`.
pub const DOMAIN_GUMBEL: u32 = 0;
/// Counter domain of the rejection sampler's uniforms (`i` is the round).
pub const DOMAIN_REJECTION: u32 = 1;

/// Philox4x32-10 of one counter under one key.
#[inline]
pub fn philox4x32_10(counter: [u32; 4], key: [u32; 2]) -> [u32; 4] {
    let mut x = counter;
    let (mut k0, mut k1) = (key[0], key[1]);
    for _ in 0..PHILOX_ROUNDS {
        let p0 = u64::from(PHILOX_M0) * u64::from(x[0]);
        let p1 = u64::from(PHILOX_M1) * u64::from(x[2]);
        x = [
            (p1 >> 32) as u32 ^ x[1] ^ k0,
            p1 as u32,
            (p0 >> 32) as u32 ^ x[3] ^ k1,
            p0 as u32,
        ];
        k0 = k0.wrapping_add(PHILOX_W0);
        k1 = k1.wrapping_add(PHILOX_W1);
    }
    x
}

/// The key of a row's seed: (low word, high word).
#[inline]
pub fn seed_key(seed: u64) -> [u32; 2] {
    [seed as u32, (seed >> 32) as u32]
}

/// The counter of element `index` in `domain` at `step`.
#[inline]
pub fn counter_for(index: u64, step: u64, domain: u32) -> [u32; 4] {
    [(index / 4) as u32, step as u32, (step >> 32) as u32, domain]
}

/// `N` consecutive Philox blocks `first_block..first_block + N` at once, lane-major: word `w`
/// of block `j` is `out[w][j]`. Written lane by lane so the compiler vectorises the 32x32
/// products (one widening multiply gives both halves).
#[inline]
pub fn philox_blocks<const N: usize>(
    first_block: u32,
    step: u64,
    domain: u32,
    key: [u32; 2],
) -> [[u32; N]; 4] {
    let mut x0 = [0u32; N];
    for (j, word) in x0.iter_mut().enumerate() {
        *word = first_block.wrapping_add(j as u32);
    }
    let mut x1 = [step as u32; N];
    let mut x2 = [(step >> 32) as u32; N];
    let mut x3 = [domain; N];
    let (mut k0, mut k1) = (key[0], key[1]);
    for _ in 0..PHILOX_ROUNDS {
        for j in 0..N {
            let p0 = u64::from(PHILOX_M0) * u64::from(x0[j]);
            let p1 = u64::from(PHILOX_M1) * u64::from(x2[j]);
            let next1 = p1 as u32;
            let next3 = p0 as u32;
            x0[j] = (p1 >> 32) as u32 ^ x1[j] ^ k0;
            x2[j] = (p0 >> 32) as u32 ^ x3[j] ^ k1;
            x1[j] = next1;
            x3[j] = next3;
        }
        k0 = k0.wrapping_add(PHILOX_W0);
        k1 = k1.wrapping_add(PHILOX_W1);
    }
    [x0, x1, x2, x3]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn random123_known_answers() {
        assert_eq!(
            philox4x32_10([0, 0, 0, 0], [0, 0]),
            [0x6627_e8d5, 0xe169_c58d, 0xbc57_ac4c, 0x9b00_dbd8]
        );
        assert_eq!(
            philox4x32_10([u32::MAX; 4], [u32::MAX; 2]),
            [0x408f_276d, 0x41c8_3b0e, 0xa20b_c7c6, 0x6d54_51fd]
        );
        assert_eq!(
            philox4x32_10(
                [0x243f_6a88, 0x85a3_08d3, 0x1319_8a2e, 0x0370_7344],
                [0xa409_3822, 0x299f_31d0]
            ),
            [0xd16c_fe09, 0x94fd_cceb, 0x5001_e420, 0x2412_6ea1]
        );
    }

    #[test]
    fn lane_major_blocks_match_the_scalar_form() {
        let key = seed_key(0x0123_4567_89ab_cdef);
        let step = 0xfeed_0000_0042;
        let blocks = philox_blocks::<8>(1000, step, DOMAIN_GUMBEL, key);
        for j in 0..8u32 {
            let scalar = philox4x32_10(
                counter_for(4 * u64::from(1000 + j), step, DOMAIN_GUMBEL),
                key,
            );
            for (w, word) in scalar.iter().enumerate() {
                assert_eq!(blocks[w][j as usize], *word, "block {j} word {w}");
            }
        }
    }
}

/// Blocks per call of the eight-wide forms.
pub const WIDE_BLOCKS: usize = 8;

/// Words of eight consecutive blocks in token order: `out[4 * j + w]` is word `w` of block
/// `first_block + j`, i.e. the word of token `4 * first_block + 4 * j + w`.
#[inline(always)]
pub fn philox_words8(first_block: u32, step: u64, domain: u32, key: [u32; 2], out: &mut [u32; 32]) {
    let lanes = philox_blocks::<WIDE_BLOCKS>(first_block, step, domain, key);
    for block in 0..WIDE_BLOCKS {
        for word in 0..4 {
            out[4 * block + word] = lanes[word][block];
        }
    }
}

#[cfg(test)]
mod words_tests {
    use super::*;

    #[test]
    fn token_order_words_match_the_scalar_form() {
        let key = seed_key(99);
        let mut words = [0u32; 32];
        philox_words8(5, 77, DOMAIN_GUMBEL, key, &mut words);
        for (t, &word) in words.iter().enumerate() {
            let token = 20 + t as u64;
            assert_eq!(
                word,
                philox4x32_10(counter_for(token, 77, DOMAIN_GUMBEL), key)[t % 4]
            );
        }
    }
}

//! Run-time CPU feature detection for the hot loops that have wide builds.

/// True when this x86-64 CPU has AVX2 (detected once, then cached by std).
#[cfg(target_arch = "x86_64")]
#[inline]
pub(crate) fn has_avx2() -> bool {
    std::arch::is_x86_feature_detected!("avx2")
}

//! On a machine without a GPU backend every kernel entry point refuses with the typed
//! `Error::NoKernelPort` whose message is DESIGN section 2's text, and the process goes on.

use std::io::Write;
use tokenpick_core::{
    Array, Convention, DEFAULT_MAX_ROUNDS, Error, GpuKernelBackend, RowParams,
    custom_kernels_available, fused_sample_rejection, fused_sample_rejection_deferred,
    fused_sample_rejection_rows, fused_sample_rejection_rows_deferred,
    fused_sample_rejection_rows_into, fused_sample_rejection_supported,
    fused_sample_top_p_route_deferred, gpu_kernel_backend, gumbel_max_sample,
    gumbel_max_sample_rows, gumbel_max_sample_rows_into, gumbel_max_sample_supported,
};

const GUMBEL_REFUSAL: &str = "[gumbel_max_sample] no custom kernel port for this GPU backend; callers take the categorical fallback instead";
const REJECTION_REFUSAL: &str = "[fused_sample_rejection] no custom kernel port for this GPU backend; callers take the argpartition fallback instead";
const INTO_REFUSAL: &str = "[fused_sample_rejection_rows_into] no custom kernel port for this GPU backend; callers take the argpartition fallback instead";
const ROUTE_REFUSAL: &str = "[fused_sample_top_p_route_deferred] no custom kernel port for this GPU backend; callers take the argpartition fallback instead";
const DEFERRED_REFUSAL: &str = "[fused_sample_rejection_deferred] no custom kernel port for this GPU backend; callers take the argpartition fallback instead";

/// Skips (with a printed reason) where a GPU backend resolved: refusal needs `None`.
fn on_none_backend() -> bool {
    let backend = gpu_kernel_backend();
    if backend != GpuKernelBackend::None {
        // Written to stderr directly, not eprintln!, so the test harness does not capture it.
        let _ = writeln!(
            std::io::stderr(),
            "skipped: backend {backend} resolved, the refusal tests need none"
        );
        return false;
    }
    true
}

fn logits() -> Array {
    Array::from_host_f32(&[0.5, 1.0, -2.0, 0.0, 3.0, 1.0], 2, 3).expect("valid array")
}

fn params() -> [RowParams; 2] {
    let row = RowParams {
        temperature: 0.8,
        top_k: 2,
        top_p: 0.9,
        min_p: 0.05,
        seed: 7,
    };
    [row, RowParams { seed: 8, ..row }]
}

fn assert_refusal<T: std::fmt::Debug>(result: Result<T, Error>, entry: &str, text: &str) {
    match result {
        Err(Error::NoKernelPort {
            entry: got_entry,
            backend,
            message,
        }) => {
            assert_eq!(got_entry, entry);
            assert_eq!(backend, GpuKernelBackend::None);
            assert_eq!(message, text);
        }
        other => panic!("expected NoKernelPort from {entry}, got {other:?}"),
    }
}

#[test]
fn predicates_agree_with_the_none_backend() {
    if !on_none_backend() {
        return;
    }
    assert!(!gumbel_max_sample_supported());
    assert!(!fused_sample_rejection_supported());
    assert!(!custom_kernels_available());
}

#[test]
fn gumbel_entry_points_refuse() {
    if !on_none_backend() {
        return;
    }
    let logits = logits();
    assert_refusal(
        gumbel_max_sample(&logits, 1.0, 1, 0),
        "gumbel_max_sample",
        GUMBEL_REFUSAL,
    );
    assert_refusal(
        gumbel_max_sample_rows(&logits, &params(), 3),
        "gumbel_max_sample",
        GUMBEL_REFUSAL,
    );
}

#[test]
fn rejection_entry_points_refuse() {
    if !on_none_backend() {
        return;
    }
    let logits = logits();
    assert_refusal(
        fused_sample_rejection(&logits, 1.0, 2, 0.9, 0.0, DEFAULT_MAX_ROUNDS, 1, 0),
        "fused_sample_rejection",
        REJECTION_REFUSAL,
    );
    assert_refusal(
        fused_sample_rejection_rows(&logits, &params(), 0, 8, Convention::TemperatureLast),
        "fused_sample_rejection",
        REJECTION_REFUSAL,
    );
}

#[test]
fn deferred_entry_points_refuse() {
    if !on_none_backend() {
        return;
    }
    let logits = logits();
    assert_refusal(
        fused_sample_rejection_deferred(&logits, 1.0, 2, 0.9, 0.0, DEFAULT_MAX_ROUNDS, 1, 0),
        "fused_sample_rejection_deferred",
        DEFERRED_REFUSAL,
    );
    assert_refusal(
        fused_sample_rejection_rows_deferred(
            &logits,
            &params(),
            0,
            8,
            Convention::TemperatureFirst,
        ),
        "fused_sample_rejection_deferred",
        DEFERRED_REFUSAL,
    );
    assert_refusal(
        fused_sample_top_p_route_deferred(
            &logits,
            &params(),
            0,
            DEFAULT_MAX_ROUNDS,
            Convention::TemperatureFirst,
        ),
        "fused_sample_top_p_route_deferred",
        ROUTE_REFUSAL,
    );
}

#[test]
fn refusal_display_carries_the_cpp_message() {
    if !on_none_backend() {
        return;
    }
    let error = gumbel_max_sample(&logits(), 1.0, 1, 0).expect_err("refuses");
    assert_eq!(error.to_string(), GUMBEL_REFUSAL);
    // The process is still here and the bridge still answers after many refusals.
    for _ in 0..1000 {
        assert!(gumbel_max_sample(&logits(), 1.0, 1, 0).is_err());
    }
}

#[test]
fn into_entry_points_refuse_after_checking_the_output() {
    if !on_none_backend() {
        return;
    }
    let logits = logits();
    let mut tokens = Array::from_host_u32(&[0, 0], 2, 1).expect("valid array");
    let mut pairs = Array::from_host_u32(&[0; 4], 2, 2).expect("valid array");
    assert_refusal(
        gumbel_max_sample_rows_into(&logits, &params(), 0, &mut tokens),
        "gumbel_max_sample",
        GUMBEL_REFUSAL,
    );
    assert_refusal(
        fused_sample_rejection_rows_into(
            &logits,
            &params(),
            0,
            DEFAULT_MAX_ROUNDS,
            Convention::TemperatureFirst,
            &mut pairs,
        ),
        "fused_sample_rejection_rows_into",
        INTO_REFUSAL,
    );
    // A wrong output is named before any refusal: the shape, then the dtype.
    for result in [
        gumbel_max_sample_rows_into(&logits, &params(), 0, &mut pairs),
        fused_sample_rejection_rows_into(
            &logits,
            &params(),
            0,
            DEFAULT_MAX_ROUNDS,
            Convention::TemperatureFirst,
            &mut tokens,
        ),
    ] {
        match result {
            Err(Error::InvalidArgument { argument, .. }) => assert_eq!(argument, "out"),
            other => panic!("expected InvalidArgument `out`, got {other:?}"),
        }
    }
    let mut floats = logits.to_host().expect("host copy");
    match gumbel_max_sample_rows_into(&logits, &params(), 0, &mut floats) {
        Err(Error::InvalidArgument {
            argument, reason, ..
        }) => {
            assert_eq!(argument, "out");
            assert!(reason.contains("u32"), "{reason}");
        }
        other => panic!("expected InvalidArgument `out`, got {other:?}"),
    }
}

//! Bad input to an entry point is a typed `Error::InvalidArgument` naming the argument, checked
//! before any refusal or launch, so it is testable on every machine.

use half::{bf16, f16};
use tokenpick_core::{
    Array, Convention, Error, RowParams, fused_sample_rejection, fused_sample_rejection_rows,
    gumbel_max_sample, gumbel_max_sample_rows,
};

fn assert_invalid<T: std::fmt::Debug>(result: Result<T, Error>, argument: &str, fragment: &str) {
    match result {
        Err(Error::InvalidArgument {
            argument: got,
            reason,
            ..
        }) => {
            assert_eq!(got, argument, "reason: {reason}");
            assert!(
                reason.contains(fragment),
                "reason {reason:?} lacks {fragment:?}"
            );
        }
        other => panic!("expected InvalidArgument `{argument}`, got {other:?}"),
    }
}

fn good_row() -> RowParams {
    RowParams {
        temperature: 1.0,
        top_k: 0,
        top_p: 1.0,
        min_p: 0.0,
        seed: 1,
    }
}

fn logits() -> Array {
    Array::from_host_f32(&[0.0; 8], 2, 4).expect("valid")
}

#[test]
fn shape_mismatch_is_rejected_when_building_the_array() {
    assert_invalid(Array::from_host_f32(&[0.0; 7], 2, 4), "data", "needs 8");
    assert_invalid(
        Array::from_host_f16(&[f16::ZERO; 3], 2, 2),
        "data",
        "needs 4",
    );
    assert_invalid(
        Array::from_host_bf16(&[bf16::ZERO; 5], 1, 4),
        "data",
        "needs 4",
    );
    assert_invalid(
        Array::from_host_f32(&[], usize::MAX, 2),
        "shape",
        "overflows",
    );
}

#[test]
fn empty_batch_and_empty_vocabulary_are_rejected() {
    let empty_batch = Array::from_host_f32(&[], 0, 4).expect("array itself is fine");
    assert_invalid(
        gumbel_max_sample(&empty_batch, 1.0, 0, 0),
        "logits",
        "empty batch",
    );
    let empty_vocab = Array::from_host_f32(&[], 3, 0).expect("array itself is fine");
    assert_invalid(
        fused_sample_rejection(&empty_vocab, 1.0, 0, 0.9, 0.0, 4, 0, 0),
        "logits",
        "empty vocabulary",
    );
}

#[test]
fn token_arrays_are_not_logits() {
    let ids = Array::from_host_u32(&[1, 2, 3, 4], 2, 2).expect("valid");
    assert_invalid(
        gumbel_max_sample(&ids, 1.0, 0, 0),
        "logits",
        "unsupported dtype u32",
    );
}

#[test]
fn temperature_must_be_finite_and_not_negative() {
    for bad in [f32::NAN, f32::INFINITY, -0.5] {
        assert_invalid(
            gumbel_max_sample(&logits(), bad, 0, 0),
            "temperature",
            "row 0",
        );
    }
    let rows = [
        good_row(),
        RowParams {
            temperature: f32::NAN,
            ..good_row()
        },
    ];
    assert_invalid(
        gumbel_max_sample_rows(&logits(), &rows, 0),
        "temperature",
        "row 1",
    );
}

#[test]
fn top_p_and_min_p_must_lie_in_their_domains() {
    for bad in [0.0, -0.1, 1.5, f32::NAN] {
        let rows = [
            good_row(),
            RowParams {
                top_p: bad,
                ..good_row()
            },
        ];
        assert_invalid(
            fused_sample_rejection_rows(&logits(), &rows, 0, 4, Convention::TemperatureFirst),
            "top_p",
            "row 1",
        );
    }
    for bad in [-0.1, 1.01, f32::NAN] {
        let rows = [
            RowParams {
                min_p: bad,
                ..good_row()
            },
            good_row(),
        ];
        assert_invalid(
            fused_sample_rejection_rows(&logits(), &rows, 0, 4, Convention::TemperatureFirst),
            "min_p",
            "row 0",
        );
    }
}

#[test]
fn params_count_and_round_cap_are_checked() {
    let three = [good_row(); 3];
    assert_invalid(
        gumbel_max_sample_rows(&logits(), &three, 0),
        "params",
        "3 entries",
    );
    assert_invalid(
        fused_sample_rejection(&logits(), 1.0, 0, 0.9, 0.0, 0, 0, 0),
        "max_rounds",
        "at least 1",
    );
}

#[test]
fn host_logits_widen_to_f32_from_every_dtype() {
    let values = [0.5f32, -1.25, 3.0, f32::NEG_INFINITY];
    let f32s = Array::from_host_f32(&values, 1, 4).expect("valid");
    let f16s = Array::from_host_f16(&values.map(f16::from_f32), 1, 4).expect("valid");
    let bf16s = Array::from_host_bf16(&values.map(bf16::from_f32), 1, 4).expect("valid");
    for array in [f32s, f16s, bf16s] {
        assert_eq!(array.host_to_f32().expect("host logits"), values);
    }
}

#[test]
fn row_views_refuse_host_arrays() {
    let host = Array::from_host_f32(&[0.0; 12], 3, 4).unwrap();
    assert!(!host.lends_rows());
    assert_invalid(host.with_rows(1, 1, |_| ()), "placement", "CUDA or ROCm");
}

#[test]
fn top_p_route_takes_no_rows_without_a_gpu_runtime() {
    let top_p_alone = RowParams {
        top_p: 0.9,
        ..good_row()
    };
    // The predicate reads only the logits' shape, so a host array names it.
    let logits = Array::from_host_bf16(&vec![bf16::ZERO; 128_256], 1, 128_256).expect("valid");
    let takes = |params: &RowParams, max_rounds| {
        tokenpick_core::row_takes_top_p_route(&logits, params, max_rounds)
    };
    // The route exists only in builds with a GPU runtime (feature cuda or rocm).
    assert_eq!(
        takes(&top_p_alone, 64),
        cfg!(any(feature = "cuda", feature = "rocm"))
    );
    let with_min_p = RowParams {
        min_p: 0.1,
        ..top_p_alone
    };
    let below_the_route = RowParams {
        top_p: 0.5,
        ..top_p_alone
    };
    let greedy = RowParams {
        temperature: 0.0,
        ..top_p_alone
    };
    for params in [with_min_p, below_the_route, greedy] {
        assert!(!takes(&params, 64), "{params:?}");
    }
    assert!(!takes(&top_p_alone, 1), "one round");
}

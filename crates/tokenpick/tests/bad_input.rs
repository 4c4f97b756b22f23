//! Bad input gets a typed error naming what was wrong; a bad row costs only itself.

use tokenpick::{Error, RowError, Sampler, SamplingParams, sample_host, sample_host_lenient};

fn seeded() -> SamplingParams {
    SamplingParams {
        seed: Some(1),
        ..SamplingParams::default()
    }
}

#[test]
fn shape_errors_are_typed() {
    let params = [seeded()];
    assert_eq!(
        sample_host(&[0.0; 8], 0, &params, 0),
        Err(Error::EmptyVocabulary)
    );
    assert_eq!(sample_host(&[], 4, &params, 0), Err(Error::EmptyBatch));
    assert_eq!(
        sample_host(&[0.0; 7], 4, &params, 0),
        Err(Error::Shape { len: 7, vocab: 4 })
    );
    assert_eq!(
        sample_host(&[0.0; 12], 4, &[seeded(), seeded()], 0),
        Err(Error::ParamsCount { given: 2, rows: 3 })
    );
    assert_eq!(
        sample_host(&[0.0; 8], 4, &[], 0),
        Err(Error::ParamsCount { given: 0, rows: 2 })
    );
}

#[test]
fn every_invalid_parameter_is_named_with_its_row() {
    let base = seeded();
    let cases = [
        (
            SamplingParams {
                temperature: -1.0,
                ..base
            },
            "temperature",
        ),
        (
            SamplingParams {
                temperature: f32::NAN,
                ..base
            },
            "temperature",
        ),
        (
            SamplingParams {
                temperature: f32::INFINITY,
                ..base
            },
            "temperature",
        ),
        (SamplingParams { top_p: 0.0, ..base }, "top_p"),
        (SamplingParams { top_p: 1.5, ..base }, "top_p"),
        (
            SamplingParams {
                top_p: f32::NAN,
                ..base
            },
            "top_p",
        ),
        (
            SamplingParams {
                min_p: -0.5,
                ..base
            },
            "min_p",
        ),
        (SamplingParams { min_p: 2.0, ..base }, "min_p"),
        (
            SamplingParams {
                min_p: f32::NAN,
                ..base
            },
            "min_p",
        ),
    ];
    let logits = vec![0.5f32; 3 * 10];
    for (bad, name) in cases {
        let rows = [base, bad, base];
        match sample_host(&logits, 10, &rows, 0) {
            Err(Error::InvalidRows(errors)) => {
                assert_eq!(errors.len(), 1);
                assert!(
                    matches!(&errors[0], RowError::InvalidParameter { row: 1, parameter, .. } if *parameter == name),
                    "{errors:?}"
                );
                assert!(errors[0].to_string().contains(name));
            }
            other => panic!("{name}: {other:?}"),
        }
        let lenient = sample_host_lenient(&logits, 10, &rows, 0).unwrap();
        assert!(lenient[0].is_ok() && lenient[1].is_err() && lenient[2].is_ok());
    }
}

#[test]
fn nan_and_all_masked_rows_are_named_and_the_rest_sampled() {
    let vocab = 50;
    let mut logits: Vec<f32> = (0..4 * vocab).map(|i| (i % 7) as f32).collect();
    logits[vocab + 17] = f32::NAN;
    logits[3 * vocab..].fill(f32::NEG_INFINITY);
    for params in [
        seeded(),
        SamplingParams {
            top_k: 5,
            top_p: 0.8,
            ..seeded()
        },
        SamplingParams::greedy(),
    ] {
        match sample_host(&logits, vocab, &[params], 0) {
            Err(Error::InvalidRows(errors)) => {
                assert_eq!(
                    errors,
                    vec![
                        RowError::NanLogits { row: 1 },
                        RowError::AllMasked { row: 3 }
                    ]
                );
            }
            other => panic!("{other:?}"),
        }
        let lenient = sample_host_lenient(&logits, vocab, &[params], 0).unwrap();
        assert!(lenient[0].is_ok() && lenient[2].is_ok());
        assert_eq!(lenient[1], Err(RowError::NanLogits { row: 1 }));
        assert_eq!(lenient[3], Err(RowError::AllMasked { row: 3 }));
        let message = Error::InvalidRows(vec![RowError::NanLogits { row: 1 }]).to_string();
        assert!(message.contains("row 1"), "{message}");
    }
}

#[test]
fn extreme_values_never_panic() {
    let vocab = 37;
    let specials = [
        f32::MAX,
        f32::MIN,
        f32::MIN_POSITIVE,
        -0.0,
        1e-45,
        f32::INFINITY,
        f32::NEG_INFINITY,
    ];
    let logits: Vec<f32> = (0..vocab * 20)
        .map(|i| specials[i % specials.len()])
        .collect();
    let mut sampler = Sampler::builder().seed(3).build();
    for temperature in [0.0, 1e-38, 1e-30, 0.5, 1.0, 1e30, f32::MAX] {
        for (top_k, top_p, min_p) in [
            (0, 1.0, 0.0),
            (1, 1.0, 0.0),
            (3, 0.5, 0.2),
            (u32::MAX, 1e-30, 1.0),
        ] {
            let params = [SamplingParams {
                temperature,
                top_k,
                top_p,
                min_p,
                seed: None,
            }];
            let rows = sampler
                .sample_host_lenient(&logits, vocab, &params, 7)
                .unwrap();
            assert_eq!(rows.len(), 20);
        }
    }
}

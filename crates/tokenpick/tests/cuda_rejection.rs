//! The CUDA rejection kernel (top-k, top-p, min-p) on a GPU: the distribution against the f64
//! reference with a million draws, exact supports, agreement with the CPU argpartition path
//! (token for token where the threshold is exact: top-k, min-p), the round cap resolved on the
//! CPU, the deferred form, degenerate rows. Skips with a printed reason without a CUDA device.

mod common;

use common::{cpu_token_ids, cpu_tokens, cuda_present, normal_logits, shapes};
use tokenpick::reference::exact_distribution;
use tokenpick::stats::{CHI_SQUARE_ALPHA, chi_square_test};
use tokenpick::{Array, Convention, FallbackReason, Sampler, SamplingParams, SamplingPath};
use tokenpick_core::{DType, Placement};

fn device(values: &[f32], rows: usize, cols: usize) -> Array {
    Array::from_host_f32(values, rows, cols)
        .unwrap()
        .to_device(Placement::Cuda, 0)
        .unwrap()
}

fn seeded(params: SamplingParams, rows: usize, salt: u64) -> Vec<SamplingParams> {
    (0..rows)
        .map(|row| SamplingParams {
            seed: Some(salt * 1_000_003 + row as u64),
            ..params
        })
        .collect()
}

/// The kernels' per-row parameters of seeded rows.
fn kernel_rows(rows: &[SamplingParams]) -> Vec<tokenpick_core::RowParams> {
    rows.iter()
        .map(|p| p.to_row_params(p.seed.unwrap()))
        .collect()
}

/// Draws `batch * calls` tokens of row `z` on the device and tests them against the reference.
fn fits(
    sampler: &mut Sampler,
    z: &[f32],
    params: SamplingParams,
    convention: Convention,
    calls: u64,
) -> bool {
    let batch = 2000;
    let logits = device(&z.repeat(batch), batch, z.len());
    let exact = exact_distribution(z, &params, convention, 0).unwrap();
    let mut counts = vec![0u64; z.len()];
    for step in 0..calls {
        for token in sampler.sample(&logits, &[params], step).unwrap() {
            counts[token as usize] += 1;
        }
        assert!(
            sampler
                .last_report()
                .rows
                .iter()
                .all(|r| r.path == SamplingPath::RejectionKernel),
            "{}",
            sampler.last_report().summary()
        );
    }
    let test = chi_square_test(&counts, &exact);
    let pass = test.passes(CHI_SQUARE_ALPHA);
    if !pass {
        eprintln!("{params:?} {convention:?}: {test:?}");
    }
    pass
}

#[test]
fn filters_fit_the_reference_with_a_million_draws() {
    if !cuda_present() {
        return;
    }
    let vocab = 512;
    let all = shapes(vocab);
    for convention in [Convention::TemperatureFirst, Convention::TemperatureLast] {
        let mut sampler = Sampler::builder().convention(convention).build();
        for (label, params) in [
            ("top-k 50", SamplingParams::filtered(1.0, 50, 1.0, 0.0)),
            ("top-p 0.9", SamplingParams::filtered(1.0, 0, 0.9, 0.0)),
            ("min-p 0.1", SamplingParams::filtered(1.0, 0, 1.0, 0.1)),
            (
                "k40 p0.8 m0.05 T0.7",
                SamplingParams::filtered(0.7, 40, 0.8, 0.05),
            ),
            ("p0.95 T1.5", SamplingParams::filtered(1.5, 0, 0.95, 0.0)),
        ] {
            for (name, z) in &all {
                let calls = if name == &"flat" { 500 } else { 125 };
                assert!(
                    fits(&mut sampler, z, params, convention, calls),
                    "{label} on {name} {convention:?}"
                );
            }
        }
    }
}

#[test]
fn supports_are_exact_on_the_ln_row() {
    if !cuda_present() {
        return;
    }
    let z: Vec<f32> = (1..=10_000).map(|i| (i as f32).ln()).collect();
    let mut sampler = Sampler::new();
    for (params, first_kept) in [
        (SamplingParams::filtered(1.0, 100, 1.0, 0.0), 9900usize),
        (SamplingParams::filtered(1.0, 0, 0.9, 0.0), 3161),
        (SamplingParams::filtered(1.0, 0, 1.0, 0.25), 2499),
    ] {
        let batch = 1000;
        let logits = device(&z.repeat(batch), batch, z.len());
        let mut lowest = usize::MAX;
        for step in 0..200 {
            for token in sampler.sample(&logits, &[params], step).unwrap() {
                lowest = lowest.min(token as usize);
            }
        }
        // Index i holds logit ln(i + 1): kept tokens are first_kept.. (min-p: 2499 or 2500).
        assert!(
            lowest >= first_kept && lowest <= first_kept + 3,
            "{params:?}: lowest drawn {lowest}"
        );
    }
}

#[test]
fn tokens_agree_with_the_cpu_argpartition_path() {
    if !cuda_present() {
        return;
    }
    let mut sampler = Sampler::new();
    let mut exact_rows = 0;
    let (mut top_p_rows, mut top_p_equal) = (0usize, 0usize);
    for (case, &(vocab, batch)) in [
        (4099usize, 256usize),
        (32_000, 64),
        (128_256, 32),
        (262_144, 8),
        // Above batch 8 the filtering kernels take at most 6 blocks per row (8 here otherwise).
        (128_256, 16),
    ]
    .iter()
    .enumerate()
    {
        for dtype in [DType::F32, DType::BF16] {
            let values = normal_logits(vocab * batch, [1.0, 3.0, 6.0][case % 3], 40 + case as u64);
            let host = match dtype {
                DType::BF16 => Array::from_host_bf16(
                    &values
                        .iter()
                        .map(|&v| half::bf16::from_f32(v))
                        .collect::<Vec<_>>(),
                    batch,
                    vocab,
                ),
                _ => Array::from_host_f32(&values, batch, vocab),
            }
            .unwrap();
            let widened = host.host_to_f32().unwrap();
            let logits = host.to_device(Placement::Cuda, 0).unwrap();
            for (params, exact_threshold) in [
                (SamplingParams::filtered(0.8, 50, 1.0, 0.0), true),
                (SamplingParams::filtered(1.2, 0, 1.0, 0.05), true),
                (SamplingParams::filtered(1.0, 7, 1.0, 0.3), true),
                (SamplingParams::filtered(1.0, 0, 0.9, 0.0), false),
                (SamplingParams::filtered(0.7, 40, 0.8, 0.0), false),
            ] {
                for step in 0..4u64 {
                    let rows = seeded(params, batch, step + 10 * case as u64);
                    let gpu = sampler.sample(&logits, &rows, step).unwrap();
                    let cpu =
                        cpu_token_ids(&widened, vocab, &rows, step, Convention::TemperatureFirst);
                    if exact_threshold {
                        assert_eq!(gpu, cpu, "vocab {vocab} {dtype:?} {params:?} step {step}");
                        exact_rows += batch;
                    } else {
                        top_p_rows += batch;
                        top_p_equal += gpu.iter().zip(&cpu).filter(|(g, c)| g == c).count();
                    }
                }
            }
        }
    }
    eprintln!(
        "exact-threshold rows equal: {exact_rows}; top-p rows equal {top_p_equal} of {top_p_rows}"
    );
    // Top-p sums mass in another order than the CPU, so a boundary within rounding may differ.
    assert!(
        top_p_equal * 1000 >= top_p_rows * 999,
        "{top_p_equal} of {top_p_rows}"
    );
}

#[test]
fn the_round_cap_falls_back_to_the_cpu_exactly() {
    if !cuda_present() {
        return;
    }
    let vocab = 4099;
    let batch = 64;
    let values = normal_logits(vocab * batch, 2.0, 3);
    let logits = device(&values, batch, vocab);
    let mut capped = Sampler::builder().max_rounds(1).build();
    let rows = seeded(SamplingParams::filtered(1.0, 50, 0.9, 0.0), batch, 1);
    let gpu = capped.sample(&logits, &rows, 9).unwrap();
    assert!(
        capped
            .last_report()
            .rows
            .iter()
            .all(|r| r.path == SamplingPath::ArgpartitionFallback
                && r.reason == Some(FallbackReason::RoundCap)),
        "{}",
        capped.last_report().summary()
    );
    let cpu = cpu_token_ids(&values, vocab, &rows, 9, Convention::TemperatureFirst);
    assert_eq!(gpu, cpu);
    // And the capped route is still exact in distribution.
    let z = &shapes(512)[1].1;
    assert!(fits_capped(&mut capped, z));
}

fn fits_capped(sampler: &mut Sampler, z: &[f32]) -> bool {
    let params = SamplingParams::filtered(1.0, 40, 0.9, 0.0);
    let batch = 2000;
    let logits = device(&z.repeat(batch), batch, z.len());
    let exact = exact_distribution(z, &params, Convention::TemperatureFirst, 0).unwrap();
    let mut counts = vec![0u64; z.len()];
    for step in 0..100 {
        for token in sampler.sample(&logits, &[params], step).unwrap() {
            counts[token as usize] += 1;
        }
    }
    chi_square_test(&counts, &exact).passes(CHI_SQUARE_ALPHA)
}

#[test]
fn deferred_calls_resolve_to_the_eager_tokens() {
    if !cuda_present() {
        return;
    }
    let vocab = 32_000;
    let batch = 16;
    let logits = device(&normal_logits(vocab * batch, 3.0, 8), batch, vocab);
    let rows = kernel_rows(&seeded(
        SamplingParams::filtered(0.9, 30, 0.85, 0.02),
        batch,
        5,
    ));
    let eager = tokenpick_core::fused_sample_rejection_rows(
        &logits,
        &rows,
        4,
        32,
        Convention::TemperatureFirst,
    )
    .unwrap();
    let deferred = tokenpick_core::fused_sample_rejection_rows_deferred(
        &logits,
        &rows,
        4,
        32,
        Convention::TemperatureFirst,
    )
    .unwrap();
    assert_eq!(deferred.output().placement(), Placement::Cuda);
    assert_eq!(deferred.resolve().unwrap(), eager);
    assert!(eager.ok.iter().all(|&ok| ok));
}

#[test]
fn degenerate_rows_match_the_cpu_path() {
    if !cuda_present() {
        return;
    }
    let vocab = 1000;
    let mut values = normal_logits(vocab * 5, 2.0, 6);
    values[17] = f32::NAN;
    values[vocab..2 * vocab].fill(f32::NEG_INFINITY);
    values[2 * vocab + 5] = f32::INFINITY;
    values[2 * vocab + 900] = f32::INFINITY;
    for v in values[3 * vocab..4 * vocab].iter_mut().step_by(2) {
        *v = f32::NEG_INFINITY;
    }
    let logits = device(&values, 5, vocab);
    let mut sampler = Sampler::new();
    for params in [
        SamplingParams::filtered(1.0, 20, 0.9, 0.0),
        SamplingParams::filtered(0.5, 0, 0.7, 0.1),
    ] {
        for step in 0..50 {
            let rows = seeded(params, 5, step);
            let gpu = sampler.sample_lenient(&logits, &rows, step).unwrap();
            let cpu = cpu_tokens(&values, vocab, &rows, step, Convention::TemperatureFirst);
            assert_eq!(gpu, cpu, "{params:?} step {step}");
        }
    }
}

#[test]
fn small_top_k_rows_with_ties_and_masks_match_the_cpu_path() {
    if !cuda_present() {
        return;
    }
    // Rows for the one-read top-k kernel's edges, each against the CPU path token for token:
    // every logit tied (its slices fill: the row falls back), fewer finite tokens than k (a
    // grammar mask: top-k keeps them all), heavy ties at the k-th value (logits rounded to
    // integers), and a plain row. k 128 is the kernel's largest, k 129 takes the other kernel.
    let vocab = 32_000;
    let normal = normal_logits(vocab, 1.0, 77);
    let mut values = vec![0.0f32; vocab];
    let mut masked = vec![f32::NEG_INFINITY; vocab];
    for i in (0..vocab).step_by(1000) {
        masked[i] = normal[i];
    }
    values.extend_from_slice(&masked);
    values.extend(normal.iter().map(|v| (v * 1.5).round()));
    values.extend_from_slice(&normal);
    let batch = 4;
    let logits = device(&values, batch, vocab);
    let mut sampler = Sampler::new();
    let (mut top_p_rows, mut top_p_differ) = (0usize, 0usize);
    for params in [
        SamplingParams::filtered(1.0, 50, 1.0, 0.0),
        SamplingParams::filtered(0.8, 50, 1.0, 0.05),
        SamplingParams::filtered(1.3, 128, 1.0, 0.0),
        SamplingParams::filtered(1.0, 129, 1.0, 0.0),
        SamplingParams::filtered(0.9, 40, 0.9, 0.0),
    ] {
        for step in 0..20 {
            let rows = seeded(params, batch, step);
            let gpu = sampler.sample(&logits, &rows, step).unwrap();
            let report = sampler.last_report().rows.clone();
            let cpu = cpu_token_ids(&values, vocab, &rows, step, Convention::TemperatureFirst);
            if params.top_p < 1.0 {
                // Top-p sums mass in another order than the CPU: a boundary within rounding
                // may differ.
                top_p_rows += batch;
                top_p_differ += gpu.iter().zip(&cpu).filter(|(g, c)| g != c).count();
            } else {
                assert_eq!(gpu, cpu, "{params:?} step {step}");
            }
            // The tied row may be left to the CPU; the others are drawn on the device.
            for (row, route) in report.iter().enumerate().skip(1) {
                assert_eq!(
                    route.path,
                    SamplingPath::RejectionKernel,
                    "row {row} {params:?}: {route:?}"
                );
            }
        }
    }
    assert!(
        top_p_differ <= 1,
        "{top_p_differ} of {top_p_rows} top-p rows differ"
    );
}

/// A row of `vocab` negative logits with `positives` distinct positive ones and then `zeros`
/// zeros of alternating sign (`+zero` first, then `-zero`), spread over the row.
fn row_with_signed_zeros(vocab: usize, positives: usize, zeros: &[f32], seed: u64) -> Vec<f32> {
    let mut row: Vec<f32> = normal_logits(vocab, 3.0, seed)
        .iter()
        .map(|v| -0.01 - v.abs())
        .collect();
    // 97 is prime to the vocabularies used: the positions are distinct.
    let at = |j: usize| (j * 97 + 13) % vocab;
    for j in 0..positives {
        row[at(j)] = 0.05 + j as f32 / positives as f32;
    }
    for (j, &zero) in zeros.iter().enumerate() {
        row[at(positives + j)] = zero;
    }
    row
}

#[test]
fn zeros_of_both_signs_tying_the_k_th_value_are_all_kept() {
    if !cuda_present() {
        return;
    }
    // -0 equals +0 but sorts one key below it, in another histogram bin: where top-k's k-th
    // value is 0, every zero of either sign is kept, as on the CPU. Row 0: 150 positive logits
    // then 30 +0 and 30 -0; row 1: the same with +-1e-45, which temperature 2 turns into +-0;
    // row 2: 100 positive logits, one +0 and 59 -0; row 3: a plain row. k 170 and 200 take the
    // two-pass kernel (k above 128), k 120 the top-k route (batch 4) with row 2's k-th at 0.
    let vocab = 32_000;
    let signed = |n: usize, magnitude: f32| -> Vec<f32> {
        (0..n)
            .map(|j| if j % 2 == 0 { magnitude } else { -magnitude })
            .collect()
    };
    let mut row2_zeros = vec![0.0f32];
    row2_zeros.extend(std::iter::repeat_n(-0.0f32, 59));
    let mut values = row_with_signed_zeros(vocab, 150, &signed(60, 0.0), 81);
    values.extend(row_with_signed_zeros(vocab, 150, &signed(60, 1e-45), 82));
    values.extend(row_with_signed_zeros(vocab, 100, &row2_zeros, 83));
    values.extend(normal_logits(vocab, 2.0, 84));
    let negative_zeros: Vec<usize> = (0..values.len())
        .filter(|&i| values[i] == 0.0 && values[i].is_sign_negative())
        .collect();
    let batch = 4;
    let logits = device(&values, batch, vocab);
    let mut sampler = Sampler::new();
    let mut drawn_negative_zeros = 0usize;
    for params in [
        SamplingParams::filtered(1.0, 200, 1.0, 0.0),
        SamplingParams::filtered(2.0, 200, 1.0, 0.0),
        SamplingParams::filtered(1.0, 170, 1.0, 0.0),
        SamplingParams::filtered(1.0, 120, 1.0, 0.0),
        SamplingParams::filtered(1.0, 200, 1.0, 0.05),
    ] {
        for step in 0..40 {
            let rows = seeded(params, batch, step);
            let gpu = sampler.sample(&logits, &rows, step).unwrap();
            let cpu = cpu_token_ids(&values, vocab, &rows, step, Convention::TemperatureFirst);
            assert_eq!(gpu, cpu, "{params:?} step {step}");
            drawn_negative_zeros += cpu
                .iter()
                .enumerate()
                .filter(|&(row, &token)| negative_zeros.contains(&(row * vocab + token as usize)))
                .count();
        }
    }
    // The draws reach the -0 ties (the test could see them dropped).
    assert!(
        drawn_negative_zeros >= 20,
        "{drawn_negative_zeros} -0 tokens drawn"
    );
}

#[test]
fn min_p_rows_from_flat_to_masked_match_the_cpu_path() {
    if !cuda_present() {
        return;
    }
    // Min-p alone over rows that keep all, most, few or almost none of their tokens, each
    // against the CPU path token for token: every logit equal (all kept), a slow ramp (most
    // kept at min-p 0.01), a normal row (few kept), and a grammar mask (few finite tokens); at
    // batch 4 (a row split over several blocks) and 64-256 (one block a row). The second read
    // takes the vectors whose group codes reach the threshold (rows of 65536 and 128256 tokens,
    // f32 and bf16; 128256 f32 at batch 256 fills a lane's 64-vector mask), or the tiles whose
    // largest logit does (65533 tokens, read token by token; 262144 at batch 256).
    let mut sampler = Sampler::new();
    for (vocab, dtype, batches) in [
        (65_536usize, DType::F32, [4usize, 256]),
        (128_256, DType::F32, [4, 256]),
        (128_256, DType::BF16, [4, 64]),
        (65_533, DType::F32, [4, 64]),
        (262_144, DType::F32, [4, 256]),
    ] {
        let normal = normal_logits(vocab, 1.0, 91);
        let mut values = vec![0.0f32; vocab];
        values.extend((0..vocab).map(|i| i as f32 * 1e-4));
        values.extend_from_slice(&normal);
        values.extend((0..vocab).map(|i| {
            if i % 700 == 3 {
                normal[i]
            } else {
                f32::NEG_INFINITY
            }
        }));
        for batch in batches {
            let logits = device_as(&values.repeat(batch / 4), batch, vocab, dtype);
            let all = logits.to_host().unwrap().host_to_f32().unwrap();
            for params in [
                SamplingParams::filtered(1.0, 0, 1.0, 0.1),
                SamplingParams::filtered(0.7, 0, 1.0, 0.01),
                SamplingParams::filtered(1.5, 0, 1.0, 0.6),
            ] {
                for step in 0..4 {
                    let rows = seeded(params, batch, step + 100 * batch as u64);
                    let gpu = sampler.sample(&logits, &rows, step).unwrap();
                    for (row, route) in sampler.last_report().rows.iter().enumerate() {
                        assert_eq!(
                            route.path,
                            SamplingPath::RejectionKernel,
                            "row {row} {params:?}: {route:?}"
                        );
                    }
                    let cpu = cpu_token_ids(&all, vocab, &rows, step, Convention::TemperatureFirst);
                    assert_eq!(
                        gpu, cpu,
                        "vocab {vocab} {dtype:?} batch {batch} {params:?} step {step}"
                    );
                }
            }
        }
    }
}

/// Rows of a route's calls against another kernel's calls of the same rows.
#[derive(Default)]
struct Agreement {
    rows: usize,
    route_drawn: usize,
    compared: usize,
}

impl Agreement {
    /// Draws the first `rows` rows with the route (`route`: logits, parameters) and with the
    /// other kernel (`kernel`) at `step`; every row both drew on the GPU must be the same token
    /// (`case` names it in the message).
    fn check(
        &mut self,
        sampler: &mut Sampler,
        route: (&Array, &[SamplingParams]),
        kernel: (&Array, &[SamplingParams]),
        step: u64,
        rows: usize,
        case: &str,
    ) {
        let a = sampler.sample(route.0, route.1, step).unwrap();
        let a_paths: Vec<_> = sampler.last_report().rows.iter().map(|r| r.path).collect();
        let b = sampler.sample(kernel.0, kernel.1, step).unwrap();
        let b_paths: Vec<_> = sampler.last_report().rows.iter().map(|r| r.path).collect();
        for row in 0..rows {
            self.rows += 1;
            let on_gpu = a_paths[row] == SamplingPath::RejectionKernel;
            self.route_drawn += usize::from(on_gpu);
            if on_gpu && b_paths[row] == SamplingPath::RejectionKernel {
                self.compared += 1;
                assert_eq!(a[row], b[row], "{case} step {step} row {row}");
            }
        }
    }

    /// Top-p alone (the route's or the top-p-alone instance's call) against the same rows with
    /// top-k = vocabulary - 1 (their last logit -inf: the same kept set, the general instance),
    /// for three (T, top-p) and steps 0..3, seeds from `salt` on; `logits` is `batch` rows of
    /// `vocab` (`shape`), `case` names them.
    fn check_top_p_against_full_top_k(
        &mut self,
        sampler: &mut Sampler,
        logits: &Array,
        (vocab, batch): (usize, usize),
        salt: u64,
        case: &str,
    ) {
        for (temperature, top_p) in [(1.0f32, 0.9f32), (0.7, 0.75), (1.3, 0.95)] {
            for step in 0..3u64 {
                let alone = seeded(
                    SamplingParams::filtered(temperature, 0, top_p, 0.0),
                    batch,
                    salt + step,
                );
                let full_top_k = seeded(
                    SamplingParams::filtered(temperature, vocab as u32 - 1, top_p, 0.0),
                    batch,
                    salt + step,
                );
                self.check(
                    sampler,
                    (logits, &alone),
                    (logits, &full_top_k),
                    step,
                    batch,
                    &format!("{case} T {temperature} p {top_p}"),
                );
            }
        }
    }
}

/// The top-p route (top-p alone in a call of at most 16 rows, 32 with f32 logits, any batch of
/// f32 rows of at least 65536 tokens: Gumbel-max's kernel keeping each row's 4-8 best scores,
/// then a read that finds the best of them inside the top-p set, from estimated masses) and
/// the two-pass filtered kernel (the same row with top-k = vocabulary - 1 and its
/// last logit -inf: the same kept set, another kernel) both draw the argmax over the top-p set
/// of the same noise: the same tokens.
#[test]
fn the_top_p_route_draws_the_filtered_kernels_tokens() {
    if !cuda_present() {
        return;
    }
    let mut sampler = Sampler::new();
    let mut agreement = Agreement::default();
    // Batches of at most 16 rows (32 with f32 logits, as here), and any batch of f32 rows of at
    // least 65536 tokens (the last case): others take the route only with
    // TOKENPICK_TOP_P_ROUTE=1.
    for (case, &(vocab, batch, sigma)) in [
        (32_000usize, 16usize, 1.0f32),
        (128_256, 16, 3.0),
        (5_003, 16, 6.0),
        (151_936, 3, 1.0),
        (262_144, 1, 3.0),
        (262_144, 8, 1.0),
        (128_256, 32, 1.0),
        (128_256, 96, 6.0),
    ]
    .iter()
    .enumerate()
    {
        let mut values = normal_logits(vocab * batch, sigma, 70 + case as u64);
        for row in 0..batch {
            values[row * vocab + vocab - 1] = f32::NEG_INFINITY;
        }
        let logits = device(&values, batch, vocab);
        agreement.check_top_p_against_full_top_k(
            &mut sampler,
            &logits,
            (vocab, batch),
            100 * case as u64,
            &format!("vocab {vocab} sigma {sigma}"),
        );
    }
    let Agreement {
        rows: rows_total,
        route_drawn,
        compared,
    } = agreement;
    eprintln!(
        "top-p route: {route_drawn} of {rows_total} rows drawn on the GPU, {compared} compared"
    );
    // The route leaves a row to the CPU at most (1 - top-p)^K <= 0.25^8 of the time (K best
    // scores kept: 8 at top-p 0.75, 6 at 0.9, 4 at 0.95, so every tier runs); the two-pass kernel,
    // with top-k = vocabulary - 1, leaves many rows of the larger cases to it (more boundary
    // candidates than it holds): 561 of 828 rows compared on the H200.
    assert!(
        route_drawn * 1000 >= rows_total * 999,
        "{route_drawn} of {rows_total}"
    );
    assert!(compared * 2 >= rows_total, "{compared} of {rows_total}");
}

/// The two-pass kernel's top-p-alone instance (a call whose every row has top-p and no other
/// filter: the sure-kept tokens scored a group at a time, a finish without radix selection) and
/// its general instance (the same rows with top-k = vocabulary - 1 and the last logit -inf: the
/// same kept set) draw the argmax over the top-p set of the same noise: the same tokens. The
/// batches are above the top-p route's 32 rows, so neither call takes the route, except the
/// f32 case of 128256 tokens (f32 rows of at least 65536 take it at any batch): there the
/// route meets the general instance.
#[test]
fn the_top_p_alone_instance_draws_the_general_instances_tokens() {
    if !cuda_present() {
        return;
    }
    let mut sampler = Sampler::new();
    let mut agreement = Agreement::default();
    for (case, &(vocab, batch, sigma, dtype)) in [
        (128_256usize, 64usize, 1.0f32, DType::F32),
        (128_256, 40, 3.0, DType::BF16),
        (32_000, 300, 6.0, DType::F32),
        (151_936, 33, 1.0, DType::F16),
        (262_144, 36, 6.0, DType::BF16),
        // A row length no vector divides: the rows are read token by token.
        (5_003, 48, 1.0, DType::F32),
    ]
    .iter()
    .enumerate()
    {
        let mut values = normal_logits(vocab * batch, sigma, 170 + case as u64);
        // Row 1 rounded to integers (ties at the boundary), row 2 with a tenth of its tokens
        // masked to -inf.
        for v in &mut values[vocab..2 * vocab] {
            *v = v.round();
        }
        for v in values[2 * vocab..3 * vocab].iter_mut().step_by(10) {
            *v = f32::NEG_INFINITY;
        }
        for row in 0..batch {
            values[row * vocab + vocab - 1] = f32::NEG_INFINITY;
        }
        let logits = device_as(&values, batch, vocab, dtype);
        agreement.check_top_p_against_full_top_k(
            &mut sampler,
            &logits,
            (vocab, batch),
            300 * case as u64,
            &format!("vocab {vocab} {dtype:?} sigma {sigma}"),
        );
    }
    let Agreement {
        rows: rows_total,
        route_drawn: alone_drawn,
        compared,
    } = agreement;
    eprintln!(
        "top-p alone: {alone_drawn} of {rows_total} rows drawn on the GPU, {compared} compared"
    );
    // Both instances leave a row to the CPU where its boundary bins hold more candidates than
    // fit (the general one also where top-k's bin does); most rows are drawn by both.
    assert!(compared * 2 >= rows_total, "{compared} of {rows_total}");
}

/// The top-p route at any batch (`fused_sample_top_p_route_deferred`, the redo's call) draws
/// the two-pass kernel's tokens on batches the route does not take by default (above 32 rows
/// of short f32 rows, above 16 of bf16 and f16), and refuses, naming it, a row that does not
/// take the route.
#[test]
fn the_top_p_route_at_any_batch_draws_the_two_pass_kernels_tokens() {
    if !cuda_present() {
        return;
    }
    let max_rounds = tokenpick_core::DEFAULT_MAX_ROUNDS;
    let first = Convention::TemperatureFirst;
    let (mut rows_total, mut route_ok, mut compared) = (0, 0, 0);
    for (case, &(vocab, batch, sigma, dtype)) in [
        (32_000usize, 64usize, 3.0f32, DType::F32),
        (128_256, 48, 1.0, DType::BF16),
        (151_936, 40, 6.0, DType::F16),
    ]
    .iter()
    .enumerate()
    {
        let values = normal_logits(vocab * batch, sigma, 500 + case as u64);
        let logits = device_as(&values, batch, vocab, dtype);
        let rows = seeded(
            SamplingParams::filtered(1.0, 0, 0.9, 0.0),
            batch,
            50 + case as u64,
        );
        let params = kernel_rows(&rows);
        let step = 3;
        let kernel =
            tokenpick_core::fused_sample_rejection_rows(&logits, &params, step, max_rounds, first)
                .unwrap();
        let route = tokenpick_core::fused_sample_top_p_route_deferred(
            &logits, &params, step, max_rounds, first,
        )
        .and_then(|deferred| deferred.resolve())
        .unwrap();
        for row in 0..batch {
            rows_total += 1;
            route_ok += usize::from(route.ok[row]);
            if route.ok[row] && kernel.ok[row] {
                compared += 1;
                assert_eq!(
                    route.tokens[row], kernel.tokens[row],
                    "case {case} row {row}"
                );
            }
        }
    }
    eprintln!("route at any batch: {route_ok} of {rows_total} rows drawn, {compared} compared");
    // The route leaves a row at most (1 - 0.9)^8 of the time.
    assert_eq!(route_ok, rows_total);
    assert!(compared * 2 >= rows_total, "{compared} of {rows_total}");

    let logits = device(&normal_logits(4 * 1000, 1.0, 9), 4, 1000);
    let mut params = kernel_rows(&seeded(SamplingParams::filtered(1.0, 0, 0.9, 0.0), 4, 1));
    params[2].min_p = 0.1;
    match tokenpick_core::fused_sample_top_p_route_deferred(&logits, &params, 0, max_rounds, first)
    {
        Err(tokenpick_core::Error::InvalidArgument {
            argument, reason, ..
        }) => {
            assert_eq!(argument, "params");
            assert!(reason.contains("row 2 does not take"), "{reason}");
        }
        other => panic!("expected the route to refuse row 2, got {other:?}"),
    }
}

/// Rows of top-p alone that the two-pass kernel leaves (more boundary candidates than it
/// holds: bf16 rows of many tokens, in batches above the top-p route's 16 rows) are redone on
/// the GPU by the route at any batch, one call per span of such rows, not copied to the CPU:
/// none falls back, the rows the kernel drew keep its tokens, and the redone rows draw the
/// CPU's tokens.
#[test]
fn rows_the_two_pass_kernel_leaves_are_redone_on_the_route() {
    if !cuda_present() {
        return;
    }
    let mut sampler = Sampler::new();
    let (mut redone, mut differ) = (0, 0);
    for (case, &(vocab, batch, sigma)) in [(262_144usize, 64usize, 3.0f32), (151_936, 40, 3.0)]
        .iter()
        .enumerate()
    {
        let values = normal_logits(vocab * batch, sigma, 400 + case as u64);
        // The CPU reference reads the logits as the device holds them (bf16).
        let rounded: Vec<f32> = values
            .iter()
            .map(|&v| half::bf16::from_f32(v).to_f32())
            .collect();
        let logits = device_as(&values, batch, vocab, DType::BF16);
        let step = 5;
        let rows = seeded(
            SamplingParams::filtered(1.0, 0, 0.9, 0.0),
            batch,
            40 + case as u64,
        );
        let kernel_params = kernel_rows(&rows);
        let kernel = tokenpick_core::fused_sample_rejection_rows(
            &logits,
            &kernel_params,
            step,
            tokenpick_core::DEFAULT_MAX_ROUNDS,
            Convention::TemperatureFirst,
        )
        .unwrap();
        let tokens = sampler.sample(&logits, &rows, step).unwrap();
        let report = sampler.last_report();
        let cpu = cpu_token_ids(&rounded, vocab, &rows, step, Convention::TemperatureFirst);
        for row in 0..batch {
            let route = report.rows[row];
            assert_eq!(
                route.path,
                SamplingPath::RejectionKernel,
                "vocab {vocab} row {row}"
            );
            if kernel.ok[row] {
                assert_eq!(tokens[row], kernel.tokens[row], "vocab {vocab} row {row}");
            } else {
                redone += 1;
                differ += usize::from(tokens[row] != cpu[row]);
            }
        }
    }
    eprintln!("left by the two-pass kernel and redone: {redone}; differ from the CPU: {differ}");
    assert!(
        redone > 0,
        "the two-pass kernel left no row: nothing was redone"
    );
    // Top-p sums mass in another order than the CPU: a boundary within rounding may differ.
    assert!(differ * 50 <= redone, "{differ} of {redone}");
}

/// A sampler whose earlier call left many rows sends the next calls of the shape straight to
/// the top-p route at any batch (rows of other kinds in the call drawn along, their tokens
/// unused): its tokens are a fresh sampler's (the two-pass kernel, then the redo) step by step,
/// temperature-only and greedy rows included.
#[test]
fn a_sampler_routing_top_p_calls_draws_a_fresh_samplers_tokens() {
    if !cuda_present() {
        return;
    }
    let (vocab, batch) = (262_144usize, 64usize);
    let values = normal_logits(vocab * batch, 3.0, 450);
    let logits = device_as(&values, batch, vocab, DType::BF16);
    let mut rows = seeded(SamplingParams::filtered(1.0, 0, 0.9, 0.0), batch, 45);
    rows[3] = SamplingParams {
        seed: Some(3),
        ..SamplingParams::filtered(0.8, 0, 1.0, 0.0)
    };
    rows[5] = SamplingParams::greedy();
    let mut warm = Sampler::new();
    for step in 0..4 {
        let tokens = warm.sample(&logits, &rows, step).unwrap();
        let warm_paths: Vec<_> = warm.last_report().rows.iter().map(|r| r.path).collect();
        let mut fresh = Sampler::new();
        assert_eq!(
            tokens,
            fresh.sample(&logits, &rows, step).unwrap(),
            "step {step}"
        );
        for (row, path) in warm_paths.iter().enumerate() {
            assert_ne!(
                *path,
                SamplingPath::ArgpartitionFallback,
                "step {step} row {row}"
            );
        }
    }
}

/// The rows as a device array of `dtype` (f32 values rounded to it).
fn device_as(values: &[f32], rows: usize, cols: usize, dtype: DType) -> Array {
    match dtype {
        DType::BF16 => {
            let data: Vec<_> = values.iter().map(|&v| half::bf16::from_f32(v)).collect();
            Array::from_host_bf16(&data, rows, cols)
        }
        DType::F16 => {
            let data: Vec<_> = values.iter().map(|&v| half::f16::from_f32(v)).collect();
            Array::from_host_f16(&data, rows, cols)
        }
        _ => Array::from_host_f32(values, rows, cols),
    }
    .unwrap()
    .to_device(Placement::Cuda, 0)
    .unwrap()
}

/// The top-k route (a call of at most 16 rows whose every row keeps a small top-k: a read
/// counting f by bin, then a read gathering the tokens at or above the k-th largest's bin,
/// finished as the top-k kernel finishes) and the one-read top-k kernel (the same rows in a
/// call of 17, which the route does not take) keep the same candidates and draw with the same
/// noise: the same tokens.
#[test]
fn the_top_k_route_draws_the_top_k_kernels_tokens() {
    if !cuda_present() {
        return;
    }
    let kernel_batch = 17;
    let mut sampler = Sampler::new();
    let mut agreement = Agreement::default();
    for (case, &(vocab, batch, sigma, dtype)) in [
        (128_256usize, 1usize, 3.0f32, DType::F32),
        (128_256, 16, 1.0, DType::BF16),
        (262_144, 4, 6.0, DType::F32),
        (151_936, 2, 3.0, DType::F16),
        (32_000, 8, 3.0, DType::F32),
        // A row length no vector divides: the rows are read token by token.
        (5_003, 3, 1.0, DType::F32),
        (4_099, 4, 1.0, DType::F32),
    ]
    .iter()
    .enumerate()
    {
        let mut values = normal_logits(vocab * kernel_batch, sigma, 120 + case as u64);
        // Row 1 rounded to integers (ties at the k-th value), row 2 with a tenth of its tokens
        // masked to -inf.
        for v in &mut values[vocab..2 * vocab] {
            *v = v.round();
        }
        for v in values[2 * vocab..3 * vocab].iter_mut().step_by(10) {
            *v = f32::NEG_INFINITY;
        }
        // Row 3: 30 positive logits, then 370 zeros of both signs (equal values: the k-th
        // value is 0 and every zero ties it), then negative ones.
        for (i, v) in values[3 * vocab..4 * vocab].iter_mut().enumerate() {
            *v = match i {
                0..30 => 1.0 + i as f32 * 0.1,
                30..400 if i % 2 == 0 => 0.0,
                30..400 => -0.0,
                _ => -1.0 - (i % 7) as f32,
            };
        }
        let route_logits = device_as(&values[..batch * vocab], batch, vocab, dtype);
        let kernel_logits = device_as(&values, kernel_batch, vocab, dtype);
        for (temperature, top_k, top_p, min_p) in [
            (1.0f32, 50u32, 0.9f32, 0.0f32),
            (0.8, 50, 1.0, 0.05),
            (1.3, 128, 0.95, 0.0),
            (0.7, 7, 1.0, 0.0),
        ] {
            for step in 0..3u64 {
                let params = seeded(
                    SamplingParams::filtered(temperature, top_k, top_p, min_p),
                    kernel_batch,
                    200 * case as u64 + step,
                );
                agreement.check(
                    &mut sampler,
                    (&route_logits, &params[..batch]),
                    (&kernel_logits, &params),
                    step,
                    batch,
                    &format!(
                        "vocab {vocab} {dtype:?} sigma {sigma} T {temperature} k {top_k} \
                         p {top_p} min-p {min_p}"
                    ),
                );
            }
        }
    }
    let Agreement {
        rows: rows_total,
        route_drawn,
        compared,
    } = agreement;
    eprintln!(
        "top-k route: {route_drawn} of {rows_total} rows drawn on the GPU, {compared} compared"
    );
    // Every row here fits the route's 1024 candidates (the rounded rows gather the most: about
    // 800 tokens at or above 3 in the sigma-1 row of 128256 at k 128; the zeros row 400), so
    // the route draws them all; the top-k kernel leaves a few to the CPU (ties filling its
    // slices: 24 of 456 on the H200), which are not compared.
    assert_eq!(route_drawn, rows_total);
    assert!(
        compared * 10 >= rows_total * 9,
        "{compared} of {rows_total}"
    );
}

//! The CUDA Gumbel-max kernel on a GPU: tokens equal the CPU categorical path's, token for
//! token, over more than 10,000 rows of assorted vocabularies, batches, dtypes and
//! temperatures; rows split over many blocks (batches of 1 to 8); degenerate rows; unaligned
//! device pointers; the distribution against the f64 reference with a million draws. Skips with a printed reason where no CUDA device resolved.

mod common;

use common::{cpu_tokens, cuda_present, normal_logits, shapes};
use half::{bf16, f16};
use tokenpick::reference::exact_distribution;
use tokenpick::stats::{CHI_SQUARE_ALPHA, chi_square_test};
use tokenpick::{Array, Convention, RowError, Sampler, SamplingParams, SamplingPath};
use tokenpick_core::{DType, Placement};

/// Host logits of one dtype, and their values as the kernel reads them (widened to f32).
fn host_array(values: &[f32], rows: usize, cols: usize, dtype: DType) -> (Array, Vec<f32>) {
    let array = match dtype {
        DType::F16 => Array::from_host_f16(
            &values.iter().map(|&v| f16::from_f32(v)).collect::<Vec<_>>(),
            rows,
            cols,
        ),
        DType::BF16 => Array::from_host_bf16(
            &values
                .iter()
                .map(|&v| bf16::from_f32(v))
                .collect::<Vec<_>>(),
            rows,
            cols,
        ),
        _ => Array::from_host_f32(values, rows, cols),
    }
    .expect("host array");
    let widened = array.host_to_f32().expect("widen");
    (array, widened)
}

/// Per-row parameters: temperatures cycle through `temperatures`, seeds from `salt`.
fn row_params(rows: usize, temperatures: &[f32], salt: u64) -> Vec<SamplingParams> {
    (0..rows)
        .map(|row| SamplingParams {
            temperature: temperatures[row % temperatures.len()],
            seed: Some(salt.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ row as u64),
            ..SamplingParams::default()
        })
        .collect()
}

/// Kernel tokens for device logits, checked to have run on the kernel.
fn kernel_tokens(
    sampler: &mut Sampler,
    logits: &Array,
    params: &[SamplingParams],
    step: u64,
) -> Vec<Result<u32, RowError>> {
    let tokens = sampler
        .sample_lenient(logits, params, step)
        .expect("kernel call");
    assert!(
        sampler
            .last_report()
            .rows
            .iter()
            .all(|r| matches!(r.path, SamplingPath::GumbelKernel | SamplingPath::Greedy)),
        "{}",
        sampler.last_report().summary()
    );
    tokens
}

/// Uploads `values` (`batch` rows of `vocab` logits) as `dtype` and checks, at steps
/// 0..`steps`, that the kernel gives the CPU path's token in every row; step `s` seeds its rows
/// with `row_params(batch, temperatures, salt(s))`. Returns the rows compared.
fn assert_steps_match_cpu(
    sampler: &mut Sampler,
    values: &[f32],
    (batch, vocab, dtype): (usize, usize, DType),
    temperatures: &[f32],
    steps: u64,
    salt: impl Fn(u64) -> u64,
) -> usize {
    let (host, widened) = host_array(values, batch, vocab, dtype);
    let device = host.to_device(Placement::Cuda, 0).expect("upload");
    for step in 0..steps {
        let params = row_params(batch, temperatures, salt(step));
        let gpu = kernel_tokens(sampler, &device, &params, step);
        let cpu = cpu_tokens(&widened, vocab, &params, step, Convention::TemperatureFirst);
        assert_eq!(
            gpu.len(),
            cpu.len(),
            "vocab {vocab} batch {batch} {dtype:?}"
        );
        for (row, (g, c)) in gpu.iter().zip(&cpu).enumerate() {
            assert_eq!(
                g, c,
                "vocab {vocab} batch {batch} {dtype:?} step {step} row {row} T {}",
                params[row].temperature
            );
        }
    }
    batch * steps as usize
}

#[test]
fn tokens_equal_the_cpu_path_on_ten_thousand_rows() {
    if !cuda_present() {
        return;
    }
    let mut sampler = Sampler::new();
    let temperatures = [0.0, 0.3, 0.7, 1.0, 1.5, 2.5, 1e-20];
    let cases: [(usize, usize, usize); 9] = [
        (1, 1024, 1),
        (7, 1024, 1),
        (4099, 1024, 3),
        (32_000, 256, 4),
        (128_256, 64, 4),
        (151_936, 16, 2),
        (262_144, 16, 2),
        (262_144, 1, 3),
        (128_256, 1, 8),
    ];
    let mut compared = 0;
    for (case, &(vocab, batch, steps)) in cases.iter().enumerate() {
        for dtype in [DType::F32, DType::F16, DType::BF16] {
            let sigma = [1.0, 3.0, 6.0][case % 3];
            let mut values = normal_logits(
                vocab * batch,
                sigma,
                case as u64 * 31 + u64::from(dtype.repr),
            );
            // A grammar mask on every fifth row.
            for row in (0..batch).step_by(5) {
                for v in values[row * vocab..(row + 1) * vocab]
                    .iter_mut()
                    .skip(1)
                    .step_by(3)
                {
                    *v = f32::NEG_INFINITY;
                }
            }
            compared += assert_steps_match_cpu(
                &mut sampler,
                &values,
                (batch, vocab, dtype),
                &temperatures,
                steps as u64,
                |step| step * 7 + case as u64,
            );
        }
    }
    eprintln!("compared {compared} rows token for token");
    assert!(compared >= 10_000, "{compared}");
}

/// Logits far from zero and extreme temperatures: the skip tests' slack scales with the
/// magnitudes, so rows offset by up to 3e5 (and scaled by 1/T up to 200) still give the CPU
/// path's tokens, on row groups (batch 64) and split rows (batch 2).
#[test]
fn tokens_equal_the_cpu_path_at_large_magnitudes() {
    if !cuda_present() {
        return;
    }
    let mut sampler = Sampler::new();
    let offsets = [0.0f32, 1e3, -1e4, 3e5, -2.5e5, 40.0, -7.0, 1e5];
    let temperatures = [0.005, 0.05, 1.0, 20.0];
    let mut compared = 0;
    for (case, &(vocab, batch)) in [(32_000usize, 64usize), (128_256, 2)].iter().enumerate() {
        for dtype in [DType::F32, DType::BF16] {
            let mut values = normal_logits(vocab * batch, 3.0, 900 + case as u64);
            for (row, chunk) in values.chunks_mut(vocab).enumerate() {
                let offset = offsets[row % offsets.len()];
                chunk.iter_mut().for_each(|v| *v += offset);
            }
            compared += assert_steps_match_cpu(
                &mut sampler,
                &values,
                (batch, vocab, dtype),
                &temperatures,
                40,
                |step| step * 3 + case as u64,
            );
        }
    }
    eprintln!("compared {compared} rows at large magnitudes token for token");
    assert!(compared >= 5_000, "{compared}");
}

/// Rows masked in long runs, so that some warps' tiles hold no finite logit and take their
/// first bar from the other warps of the block (block_bar.cuh), and rows whose best tokens lie
/// where the last warps read: tokens equal the CPU path's, on claimed tiles (batch 64 and
/// 256), fixed tiles (batch 16) and split rows (batch 2).
#[test]
fn tokens_equal_the_cpu_path_with_long_masked_runs() {
    if !cuda_present() {
        return;
    }
    let mut sampler = Sampler::new();
    let temperatures = [1.0, 0.5, 2.0];
    let vocab = 128_256;
    let mut compared = 0;
    for batch in [2usize, 16, 64, 256] {
        for dtype in [DType::F32, DType::BF16] {
            let mut values = normal_logits(vocab * batch, 3.0, 7_000 + batch as u64);
            for (row, chunk) in values.chunks_mut(vocab).enumerate() {
                match row % 4 {
                    // Runs of 8192 masked tokens, every other run.
                    0 => chunk
                        .chunks_mut(8192)
                        .step_by(2)
                        .for_each(|run| run.fill(f32::NEG_INFINITY)),
                    // Only the last 1000 tokens finite.
                    1 => chunk[..vocab - 1000].fill(f32::NEG_INFINITY),
                    // The row's best logits at its end.
                    2 => chunk[vocab - 64..].iter_mut().for_each(|v| *v += 12.0),
                    _ => {}
                }
            }
            compared += assert_steps_match_cpu(
                &mut sampler,
                &values,
                (batch, vocab, dtype),
                &temperatures,
                8,
                |step| step * 5 + batch as u64,
            );
        }
    }
    eprintln!("compared {compared} rows with long masked runs token for token");
    assert!(compared >= 5_000, "{compared}");
}

/// Degenerate rows in a batch of 6: each kind named, the others sampled as the CPU path.
/// `vocab` 4099 runs on row groups, 100,000 on split rows (more blocks than a cluster).
fn check_degenerate_rows(vocab: usize) {
    let mut values = normal_logits(vocab * 6, 2.0, 5);
    values[vocab + 100] = f32::NAN; // row 1: NaN
    values[2 * vocab..3 * vocab].fill(f32::NEG_INFINITY); // row 2: all masked
    values[3 * vocab + 17] = f32::INFINITY; // row 3: two +inf share the mass
    values[3 * vocab + 4000] = f32::INFINITY;
    values[4 * vocab + 9] = 3e38; // row 4: overflows to +inf at T = 0.5
    let (host, widened) = host_array(&values, 6, vocab, DType::F32);
    let device = host.to_device(Placement::Cuda, 0).expect("upload");
    let mut sampler = Sampler::new();
    let mut seen_infinite = std::collections::HashSet::new();
    for step in 0..200 {
        let params = row_params(6, &[0.5], step);
        let gpu = kernel_tokens(&mut sampler, &device, &params, step);
        let cpu = cpu_tokens(&widened, vocab, &params, step, Convention::TemperatureFirst);
        assert_eq!(gpu, cpu, "vocab {vocab} step {step}");
        assert_eq!(gpu[1], Err(RowError::NanLogits { row: 1 }));
        assert_eq!(gpu[2], Err(RowError::AllMasked { row: 2 }));
        assert_eq!(gpu[4], Ok(9));
        seen_infinite.insert(*gpu[3].as_ref().unwrap());
    }
    assert_eq!(seen_infinite, [17u32, 4000].into_iter().collect());
}

#[test]
fn degenerate_rows_are_reported_and_the_rest_sampled() {
    if !cuda_present() {
        return;
    }
    check_degenerate_rows(4099);
    check_degenerate_rows(100_000);
}

/// Batches of 1 to 8 split each row over more blocks than a cluster holds (merged through
/// per-stream state): tokens equal the CPU path's for every batch size, vocabulary, dtype and
/// many steps (each launch resets the state the next one uses, so the steps test the reset).
#[test]
fn split_rows_give_the_cpu_tokens() {
    if !cuda_present() {
        return;
    }
    let mut sampler = Sampler::new();
    let temperatures = [1.0, 0.0, 0.6, 1.7];
    let mut compared = 0;
    for (case, &vocab) in [40_000usize, 128_256, 262_144].iter().enumerate() {
        for batch in [1usize, 2, 3, 5, 8] {
            for dtype in [DType::F32, DType::BF16] {
                let mut values = normal_logits(vocab * batch, 3.0, (case * 10 + batch) as u64);
                // A grammar mask on the last row.
                for v in values[(batch - 1) * vocab..].iter_mut().step_by(2) {
                    *v = f32::NEG_INFINITY;
                }
                compared += assert_steps_match_cpu(
                    &mut sampler,
                    &values,
                    (batch, vocab, dtype),
                    &temperatures,
                    32,
                    |step| step * 13 + batch as u64,
                );
            }
        }
    }
    eprintln!("compared {compared} split rows token for token");
    assert!(compared >= 3_000, "{compared}");
}

#[test]
fn unaligned_device_pointers_give_the_same_tokens() {
    if !cuda_present() {
        return;
    }
    let vocab = 4099;
    let rows = 8;
    let values = normal_logits(vocab * rows + 3, 3.0, 77);
    let (host, _) = host_array(&values, 1, vocab * rows + 3, DType::F32);
    let device = host.to_device(Placement::Cuda, 0).expect("upload");
    let mut sampler = Sampler::new();
    for offset in 1..=3usize {
        // SAFETY: the view lies inside `device`'s allocation, which outlives it.
        let view = unsafe {
            Array::from_device_ptr(
                Placement::Cuda,
                0,
                device.device_address() + 4 * offset,
                0,
                DType::F32,
                rows,
                vocab,
            )
        }
        .expect("view");
        let params = row_params(rows, &[1.0, 0.8], offset as u64);
        let gpu = kernel_tokens(&mut sampler, &view, &params, 5);
        let shifted = &values[offset..offset + rows * vocab];
        let cpu = cpu_tokens(shifted, vocab, &params, 5, Convention::TemperatureFirst);
        assert_eq!(gpu, cpu, "offset {offset}");
    }
}

#[test]
fn the_kernel_fits_the_reference_with_a_million_draws() {
    if !cuda_present() {
        return;
    }
    let vocab = 512;
    let batch = 2000;
    let mut sampler = Sampler::new();
    for (name, z) in shapes(vocab) {
        for temperature in [0.5f32, 1.0, 2.0] {
            let params = SamplingParams {
                temperature,
                ..SamplingParams::default()
            };
            let exact = exact_distribution(&z, &params, Convention::TemperatureFirst, 0).unwrap();
            let device = Array::from_host_f32(&z.repeat(batch), batch, vocab)
                .unwrap()
                .to_device(Placement::Cuda, 0)
                .unwrap();
            let mut counts = vec![0u64; vocab];
            for step in 0..(1_000_000 / batch) as u64 {
                for token in sampler.sample(&device, &[params], step).unwrap() {
                    counts[token as usize] += 1;
                }
            }
            let test = chi_square_test(&counts, &exact);
            assert!(
                test.passes(CHI_SQUARE_ALPHA),
                "{name} T={temperature}: {test:?}"
            );
        }
    }
}

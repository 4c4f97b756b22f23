//! The allocation-free `_into` calls on a stream of our own, captured in a CUDA graph and
//! replayed: the replay writes the same tokens as eager calls with the same seeds and steps.
//! Skips with a printed reason without a CUDA device.

mod common;

use common::{cuda_present, normal_logits};
use tokenpick::{Array, Convention, SamplingParams};
use tokenpick_core::cuda_graph::CudaStream;
use tokenpick_core::{
    DEFAULT_MAX_ROUNDS, DType, Placement, RejectionSample, RowParams,
    fused_sample_rejection_rows_into, gumbel_max_sample_rows_into,
};

/// Steps captured, one graph each.
const STEPS: [u64; 3] = [0, 7, 1 << 40];

fn row_params(params: SamplingParams, rows: usize) -> Vec<RowParams> {
    (0..rows)
        .map(|row| params.to_row_params(9_000 + row as u64))
        .collect()
}

/// Both calls of one decode step into the two outputs.
fn enqueue(
    logits: &Array,
    gumbel: &[RowParams],
    filtered: &[RowParams],
    step: u64,
    tokens: &mut Array,
    pairs: &mut Array,
) -> Result<(), tokenpick_core::Error> {
    gumbel_max_sample_rows_into(logits, gumbel, step, tokens)?;
    fused_sample_rejection_rows_into(
        logits,
        filtered,
        step,
        DEFAULT_MAX_ROUNDS,
        Convention::TemperatureFirst,
        pairs,
    )
}

#[test]
fn graph_replays_give_the_eager_tokens() {
    if !cuda_present() {
        return;
    }
    // Row groups (clusters) at batch 8; split rows (per-stream merge state) at batch 2. The
    // filtered call: top-k 50 + top-p 0.9 (the top-k route's two launches and its per-stream
    // scratch), then top-p 0.9 alone (the top-p route's).
    for filtered in [
        SamplingParams::filtered(1.0, 50, 0.9, 0.0),
        SamplingParams::filtered(1.0, 0, 0.9, 0.0),
    ] {
        check_graph_replays(8, 32_000, filtered);
        check_graph_replays(2, 128_256, filtered);
    }
    // More rows than the top-k route takes: the one-read top-k kernel in row groups.
    check_graph_replays(24, 32_000, SamplingParams::filtered(1.0, 50, 0.9, 0.0));
}

/// Eager calls, then per step a captured graph replayed twice after overwriting the outputs.
fn check_graph_replays(batch: usize, vocab: usize, filtered: SamplingParams) {
    let host = normal_logits(batch * vocab, 3.0, 21);
    let owner = Array::from_host_f32(&host, batch, vocab)
        .unwrap()
        .to_device(Placement::Cuda, 0)
        .unwrap();
    let stream = CudaStream::new(0).unwrap();
    // SAFETY: `owner` holds the buffer for the whole test and nobody writes it; the stream
    // outlives the arrays that use it.
    let logits = unsafe {
        Array::from_device_ptr(
            Placement::Cuda,
            0,
            owner.device_address(),
            stream.handle(),
            DType::F32,
            batch,
            vocab,
        )
    }
    .unwrap();
    let mut tokens = Array::device_empty(&logits, DType::U32, batch, 1).unwrap();
    let mut pairs = Array::device_empty(&logits, DType::U32, batch, 2).unwrap();
    let gumbel = row_params(SamplingParams::filtered(0.8, 0, 1.0, 0.0), batch);
    let filtered = row_params(filtered, batch);

    let mut eager = Vec::new();
    for step in STEPS {
        enqueue(&logits, &gumbel, &filtered, step, &mut tokens, &mut pairs).unwrap();
        let sample = RejectionSample::from_array(&pairs).unwrap();
        assert!(sample.ok.iter().all(|&ok| ok), "step {step}: {sample:?}");
        eager.push((tokens.to_host_u32().unwrap(), sample));
    }

    for (step, expected) in STEPS.into_iter().zip(&eager) {
        let graph = stream
            .capture(|| enqueue(&logits, &gumbel, &filtered, step, &mut tokens, &mut pairs))
            .unwrap();
        for replay in 0..2 {
            // Overwrite the outputs with another step's tokens, then replay.
            enqueue(
                &logits,
                &gumbel,
                &filtered,
                step + 1,
                &mut tokens,
                &mut pairs,
            )
            .unwrap();
            graph.launch(&stream).unwrap();
            stream.synchronize().unwrap();
            assert_eq!(
                tokens.to_host_u32().unwrap(),
                expected.0,
                "gumbel, step {step}, replay {replay}"
            );
            assert_eq!(
                RejectionSample::from_array(&pairs).unwrap(),
                expected.1,
                "filtered, step {step}, replay {replay}"
            );
        }
    }
    // The steps gave different tokens, so the replays above could not pass by accident.
    assert_ne!(eager[0].0, eager[1].0);
}

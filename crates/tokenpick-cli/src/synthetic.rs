//! The embedded default: synthetic rows shaped like LLM output. A language model's logits are
//! roughly Zipfian in rank with noise: a few confident tokens, a long tail, sometimes a grammar
//! mask. Four shapes, made deterministically from a fixed seed.

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

/// The vocabulary of the embedded default (Llama 3's).
pub const DEFAULT_VOCAB: usize = 128_256;
/// The batch of the embedded default.
pub const DEFAULT_BATCH: usize = 64;
/// The seed the shapes are made from.
const SHAPES_SEED: u64 = 0x70_6b_69_63_6b;

/// One synthetic row shape.
pub struct Shape {
    /// What it imitates.
    pub name: &'static str,
    /// Logit of the token at rank r is `top - slope * ln(1 + r)` plus noise.
    slope: f32,
    top: f32,
    noise: f32,
    /// Fraction of tokens masked to -inf (a grammar constraint).
    masked: f64,
}

/// The four shapes of the default batch.
pub const SHAPES: [Shape; 4] = [
    Shape {
        name: "confident",
        slope: 3.0,
        top: 25.0,
        noise: 0.5,
        masked: 0.0,
    },
    Shape {
        name: "typical",
        slope: 1.8,
        top: 18.0,
        noise: 1.0,
        masked: 0.0,
    },
    Shape {
        name: "uncertain",
        slope: 0.9,
        top: 12.0,
        noise: 1.5,
        masked: 0.0,
    },
    Shape {
        name: "grammar-masked",
        slope: 1.5,
        top: 16.0,
        noise: 1.0,
        masked: 0.9,
    },
];

/// One row of `shape` over `vocab` tokens (ranks randomly permuted over token ids).
pub fn row(shape: &Shape, vocab: usize, salt: u64) -> Vec<f32> {
    let mut rng = StdRng::seed_from_u64(SHAPES_SEED ^ salt);
    let mut ids: Vec<usize> = (0..vocab).collect();
    for i in (1..vocab).rev() {
        ids.swap(i, rng.random_range(0..=i));
    }
    let mut logits = vec![0.0f32; vocab];
    for (rank, &id) in ids.iter().enumerate() {
        let noise = (rng.random::<f32>() - 0.5) * 2.0 * shape.noise;
        logits[id] = shape.top - shape.slope * (1.0 + rank as f32).ln() + noise;
        if rank > 0 && rng.random::<f64>() < shape.masked {
            logits[id] = f32::NEG_INFINITY;
        }
    }
    logits
}

/// The default batch: the four shapes tiled over `batch` rows, row-major.
pub fn default_batch(vocab: usize, batch: usize) -> Vec<f32> {
    let rows: Vec<Vec<f32>> = SHAPES
        .iter()
        .enumerate()
        .map(|(i, shape)| row(shape, vocab, i as u64))
        .collect();
    (0..batch)
        .flat_map(|r| rows[r % rows.len()].iter().copied())
        .collect()
}

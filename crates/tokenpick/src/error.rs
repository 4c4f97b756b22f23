//! The sampler's typed errors: whole-call errors ([`Error`]) and per-row errors ([`RowError`]),
//! so one bad row never costs the other rows their tokens.

/// What is wrong with one row; the other rows of the batch are unaffected.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum RowError {
    /// A sampling parameter is outside its domain.
    #[error("row {row}: invalid parameter `{parameter}`: {reason}")]
    InvalidParameter {
        /// The row's index in the batch.
        row: usize,
        /// The parameter's name (`temperature`, `top_p`, `min_p`).
        parameter: &'static str,
        /// The rule it broke and the value it had.
        reason: String,
    },
    /// The row's logits contain NaN.
    #[error("row {row}: logits contain NaN")]
    NanLogits {
        /// The row's index in the batch.
        row: usize,
    },
    /// Every logit of the row is -inf (after scaling by 1/T): nothing can be drawn.
    #[error("row {row}: every logit is -inf, nothing to sample")]
    AllMasked {
        /// The row's index in the batch.
        row: usize,
    },
}

impl RowError {
    /// The index of the row this error is about.
    pub fn row(&self) -> usize {
        match self {
            RowError::InvalidParameter { row, .. }
            | RowError::NanLogits { row }
            | RowError::AllMasked { row } => *row,
        }
    }
}

/// Why a whole call failed.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum Error {
    /// The vocabulary size is zero.
    #[error("vocabulary size must be at least 1")]
    EmptyVocabulary,
    /// The batch has no rows.
    #[error("empty batch: no logits were given")]
    EmptyBatch,
    /// The vocabulary exceeds what a u32 token id can name.
    #[error("vocabulary of {vocab} tokens exceeds the u32 token-id range")]
    VocabularyTooLarge {
        /// The vocabulary size given.
        vocab: usize,
    },
    /// The logits are not `rows * vocab` values.
    #[error("logits hold {len} values, which is not a whole number of rows of {vocab}")]
    Shape {
        /// Number of logits given.
        len: usize,
        /// The vocabulary size given.
        vocab: usize,
    },
    /// `params` is neither one entry nor one per row.
    #[error("{given} parameter sets for {rows} rows (expected 1 or {rows})")]
    ParamsCount {
        /// Entries in `params`.
        given: usize,
        /// Rows in the batch.
        rows: usize,
    },
    /// Some rows could not be sampled; the lenient form returns the others' tokens.
    #[error("{} invalid row(s): {}", .0.len(), describe_rows(.0))]
    InvalidRows(Vec<RowError>),
    /// The core (the C++ layer) failed in a way the sampler cannot route around.
    #[error(transparent)]
    Core(#[from] tokenpick_core::Error),
}

fn describe_rows(rows: &[RowError]) -> String {
    rows.iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join("; ")
}

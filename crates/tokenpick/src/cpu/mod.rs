//! The CPU paths, which are also the fallbacks of the GPU kernels and the reference they are
//! tested against (DESIGN sections 3, 4 and 6):
//! - greedy: the largest logit, lowest index on ties;
//! - categorical: Gumbel-max over the whole row with the DESIGN noise, so a GPU kernel's
//!   tokens can be compared with it token for token;
//! - argpartition: top-k by streaming selection, top-p by a mass histogram (no full sort),
//!   min-p by a threshold; the kept set is always `{i : f_i >= threshold}` and the draw is the
//!   same Gumbel-max restricted to it.

mod argpartition;
mod batch;
mod exp;
mod greedy;
mod gumbel_argmax;
#[cfg(target_arch = "x86_64")]
mod philox_avx2;
mod reduce;
mod row_spec;
mod scratch;
mod simd;
mod top_k;
mod top_p;

pub use batch::sample_rows;
pub(crate) use row_spec::RowFault;

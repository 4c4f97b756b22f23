//! Greedy: the index of the largest logit, lowest index on ties.

use super::RowFault;
use super::reduce::row_argmax;

/// Argmax of `z`, lowest index on ties; NaN or an all -inf row is a fault.
pub(crate) fn greedy_argmax(z: &[f32]) -> Result<u32, RowFault> {
    match row_argmax(z) {
        (_, true) => Err(RowFault::Nan),
        (None, false) => Err(RowFault::AllMasked),
        (Some(index), false) => Ok(index),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lowest_index_wins_ties_and_faults_are_typed() {
        assert_eq!(greedy_argmax(&[1.0, 3.0, 3.0, -1.0]), Ok(1));
        assert_eq!(
            greedy_argmax(&[f32::NEG_INFINITY, f32::INFINITY, f32::INFINITY]),
            Ok(1)
        );
        assert_eq!(greedy_argmax(&[1.0, f32::NAN]), Err(RowFault::Nan));
        assert_eq!(
            greedy_argmax(&[f32::NEG_INFINITY; 3]),
            Err(RowFault::AllMasked)
        );
    }
}

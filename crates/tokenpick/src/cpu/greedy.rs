//! Greedy: the index of the largest logit, lowest index on ties.

use super::RowFault;
use super::reduce::row_max;

/// Argmax of `z`; NaN or an all -inf row is a fault. Two passes (a vectorised maximum, then
/// the first position holding it) beat one pass whose compare chain is serial.
pub(crate) fn greedy_argmax(z: &[f32]) -> Result<u32, RowFault> {
    let (best, has_nan) = row_max(z, |v| v);
    if has_nan {
        return Err(RowFault::Nan);
    }
    if best == f32::NEG_INFINITY {
        return Err(RowFault::AllMasked);
    }
    z.iter()
        .position(|&v| v == best)
        .map(|i| i as u32)
        .ok_or(RowFault::AllMasked)
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

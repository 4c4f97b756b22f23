//! Greedy: the index of the largest logit, lowest index on ties.

use super::RowFault;

/// Argmax of `z`; NaN or an all -inf row is a fault.
pub(crate) fn greedy_argmax(z: &[f32]) -> Result<u32, RowFault> {
    let mut best = f32::NEG_INFINITY;
    let mut best_index = None;
    let mut has_nan = false;
    for (i, &value) in z.iter().enumerate() {
        has_nan |= value.is_nan();
        if value > best {
            best = value;
            best_index = Some(i as u32);
        }
    }
    if has_nan {
        return Err(RowFault::Nan);
    }
    best_index.ok_or(RowFault::AllMasked)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lowest_index_wins_ties_and_faults_are_typed() {
        assert_eq!(greedy_argmax(&[1.0, 3.0, 3.0, -1.0]), Ok(1));
        assert_eq!(greedy_argmax(&[f32::NEG_INFINITY, f32::INFINITY, f32::INFINITY]), Ok(1));
        assert_eq!(greedy_argmax(&[1.0, f32::NAN]), Err(RowFault::Nan));
        assert_eq!(greedy_argmax(&[f32::NEG_INFINITY; 3]), Err(RowFault::AllMasked));
    }
}

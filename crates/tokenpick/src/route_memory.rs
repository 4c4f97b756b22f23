//! What a [`crate::Sampler`] remembers between device calls about the top-p route: after a
//! call on the two-pass filtered kernel left many of its top-p rows (more boundary candidates
//! than it holds: bf16 rows of many tokens at sigma 1 - 3), the next calls of that logits shape
//! go straight to the route at any batch instead of the kernel plus the redo of those rows.
//! Both draw the same tokens (DESIGN 4: the route and the kernel draw the argmax over the same
//! set with the same noise), so the memory changes only the time a call takes.

use tokenpick_core::DType;

/// Calls of the shape sent straight to the route after a call left many rows; then the
/// two-pass kernel is tried again (the logits may have become peaked, where it is faster).
const ROUTE_CALLS: u32 = 16;
/// A call "left many rows" when at least 1 / LEFT_SHARE of its route rows were left. H100,
/// bf16 top-p 0.9 (BENCHMARKS, twenty-ninth round): calls leaving 18 - 100% of their rows cost
/// 264 - 701 us with the redo, where the route alone takes 146 - 294 us.
const LEFT_SHARE: usize = 8;

/// The sampler's memory of the last shape whose calls left many rows.
#[derive(Debug, Default, Clone, Copy)]
pub(crate) struct RouteMemory {
    /// (dtype, vocabulary) of the shape, and calls of it still sent to the route.
    shape: Option<(DType, usize)>,
    calls_left: u32,
}

impl RouteMemory {
    /// True where this call of `shape` goes straight to the route.
    pub(crate) fn routes(&self, shape: (DType, usize)) -> bool {
        self.calls_left > 0 && self.shape == Some(shape)
    }

    /// Notes a call of `shape`: `routed` when it went straight to the route, else the number of
    /// its rows that could take the route (`route_rows`) and how many of them the two-pass
    /// kernel left (`left`).
    pub(crate) fn note(
        &mut self,
        shape: (DType, usize),
        routed: bool,
        route_rows: usize,
        left: usize,
    ) {
        if routed {
            self.calls_left = self.calls_left.saturating_sub(1);
        } else if left > 0 && left * LEFT_SHARE >= route_rows {
            *self = RouteMemory {
                shape: Some(shape),
                calls_left: ROUTE_CALLS,
            };
        } else if self.shape == Some(shape) {
            self.calls_left = 0;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const BF16_WIDE: (DType, usize) = (DType::BF16, 262_144);

    #[test]
    fn a_call_leaving_many_rows_routes_the_next_calls_of_its_shape() {
        let mut memory = RouteMemory::default();
        assert!(!memory.routes(BF16_WIDE));
        // One row of 256 left: not enough.
        memory.note(BF16_WIDE, false, 256, 1);
        assert!(!memory.routes(BF16_WIDE));
        memory.note(BF16_WIDE, false, 256, 32);
        assert!(memory.routes(BF16_WIDE));
        assert!(!memory.routes((DType::F32, 262_144)));
        assert!(!memory.routes((DType::BF16, 151_936)));
        for _ in 0..ROUTE_CALLS {
            assert!(memory.routes(BF16_WIDE));
            memory.note(BF16_WIDE, true, 256, 0);
        }
        // Then the two-pass kernel is tried again.
        assert!(!memory.routes(BF16_WIDE));
    }

    #[test]
    fn a_call_of_the_shape_leaving_few_rows_ends_the_routing() {
        let mut memory = RouteMemory::default();
        memory.note(BF16_WIDE, false, 64, 64);
        // Another shape's quiet call does not touch it.
        memory.note((DType::F16, 32_000), false, 64, 0);
        assert!(memory.routes(BF16_WIDE));
        memory.note(BF16_WIDE, false, 64, 0);
        assert!(!memory.routes(BF16_WIDE));
    }
}

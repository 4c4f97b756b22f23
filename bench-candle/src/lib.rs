//! Bench-only crate: see benches/vs_candle.rs.

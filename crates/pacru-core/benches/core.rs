//! Placeholder replaced by the real benchmarks below.
fn main() {}

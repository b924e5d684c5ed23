//! Project automation (work in progress).
fn main() {}

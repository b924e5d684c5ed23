//! Nothing to build: the build dependencies are what this package is for
//! (see its `Cargo.toml`).

fn main() {}

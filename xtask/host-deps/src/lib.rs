//! CI only, and empty: its build dependencies name the features of the
//! proc-macros' own dependencies once, so that the `features` step of
//! `cargo xtask ci` compiles them once for all of its `cargo check` runs
//! (`xtask/host-deps/Cargo.toml` says how).

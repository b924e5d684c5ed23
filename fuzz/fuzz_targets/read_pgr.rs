//! The `read_pgr` fuzz target: see `checks::read_pgr` in `fuzz/checks.rs`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| pacru_fuzz::checks::read_pgr(data));

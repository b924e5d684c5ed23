//! The `read_parts` fuzz target: see `checks::read_parts` in `fuzz/checks.rs`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| pacru_fuzz::checks::read_parts(data));

//! The `parse_move` fuzz target: see `checks::parse_move` in `fuzz/checks.rs`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| pacru_fuzz::checks::parse_move(data));

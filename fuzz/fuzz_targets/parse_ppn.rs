//! The `parse_ppn` fuzz target: see `checks::parse_ppn` in `fuzz/checks.rs`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| pacru_fuzz::checks::parse_ppn(data));

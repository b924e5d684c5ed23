//! The `abstractplay_import` fuzz target: see `checks::abstractplay_import` in `fuzz/checks.rs`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| pacru_fuzz::checks::abstractplay_import(data));

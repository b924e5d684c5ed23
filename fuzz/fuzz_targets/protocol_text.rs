//! The `protocol_text` fuzz target: see `checks::protocol_text` in `fuzz/checks.rs`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| pacru_fuzz::checks::protocol_text(data));

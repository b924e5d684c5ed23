//! The `protocol_json` fuzz target: see `checks::protocol_json` in `fuzz/checks.rs`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| pacru_fuzz::checks::protocol_json(data));

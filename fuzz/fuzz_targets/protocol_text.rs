//! The `protocol_text` fuzz target: see `pacru_testkit::fuzz_checks::protocol_text`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| pacru_testkit::fuzz_checks::protocol_text(data));

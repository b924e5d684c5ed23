//! The `protocol_json` fuzz target: see `pacru_testkit::fuzz_checks::protocol_json`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| pacru_testkit::fuzz_checks::protocol_json(data));

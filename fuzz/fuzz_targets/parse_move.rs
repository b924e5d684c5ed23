//! The `parse_move` fuzz target: see `pacru_testkit::fuzz_checks::parse_move`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| pacru_testkit::fuzz_checks::parse_move(data));

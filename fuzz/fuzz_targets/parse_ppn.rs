//! The `parse_ppn` fuzz target: see `pacru_testkit::fuzz_checks::parse_ppn`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| pacru_testkit::fuzz_checks::parse_ppn(data));

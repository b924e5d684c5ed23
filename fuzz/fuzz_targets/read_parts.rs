//! The `read_parts` fuzz target: see `pacru_testkit::fuzz_checks::read_parts`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| pacru_testkit::fuzz_checks::read_parts(data));

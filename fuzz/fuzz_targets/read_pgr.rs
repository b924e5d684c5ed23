//! The `read_pgr` fuzz target: see `pacru_testkit::fuzz_checks::read_pgr`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| pacru_testkit::fuzz_checks::read_pgr(data));

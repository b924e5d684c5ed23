//! The `read_pgr_chunks` fuzz target: see `pacru_testkit::fuzz_checks::read_pgr_chunks`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| pacru_testkit::fuzz_checks::read_pgr_chunks(data));

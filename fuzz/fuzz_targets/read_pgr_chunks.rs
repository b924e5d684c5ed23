//! The `read_pgr_chunks` fuzz target: see `checks::read_pgr_chunks` in `fuzz/checks.rs`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| pacru_fuzz::checks::read_pgr_chunks(data));

//! The `abstractplay_import` fuzz target: see `pacru_testkit::fuzz_checks::abstractplay_import`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| pacru_testkit::fuzz_checks::abstractplay_import(data));

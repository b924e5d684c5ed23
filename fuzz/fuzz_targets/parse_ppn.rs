//! Position notation: never panics; what parses writes canonically and reads back.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pacru_notation::{format_ppn, parse_ppn};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(pos) = parse_ppn(text) {
        let canonical = format_ppn(&pos);
        let again = parse_ppn(&canonical).expect("canonical PPN reads back");
        assert_eq!(format_ppn(&again), canonical);
    }
});

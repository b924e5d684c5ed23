//! Move notation: never panics; what parses writes canonically and reads back.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pacru_notation::{format_move, parse_move};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(mv) = parse_move(text) {
        let canonical = format_move(&mv);
        assert_eq!(parse_move(&canonical), Ok(mv), "{text:?} -> {canonical:?}");
    }
});

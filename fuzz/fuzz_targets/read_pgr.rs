//! Game records: the lenient reader never panics and always makes progress; the
//! referee accepts every game that reads; the canonical text of a game reads back
//! to the same canonical text.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pacru_notation::pgr::{Reader, write_game};
use pacru_notation::referee::{check_game, malformed};

fuzz_target!(|data: &[u8]| {
    let mut reader = Reader::new(data).lenient().max_game_bytes(1 << 16);
    let mut count = 0usize;
    loop {
        match reader.read_game() {
            Ok(Some(game)) => {
                let _ = check_game(&game, count + 1, None);
                let text = write_game(&game);
                let back = Reader::new(text.as_bytes())
                    .read_game()
                    .expect("canonical text parses")
                    .expect("one game");
                assert_eq!(write_game(&back), text);
            }
            Ok(None) => break,
            Err(e) => {
                assert!(e.offset as usize <= data.len());
                let _ = malformed(&e);
            }
        }
        count += 1;
        assert!(count <= data.len() + 1, "no progress");
    }
});

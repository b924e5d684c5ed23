//! Game records: the lenient reader never panics and always makes progress; the
//! referee accepts every game that reads, and the streaming checker agrees with
//! it; the canonical text of a game reads back to the same canonical text.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pacru_notation::pgr::{Reader, write_game};
use pacru_notation::referee::{Checker, check_game, malformed};

fuzz_target!(|data: &[u8]| {
    let mut reader = Reader::new(data).lenient().max_game_bytes(1 << 16);
    let mut count = 0usize;
    let mut streamed = Vec::new();
    let mut stream_reader = Reader::new(data).lenient().max_game_bytes(1 << 16);
    let mut checker = Checker::new(None);
    loop {
        match stream_reader.read_with(&mut checker) {
            Ok(Some(verdict)) => streamed.push(Some(verdict)),
            Ok(None) => break,
            Err(_) => streamed.push(None),
        }
    }
    loop {
        match reader.read_game() {
            Ok(Some(game)) => {
                let verdict = check_game(&game, count + 1, None);
                assert_eq!(streamed.get(count), Some(&Some(verdict)));
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

//! The corpus of malformed records under `tests/malformed/`: every file is read in
//! lenient mode and what the reader says about each game is snapshot-tested, so a
//! change to any error message or position shows up in review.

use pacru_notation::pgr::Reader;
use std::fmt::Write as _;

#[test]
fn malformed_corpus() {
    insta::glob!("malformed/*.pgr", |path| {
        let bytes = std::fs::read(path).unwrap();
        let mut report = String::new();
        let mut errors = 0;
        for item in Reader::new(&bytes[..]).lenient() {
            match item {
                Ok(game) => {
                    let _ = writeln!(
                        report,
                        "ok: game at line {}, {} moves, result {}",
                        game.line,
                        game.moves.len(),
                        game.result
                    );
                }
                Err(e) => {
                    errors += 1;
                    assert!(e.offset as usize <= bytes.len());
                    let _ = writeln!(report, "{e}");
                    let _ = writeln!(
                        report,
                        "  (offset {}, game starts at line {} offset {}, Result tag {:?})",
                        e.offset, e.game_line, e.game_offset, e.result_tag
                    );
                }
            }
        }
        assert!(errors > 0, "{} reads without error", path.display());
        // Strict mode stops at the first error.
        let strict: Vec<_> = Reader::new(&bytes[..]).collect();
        assert!(strict.last().unwrap().is_err());
        insta::assert_snapshot!(report);
    });
}

//! The corpus of malformed records under `tests/malformed/`: every file is read in
//! lenient mode and what the reader says about each game is snapshot-tested, so a
//! change to any error message or position shows up in review.

use pacru_notation::pgr::Reader;
use pacru_notation::referee::{VerdictStatus, malformed};
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
                    let v = malformed(&e);
                    assert_eq!(v.status, VerdictStatus::Malformed);
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

/// The verdicts on the same corpus, refereed up to each syntax error: plies,
/// winner, position, and the ply and token of the error.
#[test]
fn malformed_corpus_verdicts() {
    use pacru_notation::format_ppn;
    use pacru_notation::referee::Checker;
    insta::glob!("malformed/*.pgr", |path| {
        let bytes = std::fs::read(path).unwrap();
        let mut reader = Reader::new(&bytes[..]).lenient();
        let mut checker = Checker::new();
        let mut report = String::new();
        loop {
            let v = match reader.read_with(&mut checker) {
                Ok(Some(v)) => v,
                Ok(None) => break,
                Err(e) => checker.malformed(&e),
            };
            let error = v.error.as_ref();
            let _ = writeln!(
                report,
                "game {} (line {}): {}, {} plies, winner {:?}, position {}; error ply {:?}, token {:?}",
                v.game,
                v.line,
                v.status,
                v.plies,
                v.winner,
                v.final_position
                    .as_ref()
                    .map_or("null".to_string(), format_ppn),
                error.and_then(|e| e.ply),
                error.and_then(|e| e.move_text.as_deref()),
            );
        }
        insta::assert_snapshot!(report);
    });
}

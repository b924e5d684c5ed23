//! The verdicts on the corpus of malformed records of `pacru-notation`
//! (`crates/pacru-notation/tests/malformed/`), snapshot-tested: each game is
//! refereed up to its syntax error, so a change to what a malformed game's verdict
//! says shows up in review.

use pacru_notation::pgr::Reader;
use pacru_referee::{Checker, VerdictStatus, malformed};
use std::fmt::Write as _;

/// The verdicts on the corpus, refereed up to each syntax error: plies,
/// winner, position, and the ply and token of the error.
#[test]
fn malformed_corpus_verdicts() {
    insta::glob!("../../pacru-notation/tests/malformed", "*.pgr", |path| {
        let bytes = std::fs::read(path).unwrap();
        let mut reader = Reader::new(&bytes[..]).lenient();
        let mut checker = Checker::new();
        let mut report = String::new();
        loop {
            let v = match reader.read_with(&mut checker) {
                Ok(Some(v)) => v,
                Ok(None) => break,
                Err(e) => {
                    // What the verdict is without the checker's replay.
                    assert_eq!(malformed(&e).status, VerdictStatus::Malformed);
                    checker.malformed(&e)
                }
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
                    .map_or("null".to_string(), |p| p.to_ppn().to_string()),
                error.and_then(|e| e.ply),
                error.and_then(|e| e.move_text.as_deref()),
            );
        }
        insta::assert_snapshot!(report);
    });
}

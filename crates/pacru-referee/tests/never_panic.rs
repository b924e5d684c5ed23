//! The parsers never panic: random bytes, random mutations of valid records.

use pacru_core::{Move, Position, RulesEdition, SplitMix64};
use pacru_notation::pgr::{Game, Reader, write_game};
use pacru_notation::test_support::random_moves;
use pacru_referee::{Checker, VerdictStatus, malformed};
use proptest::prelude::*;

/// Reads everything leniently, referees and rewrites what parses.
fn exercise(bytes: &[u8]) -> usize {
    // The streaming checker's verdicts, to compare with check_game's.
    let mut streamed = Vec::new();
    let mut stream_reader = Reader::new(bytes).lenient();
    let mut checker = Checker::new();
    loop {
        match stream_reader.read_with(&mut checker) {
            Ok(Some(verdict)) => streamed.push(Some(verdict)),
            Ok(None) => break,
            Err(_) => streamed.push(None),
        }
    }
    let mut seen = 0;
    let mut reader = Reader::new(bytes).lenient();
    let mut last_game = 0;
    loop {
        match reader.read_game() {
            Ok(Some(game)) => {
                let v = Checker::new().check_game(&game, seen + 1);
                assert_ne!(v.status, VerdictStatus::Malformed, "{:?}", v.error);
                assert_eq!(streamed.get(seen), Some(&Some(v.clone())));
                let text = write_game(&game);
                // What the writer makes of a game always reads back.
                let back: Vec<Game> = Reader::new(text.as_bytes())
                    .collect::<Result<_, _>>()
                    .unwrap_or_else(|e| panic!("{e}\n{text}"));
                assert_eq!(back.len(), 1);
                assert_eq!(write_game(&back[0]), text);
            }
            Ok(None) => break,
            Err(e) => {
                assert!(e.game > last_game, "game indices grow");
                last_game = e.game;
                assert!(e.offset as usize <= bytes.len());
                assert!(e.line >= 1 && e.column >= 1);
                let _ = malformed(&e);
            }
        }
        seen += 1;
        assert!(seen <= bytes.len() + 1, "the reader makes progress");
    }
    assert_eq!(streamed.len(), seen);
    seen
}

fn sample_record(seed: u64) -> String {
    let mut rng = SplitMix64::new(seed);
    let players = 2 + rng.below(3) as usize;
    let start = Position::standard(players).unwrap();
    let moves = random_moves(&start, &mut rng, 40);
    let mut game = Game::from_moves(
        [
            ("Event", "Fuzz \"x\""),
            ("Players", ["KR", "KRY", "KRYG"][players - 2]),
        ]
        .into_iter()
        .collect(),
        &moves,
    )
    .unwrap();
    if let Some(m) = game.moves.get_mut(3) {
        m.comments.push("a {comment".into());
        m.glyphs.push("!?".into());
    }
    format!("{}\n{}", write_game(&game), write_game(&game))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn random_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        exercise(&bytes);
    }

    #[test]
    fn random_pgr_like_text(text in "[\\[\\]\" a-iKRx0-9.\\-(),*{};!?$\\n\\r\\\\]{0,300}") {
        exercise(text.as_bytes());
    }

    #[test]
    fn mutated_records(seed in any::<u64>(), edits in proptest::collection::vec((any::<u16>(), any::<u8>(), 0u8..4), 1..8)) {
        let mut bytes = sample_record(seed).into_bytes();
        for (at, byte, kind) in edits {
            if bytes.is_empty() {
                break;
            }
            let i = at as usize % bytes.len();
            match kind {
                0 => bytes[i] = byte,
                1 => { bytes.remove(i); }
                2 => bytes.insert(i, byte),
                _ => bytes.truncate(i),
            }
        }
        exercise(&bytes);
    }

    #[test]
    fn move_and_ppn_parsers(text in "\\PC{0,40}") {
        let _ = text.parse::<Move>();
        let _ = Position::from_ppn(&text, RulesEdition::default());
    }
}

#[test]
fn unmutated_records_are_fine() {
    for seed in 0..20 {
        let text = sample_record(seed);
        assert_eq!(exercise(text.as_bytes()), 2);
    }
}

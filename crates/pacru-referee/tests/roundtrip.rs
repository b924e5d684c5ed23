//! Round trips: games from random legal play, written and read back.

use pacru_core::{Position, RulesEdition, SplitMix64};
use pacru_notation::pgr::{Game, GameRecorder, GameResult, Reader, Tags, write_game, write_games};
use pacru_notation::test_support::random_moves;
use pacru_referee::{Checker, VerdictStatus, check_game};
use proptest::prelude::*;

const COMMENTS: [&str; 6] = [
    "a comment",
    "",
    " spaced ",
    "two\nlines",
    "braces } inside",
    "a long comment that goes on and on well past the eighty characters of a line, to test wrapping",
];
const GLYPHS: [&str; 8] = ["!", "?", "!!", "??", "!?", "?!", "$1", "$142"];

fn random_game(seed: u64, players: usize, max_plies: usize, annotate: bool) -> Game {
    let mut rng = SplitMix64::new(seed);
    let rules = if rng.below(2) == 0 {
        RulesEdition::Pacru2004
    } else {
        RulesEdition::Pacru2011
    };
    let start = Position::standard(players).unwrap().with_rules(rules);
    let moves = random_moves(&start, &mut rng, max_plies);
    let mut rec = GameRecorder::standard(players, rules);
    rec.tags_mut()
        .set("Event", "Random \"quoted\" play \\ test");
    rec.tags_mut().set("Black", "Ann");
    rec.tags_mut().set("Red", "Bob");
    rec.tags_mut().set("Zeta", "unknown tag");
    rec.tags_mut().set("Alpha", "kept in order");
    if annotate && rng.below(3) == 0 {
        rec.comment(COMMENTS[rng.below(COMMENTS.len() as u64) as usize]);
    }
    for mv in &moves {
        rec.play(mv).unwrap();
        if annotate {
            for _ in 0..rng.below(3).saturating_sub(1) {
                rec.glyph(GLYPHS[rng.below(GLYPHS.len() as u64) as usize]);
            }
            if rng.below(6) == 0 {
                rec.comment(COMMENTS[rng.below(COMMENTS.len() as u64) as usize]);
            }
        }
    }
    if !rec.position().is_finished() && rng.below(3) == 0 {
        rec.set_result(GameResult::Draw, Some("agreement"));
    }
    rec.finish()
}

fn read_all(text: &str) -> Vec<Game> {
    Reader::new(text.as_bytes())
        .collect::<Result<Vec<_>, _>>()
        .unwrap_or_else(|e| panic!("{e}\n{text}"))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn written_games_read_back_equal(seed in any::<u64>(), players in 2usize..=4, plies in 0usize..90) {
        let game = random_game(seed, players, plies, true);
        let text = write_game(&game);
        let back = read_all(&text);
        prop_assert_eq!(back.len(), 1);
        prop_assert_eq!(&back[0], &game);
        // Canonical text is a fixed point.
        prop_assert_eq!(write_game(&back[0]), text.clone());
        for line in text.lines() {
            let long_unit = line.contains('{') || line.contains(';') || !line.contains(' ');
            prop_assert!(line.chars().count() <= 80 || long_unit || line.starts_with('['), "line too long: {line:?}");
        }
        let verdict = check_game(&back[0]);
        prop_assert_eq!(verdict.status, VerdictStatus::Ok, "{:?}\n{}", verdict.error, text);
        prop_assert_eq!(verdict.plies, game.moves.len());
        // The streaming checker agrees.
        let streamed = Reader::new(text.as_bytes()).read_with(&mut Checker::new()).unwrap().unwrap();
        prop_assert_eq!(streamed, verdict);
    }

    #[test]
    fn several_games_in_one_file(seeds in proptest::collection::vec(any::<u64>(), 1..5)) {
        let games: Vec<Game> = seeds.iter().map(|&s| random_game(s, 2 + (s % 3) as usize, 40, s % 2 == 0)).collect();
        let text = write_games(&games);
        prop_assert_eq!(text.matches("\n\n[Event").count(), games.len() - 1);
        let back = read_all(&text);
        prop_assert_eq!(&back, &games);
        for (i, g) in back.iter().enumerate() {
            prop_assert_eq!(g.offset as usize, text.match_indices("[Event").nth(i).unwrap().0);
        }
        // CRLF and a BOM read to the same games.
        let crlf = format!("\u{feff}{}", text.replace('\n', "\r\n"));
        let back_crlf = read_all(&crlf);
        prop_assert_eq!(&back_crlf, &games);
    }
}

#[test]
fn games_without_annotations_have_round_numbers_for_each_round() {
    for players in 2..=4 {
        let game = random_game(7 + players as u64, players, 24, false);
        let text = write_game(&game);
        let movetext = text.split("\n\n").nth(1).unwrap();
        let rounds = movetext.matches(". ").count();
        // Nobody is out in the first 24 random plies often enough; at least check
        // that rounds are counted from 1 and grow.
        assert!(movetext.starts_with("1. "), "{movetext}");
        assert!(rounds >= game.moves.len() / players, "{movetext}");
    }
}

#[test]
fn canonical_text_example() {
    let mut tags = Tags::new();
    tags.set("Event", "MSO Pacru Championship");
    tags.set("Red", "B. Player");
    tags.set("Black", "A. Player");
    // The first movement in generation order, 30 times: no resignation.
    let mut pos = Position::standard(2).unwrap();
    let mut moves = Vec::new();
    for _ in 0..30 {
        let mv = pos
            .legal_moves()
            .find(|m| matches!(m, pacru_core::Move::Movement(_)))
            .unwrap();
        pos = pos.play(&mv).unwrap();
        moves.push(mv);
    }
    let game = Game::from_moves(tags, &moves).unwrap();
    let text = write_game(&game);
    let head = "[Event \"MSO Pacru Championship\"]\n[Site \"?\"]\n[Date \"?\"]\n[Round \"?\"]\n[Black \"A. Player\"]\n[Red \"B. Player\"]\n[Players \"KR\"]\n[Rules \"2004\"]\n[Result \"*\"]\n\n1. ";
    assert!(text.starts_with(head), "{text}");
    assert!(text.ends_with(" *\n"), "{text}");
    let movetext = text.split("\n\n").nth(1).unwrap();
    assert_eq!(movetext.matches(". ").count(), 15, "{text}");
    assert!(
        movetext.starts_with("1. e1-d2 a1-a2 2. d2-c2(a1) a2-b3 3. "),
        "{text}"
    );
    for line in movetext.lines() {
        assert!(line.len() <= 80);
    }
}

#[test]
fn documented_example_is_canonical_and_ok() {
    // The record shown in docs/notation.md.
    let text = "[Event \"MSO Pacru Championship\"]\n[Site \"London\"]\n[Date \"2027.08.30\"]\n[Round \"3\"]\n[Black \"A. Player\"]\n[Red \"B. Player\"]\n[Players \"KR\"]\n[Rules \"2004\"]\n[Result \"*\"]\n\n1. e1-d2 a1-a2 2. d2-c2(a1) a2-b3 {a comment} 3. c2-b1! b3-b4(a4) $1 4. b1-a1\nb4-a5 5. a3-b4(b4) a5-a6 *\n";
    let games = read_all(text);
    assert_eq!(write_game(&games[0]), text);
    assert_eq!(check_game(&games[0]).status, VerdictStatus::Ok);
}

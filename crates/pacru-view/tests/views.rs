//! Games read into views: the verdicts are the referee's, the plies are the
//! core's, an illegal game stops at the refused move and a malformed one at its
//! syntax error with what could be read before it.

use pacru_core::Position;
use pacru_notation::pgr::{Reader, write_game};
use pacru_referee::{Checker, VerdictStatus};
use pacru_view::{GameView, Games};
use std::io::{self, Read};
use std::path::Path;

/// A record under this crate's `tests/data`.
fn data_file(name: &str) -> Vec<u8> {
    std::fs::read(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/data")
            .join(name),
    )
    .unwrap()
}

fn views(text: &[u8]) -> Vec<GameView> {
    Games::new(text)
        .source("test.pgr")
        .collect::<Result<_, _>>()
        .unwrap()
}

#[test]
fn verdicts_are_those_of_the_referee() {
    for file in [
        "round1.pgr",
        "round2.pgr",
        "faulty.pgr",
        "hostile.pgr",
        "players.pgr",
    ] {
        let text = data_file(file);
        let mut reader = Reader::new(&text[..]).lenient();
        let mut checker = Checker::new();
        let mut expected = Vec::new();
        loop {
            match reader.read_with(&mut checker) {
                Ok(Some(v)) => expected.push(v),
                Ok(None) => break,
                Err(e) => expected.push(checker.malformed(&e)),
            }
        }
        let got = views(&text);
        assert_eq!(got.len(), expected.len(), "{file}");
        for (view, verdict) in got.iter().zip(&expected) {
            assert_eq!(&view.verdict, verdict, "{file} game {}", view.game);
            assert_eq!(view.source.as_deref(), Some("test.pgr"));
        }
    }
}

#[test]
fn plies_are_the_cores_positions_with_the_records_round_numbers() {
    let text = data_file("players.pgr");
    let games: Vec<_> = Reader::new(&text[..]).collect::<Result<_, _>>().unwrap();
    for (game, view) in games.iter().zip(views(&text)) {
        let mut position: Position = game.start_position().unwrap();
        assert_eq!(view.start.as_ref(), Some(&position));
        for (entry, ply) in game
            .moves
            .iter()
            .filter(|e| e.mv.is_some())
            .zip(&view.plies)
        {
            let mv = entry.mv.as_ref().unwrap();
            assert_eq!(ply.mover, position.to_move());
            position = position.play(mv).unwrap();
            assert_eq!(ply.position, position);
            assert_eq!(ply.notation, mv.to_string());
        }
        assert_eq!(view.plies.len(), view.verdict.plies);
        // The canonical text writes a round number before exactly the plies that
        // open a round.
        let canonical = write_game(game);
        let movetext: Vec<&str> = canonical
            .split("\n\n")
            .nth(1)
            .unwrap()
            .split_whitespace()
            .collect();
        let mut words = movetext.iter().peekable();
        for ply in &view.plies {
            let word = words.next().unwrap();
            if ply.opens_round {
                assert_eq!(*word, format!("{}.", ply.round));
                assert_eq!(*words.next().unwrap(), ply.notation);
            } else {
                assert_eq!(*word, ply.notation);
            }
        }
    }
}

#[test]
fn effects_name_what_each_move_did() {
    let text = data_file("players.pgr");
    let all = views(&text);
    let plies = all.iter().flat_map(|g| g.plies.iter());
    let (mut pincers, mut crossings, mut connections, mut reorientations, mut removals) =
        (0, 0, 0, 0, 0);
    for ply in plies {
        let e = &ply.effects;
        let mv: pacru_core::Move = ply.notation.parse().unwrap();
        match mv {
            pacru_core::Move::Movement(m) => {
                assert_eq!((e.origin, e.destination), (Some(m.from), Some(m.to)));
            }
            pacru_core::Move::Reorientation(r) => {
                assert_eq!((e.origin, e.destination), (Some(r.field), None));
                let turned = e.reoriented.unwrap();
                assert_eq!(turned.field, r.field);
                assert_eq!(e.returned, r.returned.iter().collect::<Vec<_>>());
                reorientations += 1;
            }
            pacru_core::Move::Resign => {}
        }
        if let Some(c) = e.captured {
            assert_eq!(e.kind, Some("pincer"));
            assert_eq!(Some(c.field), e.destination);
            assert_ne!(c.colour, ply.mover);
            pincers += 1;
        }
        if let Some(f) = e.crossing {
            assert_eq!(ply.position.colour_at(f), Some(ply.mover));
            crossings += 1;
        }
        for &f in &e.connection {
            assert_eq!(ply.position.colour_at(f), Some(ply.mover));
            connections += 1;
        }
        for c in &e.removed {
            assert!(e.out.iter().any(|o| o.colour == c.colour));
            assert_eq!(ply.position.chevron_at(c.field), None);
            removals += 1;
        }
        assert_eq!(e.game_over, ply.position.is_finished());
    }
    assert!(pincers > 0 && crossings > 0 && connections > 0 && reorientations > 0 && removals > 0);
}

#[test]
fn an_illegal_game_stops_at_the_refused_move() {
    let text = data_file("faulty.pgr");
    let all = views(&text);
    let game = &all[0];
    assert_eq!(game.verdict.status, VerdictStatus::Illegal);
    assert_eq!(game.plies.len(), 26);
    let refused = game.refused.as_ref().unwrap();
    assert_eq!(
        (refused.ply, refused.written.as_str(), refused.rule.as_str()),
        (27, "f3-g4", "R4")
    );
    assert_eq!(refused.rule_title, "borderland change");
    assert_eq!(
        refused.reason,
        game.verdict.error.as_ref().unwrap().message.as_str()
    );
    assert_eq!(
        game.verdict
            .final_position
            .as_ref()
            .map(|p| p.to_ppn().to_string())
            .as_deref(),
        Some(
            game.plies
                .last()
                .unwrap()
                .position
                .to_ppn()
                .to_string()
                .as_str()
        )
    );
    // An illegal pass is refused too, after the plies before it.
    let pass = &all[4];
    assert_eq!(pass.plies.len(), 1);
    let refused = pass.refused.as_ref().unwrap();
    assert_eq!(
        (refused.notation.as_str(), refused.rule.as_str()),
        ("pass", "R2")
    );
    assert_eq!(refused.origin, None);
}

#[test]
fn a_malformed_game_keeps_what_could_be_read() {
    let game = |moves: &str| format!("[Black \"Ada\"]\n[Result \"*\"]\n\n{moves}\n");
    // The first 40 plies of a real game, then an unreadable token.
    let players = data_file("players.pgr");
    let first = Reader::new(&players[..]).read_game().unwrap().unwrap();
    let forty: String = first.plies().take(40).map(|m| format!("{m} ")).collect();
    let cases = [
        // (text, plies read, syntax error in the movetext, start known)
        (
            "[Black \"Ada\"]\n[Result \"*\"\n\n1. e1-e2 *\n".to_string(),
            0,
            false,
            false,
        ),
        (game("1. z1 *"), 0, true, true),
        (game(&format!("{forty}q *")), 40, true, true),
        (game("1. e1-e2 e9-e8 Red"), 2, true, true),
    ];
    for (text, plies, in_movetext, start) in cases {
        let all = views(text.as_bytes());
        let view = &all[0];
        assert_eq!(view.verdict.status, VerdictStatus::Malformed, "{text}");
        assert_eq!(view.plies.len(), plies, "{text}");
        let syntax = view.syntax_error.as_ref().unwrap();
        assert_eq!(syntax.in_movetext, in_movetext, "{text}");
        assert_eq!(view.start.is_some(), start, "{text}");
        let error = view.verdict.error.as_ref().unwrap();
        assert_eq!((syntax.line, syntax.column), (error.line, error.column));
        assert!(view.refused.is_none());
    }
}

#[test]
fn a_game_in_memory_gets_the_same_view() {
    let text = data_file("round1.pgr");
    let game = Reader::new(&text[..]).read_game().unwrap().unwrap();
    let from_memory = GameView::from_game(&game);
    let from_reader = &views(&text)[0];
    assert_eq!(from_memory.verdict, from_reader.verdict);
    assert_eq!(
        serde_json::to_string(&from_memory.plies).unwrap(),
        serde_json::to_string(&from_reader.plies).unwrap()
    );
}

/// A reader that fails after some bytes.
struct Failing<'a>(&'a [u8]);

impl Read for Failing<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.0.is_empty() {
            return Err(io::Error::other("disk on fire"));
        }
        let n = buf.len().min(self.0.len()).min(7);
        buf[..n].copy_from_slice(&self.0[..n]);
        self.0 = &self.0[n..];
        Ok(n)
    }
}

#[test]
fn an_input_error_ends_the_games_with_the_error() {
    let text = b"[Result \"*\"]\n\n1. e1-e2 *\n\n[Result \"*\"]\n\n1. e1";
    let items: Vec<_> = Games::new(Failing(text)).collect();
    assert_eq!(items.len(), 2);
    assert_eq!(items[0].as_ref().unwrap().verdict.status, VerdictStatus::Ok);
    assert_eq!(items[1].as_ref().unwrap_err().to_string(), "disk on fire");
}

#[test]
fn replay_json_keeps_its_shape() {
    let text =
        b"[Black \"Ada\"]\n[Red \"Bo\"]\n[Result \"*\"]\n\n1. e1-e2 {first} e9-e8 2. e2-e3 *\n";
    let view = &views(text)[0];
    insta::assert_json_snapshot!("replay_json", view);
}

#[test]
fn passes_follow_the_ply_that_blocked_a_player() {
    let all = views(&data_file("pass-blocked.pgr"));
    for view in &all[..2] {
        assert_eq!(view.verdict.status, VerdictStatus::Ok);
        let blocking: Vec<_> = view.plies.iter().filter(|p| p.passes > 0).collect();
        assert_eq!(blocking.len(), 1);
        let ply = blocking[0];
        assert_eq!(ply.passes, 1);
        let out = &ply.effects.out;
        assert!(out.iter().any(|o| o.reason == "blocked"), "{out:?}");
        assert!(!ply.effects.removed.is_empty());
        for c in &ply.effects.removed {
            assert!(!ply.position.is_in_game(c.colour));
        }
    }
    assert_eq!(
        all[0].plies.iter().find(|p| p.passes > 0).unwrap().notation,
        "d9-c9(c7)"
    );
    // A pass where no player was blocked is refused (R2), after the plies before it.
    let late = &all[2];
    let refused = late.refused.as_ref().unwrap();
    assert_eq!(
        (refused.notation.as_str(), refused.rule.as_str()),
        ("pass", "R2")
    );
    assert_eq!(late.plies.len(), late.verdict.plies);
    assert_eq!(refused.ply, late.plies.len() + 1);
}

#[test]
fn a_game_in_memory_has_its_illegal_pass_refused_too() {
    let text = data_file("pass-blocked.pgr");
    for game in Reader::new(&text[..]).map(Result::unwrap) {
        // Forget where the moves were written, as for a game built in memory.
        let mut game = game;
        for entry in &mut game.moves {
            (entry.line, entry.column) = (0, 0);
        }
        game.line = 0;
        let view = GameView::from_game(&game);
        let passes: usize = view.plies.iter().map(|p| p.passes).sum();
        match view.verdict.status {
            VerdictStatus::Ok => assert_eq!((passes, view.refused.is_none()), (1, true)),
            _ => {
                assert_eq!(passes, 0);
                assert_eq!(view.refused.as_ref().unwrap().notation, "pass");
                assert_eq!(view.plies.len(), view.verdict.plies);
            }
        }
    }
}

#[test]
fn a_pass_may_follow_the_removal_that_ends_the_game() {
    let text = "[Position \"9/9/9/9/9/9/9/9/9 Ke5N,Ra1SW K KR\"]\n[Result \"Black\"]\n\n\
                1. e5-e6 pass Black\n\n\
                [Position \"9/9/9/9/9/9/9/9/9 Ke5N,Ra1SW K KR\"]\n[Result \"Black\"]\n\n\
                1. e5-e6 pass pass Black\n";
    let all = views(text.as_bytes());
    assert_eq!(all[0].verdict.status, VerdictStatus::Ok);
    assert_eq!((all[0].plies.len(), all[0].plies[0].passes), (1, 1));
    assert!(all[0].refused.is_none());
    assert_eq!(all[1].verdict.status, VerdictStatus::Illegal);
    // The same games built in memory: the second pass is the refused one.
    for (view, game) in all
        .iter()
        .zip(Reader::new(text.as_bytes()).map(Result::unwrap))
    {
        let mut game = game;
        for entry in &mut game.moves {
            (entry.line, entry.column) = (0, 0);
        }
        game.line = 0;
        let memory = GameView::from_game(&game);
        assert_eq!(memory.plies.len(), 1);
        assert_eq!(memory.plies[0].passes, 1, "{}", view.verdict.status);
        assert_eq!(
            memory.refused.as_ref().map(|r| r.notation.as_str()),
            (view.verdict.status == VerdictStatus::Illegal).then_some("pass")
        );
    }
}

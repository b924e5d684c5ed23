//! `pacru selfplay`: reproducible, refereed as ok, and varied enough to exercise
//! every kind of move.

use crate::common;

use crate::common::{pacru, pacru_with_input};
use pacru_core::{MovementKind, Position};
use pacru_notation::pgr::Reader;

#[test]
fn same_arguments_same_bytes() {
    let args = [
        "selfplay",
        "--players",
        "3",
        "--games",
        "20",
        "--seed",
        "42",
        "--max-plies",
        "400",
    ];
    let first = pacru(&args);
    assert_eq!(first.code, 0);
    for _ in 0..2 {
        assert_eq!(pacru(&args).bytes, first.bytes);
    }
    let other = pacru(&[
        "selfplay",
        "--players",
        "3",
        "--games",
        "20",
        "--seed",
        "43",
        "--max-plies",
        "400",
    ]);
    assert_ne!(other.bytes, first.bytes);
    // A prefix of the games is the same whatever the number of games.
    let fewer = pacru(&[
        "selfplay",
        "--players",
        "3",
        "--games",
        "5",
        "--seed",
        "42",
        "--max-plies",
        "400",
    ]);
    assert!(first.stdout.starts_with(&fewer.stdout));
}

#[test]
fn selfplay_records_check_ok_and_are_canonical() {
    for players in ["2", "3", "4"] {
        for rules in ["2004", "2011"] {
            let games = pacru(&[
                "selfplay",
                "--players",
                players,
                "--games",
                "30",
                "--seed",
                "5",
                "--rules",
                rules,
            ]);
            assert_eq!(games.code, 0);
            let check = pacru_with_input(&["check", "--format", "json"], &games.bytes);
            assert_eq!(
                check.code, 0,
                "{players} players, {rules}: {}",
                check.stdout
            );
            assert_eq!(check.stdout.lines().count(), 30);
            assert!(
                check
                    .stdout
                    .lines()
                    .all(|l| l.contains("\"status\":\"ok\""))
            );
            assert_eq!(pacru_with_input(&["fmt", "--check"], &games.bytes).code, 0);
        }
    }
}

#[test]
fn cut_games_are_unfinished() {
    let games = pacru(&[
        "selfplay",
        "--players",
        "2",
        "--games",
        "3",
        "--seed",
        "1",
        "--max-plies",
        "10",
    ]);
    let text = games.stdout;
    assert_eq!(text.matches("[Result \"*\"]").count(), 3);
    assert!(!text.contains("Termination"));
    let check = pacru_with_input(&["check", "--format", "json"], text.as_bytes());
    assert!(check.stdout.lines().all(|l| l.contains("\"plies\":10,")));
    let finished = pacru(&["selfplay", "--players", "2", "--games", "3", "--seed", "1"]);
    assert_eq!(
        finished.stdout.matches("[Termination \"rules\"]").count(),
        3
    );
    insta::assert_snapshot!("selfplay_cut", text);
}

#[test]
fn random_play_exercises_every_kind_of_move() {
    #[derive(Default, Debug)]
    struct Kinds {
        plain: u32,
        reorientation45: u32,
        reorientation90: u32,
        pincer: u32,
        connection_change: u32,
        connection_jump: u32,
        crossing_change: u32,
        crossing_transformation: u32,
        connection_crossing_star: u32,
        connection_crossing_field: u32,
        meeting: u32,
        empty_meeting: u32,
        blocked: u32,
    }
    let mut kinds = Kinds::default();
    let mut star_in_text = 0;
    for players in ["2", "3", "4"] {
        let games = pacru(&[
            "selfplay",
            "--players",
            players,
            "--games",
            "200",
            "--seed",
            "7",
        ]);
        star_in_text += games.stdout.matches("(*)").count();
        for game in Reader::new(games.bytes.as_slice()) {
            let game = game.expect("selfplay writes records that parse");
            let mut pos: Position = game.start_position().unwrap();
            for mv in game.plies() {
                let effects = pos.explain(mv).expect("legal");
                let next = pos.play(mv).expect("legal");
                match effects.kind {
                    Some(MovementKind::Plain) => kinds.plain += 1,
                    Some(MovementKind::Pincer) => kinds.pincer += 1,
                    Some(MovementKind::ConnectionJump) => kinds.connection_jump += 1,
                    Some(MovementKind::Connection) => {}
                    None => {}
                }
                if effects.connection_fields.any() {
                    kinds.connection_change += 1;
                }
                match effects.crossing_field {
                    Some((_, true)) => kinds.crossing_transformation += 1,
                    Some((_, false)) => kinds.crossing_change += 1,
                    None => {}
                }
                if let pacru_core::Move::Movement(m) = mv
                    && effects.kind == Some(MovementKind::Connection)
                    && m.from.borderland() != m.to.borderland()
                {
                    // Both a connection and a crossing: the item says which benefit.
                    if effects.connection_fields.any() {
                        kinds.connection_crossing_star += 1;
                    } else if effects.crossing_field.is_some() {
                        kinds.connection_crossing_field += 1;
                    }
                }
                if effects.meeting_field.is_some() {
                    kinds.meeting += 1;
                }
                if effects.empty_meeting {
                    kinds.empty_meeting += 1;
                }
                if effects.reoriented.is_some() {
                    match effects.returned.count() {
                        2 => kinds.reorientation45 += 1,
                        _ => kinds.reorientation90 += 1,
                    }
                }
                kinds.blocked += effects
                    .out
                    .iter()
                    .filter(|(_, r)| *r == pacru_core::OutReason::Blocked)
                    .count() as u32;
                pos = next;
            }
        }
    }
    println!("{kinds:#?}");
    assert!(star_in_text > 0, "connection changes written (*)");
    assert!(kinds.plain > 0);
    assert!(kinds.reorientation45 > 0);
    assert!(kinds.reorientation90 > 0);
    assert!(kinds.pincer > 0);
    assert!(kinds.connection_change > 0);
    assert!(kinds.connection_jump > 0);
    assert!(kinds.crossing_change > 0);
    // Borderland transformations need a borderland without neutral fields, which
    // random games (short, and ended by blocked players) practically never reach.
    assert!(
        kinds.connection_crossing_star > 0,
        "connection chosen over a crossing"
    );
    assert!(
        kinds.connection_crossing_field > 0,
        "crossing chosen over a connection"
    );
    assert!(kinds.meeting > 0);
    assert!(kinds.blocked > 0);
}

#[test]
fn sample_records_are_reproduced_byte_for_byte() {
    for (file, players, games, seed) in [
        ("tests/data/legal-2p.pgr", "2", "3", "1"),
        ("tests/data/legal-3p.pgr", "3", "2", "3"),
        ("tests/data/legal-4p.pgr", "4", "2", "4"),
    ] {
        let run = pacru(&[
            "selfplay",
            "--players",
            players,
            "--games",
            games,
            "--seed",
            seed,
        ]);
        let expected = std::fs::read(common::root().join(file)).unwrap();
        assert!(
            run.bytes == expected,
            "{file} differs from today's selfplay"
        );
    }
}

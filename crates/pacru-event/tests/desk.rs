//! Whole events run through the event file: pairings, results, refusals.

use pacru_core::SplitMix64;
use pacru_event::{Award, Event, EventError, EventFile, NewEvent, Score, System, Uneven};
use std::collections::HashMap;
use std::path::PathBuf;

fn names(n: usize) -> Vec<String> {
    (1..=n).map(|i| format!("Player {i:02}")).collect()
}

fn create(new: &NewEvent, players: usize) -> (tempfile::TempDir, PathBuf, EventFile) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("event.pacru");
    let mut file = EventFile::create(&path, new).unwrap();
    file.add_players(&names(players), None, None).unwrap();
    (dir, path, file)
}

/// Gives every table of the last round a random result: a win of a random
/// seat, now and then a draw.
fn random_results(file: &mut EventFile, rng: &mut SplitMix64) {
    let event = file.read_with(false).unwrap();
    let round = event.rounds.last().unwrap();
    for t in &round.tables {
        let award = if rng.below(10) == 0 {
            Award::Draw
        } else {
            let seat = rng.below(t.seats.len() as u64) as usize;
            Award::Winner(event.name(t.seats[seat]).to_owned())
        };
        file.result(round.number, t.number, &award).unwrap();
    }
}

/// Checks what the pairing promises over the whole event: no pair meets twice
/// (where the numbers make it avoidable, as here), no bye twice to a player
/// while an active player has none, the absolute seat rule kept for 2 a table.
fn check_event(event: &Event) {
    let mut met: HashMap<(i64, i64), u32> = HashMap::new();
    let mut byes: HashMap<i64, u32> = HashMap::new();
    let mut firsts: HashMap<i64, Vec<bool>> = HashMap::new();
    for round in &event.rounds {
        for bye in &round.byes {
            let had = byes.get(&bye.player).copied().unwrap_or(0);
            if had > 0 {
                let someone_without = event
                    .players
                    .iter()
                    .any(|p| event.plays_in(p, round.number) && !byes.contains_key(&p.id));
                assert!(!someone_without, "round {}: a second bye", round.number);
            }
            *byes.entry(bye.player).or_default() += 1;
        }
        for t in &round.tables {
            for (i, &a) in t.seats.iter().enumerate() {
                for &b in &t.seats[i + 1..] {
                    let n = met.entry((a.min(b), a.max(b))).or_default();
                    *n += 1;
                    assert_eq!(*n, 1, "round {}: {a} and {b} meet again", round.number);
                }
                if event.settings.table_size == 2 {
                    firsts.entry(a).or_default().push(i == 0);
                }
            }
        }
    }
    for (player, seats) in firsts {
        let first = seats.iter().filter(|&&f| f).count() as i64;
        let second = seats.len() as i64 - first;
        // The absolute seat rule: score groups come before a difference of 2,
        // never before 3 or a third seat in a row (docs/events.md).
        assert!((first - second).abs() <= 2, "player {player}: {seats:?}");
        for w in seats.windows(3) {
            assert!(
                !(w[0] == w[1] && w[1] == w[2]),
                "player {player}: {seats:?}"
            );
        }
    }
}

/// The points handed out: one a table with a result, and the byes.
fn total_points(event: &Event) -> Score {
    let tables = event
        .rounds
        .iter()
        .flat_map(|r| &r.tables)
        .filter(|t| t.result.is_some())
        .count() as u32;
    let byes: Score = event
        .rounds
        .iter()
        .flat_map(|r| &r.byes)
        .map(|b| b.points)
        .sum();
    Score::from_twelfths(12 * tables) + byes
}

#[test]
fn a_swiss_event_of_two_a_table_with_random_results() {
    for seed in 1..=3 {
        let (_dir, _path, mut file) = create(&NewEvent::swiss("Swiss", 2, 5), 11);
        let mut rng = SplitMix64::new(seed);
        for _ in 0..5 {
            let round = file.pair().unwrap();
            assert_eq!((round.tables.len(), round.byes.len()), (5, 1));
            random_results(&mut file, &mut rng);
        }
        let event = file.read().unwrap();
        check_event(&event);
        let lines = pacru_event::standings(&event);
        assert_eq!(lines.len(), 11);
        let sum: Score = lines.iter().map(|l| l.points).sum();
        assert_eq!(sum, total_points(&event));
        assert!(lines.windows(2).all(|w| w[0].points >= w[1].points));
        let e = file.pair().unwrap_err();
        assert!(
            matches!(e, EventError::AllRoundsPaired { rounds: 5 }),
            "{e}"
        );
    }
}

#[test]
fn three_and_four_a_table_with_mixed_tables() {
    for (size, players, sizes) in [(3, 10, vec![4, 3, 3]), (4, 11, vec![4, 4, 3])] {
        let new = NewEvent {
            uneven: Uneven::Mixed,
            ..NewEvent::swiss("Mixed", size, 3)
        };
        let (_dir, _path, mut file) = create(&new, players);
        let mut rng = SplitMix64::new(7);
        for _ in 0..3 {
            let round = file.pair().unwrap();
            let mut got: Vec<usize> = round.tables.iter().map(|t| t.seats.len()).collect();
            got.sort_unstable_by(|a, b| b.cmp(a));
            assert_eq!(got, sizes);
            assert!(round.byes.is_empty());
            random_results(&mut file, &mut rng);
        }
        let event = file.read().unwrap();
        let sum: Score = pacru_event::standings(&event)
            .iter()
            .map(|l| l.points)
            .sum();
        assert_eq!(sum, total_points(&event));
    }
}

#[test]
fn byes_for_three_a_table_are_worth_a_third() {
    let (_dir, _path, mut file) = create(&NewEvent::swiss("Byes", 3, 2), 7);
    let round = file.pair().unwrap();
    assert_eq!(round.byes.len(), 1);
    assert_eq!(round.byes[0].points, Score::from_twelfths(4));
    // The lowest seed sits out first.
    let event = file.read().unwrap();
    assert_eq!(event.name(round.byes[0].player), "Player 07");
}

#[test]
fn a_round_robin_of_two_a_table_follows_berger() {
    let new = NewEvent {
        system: System::RoundRobin,
        ..NewEvent::swiss("RR", 2, 5)
    };
    let (_dir, _path, mut file) = create(&new, 6);
    let mut rng = SplitMix64::new(3);
    for _ in 0..5 {
        file.pair().unwrap();
        random_results(&mut file, &mut rng);
    }
    let event = file.read().unwrap();
    check_event(&event);
    let pairs: usize = event.rounds.iter().map(|r| r.tables.len()).sum();
    assert_eq!(pairs, 15, "everyone meets everyone once");
    // Round 1 is Berger's: 1-6, 2-5, 3-4 in seed order (registration, unrated).
    let first: Vec<Vec<i64>> = event.rounds[0]
        .tables
        .iter()
        .map(|t| t.seats.clone())
        .collect();
    assert_eq!(first, [vec![1, 6], vec![2, 5], vec![3, 4]]);
    let e = file.add_players(&["Late".into()], None, None).unwrap_err();
    assert!(matches!(e, EventError::PlayersFixed), "{e}");
}

#[test]
fn a_withdrawn_player_is_no_longer_paired() {
    let (_dir, _path, mut file) = create(&NewEvent::swiss("W", 2, 3), 6);
    file.pair().unwrap();
    let mut rng = SplitMix64::new(1);
    random_results(&mut file, &mut rng);
    let p = file.withdraw("Player 03").unwrap();
    assert_eq!(p.withdrawn_from, Some(2));
    let round = file.pair().unwrap();
    assert!(round.tables.iter().all(|t| !t.seats.contains(&3)));
    assert!(round.byes.iter().all(|b| b.player != 3));
    assert_eq!(round.byes.len(), 1);
    let e = file.withdraw("Player 03").unwrap_err().to_string();
    assert_eq!(e, "`Player 03` has already withdrawn (from round 2 on)");
    let e = file.withdraw("player  03").unwrap_err().to_string();
    assert_eq!(
        e,
        "no player is called `player  03` (did you mean `Player 03`?)"
    );
}

#[test]
fn a_withdrawal_is_undone_until_a_round_is_paired_without_the_player() {
    for system in [System::Swiss, System::RoundRobin] {
        let new = NewEvent {
            system,
            ..NewEvent::swiss("R", 2, 4)
        };
        // The same event twice, the second with a withdrawal undone before
        // round 2: both pair round 2 alike.
        let (_dir, _path, mut plain) = create(&new, 6);
        let (_dir2, _path2, mut file) = create(&new, 6);
        for f in [&mut plain, &mut file] {
            f.pair().unwrap();
            for t in 1..=3 {
                f.result(1, t, &Award::Draw).unwrap();
            }
        }
        let e = file.reinstate("Player 03").unwrap_err().to_string();
        assert_eq!(e, "`Player 03` has not withdrawn");
        file.withdraw("Player 03").unwrap();
        let back = file.reinstate("Player 03").unwrap();
        assert_eq!(back.withdrawn_from, None);
        let event = file.read().unwrap();
        let last = event.log.last().unwrap();
        assert_eq!(last.action.as_str(), "reinstate");
        assert_eq!(
            last.detail,
            "Player 03 reinstated: paired again from round 2 on"
        );
        assert_eq!(file.pair().unwrap(), plain.pair().unwrap(), "{system:?}");

        // Withdrawn, then a round paired without them: no way back.
        file.unpair().unwrap();
        file.withdraw("Player 03").unwrap();
        let round = file.pair().unwrap();
        assert!(round.tables.iter().all(|t| !t.seats.contains(&3)));
        let e = file.reinstate("Player 03").unwrap_err().to_string();
        assert_eq!(
            e,
            "`Player 03` withdrew from round 2 on and round 2 was paired without them: \
             a withdrawal can only be undone before the next round is paired"
        );
        // Undoing that pairing opens the way again.
        file.unpair().unwrap();
        file.reinstate("Player 03").unwrap();
        assert_eq!(
            file.pair().unwrap(),
            plain.read().unwrap().rounds[1],
            "{system:?}"
        );
    }
}

#[test]
fn the_last_pairing_can_be_undone_until_a_result_is_in() {
    let (_dir, _path, mut file) = create(&NewEvent::swiss("U", 2, 3), 4);
    let first = file.pair().unwrap();
    assert_eq!(file.unpair().unwrap(), 1);
    assert!(file.read().unwrap().rounds.is_empty());
    assert_eq!(
        file.pair().unwrap(),
        first,
        "the same event gives the same pairing"
    );
    file.result(1, 2, &Award::Draw).unwrap();
    let e = file.unpair().unwrap_err().to_string();
    assert_eq!(
        e,
        "round 1 has results or records in (tables 2), so its pairing cannot be undone"
    );
}

#[test]
fn refusals_change_nothing() {
    let (_dir, _path, mut file) = create(&NewEvent::swiss("R", 2, 2), 4);
    file.pair().unwrap();
    let before = file.read().unwrap();
    let winner = |n: &str| Award::Winner(n.to_owned());
    let refusals: Vec<(EventError, &str)> = vec![
        (
            file.result(2, 1, &Award::Draw).unwrap_err(),
            "round 2 is not paired (only round 1 is)",
        ),
        (
            file.result(1, 3, &Award::Draw).unwrap_err(),
            "round 1 has no table 3 (its tables are 1 to 2)",
        ),
        (
            file.result(1, 1, &winner("Player 04")).unwrap_err(),
            "`Player 04` does not sit at table 1 of round 1 (Player 01, Player 02)",
        ),
        (
            file.pair().unwrap_err(),
            "round 1 is not finished: table 1 is pending, table 2 is pending",
        ),
        (
            file.add_players(&["Player 01".into()], None, None)
                .unwrap_err(),
            "there is already a player called `Player 01`",
        ),
        (
            file.add_players(&["Eve".into(), "Eve".into()], None, None)
                .unwrap_err(),
            "there is already a player called `Eve`",
        ),
        (
            file.add_players(&["Mallory\u{1b}[2J".into()], None, None)
                .unwrap_err(),
            "player name `Mallory\\u{1b}[2J`: it holds a control character (a line break, a tab, an escape...): type it on one line, as text",
        ),
        (
            file.decide(1, 1, &Award::Draw, "two\nlines").unwrap_err(),
            "reason `two\\u{a}lines`: it holds a control character (a line break, a tab, an escape...): type it on one line, as text",
        ),
        (
            file.submit(1, 1, "junk.pgr", b"\x00\x01 not a record at all".to_vec())
                .unwrap_err(),
            "",
        ),
    ];
    for (error, message) in &refusals {
        if !message.is_empty() {
            assert_eq!(&error.to_string(), message);
        }
        assert!(!error.to_string().contains('\u{1b}'));
    }
    assert_eq!(file.read().unwrap(), before, "a refusal changed the event");
}

#[test]
fn files_that_are_not_events_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let junk = dir.path().join("junk");
    std::fs::write(
        &junk,
        b"not a database, not at all, just text that is long enough",
    )
    .unwrap();
    let e = EventFile::open(&junk).unwrap_err().to_string();
    assert!(
        e.ends_with("is not a pacru event file: it is not an SQLite database"),
        "{e}"
    );
    let missing = dir.path().join("missing");
    let e = EventFile::open(&missing).unwrap_err().to_string();
    assert!(e.ends_with("missing: no such event file"), "{e}");
    let path = dir.path().join("e.pacru");
    EventFile::create(&path, &NewEvent::swiss("E", 2, 1)).unwrap();
    let e = EventFile::create(&path, &NewEvent::swiss("E", 2, 1))
        .unwrap_err()
        .to_string();
    assert!(e.ends_with("e.pacru already exists"), "{e}");
    let e = EventFile::create(&dir.path().join("f"), &NewEvent::swiss("E", 5, 1))
        .unwrap_err()
        .to_string();
    assert_eq!(e, "5 players a table: a table has 2, 3 or 4 players");
}

#[test]
fn a_round_robin_of_three_a_table_spreads_the_meetings() {
    // 9 players, 3 a table: 4 rounds can seat every pair together exactly once.
    let new = NewEvent {
        system: System::RoundRobin,
        ..NewEvent::swiss("RR3", 3, 4)
    };
    let (_dir, _path, mut file) = create(&new, 9);
    let mut rng = SplitMix64::new(11);
    for _ in 0..4 {
        let round = file.pair().unwrap();
        assert_eq!((round.tables.len(), round.byes.len()), (3, 0));
        random_results(&mut file, &mut rng);
    }
    check_event(&file.read().unwrap());
}

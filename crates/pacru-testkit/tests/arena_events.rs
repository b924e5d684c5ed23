//! Real matches and tournaments: built-in engines in this process and as child
//! processes, deliberately broken engines, a runner killed with SIGKILL and resumed.

use pacru_arena::event::{GAMES_FILE, STANDINGS_JSON_FILE, read_journal};
use pacru_arena::journal::Entry;
use pacru_arena::{
    Adjudication, EngineConfig, EventConfig, EventOptions, Opening, System, TimeControl, run_event,
};
use pacru_notation::pgr::{Game, GameResult, Reader};
use pacru_referee::Checker;
use std::collections::BTreeMap;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const ENGINE: &str = env!("CARGO_BIN_EXE_pacru-test-engine");
const EVENT: &str = env!("CARGO_BIN_EXE_pacru-test-event");

fn process(args: &str) -> EngineConfig {
    EngineConfig::parse(&format!("{ENGINE} {args}")).unwrap()
}

fn named(name: &str, args: &str) -> EngineConfig {
    let mut e = process(args);
    e.name = name.to_owned();
    e.named = true;
    e
}

fn builtin(text: &str) -> EngineConfig {
    EngineConfig::parse(text).unwrap()
}

fn config(engines: Vec<EngineConfig>, system: System, players: usize) -> EventConfig {
    EventConfig {
        event: "test".to_owned(),
        system,
        players,
        rounds: 1,
        engines,
        openings: Vec::new(),
        rules: "2004".to_owned(),
        // Generous, so that a loaded machine (tests run side by side) never makes
        // a good engine lose on time; only `hang` waits for it.
        time: TimeControl {
            movetime_ms: Some(800),
            ..TimeControl::default()
        },
        margin_ms: 400,
        handshake_timeout_ms: 3000,
        max_plies: 120,
        adjudicate: Adjudication::Fields,
        sprt: None,
        shard: None,
    }
}

fn options(out: &Path) -> EventOptions {
    EventOptions {
        concurrency: 2,
        ..EventOptions::new(out)
    }
}

/// Reads games.pgr and checks every game with the referee.
fn checked_games(out: &Path) -> Vec<Game> {
    let text = std::fs::read_to_string(out.join(GAMES_FILE)).unwrap();
    let mut reader = Reader::new(text.as_bytes());
    let mut games = Vec::new();
    while let Some(game) = reader.read_game().unwrap() {
        let verdict = Checker::new().check_game(&game, games.len() + 1);
        assert!(
            verdict.is_ok(),
            "game {} is {:?}: {:?}\n{}",
            games.len() + 1,
            verdict.status,
            verdict.error,
            pacru_notation::pgr::write_game(&game)
        );
        games.push(game);
    }
    games
}

fn finished(entries: &[Entry]) -> Vec<(u64, &pacru_arena::GameOutcome)> {
    entries
        .iter()
        .filter_map(|e| match e {
            Entry::Finished {
                pairing, outcome, ..
            } => Some((pairing.game, outcome)),
            _ => None,
        })
        .collect()
}

fn standings_json(out: &Path) -> serde_json::Value {
    serde_json::from_str(&std::fs::read_to_string(out.join(STANDINGS_JSON_FILE)).unwrap()).unwrap()
}

#[test]
fn match_between_builtin_engines_in_process_and_as_processes() {
    let dir = tempfile::tempdir().unwrap();
    let engines = vec![builtin("builtin:random:1"), process("greedy 2")];
    let mut cfg = config(engines, System::Match { games: 4 }, 2);
    cfg.time = TimeControl::parse_clock("5+0.1").unwrap();
    let report = run_event(Some(cfg), &options(dir.path())).unwrap();
    assert!(report.complete && report.records_not_ok.is_empty());
    assert_eq!(report.played_now, 4);
    let games = checked_games(dir.path());
    assert_eq!(games.len(), 4);
    // Colours alternate: the greedy engine is Red, then Black, ... (the engine
    // program named by its handshake).
    assert_eq!(games[0].tags.get("Black"), Some("random-1"));
    assert_eq!(games[1].tags.get("Black"), Some("pacru greedy"));
    for g in &games {
        assert_eq!(g.tags.get("TimeControl"), Some("5+0.1"));
        assert!(g.tags.get("Termination").is_some());
    }
    let st = &report.standings;
    let total: f64 = st.engines.iter().map(|e| e.points).sum();
    assert_eq!(total, 4.0);
    for e in &st.engines {
        assert_eq!(e.games, 4);
        assert_eq!(e.games_by_position, [2, 2]);
        assert!(e.elo.is_some());
    }
    let entries = read_journal(dir.path()).unwrap();
    assert!(matches!(entries.first(), Some(Entry::Start { .. })));
    assert!(matches!(entries.last(), Some(Entry::Complete { games: 4 })));
    assert_eq!(finished(&entries).len(), 4);
    // Running it again without --resume is refused; resuming a finished event plays nothing.
    let again = run_event(
        Some(config(
            vec![builtin("builtin:random:1"), builtin("builtin:random:2")],
            System::Match { games: 2 },
            2,
        )),
        &options(dir.path()),
    );
    assert!(again.is_err());
    let mut resume = options(dir.path());
    resume.resume = true;
    let report = run_event(None, &resume).unwrap();
    assert_eq!(report.played_now, 0);
    assert_eq!(report.standings.games_finished, 4);
}

#[test]
fn broken_engines_forfeit_in_two_player_games() {
    let dir = tempfile::tempdir().unwrap();
    let engines = vec![
        named("good", "random 5"),
        named("crash", "crash:2"),
        named("hang", "hang:2"),
        named("illegal", "illegal:2"),
        named("exit0", "exit0:2"),
        named("refuse", "refuse:2"),
        named("resign", "resign:2"),
        named("silent", "silent"),
        named("missing", "x"),
    ];
    let mut engines = engines;
    engines[8].program = "/nonexistent/engine".to_owned();
    let mut cfg = config(engines, System::Gauntlet { seeds: 1 }, 2);
    cfg.handshake_timeout_ms = 500;
    // Two engines fail the check before the first game: go on anyway.
    let mut options = options(dir.path());
    options.forfeit_unstartable = true;
    let report = run_event(Some(cfg), &options).unwrap();
    assert!(report.records_not_ok.is_empty());
    let games = checked_games(dir.path());
    assert_eq!(games.len(), 16);
    let st = &report.standings;
    let row = |name: &str| st.engines.iter().find(|e| e.name == name).unwrap();
    assert_eq!(row("good").points, 16.0, "{}", st.table());
    let kind = |name: &str, kind: &str| row(name).forfeits.get(kind).copied().unwrap_or(0);
    assert_eq!(kind("crash", "crash"), 2);
    assert_eq!(kind("hang", "time"), 2);
    assert_eq!(kind("illegal", "illegal"), 2);
    assert_eq!(kind("exit0", "disconnect"), 2);
    assert_eq!(kind("refuse", "refused"), 2);
    assert_eq!(kind("silent", "hang"), 2);
    assert_eq!(kind("missing", "spawn"), 2);
    assert_eq!(row("resign").resignations, 2);
    assert_eq!(row("good").wins_by.get("resignation"), Some(&2));
    assert_eq!(row("good").wins_by.get("time"), Some(&2));
    assert_eq!(row("good").wins_by.get("illegal"), Some(&2));
    // Terminations as docs/notation.md spells them; the illegal move's text is kept.
    for g in &games {
        let names = [g.tags.get("Black").unwrap(), g.tags.get("Red").unwrap()];
        let other = if names[0] == "good" {
            names[1]
        } else {
            names[0]
        };
        let expected = match other {
            "hang" => "time",
            "illegal" => "illegal",
            "resign" => "resignation",
            _ => "forfeit",
        };
        assert_eq!(g.tags.get("Termination"), Some(expected), "{other}");
        let winner = if names[0] == "good" { "Black" } else { "Red" };
        assert_eq!(g.result.token(), winner);
        if other == "illegal" {
            let comments: Vec<&String> = g.moves.iter().flat_map(|m| &m.comments).collect();
            assert!(
                comments
                    .iter()
                    .any(|c| c.contains("forfeits (illegal)") && c.contains('-')),
                "{comments:?}"
            );
        }
    }
}

#[test]
fn multiplayer_forfeits_become_resign_moves_and_the_game_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let engines = vec![
        builtin("builtin:random:1"),
        named("crash", "crash:2"),
        named("illegal", "illegal:3"),
        builtin("builtin:greedy:1"),
    ];
    let cfg = config(engines, System::Match { games: 4 }, 4);
    let report = run_event(Some(cfg), &options(dir.path())).unwrap();
    assert!(report.records_not_ok.is_empty());
    let games = checked_games(dir.path());
    assert_eq!(games.len(), 4);
    for g in &games {
        let resigns: Vec<_> = g.moves.iter().filter(|m| m.text == "resign").collect();
        assert_eq!(resigns.len(), 2, "{}", pacru_notation::pgr::write_game(g));
        for r in resigns {
            assert!(r.comments[0].contains("played by the referee"));
        }
        // The game went on after the forfeits: someone won by the rules, or by adjudication.
        assert_ne!(g.result, GameResult::Unfinished);
    }
    let st = &report.standings;
    assert_eq!(st.engines.iter().map(|e| e.points).sum::<f64>(), 4.0);
    for e in &st.engines {
        assert_eq!(e.games_by_position, [1, 1, 1, 1]);
        assert!(e.elo.is_none());
    }
}

#[test]
fn openings_clocks_and_adjudication() {
    let dir = tempfile::tempdir().unwrap();
    let book = dir.path().join("book.pgr");
    std::fs::write(
        &book,
        "[Players \"KR\"]\n\n1. e1-e2 e9-e8 *\n\n[Players \"KR\"]\n\n1. a3-b4(b4) *\n",
    )
    .unwrap();
    let openings =
        pacru_arena::load_openings(&book, pacru_core::RulesEdition::Pacru2004, 2).unwrap();
    assert_eq!(openings.len(), 2);
    let ppn = dir.path().join("start.ppn");
    std::fs::write(
        &ppn,
        "# a comment\n9/9/9/9/9/9/9/9/9 Ke1N,Ka3E,Ki3W,Ki9SW,Ra1NE,Ra7E,Ri7W,Re9S R KR\n",
    )
    .unwrap();
    let ppns = pacru_arena::load_openings(&ppn, pacru_core::RulesEdition::Pacru2004, 2).unwrap();
    assert!(pacru_arena::load_openings(&ppn, pacru_core::RulesEdition::Pacru2004, 3).is_err());
    let out = dir.path().join("out");
    let mut cfg = config(
        vec![builtin("builtin:random:3"), builtin("builtin:random:4")],
        System::Match { games: 6 },
        2,
    );
    cfg.openings = openings.into_iter().chain(ppns).collect::<Vec<Opening>>();
    cfg.max_plies = 12;
    cfg.adjudicate = Adjudication::Draw;
    cfg.time = TimeControl::parse_clock("2+0.05").unwrap();
    let report = run_event(Some(cfg), &options(&out)).unwrap();
    let games = checked_games(&out);
    assert_eq!(games.len(), 6);
    // Games 1-2: the first opening, colours swapped; 3-4 the second; 5-6 the position.
    assert_eq!(games[0].moves[0].text, "e1-e2");
    assert_eq!(games[1].moves[0].text, "e1-e2");
    assert!(games[0].moves[1].comments[0].contains("end of opening book.pgr:1"));
    assert_eq!(games[2].moves[0].text, "a3-b4(b4)");
    assert!(games[4].tags.get("Position").is_some());
    for g in &games {
        assert_eq!(g.tags.get("Termination"), Some("adjudication"));
        assert_eq!(g.result, GameResult::Draw);
        assert_eq!(g.plies().count(), 12);
    }
    for e in &report.standings.engines {
        assert_eq!(e.points, 3.0);
        assert_eq!(e.draws, 6);
    }
}

#[test]
fn time_forfeit_on_the_clock() {
    let dir = tempfile::tempdir().unwrap();
    // 0.4 s for the whole game, 80 ms a move: the sleeper runs out after a few moves.
    let engines = vec![builtin("builtin:random:1"), named("sleeper", "good:80")];
    let mut cfg = config(engines, System::Match { games: 2 }, 2);
    cfg.time = TimeControl::parse_clock("0.4+0").unwrap();
    cfg.margin_ms = 50;
    let report = run_event(Some(cfg), &options(dir.path())).unwrap();
    let games = checked_games(dir.path());
    for g in &games {
        assert_eq!(
            g.tags.get("Termination"),
            Some("time"),
            "{}",
            pacru_notation::pgr::write_game(g)
        );
    }
    let sleeper = report
        .standings
        .engines
        .iter()
        .find(|e| e.name == "sleeper")
        .unwrap();
    assert_eq!(sleeper.forfeits.get("time"), Some(&2));
    assert!(sleeper.time_ms >= 800);
}

#[test]
fn swiss_two_and_three_players() {
    let dir = tempfile::tempdir().unwrap();
    let engines: Vec<EngineConfig> = (1..=5)
        .map(|s| {
            builtin(&format!(
                "builtin:{}:{s}",
                if s % 2 == 0 { "greedy" } else { "random" }
            ))
        })
        .collect();
    let mut cfg = config(engines.clone(), System::Swiss, 2);
    cfg.rounds = 3;
    cfg.max_plies = 60;
    let report = run_event(Some(cfg), &options(dir.path())).unwrap();
    assert_eq!(report.standings.games_finished, 3 * 2 * 2);
    let entries = read_journal(dir.path()).unwrap();
    let byes: Vec<usize> = entries
        .iter()
        .filter_map(|e| match e {
            Entry::Bye { engine, .. } => Some(*engine),
            _ => None,
        })
        .collect();
    assert_eq!(byes.len(), 3);
    let mut unique = byes.clone();
    unique.sort_unstable();
    unique.dedup();
    assert_eq!(
        unique.len(),
        3,
        "no engine gets two byes before all had one"
    );
    // No rematch in 3 rounds of 5 engines: each pair meets at most once (2 games).
    let mut meetings: BTreeMap<(usize, usize), u32> = BTreeMap::new();
    for e in &entries {
        if let Entry::Finished { pairing, .. } = e {
            let (a, b) = (
                pairing.engines[0].min(pairing.engines[1]),
                pairing.engines[0].max(pairing.engines[1]),
            );
            *meetings.entry((a, b)).or_default() += 1;
        }
    }
    assert!(meetings.values().all(|&m| m == 2), "{meetings:?}");
    let json = standings_json(dir.path());
    let total: f64 = json["engines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["points"].as_f64().unwrap())
        .sum();
    assert_eq!(total, 12.0 + 3.0, "games plus one point a bye");
    checked_games(dir.path());

    let dir3 = tempfile::tempdir().unwrap();
    let mut cfg = config(engines, System::Swiss, 3);
    cfg.rounds = 2;
    cfg.max_plies = 45;
    let report = run_event(Some(cfg), &options(dir3.path())).unwrap();
    assert_eq!(report.standings.games_finished, 2 * 3);
    checked_games(dir3.path());
}

/// Writes `config` as JSON into `dir`, for the runner.
fn config_file(dir: &Path, name: &str, config: &EventConfig) -> std::path::PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, serde_json::to_string(config).unwrap()).unwrap();
    path
}

/// The tournament the SIGKILL test interrupts: two slow engine processes and a
/// built-in engine, 12 games two at a time.
fn slow_tournament() -> EventConfig {
    let mut cfg = config(
        vec![
            named("a", "good:15"),
            named("b", "good:15"),
            builtin("c=builtin:random:3"),
        ],
        System::RoundRobin,
        2,
    );
    cfg.rounds = 2;
    cfg.time = TimeControl {
        movetime_ms: Some(500),
        ..TimeControl::default()
    };
    cfg.max_plies = 30;
    cfg
}

fn finished_in_file(out: &Path) -> usize {
    std::fs::read_to_string(out.join("journal.jsonl"))
        .unwrap_or_default()
        .lines()
        .filter(|l| l.contains("\"type\":\"finished\""))
        .count()
}

/// Starts the runner on the event `file` in `out`.
fn start_runner(file: &Path, out: &Path) -> std::process::Child {
    Command::new(EVENT)
        .arg(file)
        .arg(out)
        .args(["-j", "2"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap()
}

/// Waits until `n` games are finished in `out`'s journal.
fn wait_for_games(child: &mut std::process::Child, out: &Path, n: usize) {
    let started = Instant::now();
    while finished_in_file(out) < n {
        assert!(started.elapsed() < Duration::from_secs(30), "no progress");
        if let Ok(Some(status)) = child.try_wait() {
            panic!("the runner ended before it was killed: {status}");
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

#[test]
fn killed_with_sigkill_and_resumed() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("event");
    let file = config_file(dir.path(), "event.json", &slow_tournament());
    let mut child = start_runner(&file, &out);
    wait_for_games(&mut child, &out, 3);
    child.kill().unwrap(); // SIGKILL
    child.wait().unwrap();
    // The kill may also have cut a line: simulate the worst case.
    let journal = out.join("journal.jsonl");
    let mut text = std::fs::read_to_string(&journal).unwrap();
    let before = read_journal(&out).unwrap();
    let done_before: BTreeMap<u64, String> = finished(&before)
        .into_iter()
        .map(|(id, o)| (id, o.pgr.clone()))
        .collect();
    assert!(
        done_before.len() >= 3 && done_before.len() < 12,
        "{}",
        done_before.len()
    );
    text.push_str("{\"type\":\"finished\",\"pairing\":{\"ga");
    std::fs::write(&journal, text).unwrap();

    // Different settings are refused.
    let other = config(
        vec![builtin("builtin:random:1"), builtin("builtin:random:2")],
        System::RoundRobin,
        2,
    );
    let other = config_file(dir.path(), "other.json", &other);
    let status = Command::new(EVENT)
        .arg("--resume")
        .arg(&other)
        .arg(&out)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .unwrap();
    assert_eq!(status.code(), Some(2));
    // Only --resume and the directory: the journal's settings are used.
    let status = Command::new(EVENT)
        .arg("--resume")
        .arg(&out)
        .stdout(Stdio::null())
        .status()
        .unwrap();
    assert!(status.success());

    let after = read_journal(&out).unwrap();
    let done = finished(&after);
    let ids: Vec<u64> = done.iter().map(|(id, _)| *id).collect();
    let mut sorted = ids.clone();
    sorted.sort_unstable();
    assert_eq!(
        sorted,
        (1..=12).collect::<Vec<u64>>(),
        "each game finished exactly once"
    );
    for (id, outcome) in &done {
        if let Some(pgr) = done_before.get(id) {
            assert_eq!(&outcome.pgr, pgr, "game {id} was replayed");
        }
    }
    assert!(matches!(after.last(), Some(Entry::Complete { games: 12 })));
    let scheduled = after
        .iter()
        .filter(|e| matches!(e, Entry::Scheduled { .. }))
        .count();
    assert_eq!(scheduled, 12);
    let games = checked_games(&out);
    assert_eq!(games.len(), 12);
    let json = standings_json(&out);
    assert_eq!(json["games_finished"], 12);
    let total: f64 = json["engines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["points"].as_f64().unwrap())
        .sum();
    assert_eq!(total, 12.0);
    for e in json["engines"].as_array().unwrap() {
        assert_eq!(e["games"], 8);
    }
}

/// The pairings and results of a journal, by game.
fn summary(entries: &[Entry]) -> (BTreeMap<u64, String>, Vec<(u32, usize)>) {
    let mut games = BTreeMap::new();
    let mut byes = Vec::new();
    for e in entries {
        match e {
            Entry::Finished {
                pairing, outcome, ..
            } => {
                games.insert(
                    pairing.game,
                    format!("{:?} {} {}", pairing.engines, outcome.result, outcome.plies),
                );
            }
            Entry::Bye { round, engine, .. } => byes.push((*round, *engine)),
            _ => {}
        }
    }
    byes.sort_unstable();
    (games, byes)
}

#[test]
fn swiss_resumed_from_a_cut_journal_is_the_same_event() {
    // The built-in engines play deterministically, so an interrupted and resumed
    // Swiss must end exactly like an uninterrupted one: same pairings, same games.
    let dir = tempfile::tempdir().unwrap();
    let full = dir.path().join("full");
    let engines: Vec<EngineConfig> = (1..=5)
        .map(|s| {
            builtin(&format!(
                "builtin:{}:{s}",
                if s % 2 == 0 { "greedy" } else { "random" }
            ))
        })
        .collect();
    let mut cfg = config(engines, System::Swiss, 2);
    cfg.rounds = 3;
    cfg.max_plies = 50;
    cfg.time = TimeControl::parse_clock("30+0").unwrap();
    run_event(Some(cfg), &options(&full)).unwrap();
    let text = std::fs::read_to_string(full.join("journal.jsonl")).unwrap();
    // Keep everything up to the 6th finished game (in round 2), then half a line.
    let mut kept = String::new();
    let mut finished_seen = 0;
    for line in text.lines() {
        kept.push_str(line);
        kept.push('\n');
        if line.contains("\"type\":\"finished\"") {
            finished_seen += 1;
            if finished_seen == 6 {
                break;
            }
        }
    }
    kept.push_str("{\"type\":\"sched");
    let cut = dir.path().join("cut");
    std::fs::create_dir(&cut).unwrap();
    std::fs::write(cut.join("journal.jsonl"), kept).unwrap();
    let mut resume = options(&cut);
    resume.resume = true;
    let report = run_event(None, &resume).unwrap();
    assert_eq!(report.played_now, 6);
    let a = summary(&read_journal(&full).unwrap());
    let b = summary(&read_journal(&cut).unwrap());
    assert_eq!(a, b);
    let ranking = |out: &Path| -> Vec<(String, f64, u64)> {
        standings_json(out)["engines"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| {
                (
                    e["name"].as_str().unwrap().to_owned(),
                    e["points"].as_f64().unwrap(),
                    e["wins"].as_u64().unwrap(),
                )
            })
            .collect()
    };
    assert_eq!(ranking(&full), ranking(&cut));
}

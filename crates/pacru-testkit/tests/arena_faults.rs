//! What a tournament director meets on a bad day: engines that cannot start,
//! engines that leave helpers behind or ignore signals, a journal cut before its
//! first line, a runner stopped or killed in the middle.

mod common;

use common::{left_behind, mark, marked};
use pacru_arena::event::read_journal;
use pacru_arena::journal::Entry;
use pacru_arena::{
    ArenaError, EngineConfig, EventConfig, EventOptions, Progress, System, TimeControl, run_event,
    run_event_with,
};
use pacru_runner::EngineFailure;
use std::collections::BTreeMap;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const ENGINE: &str = env!("CARGO_BIN_EXE_pacru-test-engine");
const EVENT: &str = env!("CARGO_BIN_EXE_pacru-test-event");

/// `pacru-test-engine ARGS` as an engine named `name`.
fn test_engine(name: &str, args: &[&str]) -> EngineConfig {
    EngineConfig {
        name: name.to_owned(),
        named: true,
        program: ENGINE.to_owned(),
        args: args.iter().map(|a| a.to_string()).collect(),
        builtin: None,
        options: Vec::new(),
        framing: Default::default(),
    }
}

/// `pacru-test-engine ARGS` run by a shell that first makes it ignore SIGINT,
/// SIGTERM and SIGHUP (an ignored signal stays ignored across `exec`).
fn deaf(name: &str, args: &[&str]) -> EngineConfig {
    let mut command = vec![
        "-c".to_owned(),
        "trap '' INT TERM HUP; exec \"$0\" \"$@\"".to_owned(),
        ENGINE.to_owned(),
    ];
    command.extend(args.iter().map(|a| a.to_string()));
    EngineConfig {
        name: name.to_owned(),
        named: true,
        program: "sh".to_owned(),
        args: command,
        builtin: None,
        options: Vec::new(),
        framing: Default::default(),
    }
}

fn builtin(text: &str) -> EngineConfig {
    text.parse().unwrap()
}

fn event(engines: Vec<EngineConfig>, system: System) -> EventConfig {
    let mut config = EventConfig::new("faults", system, engines);
    config.players = 2;
    config.time = TimeControl {
        movetime_ms: Some(2000),
        ..TimeControl::default()
    };
    config.handshake_timeout_ms = 3000;
    config.max_plies = 24;
    config
}

/// Every forfeit reported while the event ran: (engine, kind, message).
type Forfeits = Vec<(String, String, String)>;

fn run_watching(
    config: Option<EventConfig>,
    options: &EventOptions,
) -> (Result<pacru_arena::EventReport, ArenaError>, Forfeits) {
    let mut forfeits = Vec::new();
    let result = run_event_with(config, options, &mut |p| {
        if let Progress::Forfeit { name, forfeit, .. } = p {
            forfeits.push((
                name.to_string(),
                forfeit.kind.clone(),
                forfeit.message.clone(),
            ));
        }
    });
    (result, forfeits)
}

#[test]
fn an_unstartable_engine_stops_the_event_before_anything_is_written() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("a").join("b");
    let mut missing = test_engine("typo", &[]);
    missing.program = "./nonexistent-engine".to_owned();
    let config = event(
        vec![builtin("builtin:random:1"), missing],
        System::Match { games: 2 },
    );
    let started = Instant::now();
    let err = run_event(Some(config.clone()), &EventOptions::new(&out)).unwrap_err();
    match &err {
        ArenaError::Unstartable {
            number: 2,
            name,
            failure: EngineFailure::SpawnFailed { .. },
        } => assert_eq!(name, "typo"),
        other => panic!("{other:?}"),
    }
    assert!(
        err.to_string()
            .starts_with("engine 2 (`typo`) cannot be used: could not start")
    );
    assert!(
        !dir.path().join("a").exists(),
        "a refused event leaves no directory"
    );

    // A program that starts but never answers the handshake.
    let mut silent = event(
        vec![
            test_engine("silent", &["silent"]),
            builtin("builtin:random:2"),
        ],
        System::Match { games: 2 },
    );
    silent.handshake_timeout_ms = 300;
    let err = run_event(Some(silent), &EventOptions::new(&out)).unwrap_err();
    assert!(
        matches!(
            err,
            ArenaError::Unstartable {
                number: 1,
                failure: EngineFailure::TimedOut { .. },
                ..
            }
        ),
        "{err:?}"
    );
    assert!(!dir.path().join("a").exists());
    assert!(started.elapsed() < Duration::from_secs(5));

    // Asked to go on anyway: the engine forfeits its games, and says why.
    let options = EventOptions {
        forfeit_unstartable: true,
        ..EventOptions::new(&out)
    };
    let mut unstartable = Vec::new();
    let mut forfeits = Vec::new();
    let report = run_event_with(Some(config), &options, &mut |p| match p {
        Progress::EngineUnstartable { number, .. } => unstartable.push(*number),
        Progress::Forfeit { name, forfeit, .. } => {
            forfeits.push(format!("{name} {} {}", forfeit.kind, forfeit.message))
        }
        _ => {}
    })
    .unwrap();
    assert!(report.complete);
    assert_eq!(unstartable, [2]);
    assert_eq!(forfeits.len(), 2, "{forfeits:?}");
    for f in &forfeits {
        assert!(
            f.starts_with("typo spawn could not start `./nonexistent-engine`"),
            "{f}"
        );
    }
}

#[test]
fn an_empty_or_cut_journal_means_nothing_started() {
    let config = event(
        vec![builtin("builtin:random:1"), builtin("builtin:greedy:2")],
        System::Match { games: 2 },
    );
    for (case, text) in [("empty", ""), ("cut", "{\"type\":\"start\",\"vers")] {
        for resume in [false, true] {
            let dir = tempfile::tempdir().unwrap();
            std::fs::write(dir.path().join("journal.jsonl"), text).unwrap();
            let options = EventOptions {
                resume,
                ..EventOptions::new(dir.path())
            };
            // Without the settings there is nothing to resume from.
            if resume {
                let err = run_event(None, &options).unwrap_err();
                assert!(
                    matches!(err, ArenaError::NothingToResume { .. }),
                    "{case}: {err:?}"
                );
                assert!(err.to_string().contains("never started"), "{err}");
            }
            let report = run_event(Some(config.clone()), &options)
                .unwrap_or_else(|e| panic!("{case}, resume {resume}: {e}"));
            assert!(report.complete && report.played_now == 2);
            let entries = read_journal(dir.path()).unwrap();
            assert!(matches!(entries.first(), Some(Entry::Start { .. })));
            assert!(matches!(entries.last(), Some(Entry::Complete { games: 2 })));
        }
    }
    // No journal at all: --resume with the settings starts the event, without
    // them there is nothing to resume.
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("never");
    let options = EventOptions {
        resume: true,
        ..EventOptions::new(&out)
    };
    let err = run_event(None, &options).unwrap_err();
    assert!(matches!(err, ArenaError::NothingToResume { .. }), "{err:?}");
    assert!(!out.exists());
    let report = run_event(Some(config.clone()), &options).unwrap();
    assert!(report.complete && report.played_now == 2);
    // A directory with a started event still refuses a fresh start.
    let dir = tempfile::tempdir().unwrap();
    run_event(Some(config.clone()), &EventOptions::new(dir.path())).unwrap();
    let err = run_event(Some(config), &EventOptions::new(dir.path())).unwrap_err();
    assert!(matches!(err, ArenaError::EventExists { .. }), "{err:?}");
}

#[test]
fn engines_and_their_helpers_do_not_outlive_the_event() {
    let m = mark("outlive");
    let config = event(
        vec![
            builtin("builtin:random:1"),
            test_engine("fork", &["fork:2", &m]),
            deaf("deaf", &["noquit:2", &m]),
            test_engine("exit1", &["exit1:2", &m]),
        ],
        System::Gauntlet { seeds: 1 },
    );
    let dir = tempfile::tempdir().unwrap();
    let options = EventOptions {
        concurrency: 2,
        ..EventOptions::new(dir.path())
    };
    let started = Instant::now();
    let (report, forfeits) = run_watching(Some(config), &options);
    let report = report.unwrap();
    assert!(report.complete);
    assert_eq!(left_behind(&m, Duration::from_secs(2)), []);
    let row = |name: &str| {
        report
            .standings
            .engines
            .iter()
            .find(|e| e.name == name)
            .unwrap()
            .clone()
    };
    // The engine that exited with status 1 crashed (it did not lose on time, although
    // its helper kept its output open), and the crash was reported as it happened.
    assert_eq!(row("exit1").forfeits.get("crash"), Some(&2));
    assert_eq!(row("exit1").forfeits.get("time"), None);
    let crashes: Vec<_> = forfeits.iter().filter(|f| f.0 == "exit1").collect();
    assert_eq!(crashes.len(), 2, "{forfeits:?}");
    for (_, kind, message) in crashes {
        assert_eq!(kind, "crash");
        assert!(message.contains("exit code 1"), "{message}");
    }
    // The others played properly.
    assert!(row("fork").forfeits.is_empty());
    assert!(row("deaf").forfeits.is_empty());
    // Well within a single move's limit for the crashes: no waiting for timeouts.
    assert!(started.elapsed() < Duration::from_secs(20));
}

#[test]
fn a_runner_killed_with_sigkill_leaves_no_engine_behind() {
    let m = mark("sigkill");
    let mut config = event(
        vec![
            test_engine("fork", &["fork:20", &m]),
            deaf("deaf", &["noquit:20", &m]),
            builtin("builtin:random:1"),
        ],
        System::RoundRobin,
    );
    config.rounds = 3;
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("event.json");
    std::fs::write(&file, serde_json::to_string(&config).unwrap()).unwrap();
    let mut child = Command::new(EVENT)
        .arg(&file)
        .arg(dir.path().join("out"))
        .args(["-j", "2"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // Wait until engines and a helper run: the first game is fork against deaf.
    let started = Instant::now();
    while marked(&m).len() < 3 {
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "{:?}",
            marked(&m)
        );
        std::thread::sleep(Duration::from_millis(10));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    assert_eq!(left_behind(&m, Duration::from_secs(3)), []);
}

/// Each finished game of a journal: pairing, result and moves.
fn games(out: &Path) -> BTreeMap<u64, String> {
    read_journal(out)
        .unwrap()
        .into_iter()
        .filter_map(|e| match e {
            Entry::Finished {
                pairing, outcome, ..
            } => {
                let moves = outcome.pgr.split("\n\n").nth(1).unwrap_or("").to_owned();
                Some((
                    pairing.game,
                    format!("{:?} {} {}", pairing.engines, outcome.result, moves),
                ))
            }
            _ => None,
        })
        .collect()
}

#[test]
fn a_stopped_event_resumes_into_the_same_event() {
    let m = mark("stop");
    let mut config = event(
        vec![
            test_engine("a", &["good:5", &m]),
            test_engine("b", &["good:5", &m]),
            builtin("c=builtin:random:3"),
        ],
        System::RoundRobin,
    );
    config.rounds = 2;
    let dir = tempfile::tempdir().unwrap();
    let full = dir.path().join("full");
    let options = |out: &Path| EventOptions {
        concurrency: 2,
        ..EventOptions::new(out)
    };
    run_event(Some(config.clone()), &options(&full)).unwrap();

    // Stopped after its third game, with another game in progress.
    let cut = dir.path().join("cut");
    let cut_options = options(&cut);
    let stop = cut_options.stop.clone();
    let mut finished = 0;
    let report = run_event_with(Some(config), &cut_options, &mut |p| {
        if let Progress::GameFinished { .. } = p {
            finished += 1;
            if finished == 3 {
                stop.stop();
            }
        }
    })
    .unwrap();
    assert!(report.stopped && !report.complete);
    assert!(
        (3..12).contains(&report.played_now),
        "{}",
        report.played_now
    );
    assert_eq!(left_behind(&m, Duration::from_secs(2)), []);
    let entries = read_journal(&cut).unwrap();
    assert!(!entries.iter().any(|e| matches!(e, Entry::Complete { .. })));
    assert_eq!(games(&cut).len() as u64, report.played_now);
    // Nothing about the games cut short was recorded, and the files agree.
    let records = std::fs::read_to_string(cut.join("games.pgr")).unwrap();
    assert_eq!(records.matches("[Event ").count() as u64, report.played_now);

    let resumed = EventOptions {
        resume: true,
        ..options(&cut)
    };
    let report = run_event(None, &resumed).unwrap();
    assert!(report.complete);
    assert_eq!(games(&full), games(&cut));
    assert_eq!(left_behind(&m, Duration::from_secs(2)), []);
}

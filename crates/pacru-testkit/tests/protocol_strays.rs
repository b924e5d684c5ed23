//! Helpers that leave their engine's process group and session (`setsid`, as a
//! daemon does) end with the engine, in a process that called
//! `pacru_runner::become_subreaper`; and only with their own engine. Linux only.
//!
//! A test binary of its own: `become_subreaper` makes every child this process
//! did not start as an engine a stray, which the other test binaries (which start
//! runners and shells) must not be.
#![cfg(target_os = "linux")]

mod common;

use common::{left_behind, mark, marked};
use pacru_arena::{EngineConfig, EventConfig, EventOptions, System, TimeControl, run_event};
use pacru_protocol::{Clocks, GameSetup};
use pacru_runner::{EngineProcess, EngineSpec};
use std::time::{Duration, Instant};

const ENGINE: &str = env!("CARGO_BIN_EXE_pacru-test-engine");

/// The `stray` helper marked `mark` once it has left the engine's session: its
/// process id.
fn stray_of(mark: &str) -> u32 {
    let started = Instant::now();
    loop {
        for (pid, cmdline) in marked(mark) {
            if cmdline.contains(" stray ") && session_of(pid) == Some(pid) {
                return pid;
            }
        }
        assert!(
            started.elapsed() < Duration::from_secs(5),
            "no stray helper (ended before its engine?): {:?}",
            marked(mark)
        );
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// The session of process `pid`, from `/proc/PID/stat`.
fn session_of(pid: u32) -> Option<u32> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // Fields after the command name: state, ppid, pgrp, session.
    stat.rsplit(") ").next()?.split(' ').nth(3)?.parse().ok()
}

/// Whether process `pid` is still there and not a zombie.
fn alive(pid: u32) -> bool {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    let state = stat.rsplit(") ").next().and_then(|s| s.chars().next());
    !matches!(state, Some('Z') | Some('X') | None)
}

fn escaping_engine(mark: &str) -> EngineProcess {
    assert!(pacru_runner::become_subreaper().unwrap());
    let spec = EngineSpec {
        handshake_timeout: Duration::from_secs(5),
        quit_timeout: Duration::from_secs(1),
        ..EngineSpec::new(ENGINE, ["escape", mark])
    };
    EngineProcess::spawn(&spec).expect("the engine handshakes")
}

#[test]
fn a_helper_that_left_the_engines_session_ends_when_the_engine_quits() {
    let m = mark("stray-quit");
    let mut engine = escaping_engine(&m);
    let stray = stray_of(&m);
    let setup = GameSetup::standard(2).unwrap();
    engine
        .request_move(&setup, &[], &Clocks::per_move(Duration::from_secs(5)))
        .unwrap();
    engine.quit().unwrap();
    // Ended with the engine, not later: no waiting.
    let ended = !alive(stray);
    assert_eq!(left_behind(&m, Duration::ZERO), []);
    assert!(ended, "the stray {stray} outlived its engine");
}

#[test]
fn ending_one_engine_leaves_the_helpers_of_another_alone() {
    let (a, b) = (mark("stray-a"), mark("stray-b"));
    let mut first = escaping_engine(&a);
    let second = escaping_engine(&b);
    let (stray_a, stray_b) = (stray_of(&a), stray_of(&b));
    drop(second);
    let b_ended = !alive(stray_b);
    // The first engine's helper was orphaned while its engine runs: it is the
    // first engine's, not a stray of the second.
    let a_spared = alive(stray_a);
    let setup = GameSetup::standard(2).unwrap();
    let answer = first.request_move(&setup, &[], &Clocks::per_move(Duration::from_secs(5)));
    first.quit().unwrap();
    let a_ended = !alive(stray_a);
    assert_eq!(left_behind(&a, Duration::ZERO), []);
    assert_eq!(left_behind(&b, Duration::ZERO), []);
    assert!(b_ended, "the stray {stray_b} outlived its engine");
    assert!(a_spared, "the helper of a running engine was ended");
    answer.unwrap();
    assert!(a_ended, "the stray {stray_a} outlived its engine");
}

#[test]
fn the_strays_of_a_match_end_with_its_games() {
    assert!(pacru_runner::become_subreaper().unwrap());
    let m = mark("stray-match");
    let escaping = EngineConfig {
        name: "escape".to_owned(),
        named: true,
        program: ENGINE.to_owned(),
        args: vec!["escape".to_owned(), m.clone()],
        builtin: None,
        options: Vec::new(),
        framing: Default::default(),
    };
    let random: EngineConfig = "builtin:random:1".parse().unwrap();
    let mut config = EventConfig::new("strays", System::Match { games: 2 }, vec![escaping, random]);
    config.players = 2;
    config.time = TimeControl {
        movetime_ms: Some(2000),
        ..TimeControl::default()
    };
    config.max_plies = 12;
    let dir = tempfile::tempdir().unwrap();
    let report = run_event(Some(config), &EventOptions::new(dir.path())).unwrap();
    assert!(report.complete);
    assert!(
        report
            .standings
            .engines
            .iter()
            .all(|e| e.forfeits.is_empty()),
        "{:?}",
        report.standings
    );
    assert_eq!(left_behind(&m, Duration::ZERO), []);
}

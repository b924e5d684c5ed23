//! Engines as process groups: helpers an engine starts end with it, an engine that
//! exits while a helper holds its output is seen to exit, and a kill switch ends
//! an engine from another thread. Linux only (the checks read `/proc`).
#![cfg(target_os = "linux")]

use pacru_protocol::{Clocks, GameSetup};
use pacru_runner::{EngineFailure, EngineProcess, EngineSpec};
use std::time::{Duration, Instant};

const ENGINE: &str = env!("CARGO_BIN_EXE_pacru-test-engine");

/// A string no other process on the machine has in its command line.
fn marker(test: &str) -> String {
    format!("pacru-test-{test}-{}", std::process::id())
}

/// The live (not zombie) processes whose command line contains `marker`.
fn marked(marker: &str) -> Vec<u32> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").into_iter().flatten().flatten() {
        let Ok(pid) = entry.file_name().to_string_lossy().parse::<u32>() else {
            continue;
        };
        let cmdline = std::fs::read(entry.path().join("cmdline")).unwrap_or_default();
        if !String::from_utf8_lossy(&cmdline).contains(marker) {
            continue;
        }
        let stat = std::fs::read_to_string(entry.path().join("stat")).unwrap_or_default();
        let state = stat.rsplit(") ").next().and_then(|s| s.chars().next());
        if !matches!(state, Some('Z') | Some('X') | None) {
            found.push(pid);
        }
    }
    found
}

/// Waits up to `limit` for every marked process to be gone.
fn all_gone(marker: &str, limit: Duration) -> bool {
    let started = Instant::now();
    loop {
        if marked(marker).is_empty() {
            return true;
        }
        if started.elapsed() > limit {
            return false;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

fn spawn(mode: &str, marker: &str) -> EngineProcess {
    let spec = EngineSpec {
        handshake_timeout: Duration::from_secs(5),
        quit_timeout: Duration::from_secs(1),
        ..EngineSpec::new(ENGINE, [mode, marker])
    };
    EngineProcess::spawn(&spec).expect("the engine handshakes")
}

/// Waits until both the engine and its helper are running.
fn wait_for_helper(marker: &str) {
    let started = Instant::now();
    while marked(marker).len() < 2 {
        assert!(started.elapsed() < Duration::from_secs(5), "no helper");
        std::thread::sleep(Duration::from_millis(5));
    }
}

#[test]
fn a_helper_the_engine_started_ends_with_it_after_quit() {
    let mark = marker("quit");
    let mut engine = spawn("fork", &mark);
    wait_for_helper(&mark);
    let setup = GameSetup::standard(2).unwrap();
    engine
        .request_move(&setup, &[], &Clocks::per_move(Duration::from_secs(5)))
        .unwrap();
    engine.quit().unwrap();
    assert!(
        all_gone(&mark, Duration::from_secs(2)),
        "{:?}",
        marked(&mark)
    );
}

#[test]
fn a_helper_ends_when_the_engine_is_dropped() {
    let mark = marker("drop");
    let engine = spawn("fork", &mark);
    wait_for_helper(&mark);
    drop(engine);
    assert!(
        all_gone(&mark, Duration::from_secs(2)),
        "{:?}",
        marked(&mark)
    );
}

#[test]
fn an_engine_exiting_with_status_1_while_a_helper_holds_its_output_crashed() {
    let mark = marker("exit1");
    let mut engine = spawn("exit1", &mark);
    wait_for_helper(&mark);
    let setup = GameSetup::standard(2).unwrap();
    let started = Instant::now();
    let answer = engine.request_move(&setup, &[], &Clocks::per_move(Duration::from_secs(20)));
    match answer {
        Err(EngineFailure::Crashed { status, .. }) => assert_eq!(status, "exit code 1"),
        other => panic!("{other:?}"),
    }
    // Seen from the exit, not from the 20 s limit.
    assert!(started.elapsed() < Duration::from_secs(3));
    drop(engine);
    assert!(
        all_gone(&mark, Duration::from_secs(2)),
        "{:?}",
        marked(&mark)
    );
}

#[test]
fn a_kill_switch_ends_a_thinking_engine_from_another_thread() {
    let mark = marker("switch");
    let spec = EngineSpec::new(ENGINE, ["hang", &mark]);
    let mut engine = EngineProcess::spawn(&spec).unwrap();
    let switch = engine.kill_switch().expect("a process has a kill switch");
    let killer = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(200));
        switch.kill();
    });
    let started = Instant::now();
    let setup = GameSetup::standard(2).unwrap();
    let answer = engine.request_move(&setup, &[], &Clocks::per_move(Duration::from_secs(20)));
    assert!(
        matches!(&answer, Err(EngineFailure::Crashed { status, .. }) if status == "killed by signal 9"),
        "{answer:?}"
    );
    assert!(started.elapsed() < Duration::from_secs(3));
    killer.join().unwrap();
    assert!(all_gone(&mark, Duration::from_secs(2)));
}

#[test]
fn engines_lead_their_own_process_group() {
    let mark = marker("group");
    let engine = spawn("good", &mark);
    let pid = engine.pid().unwrap();
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap();
    // Fields after the command name: state, ppid, pgrp.
    let fields: Vec<&str> = stat.rsplit(") ").next().unwrap().split(' ').collect();
    assert_eq!(fields[2], pid.to_string(), "{stat}");
    drop(engine);
    assert!(all_gone(&mark, Duration::from_secs(2)));
}

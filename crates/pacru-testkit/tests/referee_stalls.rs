//! An engine does not lose on time because the referee's own process was kept
//! from running: the time the referee was stopped is allowed on top of the
//! move's limit. The test stops its own process (the referee) with SIGSTOP for
//! 2 s while an engine process thinks: the engine answers 2.5 s after the
//! request, beyond the 0.8 s the move may take, but within those 0.8 s plus the
//! 2 s the referee could not run.
//!
//! In a test binary of its own: stopping the process would delay the other tests
//! of the binary too.

#![cfg(unix)]

use pacru_protocol::{Clocks, GameSetup};
use pacru_runner::{EngineProcess, EngineSpec};
use std::io::Write;
use std::process::{Command, Stdio};
use std::time::Duration;

const ENGINE: &str = env!("CARGO_BIN_EXE_pacru-test-engine");

#[test]
fn a_stall_of_the_referee_is_not_charged_against_the_engine() {
    // Thinks 2.5 s a move; 400 ms limit plus a 400 ms margin.
    let spec = EngineSpec {
        handshake_timeout: Duration::from_secs(10),
        margin: Duration::from_millis(400),
        quit_timeout: Duration::from_secs(2),
        ..EngineSpec::new(ENGINE, ["good:2500"])
    };
    let mut engine = EngineProcess::spawn(&spec).expect("the test engine handshakes");
    // The stopper waits for a line, then stops this process for 2 s.
    let mut stopper = Command::new("sh")
        .args([
            "-c",
            "read go; kill -STOP $1; sleep 2; kill -CONT $1",
            "sh",
            &std::process::id().to_string(),
        ])
        .stdin(Stdio::piped())
        .spawn()
        .expect("sh");
    let mut trigger = stopper.stdin.take().unwrap();
    let started = std::thread::spawn(move || {
        // Shortly after the request is written, well before its deadline.
        std::thread::sleep(Duration::from_millis(100));
        trigger.write_all(b"go\n").unwrap();
        trigger.flush().unwrap();
    });
    let answer = engine.request_move(
        &GameSetup::standard(2).unwrap(),
        &[],
        &Clocks::per_move(Duration::from_millis(400)),
    );
    started.join().unwrap();
    assert!(stopper.wait().unwrap().success());
    let (_, elapsed) = answer.expect("the referee's stall must not make the engine forfeit");
    // The time charged is the time from request to answer, stall included.
    assert!(elapsed >= Duration::from_millis(2500), "{elapsed:?}");
    engine.quit().unwrap();
}

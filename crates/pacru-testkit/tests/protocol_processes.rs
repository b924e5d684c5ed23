//! The engine client against real child processes: the built-in engines and a
//! deliberately broken engine in each of its modes.

use pacru_core::Move;
use pacru_protocol::{Clocks, GameSetup};
use pacru_runner::{EngineFailure, EngineProcess, EngineSpec};
use std::time::{Duration, Instant};

const ENGINE: &str = env!("CARGO_BIN_EXE_pacru-test-engine");

fn spec(program: &str, args: &[&str]) -> EngineSpec {
    EngineSpec {
        handshake_timeout: Duration::from_secs(5),
        margin: Duration::from_millis(100),
        quit_timeout: Duration::from_secs(1),
        ..EngineSpec::new(program, args.iter().copied())
    }
}

fn broken(mode: &str) -> EngineProcess {
    EngineProcess::spawn(&spec(ENGINE, &[mode])).expect("the broken engine handshakes correctly")
}

fn first_move(
    engine: &mut EngineProcess,
    clocks: &Clocks,
) -> Result<(Move, Duration), EngineFailure> {
    engine.request_move(&GameSetup::standard(2).unwrap(), &[], clocks)
}

/// Whether a process exists (on Linux; elsewhere the check is skipped).
fn alive(pid: u32) -> bool {
    cfg!(target_os = "linux") && std::path::Path::new(&format!("/proc/{pid}")).exists()
}

#[test]
fn builtin_engines_play_a_whole_game_as_processes() {
    let mut random = EngineProcess::spawn(&spec(ENGINE, &["random", "11"])).unwrap();
    let mut greedy = EngineProcess::spawn(&spec(ENGINE, &["greedy", "12", "--threaded"])).unwrap();
    assert_eq!(random.engine_id().name, "pacru random");
    assert_eq!(greedy.engine_id().name, "pacru greedy");
    assert_eq!(random.options()[0].name, "Seed");
    assert_eq!(random.options()[1].name, "Choice");
    random.set_option("Choice", "skeleton").unwrap();
    let setup = GameSetup::standard(2).unwrap();
    let mut history = Vec::new();
    let mut clocks = Clocks::sudden_death(2, Duration::from_secs(20), Duration::from_millis(10));
    let mut position = setup.start_position().unwrap();
    while !position.is_finished() && history.len() < 300 {
        let slot = position.players().slot_of(position.to_move()).unwrap();
        let engine = if slot == 0 { &mut random } else { &mut greedy };
        let (mv, took) = engine.request_move(&setup, &history, &clocks).unwrap();
        clocks.remaining[slot] = clocks.remaining[slot].saturating_sub(took) + clocks.increment;
        position = position.play(&mv).unwrap();
        history.push(mv);
    }
    assert!(
        position.is_finished(),
        "game unfinished after {} plies",
        history.len()
    );
    random.quit().unwrap();
    greedy.quit().unwrap();
}

#[test]
fn crash_mid_game_is_a_crash_with_stderr() {
    let mut engine = broken("crash:2");
    let clocks = Clocks::per_move(Duration::from_secs(5));
    first_move(&mut engine, &clocks).unwrap();
    let started = Instant::now();
    match first_move(&mut engine, &clocks) {
        Err(EngineFailure::Crashed { status, stderr }) => {
            assert_eq!(status, "exit code 3");
            assert!(stderr.contains("crashing on purpose"), "{stderr}");
        }
        other => panic!("{other:?}"),
    }
    assert!(started.elapsed() < Duration::from_secs(2));
    // Every later request reports the same failure without touching the process.
    assert!(matches!(
        first_move(&mut engine, &clocks),
        Err(EngineFailure::Crashed { .. })
    ));
}

#[test]
fn abort_is_a_crash_by_signal() {
    let mut engine = broken("abort");
    match first_move(&mut engine, &Clocks::per_move(Duration::from_secs(5))) {
        Err(EngineFailure::Crashed { status, .. }) => {
            assert!(status.contains("signal"), "{status}")
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn normal_exit_without_answer_is_a_disconnect() {
    let mut engine = broken("exit0");
    assert_eq!(
        first_move(&mut engine, &Clocks::per_move(Duration::from_secs(5))),
        Err(EngineFailure::Disconnected)
    );
}

#[test]
fn an_engine_that_closes_its_input_is_a_disconnect_at_once() {
    // It answers the first request, closes its input and hangs: the second request
    // cannot be written, which ends the engine at once, not after its 5 s.
    let mut engine = broken("closein:1");
    let pid = engine.pid().unwrap();
    let clocks = Clocks::per_move(Duration::from_secs(5));
    first_move(&mut engine, &clocks).unwrap();
    let started = Instant::now();
    let failure = first_move(&mut engine, &clocks).unwrap_err();
    assert!(started.elapsed() < Duration::from_secs(2), "{failure}");
    assert!(
        failure
            .to_string()
            .starts_with("engine closed its input (write failed: Broken pipe"),
        "{failure}"
    );
    assert!(!alive(pid), "the engine is killed");
}

#[test]
fn hang_times_out_promptly_and_the_engine_is_killed() {
    let mut engine = broken("hang");
    let pid = engine.pid().unwrap();
    let started = Instant::now();
    match first_move(&mut engine, &Clocks::per_move(Duration::from_millis(200))) {
        Err(EngineFailure::TimedOut { limit_ms, .. }) => assert_eq!(limit_ms, 300),
        other => panic!("{other:?}"),
    }
    let took = started.elapsed();
    assert!(
        took >= Duration::from_millis(300) && took < Duration::from_millis(900),
        "{took:?}"
    );
    assert!(!alive(pid), "the hung engine was not killed and reaped");
}

#[test]
fn the_clock_is_the_limit_when_it_is_smaller() {
    let mut engine = broken("hang");
    let clocks = Clocks {
        remaining: vec![Duration::from_millis(150), Duration::from_secs(60)],
        increment: Duration::ZERO,
        move_time: Some(Duration::from_secs(30)),
    };
    let started = Instant::now();
    assert!(matches!(
        first_move(&mut engine, &clocks),
        Err(EngineFailure::TimedOut { .. })
    ));
    assert!(started.elapsed() < Duration::from_millis(800));
}

#[test]
fn untimed_requests_use_the_spec_limit() {
    let mut engine = EngineProcess::spawn(&EngineSpec {
        untimed_limit: Some(Duration::from_millis(200)),
        ..spec(ENGINE, &["hang"])
    })
    .unwrap();
    assert!(matches!(
        first_move(&mut engine, &Clocks::untimed()),
        Err(EngineFailure::TimedOut { .. })
    ));
}

#[test]
fn slow_answer_is_a_timeout() {
    let mut engine = broken("slow");
    assert!(matches!(
        first_move(&mut engine, &Clocks::per_move(Duration::from_millis(150))),
        Err(EngineFailure::TimedOut { .. })
    ));
}

#[test]
fn garbage_and_binary_output_are_garbage() {
    let mut engine = broken("garbage");
    match first_move(&mut engine, &Clocks::per_move(Duration::from_secs(5))) {
        Err(EngineFailure::Garbage { line, .. }) => {
            assert_eq!(line, "I think e1-e2 is a fine move")
        }
        other => panic!("{other:?}"),
    }
    let mut engine = broken("binary");
    match first_move(&mut engine, &Clocks::per_move(Duration::from_secs(5))) {
        Err(EngineFailure::Garbage { reason, .. }) => assert_eq!(reason, "not UTF-8"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn illegal_moves_are_named_and_the_engine_lives_on() {
    let mut engine = broken("illegal");
    let clocks = Clocks::per_move(Duration::from_secs(5));
    match first_move(&mut engine, &clocks) {
        Err(failure @ EngineFailure::IllegalMove { .. }) => {
            let EngineFailure::IllegalMove { reason, .. } = &failure else {
                unreachable!()
            };
            assert!(
                reason.starts_with('R'),
                "the reason names the rule: {reason}"
            );
            assert_eq!(failure.termination(), Some("illegal"));
            assert!(!failure.is_fatal());
        }
        other => panic!("{other:?}"),
    }
    engine.ping(Duration::from_secs(2)).unwrap();
    let mut engine = broken("notamove");
    match first_move(&mut engine, &clocks) {
        Err(EngineFailure::IllegalMove { text, reason }) => {
            assert_eq!(text, "z9-q0(");
            assert!(reason.starts_with("not a move"), "{reason}");
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_failure_reply_is_a_refusal() {
    let mut engine = broken("refuse");
    assert_eq!(
        first_move(&mut engine, &Clocks::per_move(Duration::from_secs(5))),
        Err(EngineFailure::Refused {
            reason: "I refuse on purpose".into()
        })
    );
    engine.quit().unwrap();
}

#[test]
fn flooding_is_stopped_at_the_cap() {
    let mut engine = EngineProcess::spawn(&EngineSpec {
        max_output_bytes: 1 << 20,
        ..spec(ENGINE, &["flood"])
    })
    .unwrap();
    let pid = engine.pid().unwrap();
    let started = Instant::now();
    assert_eq!(
        first_move(&mut engine, &Clocks::per_move(Duration::from_secs(20))),
        Err(EngineFailure::Flooded { limit: 1 << 20 })
    );
    assert!(started.elapsed() < Duration::from_secs(5));
    assert!(!alive(pid));
}

#[test]
fn overlong_lines_are_garbage() {
    let mut engine = broken("longline");
    match first_move(&mut engine, &Clocks::per_move(Duration::from_secs(20))) {
        Err(EngineFailure::Garbage { reason, line }) => {
            assert!(reason.contains("longer than 65536"), "{reason}");
            assert!(line.len() < 300);
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_line_that_never_ends_is_garbage_once_past_the_line_limit() {
    // Not a flood after the session's 64 MiB: garbage after the line's 64 KiB.
    let mut engine = broken("endless");
    match first_move(&mut engine, &Clocks::per_move(Duration::from_secs(20))) {
        Err(EngineFailure::Garbage { reason, line }) => {
            assert_eq!(reason, "line longer than 65536 bytes");
            assert!(line.starts_with("info 2 text=xxx"), "{line}");
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn an_empty_name_in_the_handshake_is_a_protocol_error() {
    match EngineProcess::spawn(&spec(ENGINE, &["noname"])) {
        Err(EngineFailure::ProtocolError { message }) => {
            assert_eq!(message, "the reply to hello gives an empty name");
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn an_option_about_a_move_request_is_a_protocol_error() {
    let mut engine = broken("optiongo:2");
    let clocks = Clocks::per_move(Duration::from_secs(5));
    first_move(&mut engine, &clocks).unwrap();
    match first_move(&mut engine, &clocks) {
        Err(EngineFailure::ProtocolError { message }) => {
            assert!(
                message.starts_with("option message about request `3`"),
                "{message}"
            );
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_reply_to_a_request_never_sent_is_a_protocol_error() {
    let mut engine = broken("wrongid");
    assert!(matches!(
        first_move(&mut engine, &Clocks::per_move(Duration::from_secs(5))),
        Err(EngineFailure::ProtocolError { .. })
    ));
}

#[test]
fn answers_out_of_order_are_a_protocol_error() {
    let mut engine = broken("reorder");
    let go = engine
        .send(pacru_protocol::RequestBody::Go(pacru_protocol::Go {
            setup: GameSetup::standard(2).unwrap(),
            moves: vec![],
            clocks: Clocks::untimed(),
        }))
        .unwrap();
    engine.send(pacru_protocol::RequestBody::Ping).unwrap();
    let deadline = Some(Instant::now() + Duration::from_secs(5));
    match engine.await_final(&go, deadline, "go") {
        Err(EngineFailure::ProtocolError { message }) => {
            assert!(message.contains("before request"), "{message}")
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn an_engine_that_does_not_exit_after_quit_is_killed() {
    let engine = broken("noquit");
    let pid = engine.pid().unwrap();
    let started = Instant::now();
    assert!(matches!(engine.quit(), Err(EngineFailure::TimedOut { .. })));
    assert!(started.elapsed() < Duration::from_secs(3));
    assert!(!alive(pid));
}

#[test]
fn silence_fails_the_handshake() {
    let started = Instant::now();
    let result = EngineProcess::spawn(&EngineSpec {
        handshake_timeout: Duration::from_millis(300),
        ..spec(ENGINE, &["silent"])
    });
    assert!(
        matches!(result, Err(EngineFailure::TimedOut { .. })),
        "{result:?}"
    );
    assert!(started.elapsed() < Duration::from_secs(2));
}

#[test]
fn a_missing_program_cannot_be_spawned() {
    let result = EngineProcess::spawn(&spec("/nonexistent/pacru-engine", &[]));
    assert!(
        matches!(result, Err(EngineFailure::SpawnFailed { .. })),
        "{result:?}"
    );
}

#[test]
fn invalid_requests_are_the_referees_fault_and_are_not_sent() {
    let mut engine = broken("good");
    let setup = GameSetup::standard(2).unwrap();
    let bad: Move = "e1-e9".parse().unwrap();
    assert!(matches!(
        engine.request_move(&setup, &[bad], &Clocks::untimed()),
        Err(EngineFailure::InvalidRequest { .. })
    ));
    let three_clocks = Clocks::sudden_death(3, Duration::from_secs(1), Duration::ZERO);
    assert!(matches!(
        engine.request_move(&setup, &[], &three_clocks),
        Err(EngineFailure::InvalidRequest { .. })
    ));
    // The engine is unharmed.
    first_move(&mut engine, &Clocks::untimed()).unwrap();
    engine.quit().unwrap();
}

#[test]
fn options_from_the_spec_are_set_and_checked() {
    let ok = EngineProcess::spawn(&EngineSpec {
        options: vec![("Seed".into(), "42".into())],
        ..spec(ENGINE, &["greedy"])
    });
    assert!(ok.is_ok());
    let bad = EngineProcess::spawn(&EngineSpec {
        options: vec![("Seed".into(), "-3".into())],
        ..spec(ENGINE, &["greedy"])
    });
    match bad {
        Err(EngineFailure::ProtocolError { message }) => {
            assert!(message.contains("Seed"), "{message}")
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn json_framing_with_a_process() {
    let mut engine = EngineProcess::spawn(&EngineSpec {
        framing: pacru_protocol::Framing::Json,
        ..spec(ENGINE, &["random", "5"])
    })
    .unwrap();
    let setup = GameSetup::standard(4).unwrap();
    let (mv, _) = engine
        .request_move(&setup, &[], &Clocks::untimed())
        .unwrap();
    setup.start_position().unwrap().play(&mv).unwrap();
    engine.quit().unwrap();
}

#[test]
fn the_client_can_move_between_threads_and_its_spec_is_configurable() {
    fn assert_send<T: Send>() {}
    assert_send::<EngineProcess>();
    assert_send::<EngineFailure>();
    let spec: EngineSpec = serde_json::from_str(
        r#"{"program":"my-engine","args":["--fast"],"margin_ms":250,"untimed_limit_ms":60000,"framing":"json"}"#,
    )
    .unwrap();
    assert_eq!(spec.margin, Duration::from_millis(250));
    assert_eq!(spec.untimed_limit, Some(Duration::from_secs(60)));
    assert_eq!(spec.framing, pacru_protocol::Framing::Json);
    assert_eq!(spec.quit_timeout, EngineSpec::default().quit_timeout);
    let json = serde_json::to_value(&spec).unwrap();
    assert_eq!(json["margin_ms"], 250);
    let failure = serde_json::to_value(EngineFailure::TimedOut {
        limit_ms: 300,
        waiting_for: "the move request".into(),
    })
    .unwrap();
    assert_eq!(failure["failure"], "timed_out");
}

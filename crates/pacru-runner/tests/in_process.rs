//! The built-in engines and the engine SDK's run loops, driven through the real
//! client over pipes, inside this process.

use pacru_core::{Move, Position};
use pacru_protocol::engines::{run_greedy, run_random};
use pacru_protocol::{
    Clock, Clocks, Engine, EngineMessage, EngineRunOptions, Framing, GameSetup, Go, Info,
    OptionSpec, OptionValue, Reply, RequestBody, StopFlag, run_engine, run_engine_with,
};
use pacru_runner::{EngineFailure, EngineProcess, EngineSpec, Exit};
use std::io::BufReader;
use std::time::{Duration, Instant};

fn spec(label: &str) -> EngineSpec {
    EngineSpec {
        handshake_timeout: Duration::from_secs(5),
        quit_timeout: Duration::from_secs(2),
        ..EngineSpec::new(label, Vec::<String>::new())
    }
}

fn random(seed: u64) -> EngineProcess {
    EngineProcess::in_process(&spec("random"), move |input, output| {
        let _ = run_random(seed, BufReader::new(input), output);
    })
    .unwrap()
}

fn greedy(seed: u64) -> EngineProcess {
    EngineProcess::in_process(&spec("greedy"), move |input, output| {
        let _ = run_greedy(seed, BufReader::new(input), output);
    })
    .unwrap()
}

/// Plays a game between `engines` (in order of play) to the end or `max` plies.
fn play(setup: &GameSetup, engines: &mut [EngineProcess], max: usize) -> (Vec<Move>, Position) {
    let mut history = Vec::new();
    let mut position = setup.start_position().unwrap();
    while !position.is_finished() && history.len() < max {
        let slot = position.players().slot_of(position.to_move()).unwrap();
        let (mv, _) = engines[slot]
            .request_move(setup, &history, &Clocks::per_move(Duration::from_secs(10)))
            .unwrap();
        position = position.play(&mv).unwrap();
        history.push(mv);
    }
    (history, position)
}

#[test]
fn builtin_engines_play_three_and_four_player_games() {
    let setup = GameSetup::standard(3).unwrap();
    let mut engines = vec![random(1), greedy(2), random(3)];
    let (history, position) = play(&setup, &mut engines, 600);
    assert!(position.is_finished(), "{} plies", history.len());
    for engine in engines {
        engine.quit().unwrap();
    }
    let mut setup = GameSetup::standard(4).unwrap();
    setup.rules = pacru_core::RulesEdition::Pacru2011;
    let mut engines = vec![greedy(4), greedy(5), random(6), random(7)];
    let (_, position) = play(&setup, &mut engines, 600);
    assert!(position.is_finished());
}

#[test]
fn builtin_engines_are_deterministic() {
    let setup = GameSetup::standard(2).unwrap();
    let a = play(&setup, &mut [random(9), greedy(9)], 400).0;
    let b = play(&setup, &mut [random(9), greedy(9)], 400).0;
    assert_eq!(a, b);
    let c = play(&setup, &mut [random(10), greedy(9)], 400).0;
    assert_ne!(a, c);
}

#[test]
fn greedy_beats_random() {
    let setup = GameSetup::standard(2).unwrap();
    let mut greedy_wins = 0;
    for seed in 0..4 {
        let (_, pos) = play(&setup, &mut [greedy(seed), random(seed)], 500);
        greedy_wins += usize::from(pos.winner() == Some(pacru_core::Colour::Black));
        let (_, pos) = play(&setup, &mut [random(seed), greedy(seed)], 500);
        greedy_wins += usize::from(pos.winner() == Some(pacru_core::Colour::Red));
    }
    assert!(greedy_wins >= 7, "greedy won {greedy_wins} of 8");
}

/// An engine that thinks until told to stop, then plays its first legal move.
struct Thinker {
    thought: Vec<Duration>,
}

impl Engine for Thinker {
    fn name(&self) -> String {
        "thinker".into()
    }
    fn options(&self) -> Vec<OptionSpec> {
        vec![
            OptionSpec::check("Verbose", false),
            OptionSpec::combo("Style", "calm", &["calm", "wild"]),
            OptionSpec::string("Book", ""),
        ]
    }
    fn set_option(&mut self, name: &str, value: &OptionValue) -> Result<(), String> {
        match (name, value) {
            ("Style", OptionValue::Combo(v)) if v == "wild" => Err("wild is not ready yet".into()),
            _ => Ok(()),
        }
    }
    fn choose_move(
        &mut self,
        position: &Position,
        history: &[Move],
        clock: &Clock,
        stop: &StopFlag,
    ) -> Move {
        self.search(position, history, clock, stop, &mut |_| {})
    }
    fn search(
        &mut self,
        position: &Position,
        _: &[Move],
        clock: &Clock,
        stop: &StopFlag,
        report: &mut dyn FnMut(Info),
    ) -> Move {
        let started = Instant::now();
        let mut depth = 0;
        while !stop.should_stop() && started.elapsed() < Duration::from_secs(20) {
            std::thread::sleep(Duration::from_millis(2));
            depth += 1;
            if depth <= 3 {
                report(Info {
                    depth: Some(depth),
                    nodes: Some(u64::from(depth) * 100),
                    text: Some("thinking \"hard\"".into()),
                    ..Info::default()
                });
            }
        }
        self.thought.push(started.elapsed());
        let _ = clock.budget();
        position.legal_moves().next().unwrap()
    }
}

fn thinker() -> EngineProcess {
    EngineProcess::in_process(&spec("thinker"), |input, output| {
        let _ = run_engine(
            Thinker {
                thought: Vec::new(),
            },
            BufReader::new(input),
            output,
        );
    })
    .unwrap()
}

#[test]
fn sdk_stop_interrupts_a_search() {
    let mut engine = thinker();
    let setup = GameSetup::standard(2).unwrap();
    let go = engine
        .send(RequestBody::Go(Go {
            setup,
            moves: vec![],
            clocks: Clocks::untimed(),
        }))
        .unwrap();
    std::thread::sleep(Duration::from_millis(100));
    let ping = engine.send(RequestBody::Ping).unwrap();
    let stop = engine.send(RequestBody::Stop).unwrap();
    let sent = Instant::now();
    let deadline = Some(sent + Duration::from_secs(2));
    let (reply, _) = engine.await_final(&go, deadline, "go").unwrap();
    assert!(
        matches!(
            reply,
            EngineMessage::Ok {
                reply: Reply::Move(_),
                ..
            }
        ),
        "{reply:?}"
    );
    assert!(sent.elapsed() < Duration::from_millis(1500));
    // Requests are answered in order: the ping sent during the search, then the stop.
    assert!(engine.await_final(&ping, deadline, "ping").is_ok());
    assert!(engine.await_final(&stop, deadline, "stop").is_ok());
    engine.quit().unwrap();
}

#[test]
fn sdk_deadline_comes_from_the_clocks() {
    let mut engine = thinker();
    let setup = GameSetup::standard(2).unwrap();
    let started = Instant::now();
    let (_, took) = engine
        .request_move(&setup, &[], &Clocks::per_move(Duration::from_millis(300)))
        .unwrap();
    assert!(took >= Duration::from_millis(200), "{took:?}");
    assert!(started.elapsed() < Duration::from_millis(1000));
    let info = engine.last_info().expect("the search reported progress");
    assert_eq!(info.depth, Some(3));
    assert_eq!(info.text.as_deref(), Some("thinking \"hard\""));
    let clocks = Clocks {
        remaining: vec![Duration::from_millis(120), Duration::from_secs(100)],
        ..Clocks::default()
    };
    let (_, took) = engine.request_move(&setup, &[], &clocks).unwrap();
    assert!(took < Duration::from_millis(600), "{took:?}");
}

#[test]
fn sdk_checks_option_values_before_the_engine_sees_them() {
    let mut engine = thinker();
    assert_eq!(engine.options().len(), 3);
    engine.set_option("Verbose", "true").unwrap();
    engine.set_option("verbose", "false").unwrap();
    engine.set_option("Book", "some book.txt").unwrap();
    engine.set_option("Style", "calm").unwrap();
    for (name, value) in [
        ("Verbose", "yes"),
        ("Style", "mild"),
        ("Style", "wild"),
        ("Depth", "3"),
    ] {
        assert!(
            matches!(
                engine.set_option(name, value),
                Err(EngineFailure::ProtocolError { .. })
            ),
            "{name}={value}"
        );
    }
}

/// An engine that breaks the rules of the trait.
struct Cheater;

impl Engine for Cheater {
    fn name(&self) -> String {
        "cheater".into()
    }
    fn choose_move(
        &mut self,
        position: &Position,
        history: &[Move],
        _: &Clock,
        _: &StopFlag,
    ) -> Move {
        if history.is_empty() {
            "e1-e9".parse::<pacru_core::Move>().unwrap()
        } else if history.len() == 1 {
            panic!("deliberate panic in choose_move");
        } else {
            position.legal_moves().next().unwrap()
        }
    }
}

#[test]
fn sdk_turns_engine_bugs_into_failure_replies() {
    let mut engine = EngineProcess::in_process(&spec("cheater"), |input, output| {
        let _ = run_engine(Cheater, BufReader::new(input), output);
    })
    .unwrap();
    let setup = GameSetup::standard(2).unwrap();
    match engine.request_move(&setup, &[], &Clocks::untimed()) {
        Err(EngineFailure::Refused { reason }) => {
            assert!(reason.contains("illegal move e1-e9"), "{reason}")
        }
        other => panic!("{other:?}"),
    }
    let first = setup
        .start_position()
        .unwrap()
        .legal_moves()
        .next()
        .unwrap();
    match engine.request_move(&setup, std::slice::from_ref(&first), &Clocks::untimed()) {
        Err(EngineFailure::Refused { reason }) => assert!(reason.contains("panicked"), "{reason}"),
        other => panic!("{other:?}"),
    }
    let second = setup
        .replay(std::slice::from_ref(&first))
        .unwrap()
        .legal_moves()
        .next()
        .unwrap();
    engine
        .request_move(&setup, &[first.clone(), second], &Clocks::untimed())
        .unwrap();
    engine.quit().unwrap();
}

#[test]
fn sdk_answers_raw_edge_cases() {
    let mut engine = random(3);
    let cases: &[(&str, &str, bool)] = &[
        ("frob 1", "1", true),
        ("go 2 players=KR moves=\"e1-e2 ??\"", "2", true),
        ("go", "-", true),
        ("go 3 players=KRYGB", "3", true),
        ("hello 4 protocol=\"7 8\"", "4", true),
        ("hello 5 protocol=\"7 1\"", "5", false),
        ("ping 6", "6", false),
        ("setoption 7 name=Seed value=99", "7", false),
        ("setoption 8 name=Seed value=lots", "8", true),
        (
            "go 9 players=KR rules=2011 seats=NS time=\"5000 5000\" inc=100",
            "9",
            false,
        ),
        (
            "go 10 players=KR position=\"9/9/9/9/9/9/9/9/9 Ke1N,Re9S K KR\"",
            "10",
            false,
        ),
        (
            "go 11 players=KY position=\"9/9/9/9/9/9/9/9/9 Ke1N,Re9S K KR\"",
            "11",
            true,
        ),
        // Huge clocks must not overflow any deadline arithmetic.
        (
            "go 12 players=KR time=\"9223372036854775807 1\" inc=9223372036854775807 movetime=9223372036854775807",
            "12",
            false,
        ),
        ("go 13 players=KR time=\"1 -5\"", "13", true),
        (
            "go 14 players=KR movetime=99999999999999999999999",
            "14",
            true,
        ),
    ];
    for &(line, id, failure) in cases {
        engine.send_raw(line).unwrap();
        let (reply, _) = engine
            .await_final(id, Some(Instant::now() + Duration::from_secs(2)), line)
            .unwrap();
        assert_eq!(
            matches!(reply, EngineMessage::Error { .. }),
            failure,
            "{line}: {reply:?}"
        );
    }
}

#[test]
fn sdk_json_framing_can_be_forced() {
    let mut engine = EngineProcess::in_process(
        &EngineSpec {
            framing: Framing::Json,
            ..spec("json")
        },
        |input, output| {
            let options = EngineRunOptions {
                framing: Some(Framing::Json),
            };
            let _ = run_engine_with(
                Thinker { thought: vec![] },
                BufReader::new(input),
                output,
                &options,
            );
        },
    )
    .unwrap();
    let setup = GameSetup::standard(2).unwrap();
    engine
        .request_move(&setup, &[], &Clocks::per_move(Duration::from_millis(50)))
        .unwrap();
    // A text line in a JSON session is malformed, and says so in JSON.
    engine.send_raw("ping 5").unwrap();
    let (reply, _) = engine
        .await_final("-", Some(Instant::now() + Duration::from_secs(2)), "reply")
        .unwrap();
    match reply {
        EngineMessage::Error { reason, .. } => assert!(reason.contains("bad JSON"), "{reason}"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn quit_without_an_id_ends_the_engine_without_a_reply() {
    for line in ["quit", "  quit  "] {
        let mut engine = random(5);
        engine.send_raw(line).unwrap();
        let exit = engine.wait_exit_until(Instant::now() + Duration::from_secs(2));
        assert!(matches!(exit, Some(Exit::Success)), "{line:?}: {exit:?}");
    }
}

#[test]
fn quit_without_an_id_reads_in_both_framings() {
    for (framing, line) in [
        (Framing::Text, "quit"),
        (Framing::Json, r#"{"type":"quit"}"#),
    ] {
        let request = pacru_protocol::Request::decode(framing, line).unwrap();
        assert_eq!(request.body, RequestBody::Quit, "{line}");
    }
    for (framing, line) in [
        (Framing::Text, "stop"),
        (Framing::Json, r#"{"type":"stop"}"#),
    ] {
        assert!(
            pacru_protocol::Request::decode(framing, line).is_err(),
            "{line}"
        );
    }
}

#[test]
fn other_requests_still_need_an_id() {
    let mut engine = random(6);
    engine.send_raw("ping").unwrap();
    let (reply, _) = engine
        .await_final("-", Some(Instant::now() + Duration::from_secs(2)), "ping")
        .unwrap();
    assert!(matches!(reply, EngineMessage::Error { .. }), "{reply:?}");
    engine.quit().unwrap();
}

/// A failure reply without a reason (`? ID` alone) is said as such, not as a
/// reason left empty.
#[test]
fn a_refusal_without_a_reason_says_none_was_given() {
    use std::io::{BufRead, Write};
    let mut engine = EngineProcess::in_process(&spec("mute"), |input, mut output| {
        for line in BufReader::new(input).lines().map_while(Result::ok) {
            let mut words = line.split(' ');
            let (tag, id) = (words.next().unwrap_or(""), words.next().unwrap_or("-"));
            let reply = match tag {
                "hello" => format!("= {id} protocol=1 name=mute"),
                "go" => format!("? {id}"),
                "quit" => break,
                _ => format!("= {id}"),
            };
            if writeln!(output, "{reply}")
                .and_then(|()| output.flush())
                .is_err()
            {
                break;
            }
        }
    })
    .unwrap();
    let setup = GameSetup::standard(2).unwrap();
    let refused = engine.request_move(&setup, &[], &Clocks::untimed());
    match &refused {
        Err(EngineFailure::Refused { reason }) => assert_eq!(reason, "(no reason given)"),
        other => panic!("{other:?}"),
    }
    assert_eq!(
        refused.unwrap_err().to_string(),
        "engine refused to move: (no reason given)"
    );
}

//! The compliance checker against real engine processes: the built-in engines pass
//! everything; broken engines fail exactly where they are broken.

use pacru_runner::check::{CheckOptions, ComplianceReport, Outcome, check_engine};
use std::time::{Duration, Instant};

const ENGINE: &str = env!("CARGO_BIN_EXE_pacru-test-engine");

fn quick() -> CheckOptions {
    CheckOptions {
        move_time: Duration::from_millis(1500),
        reply_timeout: Duration::from_millis(300),
        handshake_timeout: Duration::from_secs(3),
        pressure_time: Duration::from_millis(200),
        margin: Duration::from_millis(100),
        json: true,
        framing: pacru_protocol::Framing::Text,
    }
}

fn check(program: &str, args: &[&str]) -> ComplianceReport {
    let args: Vec<String> = args.iter().map(|s| (*s).to_owned()).collect();
    check_engine(program, &args, quick())
}

fn failed(report: &ComplianceReport) -> Vec<&'static str> {
    report.failures().map(|c| c.name).collect()
}

#[test]
fn builtin_engines_pass_every_check() {
    for args in [
        &["random", "1"][..],
        &["greedy", "2"],
        &["greedy", "3", "--threaded"],
    ] {
        let report = check(ENGINE, args);
        assert!(report.passed(), "{report}");
        assert_eq!(report.engine.as_ref().unwrap().protocol, 1);
        let text = report.to_string();
        assert!(text.ends_with("checks passed"), "{text}");
        let json = serde_json::to_value(&report).unwrap();
        assert_eq!(json["checks"][0]["name"], "handshake");
        assert_eq!(json["checks"][0]["outcome"], "pass");
    }
}

#[test]
fn an_engine_blind_to_the_rules_edition_fails_the_history_check() {
    // It replays a 2011 game's history under the 2004 rules, so it accepts a
    // pincer that names a meeting field, which the 2011 rules forbid here.
    let report = check(ENGINE, &["blind"]);
    let check = report.check("rules-in-history").unwrap();
    assert_eq!(check.outcome, Outcome::Fail, "{report}");
    assert!(
        check.detail.contains("2011 rules, history e4xe5(a1)"),
        "{}",
        check.detail
    );
}

#[test]
fn an_engine_that_cannot_read_a_resign_in_the_history_fails_the_three_player_check() {
    // A server's 3-4 player game goes on after a resignation, and `pacru bot`
    // sends its history, `resign` and all: an engine that refuses it would
    // resign every such game, so the checker asks for one.
    let report = check(ENGINE, &["noresign"]);
    assert_eq!(
        report.outcome("three-players"),
        Some(Outcome::Fail),
        "{report}"
    );
    // Every other move it is asked for, it plays.
    for name in ["first-move", "four-players-seats", "long-history", "json"] {
        assert_eq!(
            report.outcome(name),
            Some(Outcome::Pass),
            "{name}:\n{report}"
        );
    }
    let check = report.check("three-players").unwrap();
    assert!(
        check.detail.contains("a `resign` at ply 7"),
        "{}",
        check.detail
    );
}

#[test]
fn an_engine_whose_lines_the_referee_refuses_fails_its_move_checks() {
    // An `info` of 100 KiB before each move: `pacru match` and `pacru bot`
    // read lines of at most 64 KiB and forfeit such an engine at its first
    // move, so the checker, which reads as they do, must not pass it.
    let report = check(ENGINE, &["longinfo"]);
    let first = report.check("first-move").unwrap();
    assert_eq!(first.outcome, Outcome::Fail, "{report}");
    assert!(
        first.detail.contains("line longer than 65536 bytes"),
        "{}",
        first.detail
    );
    // Checks that ask for no move still pass.
    for name in ["handshake", "ping", "unknown-command", "quit"] {
        assert_eq!(
            report.outcome(name),
            Some(Outcome::Pass),
            "{name}:\n{report}"
        );
    }
}

#[test]
fn a_lenient_engine_is_caught_accepting_what_it_must_refuse() {
    let report = check(ENGINE, &["lenient"]);
    let failed = failed(&report);
    for name in [
        "options",
        "unknown-command",
        "malformed-request",
        "illegal-history",
        "finished-position",
        "finished-history",
        "rules-in-history",
        "json",
    ] {
        assert!(failed.contains(&name), "{name} should fail:\n{report}");
    }
    for name in [
        "handshake",
        "first-move",
        "three-players",
        "long-history",
        "stop",
        "quit",
    ] {
        assert_eq!(
            report.outcome(name),
            Some(Outcome::Pass),
            "{name}:\n{report}"
        );
    }
}

#[test]
fn a_mute_engine_fails_quickly_and_everything_is_still_checked() {
    let started = Instant::now();
    let report = check(ENGINE, &["mute"]);
    assert!(
        started.elapsed() < Duration::from_secs(15),
        "{:?}",
        started.elapsed()
    );
    let failed = failed(&report);
    for name in ["ping", "ids", "unknown-command", "stop", "quit"] {
        assert!(failed.contains(&name), "{name} should fail:\n{report}");
    }
    // It answers moves, and exits at the end of its input.
    assert_eq!(
        report.outcome("first-move"),
        Some(Outcome::Pass),
        "{report}"
    );
    assert_eq!(
        report.outcome("end-of-input"),
        Some(Outcome::Pass),
        "{report}"
    );
    let ping = report.check("ping").unwrap();
    assert!(ping.detail.contains("did not answer"), "{}", ping.detail);
}

#[test]
fn a_crashing_engine_is_restarted_for_each_check() {
    let report = check(ENGINE, &["crash"]);
    let failed = failed(&report);
    assert!(failed.contains(&"first-move"), "{report}");
    assert!(failed.contains(&"rules-2011"), "{report}");
    let first = report.check("first-move").unwrap();
    assert!(first.detail.contains("crashed"), "{}", first.detail);
    // Checks that need no move still pass: the engine was restarted for them.
    assert_eq!(report.outcome("quit"), Some(Outcome::Pass), "{report}");
    assert_eq!(
        report.outcome("unknown-command"),
        Some(Outcome::Pass),
        "{report}"
    );
}

#[test]
fn an_illegal_engine_fails_the_move_checks() {
    let report = check(ENGINE, &["illegal"]);
    let first = report.check("first-move").unwrap();
    assert_eq!(first.outcome, Outcome::Fail);
    assert!(first.detail.contains("illegal"), "{}", first.detail);
}

#[test]
fn a_program_that_does_not_start_skips_everything() {
    let report = check("/nonexistent/engine", &[]);
    assert_eq!(report.outcome("handshake"), Some(Outcome::Fail));
    assert!(
        report.checks[1..]
            .iter()
            .all(|c| c.outcome == Outcome::Skip)
    );
    assert!(report.to_string().contains("could not start"), "{report}");
}

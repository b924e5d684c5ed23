//! `pacru analyse`: records in, annotated records (or JSON lines) out.

use crate::common;

use crate::common::{json_field, pacru, pacru_with_input, root};
use serde_json::Value;

/// Few simulations a position: these tests are about the command, not the
/// judgement.
const QUICK: [&str; 4] = ["--nodes", "60", "--seed", "3"];

fn analyse(extra: &[&str]) -> common::Run {
    let mut args = vec!["analyse"];
    args.extend(QUICK);
    args.extend(extra);
    pacru(&args)
}

/// The statuses `pacru check --format json` gives the record on standard input.
fn statuses(record: &[u8]) -> Vec<String> {
    let run = pacru_with_input(&["check", "--format", "json"], record);
    json_field(&run.stdout, "status")
}

#[test]
fn analyse_annotates_every_game_canonically_with_the_same_verdicts() {
    let run = analyse(&["examples/round1.pgr"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let annotated = run.stdout;
    // Every move of every game carries an analysis comment.
    let original = std::fs::read(root().join("examples/round1.pgr")).unwrap();
    let games = statuses(&original).len();
    assert_eq!(
        annotated.matches("[Annotator \"pacru search ").count(),
        games
    );
    let plies: usize = pacru(&["check", "--format", "json", "examples/round1.pgr"])
        .stdout
        .lines()
        .map(|l| {
            serde_json::from_str::<Value>(l).unwrap()["plies"]
                .as_u64()
                .unwrap() as usize
        })
        .sum();
    assert_eq!(annotated.matches("{[%eval ").count(), plies);
    assert_eq!(annotated.matches("[%after ").count(), games);
    // The referee's verdicts are those of the original record.
    assert_eq!(statuses(annotated.as_bytes()), statuses(&original));
    // The output is canonical: `fmt` leaves it alone, `fmt --check` agrees.
    let formatted = pacru_with_input(&["fmt"], annotated.as_bytes());
    assert_eq!(formatted.code, 0, "{}", formatted.stderr);
    assert_eq!(formatted.stdout, annotated);
    let checked = pacru_with_input(&["fmt", "--check"], annotated.as_bytes());
    assert_eq!(checked.code, 0, "{}", checked.stderr);
    // The same seed and node budget give the same output; analysing the
    // analysed record replaces the analysis with the same one.
    assert_eq!(analyse(&["examples/round1.pgr"]).stdout, annotated);
    let mut args = vec!["analyse"];
    args.extend(QUICK);
    assert_eq!(
        pacru_with_input(&args, annotated.as_bytes()).stdout,
        annotated
    );
}

#[test]
fn analyse_writes_json_lines() {
    let run = analyse(&["--format", "json", "examples/round1.pgr"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let check = pacru(&["check", "--format", "json", "examples/round1.pgr"]);
    assert_eq!(run.stdout.lines().count(), check.stdout.lines().count());
    for (analysed, verdict) in run.stdout.lines().zip(check.stdout.lines()) {
        let a: Value = serde_json::from_str(analysed).unwrap();
        let v: Value = serde_json::from_str(verdict).unwrap();
        assert_eq!(a["file"], "examples/round1.pgr");
        assert_eq!(a["game"], v["game"]);
        assert_eq!(a["line"], v["line"]);
        assert_eq!(a["status"], v["status"]);
        assert_eq!(a["annotator"], "pacru search 0.1.0, 60 nodes a ply, seed 3");
        let plies = a["plies"].as_array().unwrap();
        assert_eq!(plies.len() as u64, v["plies"].as_u64().unwrap());
        let players = a["players"].as_array().unwrap();
        for (i, ply) in plies.iter().enumerate() {
            assert_eq!(ply["ply"], i as u64 + 1);
            assert_eq!(ply["scores"].as_array().unwrap().len(), players.len());
            let loss = ply["loss"].as_f64().unwrap();
            let expected = if loss >= 0.2 {
                "blunder"
            } else if loss >= 0.1 {
                "mistake"
            } else {
                ""
            };
            assert_eq!(ply["mark"].as_str().unwrap_or(""), expected, "{ply}");
            assert_eq!(ply["pv"][0], ply["best"]);
        }
        // Finished games: the winner's score after the last move is 1.
        let winner = players.iter().position(|p| *p == v["winner"]).unwrap();
        assert_eq!(a["after"][winner], 1.0);
    }
}

#[test]
fn analyse_writes_to_a_file() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("analysed.pgr");
    let run = analyse(&["examples/round1.pgr", "-o", out.to_str().unwrap()]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.stdout, "");
    let written = std::fs::read_to_string(&out).unwrap();
    assert_eq!(written, analyse(&["examples/round1.pgr"]).stdout);
}

/// `-o` naming the input itself: the file is read whole before it is
/// replaced, and a game that does not parse is copied into the output as it
/// was read (CRLF and all), so that no game of the file is lost.
#[test]
fn analyse_onto_its_input_keeps_the_games_it_cannot_analyse() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("games.pgr");
    let good = "[Players \"KR\"]\n[Result \"*\"]\n\n1. e1-e2 e9-e8 *\n";
    let bad = "[Players \"KR\"]\r\n[Result \"*\"]\r\n\r\n1. e1-e2 castles *  \r\n";
    std::fs::write(&path, format!("{good}\n{bad}\n{good}")).unwrap();
    let name = path.to_str().unwrap();
    let run = analyse(&[name, "-o", name]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(
        run.stderr.contains("game 2 (line 6) is not analysed")
            && run.stderr.contains("; copied unchanged"),
        "{}",
        run.stderr
    );
    let written = std::fs::read_to_string(&path).unwrap();
    let annotated = pacru_with_input(&[&["analyse"][..], &QUICK].concat(), good.as_bytes());
    assert_eq!(
        written,
        format!("{}\n{bad}\n{}", annotated.stdout, annotated.stdout)
    );
    // Nothing is left beside it.
    let files: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
    assert_eq!(files.len(), 1, "{files:?}");

    // A file that no game of which parses keeps its text too.
    std::fs::write(&path, bad).unwrap();
    let run = analyse(&[name, "-o", name]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert_eq!(std::fs::read_to_string(&path).unwrap(), bad);

    // An output that cannot be made leaves nothing.
    let missing = dir.path().join("no-such-dir/out.pgr");
    let run = analyse(&["examples/round1.pgr", "-o", missing.to_str().unwrap()]);
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(run.stderr.contains("no-such-dir"), "{}", run.stderr);
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
}

/// The output file gets the mode of any new file (the umask's), not the
/// private mode of a temporary file.
#[cfg(unix)]
#[test]
fn analyse_writes_a_file_with_the_ordinary_mode() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("analysed.pgr");
    let plain = dir.path().join("plain");
    std::fs::write(&plain, "").unwrap();
    let run = analyse(&["examples/round1.pgr", "-o", out.to_str().unwrap()]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let mode = |p: &std::path::Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode(&out), mode(&plain));
}

#[test]
fn analyse_reports_games_it_cannot_read_and_analyses_the_others() {
    let run = analyse(&["tests/data/malformed.pgr", "tests/data/illegal.pgr"]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(
        run.stderr.contains(
            "pacru: error: tests/data/malformed.pgr game 1 (line 1) is not analysed: line "
        ),
        "{}",
        run.stderr
    );
    // Illegal games are analysed up to the illegal move and stay illegal.
    let illegal = std::fs::read(root().join("tests/data/illegal.pgr")).unwrap();
    let expected = statuses(&illegal);
    assert!(expected.iter().all(|s| s == "illegal"));
    let analysed_illegal: Vec<_> = statuses(run.stdout.as_bytes())
        .into_iter()
        .rev()
        .take(expected.len())
        .collect();
    assert_eq!(analysed_illegal, expected);
}

#[test]
fn analyse_rejects_two_budgets_and_empty_ones() {
    for args in [
        &["analyse", "--nodes", "10", "--movetime", "10"][..],
        &["analyse", "--nodes", "0"],
        &["analyse", "--movetime", "0"],
    ] {
        let run = pacru(&[args, &["examples/round1.pgr"]].concat());
        assert_eq!(run.code, 2, "{args:?}: {}", run.stderr);
        assert_eq!(run.stdout, "");
    }
    let missing = analyse(&["no-such-file.pgr"]);
    assert_eq!(missing.code, 2, "{}", missing.stderr);
    assert!(missing.stderr.contains("no-such-file.pgr"));
}

#[test]
fn analyse_by_time_names_its_budget() {
    let record = "[Players \"KR\"]\n[Result \"*\"]\n\n1. e1-e2 e9-e8 *\n";
    let run = pacru_with_input(&["analyse", "--movetime", "5"], record.as_bytes());
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout
            .contains("[Annotator \"pacru search 0.1.0, 5 ms a ply, seed 0\"]"),
        "{}",
        run.stdout
    );
    assert_eq!(run.stdout.matches("{[%eval ").count(), 2);
}

/// A game that does not parse and is longer than the limit for one game cannot
/// be copied into the annotated output: its report says it is left out, never
/// that it was copied.
#[test]
fn analyse_says_a_bad_game_too_long_to_copy_is_left_out() {
    let input = common::bad_game_too_long_to_copy_between_good_ones();
    let run = pacru_with_input(&[&["analyse"][..], &QUICK].concat(), input.as_bytes());
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(
        run.stderr.contains("game 2 (line 5) is not analysed")
            && run
                .stderr
                .contains("too long to be copied into the output, so it is left out")
            && !run.stderr.contains("copied unchanged"),
        "{}",
        run.stderr
    );
    assert_eq!(
        run.stderr.matches("game 2 (line 5)").count(),
        1,
        "{}",
        run.stderr
    );
    assert_eq!(run.stdout.matches("[Event \"good\"]").count(), 2);
    assert!(!run.stdout.contains("[Event \"bad\"]"));
}

//! Records from elsewhere, the reader's and referee's side: comments
//! where PGN readers accept them, comments with carriage returns, malformed games
//! refereed up to their syntax error, endless input.

use crate::common;

use crate::common::{json_field, pacru_with_input};

/// `pacru fmt` of `text`, checked to be canonical by `pacru fmt --check`.
fn fmt_round_trip(text: &[u8]) -> Vec<u8> {
    let run = pacru_with_input(&["fmt"], text);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let again = pacru_with_input(&["fmt", "--check"], &run.bytes);
    assert_eq!(
        again.code, 0,
        "fmt --check refuses what fmt wrote:\n{}{}",
        again.stderr, run.stdout
    );
    let twice = pacru_with_input(&["fmt"], &run.bytes);
    assert_eq!(twice.bytes, run.bytes);
    run.bytes
}

#[test]
fn a_comment_before_the_first_tag_is_kept() {
    let text = b"{first}\n[Result \"*\"]\n\n1. e1-e2 *\n\n{about game 2}\n[Event \"two\"]\n[Result \"*\"]\n\n1. e1-e2 e9-e8 *\n";
    let check = pacru_with_input(&["check", "--format", "json"], text);
    assert_eq!(check.code, 0, "{}", check.stdout);
    assert_eq!(json_field(&check.stdout, "status"), ["ok", "ok"]);
    let written = String::from_utf8(fmt_round_trip(text)).unwrap();
    assert!(written.starts_with("{first}\n[Event \"?\"]"), "{written}");
    assert!(
        written.contains("\n\n{about game 2}\n[Event \"two\"]"),
        "{written}"
    );
}

/// `pacru check /dev/zero` gives verdicts as it reads (here: the first two),
/// and stops quietly when its output is closed.
#[cfg(unix)]
#[test]
fn endless_input_gives_verdicts_as_it_goes() {
    use std::io::{BufRead, BufReader};
    use std::process::Stdio;
    let mut child = common::spawn_pacru(&["check", "--format", "json", "/dev/zero"], Stdio::null());
    let mut stdout = BufReader::new(child.stdout.take().expect("stdout"));
    for game in 1..=2 {
        let mut line = String::new();
        stdout.read_line(&mut line).expect("a verdict");
        assert!(
            line.starts_with(&format!(
                "{{\"file\":\"/dev/zero\",\"game\":{game},\"line\":1,\"status\":\"malformed\""
            )),
            "{line}"
        );
    }
    drop(stdout);
    let status = child.wait().expect("pacru stops");
    assert_eq!(status.code(), Some(1));
}

#[test]
fn comments_with_carriage_returns_survive_fmt() {
    for text in [
        &b"{\r\r\n}*"[..],
        b"[Result \"*\"]\r\n\r\n1. e1-e2 ; note\r\r\n{multi\r\nline\rcomment} e9-e8 ; x\ry\r\n*\r\n",
    ] {
        fmt_round_trip(text);
    }
}

#[test]
fn ppn_errors_stay_short_and_point_at_the_first_offending_token() {
    let long = format!("9/9/9/9/9/9/9/9/9 Ke1{} K KR", "N".repeat(100_000));
    let run = common::pacru(&["show", &long]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.len() < 600,
        "{} bytes:\n{}",
        run.stderr.len(),
        run.stderr
    );
    let run = common::pacru(&["show", "9/9/9/9/9/9/9/9/9 Ke1N,Ke1N,Ke1N,Ra1NE K KR"]);
    assert!(
        run.stderr.contains("column 24: two chevrons on e1"),
        "{}",
        run.stderr
    );
    let caret = run.stderr.lines().find(|l| l.contains('^')).unwrap();
    assert_eq!(caret.find('^'), Some(2 + 23), "{}", run.stderr);
}

/// ESC, NUL, DEL and other controls in tags, tokens, comments and positions
/// never reach a human-readable output raw (fmt's standard output is a record,
/// written back as read).
#[test]
fn control_characters_reach_no_human_readable_output() {
    let record = "[Event \"a\u{1b}]0;x\u{7}b\"]\n[Black \"\u{1}\u{7f}\"]\n[Result \"*\"]\n\n\
                  {c\u{1b}[31mm\u{0}} 1. e1-e2 ; semi\u{1b}x\n e9-e8 {\u{7f}} *\n\n\
                  [Result \"*\"]\n\n1. e1-e2 z\u{1b}q *\n\n\
                  [Position \"9/9/9/9/9/9/9/9/9 Ke1N,\u{1b}[2J K KR\"]\n\n*\n";
    let dir = std::env::temp_dir().join(format!("pacru-controls-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("hostile.pgr");
    std::fs::write(&file, record).unwrap();
    let path = file.to_str().unwrap();
    let ppn = "9/9/9/9/9/9/9/9/9 Ke1N,\u{1b}]0;t\u{7} K KR";
    let runs: Vec<(Vec<&str>, common::Run)> = [
        vec!["check", path],
        vec!["replay", path],
        vec!["replay", path, "--game", "2"],
        vec!["replay", path, "--game", "3"],
        vec!["replay", path, "--ply", "1"],
        vec!["fmt", "--check", path],
        vec!["show", ppn],
        vec!["moves", ppn],
    ]
    .into_iter()
    .map(|args| {
        let run = common::pacru(&args);
        (args, run)
    })
    .collect();
    for (args, run) in &runs {
        assert!(
            common::control_bytes(&run.bytes).is_empty()
                && common::control_bytes(run.stderr.as_bytes()).is_empty(),
            "pacru {args:?}:\n{}\n{}",
            run.stdout,
            run.stderr
        );
    }
    // The escapes are shown, not dropped.
    assert!(
        runs[1].1.stdout.contains("\\u{1}\\u{7f}"),
        "{}",
        runs[1].1.stdout
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// `pacru check --format json` on malformed games: in the tag section, at the
/// first move, at move 5 and after the last move; `replay` of such a game
/// fails with status 1, as `check` does.
#[test]
fn malformed_games_are_refereed_up_to_the_syntax_error() {
    let record = b"[Event \"open\n[Players \"KRY\"]\n\n1. e1-e2 *\n\n\
                   [Result \"*\"]\n\n1. e1-q2 *\n\n\
                   [Result \"*\"]\n\n1. e1-e2 e9-e8 2. e2-e3 e8-e7 3. x9 *\n\n\
                   [Result \"*\"]\n\n1. e1-e2 e9-e8 Red\n";
    let run = pacru_with_input(&["check", "--format", "json"], record);
    assert_eq!(run.code, 1);
    let lines: Vec<serde_json::Value> = run
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let start3 = "9/9/9/9/9/9/9/9/9 Ke1N,Ka3E,Ki3W,Rc1N,Ra5E,Rc9S,Yg1N,Yi5W,Yg9S K KRY";
    let start2 = "9/9/9/9/9/9/9/9/9 Ke1N,Ka3E,Ki3W,Ki9SW,Ra1NE,Ra7E,Ri7W,Re9S K KR";
    let expected = [
        (0, start3, None, None),
        (0, start2, Some(1), Some("e1-q2")),
        (
            4,
            "9/9/9/9/9/9/9/9/9 Ka3E,Ke3N,Ki3W,Ki9SW,Ra1NE,Ra7E,Re7S,Ri7W K KR",
            Some(5),
            Some("x9"),
        ),
        (
            2,
            "9/9/9/9/9/9/9/9/9 Ke2N,Ka3E,Ki3W,Ki9SW,Ra1NE,Ra7E,Ri7W,Re8S K KR",
            None,
            Some("Red"),
        ),
    ];
    assert_eq!(lines.len(), expected.len(), "{}", run.stdout);
    for (v, (plies, position, ply, token)) in lines.iter().zip(expected) {
        assert_eq!(v["status"], "malformed", "{v}");
        assert_eq!(v["plies"], plies, "{v}");
        assert_eq!(v["final_position"], position, "{v}");
        assert_eq!(v["error"]["ply"].as_u64(), ply, "{v}");
        assert_eq!(v["error"]["move"].as_str(), token, "{v}");
        assert_eq!(v["error"]["rule"], serde_json::Value::Null, "{v}");
    }
    let dir = std::env::temp_dir().join(format!("pacru-malformed-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("malformed.pgr");
    std::fs::write(&file, record).unwrap();
    for game in ["1", "3"] {
        let run = common::pacru(&["replay", file.to_str().unwrap(), "--game", game]);
        assert_eq!(run.code, 1, "{}", run.stderr);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

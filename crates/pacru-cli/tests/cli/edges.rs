//! The command line at the edges: hostile text never reaches the
//! terminal raw, a closed standard output stops a command quietly with the status
//! its work earned, reports stay proportionate to their input, and engine-check
//! finds `pacru` without the PATH.

use crate::common::{control_bytes, pacru, pacru_env, pacru_head_1, pacru_with_input, root};

/// The first game of `tests/data/unfinished.pgr` with a terminal-retitling tag.
fn record_with_escape_in_a_tag() -> String {
    let game = std::fs::read_to_string(root().join("tests/data/unfinished.pgr")).unwrap();
    let first = game.split("\n\n[").next().unwrap().to_string();
    first.replace(
        "[Black \"random\"]",
        "[Black \"\u{1b}]0;title\u{7}\"]\n[Annotator \"\u{9b}31m\u{7f}\"]",
    ) + "\n"
}

/// Whether `text` holds no C0 control but tab and line feed, no DEL and no C1 control.
fn clean(bytes: &[u8]) -> bool {
    control_bytes(bytes).is_empty()
        && !String::from_utf8_lossy(bytes)
            .chars()
            .any(|c| ('\u{80}'..='\u{9f}').contains(&c))
}

#[test]
fn a_tag_with_control_characters_is_shown_escaped() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("title.pgr");
    std::fs::write(&file, record_with_escape_in_a_tag()).unwrap();
    let file = file.to_str().unwrap();
    let check = pacru(&["check", file]);
    assert_eq!(check.code, 0, "{check:?}");
    let replay = pacru(&["replay", file]);
    assert_eq!(replay.code, 0, "{replay:?}");
    assert!(clean(&replay.bytes), "{:?}", replay.stdout);
    assert!(
        replay
            .stdout
            .contains("Black \"\\u{1b}]0;title\\u{7}\", Red \"random\""),
        "{}",
        replay.stdout
    );
    let fmt = pacru(&["fmt", "--check", file]);
    assert!(clean(fmt.stderr.as_bytes()), "{:?}", fmt.stderr);
}

#[test]
fn a_token_with_escape_is_escaped_and_the_caret_follows_it() {
    let text = "[Result \"*\"]\n\n1. e1-e2 i7\u{1b}[2Jh8 *\n";
    let run = pacru_with_input(&["check"], text.as_bytes());
    assert_eq!(run.code, 1);
    assert!(clean(&run.bytes), "{:?}", run.stdout);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines[1], "  1. e1-e2 i7\\u{1b}[2Jh8 *", "{}", run.stdout);
    // The reader points at the escape character: the caret starts under its
    // escaped form and covers the rest of the token as shown.
    let caret_start = lines[2].find('^').unwrap();
    assert_eq!(
        caret_start,
        lines[1].find("\\u{1b}").unwrap(),
        "{}",
        run.stdout
    );
    assert_eq!(
        lines[2].trim_start().len(),
        "\\u{1b}[2Jh8".len(),
        "{}",
        run.stdout
    );
    for format in ["text", "json"] {
        let run = pacru_with_input(&["check", "--format", format], text.as_bytes());
        assert!(clean(&run.bytes), "{format}: {:?}", run.stdout);
    }
    let fmt = pacru_with_input(&["fmt"], text.as_bytes());
    assert_eq!(fmt.code, 1);
    assert!(clean(fmt.stderr.as_bytes()), "{:?}", fmt.stderr);
    assert!(fmt.stderr.contains("\\u{1b}"), "{}", fmt.stderr);
}

#[test]
fn json_escapes_c1_controls_del_and_direction_marks_keeping_the_values() {
    // serde_json escapes only C0 controls; the rest of what acts on a terminal
    // is written as \uXXXX escapes, and the JSON values are unchanged.
    let safe = |bytes: &[u8]| {
        clean(bytes)
            && !String::from_utf8_lossy(bytes)
                .chars()
                .any(|c| matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}'))
    };
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("a\u{9b}31m\u{202e}b.pgr");
    let token = "i7\u{9b}2J\u{7f}h8";
    std::fs::write(&file, format!("[Result \"*\"]\n\n1. e1-e2 {token} *\n")).unwrap();
    let name = file.to_str().unwrap();
    let check = pacru(&["check", "--format", "json", name]);
    assert_eq!(check.code, 1);
    assert!(safe(&check.bytes), "{:?}", check.stdout);
    assert!(check.stdout.contains(r"\u009b") && check.stdout.contains(r"\u202e"));
    let v: serde_json::Value = serde_json::from_str(check.stdout.trim()).unwrap();
    assert_eq!(v["file"], name);
    assert_eq!(v["error"]["move"], token);

    let tagged = dir.path().join("tags.pgr");
    std::fs::write(&tagged, record_with_escape_in_a_tag()).unwrap();
    let replay = pacru(&["replay", "--format", "json", tagged.to_str().unwrap()]);
    assert_eq!(replay.code, 0, "{replay:?}");
    assert!(safe(&replay.bytes), "{:?}", replay.stdout);
    assert!(
        replay.stdout.contains("\\u009b31m\\u007f"),
        "{}",
        replay.stdout
    );
    let v: serde_json::Value = serde_json::from_str(replay.stdout.trim()).unwrap();
    assert!(v.to_string().contains("\u{9b}31m\u{7f}"), "{v}");
}

#[test]
fn quoting_a_line_megabytes_long_takes_the_memory_of_a_short_one() {
    // One line of three million `pass` tokens (15 MB): the report quotes the
    // first, and the excerpt looked at every character of the line (1.2 GB).
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("passes.pgr");
    let line = "pass ".repeat(3_000_000);
    std::fs::write(&file, format!("[Event \"x\"]\n\n1. e1-e2 {line}*\n")).unwrap();
    let run = std::process::Command::new("sh")
        .arg("-c")
        .arg("ulimit -v 400000; exec \"$0\" check \"$1\"")
        .arg(env!("CARGO_BIN_EXE_pacru"))
        .arg(&file)
        .env("RAYON_NUM_THREADS", "1")
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&run.stdout);
    assert_eq!(
        run.status.code(),
        Some(1),
        "{stdout} {}",
        String::from_utf8_lossy(&run.stderr)
    );
    assert!(
        stdout.contains("illegal move pass at ply 2 (line 3, column 10)"),
        "{stdout}"
    );
    assert!(stdout.contains("  1. e1-e2 pass pass"), "{stdout}");
    assert!(stdout.contains(" p...\n           ^^^^\n"), "{stdout}");
}

#[test]
fn records_written_to_a_terminal_show_control_characters_escaped() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("comment.pgr");
    let record = "[Event \"x\"]\n\n1. e1-e2 {a \u{1b}[2J\u{9b}31m comment} e9-e8 *\n";
    std::fs::write(&file, record).unwrap();
    let name = file.to_str().unwrap();
    // Through a pipe: the record as it is, byte for byte.
    let piped = pacru(&["fmt", name]);
    assert!(
        piped.stdout.contains("{a \u{1b}[2J\u{9b}31m comment}"),
        "{:?}",
        piped.stdout
    );
    // On a terminal: escaped, lines kept.
    let output = std::process::Command::new("script")
        .args([
            "-qec",
            &format!("{} fmt {name}", env!("CARGO_BIN_EXE_pacru")),
            "/dev/null",
        ])
        .stdin(std::process::Stdio::null())
        .output()
        .expect("this test needs `script` (util-linux) to give a command a terminal");
    // The terminal writes each line break as \r\n.
    let shown = String::from_utf8_lossy(&output.stdout).replace("\r\n", "\n");
    assert!(clean(shown.as_bytes()), "{shown:?}");
    assert!(
        shown.contains("{a \\u{1b}[2J\\u{9b}31m comment}"),
        "{shown:?}"
    );
    assert!(shown.contains("[Event \"x\"]\n[Site \"?\"]\n"), "{shown:?}");
}

#[test]
fn a_binary_file_gives_no_control_bytes() {
    for file in ["/bin/ls", "tests/data/garbage.bin"] {
        let run = pacru(&["check", file]);
        assert_eq!(run.code, 1, "{file}");
        assert!(clean(&run.bytes), "{file}: {:?}", run.stdout);
        assert!(clean(run.stderr.as_bytes()), "{file}: {:?}", run.stderr);
        let fmt = pacru(&["fmt", "--check", file]);
        assert!(clean(fmt.stderr.as_bytes()), "{file}: {:?}", fmt.stderr);
        let import = pacru(&["import", file]);
        assert!(
            clean(import.stderr.as_bytes()),
            "{file}: {:?}",
            import.stderr
        );
    }
    let replay = pacru(&["replay", "/bin/ls"]);
    assert_eq!(replay.code, 1);
    assert!(clean(replay.stderr.as_bytes()), "{:?}", replay.stderr);
}

#[test]
fn file_names_and_positions_with_control_characters_are_escaped() {
    let dir = tempfile::tempdir().unwrap();
    let name = dir.path().join("a\u{1b}[31mb.pgr");
    std::fs::copy(root().join("tests/data/illegal.pgr"), &name).unwrap();
    let name = name.to_str().unwrap();
    let run = pacru(&["check", name]);
    assert_eq!(run.code, 1);
    assert!(clean(&run.bytes), "{:?}", run.stdout);
    assert!(
        run.stdout.contains("a\\u{1b}[31mb.pgr game 1"),
        "{}",
        run.stdout
    );
    let missing = format!("{name}.missing");
    let run = pacru(&["check", &missing]);
    assert_eq!(run.code, 2);
    assert!(clean(run.stderr.as_bytes()), "{:?}", run.stderr);
    let run = pacru(&["show", "9/9/9/9/9/9/9/9/9 Ke1N,Ka3E\u{1b}[2J K KR"]);
    assert_eq!(run.code, 2);
    assert!(clean(run.stderr.as_bytes()), "{:?}", run.stderr);
    assert!(run.stderr.contains("\\u{1b}[2J"), "{}", run.stderr);
}

#[test]
fn engine_output_is_escaped_in_the_engine_check_report() {
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("engine.sh");
    // Answers the handshake with a name holding escapes, then garbage with escapes.
    std::fs::write(
        &script,
        "#!/bin/sh\nread line\nprintf '= 1 protocol=1 name=\"x\\033]0;t\\007y\" author=a version=1\\n'\n\
         while read line; do printf '\\033[2J%s\\n' \"$line\"; done\n",
    )
    .unwrap();
    let run = pacru(&[
        "engine-check",
        // The old spelling of --movetime, still accepted.
        "--move-time-ms",
        "200",
        "--text-only",
        "--",
        "sh",
        script.to_str().unwrap(),
    ]);
    assert_eq!(run.code, 1, "{}{}", run.stdout, run.stderr);
    assert!(run.stdout.contains("FAIL"), "{}", run.stdout);
    assert!(clean(&run.bytes), "{:?}", run.stdout);
}

#[test]
fn a_closed_output_stops_quietly_with_the_status_earned() {
    let dir = tempfile::tempdir().unwrap();
    let unfinished = std::fs::read_to_string(root().join("tests/data/unfinished.pgr")).unwrap();
    let illegal = std::fs::read_to_string(root().join("tests/data/illegal.pgr")).unwrap();
    let (good, bad) = (dir.path().join("good.pgr"), dir.path().join("bad.pgr"));
    std::fs::write(&good, unfinished.repeat(2000)).unwrap();
    std::fs::write(&bad, illegal.repeat(200)).unwrap();
    let (good, bad) = (good.to_str().unwrap(), bad.to_str().unwrap());
    let cases: [(&[&str], i32); 8] = [
        (&["check", good], 0),
        (&["check", "--format", "json", good], 0),
        (&["check", bad], 1),
        (&["check", "--format", "json", bad], 1),
        (&["fmt", good], 0),
        (
            &[
                "selfplay",
                "--players",
                "3",
                "--games",
                "100000",
                "--seed",
                "1",
            ],
            0,
        ),
        (&["replay", "examples/round1.pgr", "--game", "3"], 0),
        (
            &[
                "moves",
                "9/9/9/9/9/9/9/9/9 Ke1N,Ka3E,Ki3W,Ki9SW,Ra1NE,Ra7E,Ri7W,Re9S K KR",
            ],
            0,
        ),
    ];
    for (args, expected) in cases {
        let (code, stderr) = pacru_head_1(args);
        assert_eq!(code, expected, "pacru {args:?}: {stderr}");
        assert_eq!(stderr, "", "pacru {args:?}");
    }
}

#[test]
fn the_text_report_stays_proportionate() {
    let illegal = std::fs::read_to_string(root().join("tests/data/illegal.pgr")).unwrap();
    let input = illegal.repeat(20);
    let run = pacru_with_input(&["check"], input.as_bytes());
    assert_eq!(run.code, 1);
    let games = 20 * 14;
    assert_eq!(run.stdout.matches(": illegal move ").count(), games);
    assert_eq!(run.stdout.matches("┏").count(), 3, "three diagrams");
    assert!(
        run.stdout.contains(&format!(
            "(board diagrams of {} more bad games left out; --diagrams all shows every one)\n",
            games - 3
        )),
        "{}",
        run.stdout
    );
    // A few lines per game, never a diagram per game: under 4 times the input.
    assert!(
        run.stdout.len() < 4 * input.len(),
        "{} bytes of report for {} bytes of input",
        run.stdout.len(),
        input.len()
    );
    let all = pacru_with_input(&["check", "--diagrams", "all"], input.as_bytes());
    assert_eq!(all.stdout.matches("┏").count(), games);
    assert!(!all.stdout.contains("left out"));
    let none = pacru_with_input(&["check", "--diagrams", "0"], input.as_bytes());
    assert_eq!(none.stdout.matches("┏").count(), 0);
    assert!(!none.stdout.contains("left out"));
    assert_eq!(pacru(&["check", "--diagrams", "some"]).code, 2);
}

#[test]
fn fmt_check_names_every_game_that_is_not_canonical() {
    let run = pacru(&[
        "fmt",
        "--check",
        "tests/data/legal-2p.pgr",
        "tests/data/lenient.pgr",
        "tests/data/crlf-bom.pgr",
        "tests/data/malformed.pgr",
    ]);
    assert_eq!(run.code, 1);
    assert_eq!(run.stdout, "");
    insta::assert_snapshot!("fmt_check_names_every_game", run.stderr);
    assert!(!run.stderr.contains("at byte"), "{}", run.stderr);
    assert!(!run.stderr.contains("legal-2p"), "{}", run.stderr);
    // Where a game is not canonical is shown as a unified diff of its lines,
    // numbered as in the file.
    assert!(
        run.stderr.contains(
            "--- tests/data/lenient.pgr game 1 (line 1), as written\n\
             +++ tests/data/lenient.pgr game 1 (line 1), canonical\n\
             @@ -8,6 +8,6 @@\n"
        ),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr.contains("\n-1. E1-F2! a7-b8 ") && run.stderr.contains("\n+1. e1-f2! a7-b8 "),
        "{}",
        run.stderr
    );
    for game in 1..=2 {
        assert!(
            run.stderr
                .contains(&format!("tests/data/crlf-bom.pgr game {game} (line ")),
            "{}",
            run.stderr
        );
    }
}

#[test]
fn engine_check_finds_pacru_without_the_path() {
    let run = pacru_env(
        &["engine-check", "--", "pacru", "engine", "random"],
        b"",
        &[("PATH", "/nonexistent")],
    );
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    assert!(run.stdout.contains("checks passed"), "{}", run.stdout);
}

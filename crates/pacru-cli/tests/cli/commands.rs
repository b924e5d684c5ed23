//! The commands other than `check` and `selfplay`: moves, perft, new, show,
//! replay, fmt, completions, man and the help texts.

use crate::common;

use crate::common::{START, json_field, pacru, pacru_with_input, root};

/// Final positions of the sample games (a variety of mid-game and finished positions).
fn sample_positions() -> Vec<String> {
    let run = pacru(&[
        "check",
        "--format",
        "json",
        "tests/data/unfinished.pgr",
        "tests/data/legal-3p.pgr",
        "tests/data/legal-4p.pgr",
        "tests/data/illegal.pgr",
        "tests/data/rules-2011.pgr",
    ]);
    json_field(&run.stdout, "final_position")
}

#[test]
fn moves_of_the_standard_start() {
    let run = pacru(&["moves", START]);
    assert_eq!(run.code, 0);
    insta::assert_snapshot!("moves_start", run.stdout);
    assert_eq!(pacru(&["moves", "--count", START]).stdout, "28\n");
}

#[test]
fn moves_are_sorted_unique_and_agree_with_count() {
    let positions = sample_positions();
    assert!(positions.len() >= 20);
    for ppn in &positions {
        let list = pacru(&["moves", ppn]);
        assert_eq!(list.code, 0, "{ppn}");
        let lines: Vec<&str> = list.stdout.lines().collect();
        let mut sorted = lines.clone();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(lines, sorted, "sorted by byte order, no duplicates: {ppn}");
        let count = pacru(&["moves", "--count", ppn]);
        assert_eq!(count.stdout.trim(), lines.len().to_string(), "{ppn}");
    }
}

#[test]
fn a_finished_game_has_no_moves() {
    // The final position of a finished game.
    let ppn = "9/3K5/9/2K6/9/6R2/9/1R7/5R3 Ka5NW,Kh5SW,Kf7NE,Kf9E K KR";
    let run = pacru(&["moves", ppn]);
    assert_eq!((run.code, run.stdout.as_str()), (0, ""));
    // Standard error says why the list is empty.
    assert_eq!(
        run.stderr,
        "pacru: note: the game is over: Black has won, so there are no moves\n"
    );
    assert_eq!(pacru(&["-q", "moves", ppn]).stderr, "");
    assert_eq!(pacru(&["moves", "--count", ppn]).stdout, "0\n");
    assert_eq!(pacru(&["perft", ppn, "2"]).stdout, "0\n");
}

#[test]
fn bad_positions_are_usage_errors() {
    let run = pacru(&["moves", "9/9/9 K K KR"]);
    assert_eq!(run.code, 2);
    insta::assert_snapshot!("moves_bad_ppn", run.stderr);
    let run = pacru(&["show", "9/9/9/9/9/9/9/9/9 Ke1N,Re1N K KR"]);
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("two chevrons on e1"), "{}", run.stderr);
    let run = pacru(&["perft", START, "x"]);
    assert_eq!(run.code, 2);
}

#[test]
fn positions_are_read_as_every_other_reader_reads_them() {
    // A space or tab around the PPN is not part of the notation: the library,
    // the Python and npm packages, the engine protocol and the `Position` tag
    // refuse it, and so do `show`, `moves` and `perft`, with the same words.
    let four_parts = "expected four parts separated by single spaces";
    let cases = [
        (format!(" {START}"), 1, four_parts),
        // The column where the fifth part, empty, would start.
        (format!("{START} "), START.len() + 2, four_parts),
        (
            format!("\t{START}"),
            1,
            "'\t' is neither a colour letter (K R Y G B) nor a digit 1-9",
        ),
    ];
    for (text, column, reason) in &cases {
        let wanted = format!("not a valid position (PPN), column {column}: {reason}");
        for args in [
            vec!["show", text.as_str()],
            vec!["moves", "--count", text.as_str()],
            vec!["perft", text.as_str(), "1"],
        ] {
            let run = pacru(&args);
            assert_eq!(run.code, 2, "{args:?}");
            assert!(run.stderr.contains(&wanted), "{args:?}: {}", run.stderr);
        }
    }
    // Line breaks at the end are allowed, as in the notation.
    let run = pacru(&["moves", "--count", &format!("{START}\n")]);
    assert_eq!((run.code, run.stdout.as_str()), (0, "28\n"));
}

#[test]
fn perft_counts_of_the_standard_start() {
    assert_eq!(pacru(&["perft", START, "0"]).stdout, "1\n");
    assert_eq!(pacru(&["perft", START, "1"]).stdout, "28\n");
    assert_eq!(pacru(&["perft", START, "2"]).stdout, "734\n");
    assert_eq!(pacru(&["perft", START, "3"]).stdout, "16168\n");
    let divide = pacru(&["perft", "--divide", START, "2"]);
    insta::assert_snapshot!("perft_divide_start_2", divide.stdout);
    assert_eq!(
        pacru(&["perft", "--divide", START, "0"]).stdout,
        "total: 1\n"
    );
}

/// Starts `pacru perft START DEPTH`, reads the first line of its standard error
/// (the warning comes before the count starts), and stops it.
fn perft_warning(depth: &str) -> String {
    use std::io::{BufRead, BufReader};
    let mut child = common::spawn_pacru(&["perft", START, depth], std::process::Stdio::piped());
    let mut line = String::new();
    BufReader::new(child.stderr.take().expect("stderr"))
        .read_line(&mut line)
        .expect("standard error");
    child.kill().expect("pacru stops");
    child.wait().expect("pacru stops");
    line
}

#[test]
fn perft_warns_before_a_count_of_any_depth_that_cannot_finish() {
    // Depth 300 gave "about inf move sequences" and 5.8e11 years (the most a
    // Duration holds); from 2^31 + 5 on there was no warning at all.
    for (depth, at_least) in [("300", 300), ("4294967295", 4_000_000_000u64)] {
        let line = perft_warning(depth);
        let prefix = format!("pacru: warning: perft to depth {depth} will take about ");
        assert!(line.starts_with(&prefix), "{line}");
        assert!(line.ends_with("; Ctrl-C stops it\n"), "{line}");
        assert!(!line.contains("inf") && !line.contains("5.8e11"), "{line}");
        // "about 1.2e3456 years (about 7.8e3460 move sequences, ...": both
        // numbers in scientific notation, the exponent as large as it is.
        let (years, sequences) = line[prefix.len()..]
            .split_once(" years (about ")
            .unwrap_or_else(|| panic!("{line}"));
        let sequences = sequences.split_once(" move sequences").unwrap().0;
        for number in [years, sequences] {
            let (mantissa, exponent) = number.split_once('e').unwrap_or_else(|| panic!("{line}"));
            let mantissa: f64 = mantissa.parse().unwrap_or_else(|_| panic!("{line}"));
            assert!((1.0..10.0).contains(&mantissa), "{line}");
            let exponent: u64 = exponent.parse().unwrap_or_else(|_| panic!("{line}"));
            assert!(exponent >= at_least, "{line}");
        }
    }
}

#[test]
fn perft_divide_sums_to_the_total() {
    for ppn in sample_positions().iter().take(12) {
        for depth in ["1", "2"] {
            let divide = pacru(&["perft", "--divide", ppn, depth]);
            let lines: Vec<&str> = divide.stdout.lines().collect();
            let (total_line, moves) = lines.split_last().unwrap();
            let total: u64 = total_line.strip_prefix("total: ").unwrap().parse().unwrap();
            let sum: u64 = moves
                .iter()
                .map(|l| l.rsplit_once(": ").unwrap().1.parse::<u64>().unwrap())
                .sum();
            assert_eq!(sum, total, "{ppn} depth {depth}");
            let plain = pacru(&["perft", ppn, depth]);
            assert_eq!(plain.stdout.trim(), total.to_string());
            let names: Vec<&str> = moves
                .iter()
                .map(|l| l.rsplit_once(": ").unwrap().0)
                .collect();
            let listed = pacru(&["moves", ppn]);
            assert_eq!(names, listed.stdout.lines().collect::<Vec<_>>(), "{ppn}");
            if depth == "1" {
                let count = pacru(&["moves", "--count", ppn]);
                assert_eq!(count.stdout.trim(), total.to_string());
            }
        }
    }
}

#[test]
fn new_prints_standard_starts() {
    let mut out = String::new();
    for args in [
        vec!["new", "--players", "2"],
        vec!["new", "--players", "3"],
        vec!["new", "--players", "4"],
        vec!["new", "--players", "3", "--seats", "EWN"],
        vec![
            "new",
            "--players",
            "4",
            "--seats",
            "EWNS",
            "--colours",
            "BGYR",
        ],
        vec!["new", "--players", "2", "--record", "--rules", "2011"],
    ] {
        let run = pacru(&args);
        assert_eq!(run.code, 0, "{args:?}");
        out.push_str(&format!("$ pacru {}\n{}", args.join(" "), run.stdout));
    }
    insta::assert_snapshot!("new_starts", out);
    assert_eq!(pacru(&["new", "--players", "2"]).stdout.trim(), START);
    let run = pacru(&["new", "--players", "3", "--seats", "SN"]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("2 seats for 3 players"),
        "{}",
        run.stderr
    );
    assert_eq!(pacru(&["new", "--players", "5"]).code, 2);
    assert_eq!(pacru(&["new", "--players", "2", "--colours", "KK"]).code, 2);
}

#[test]
fn show_draws_the_board_without_colour_when_piped() {
    let run = pacru(&["show", START]);
    assert_eq!(run.code, 0);
    assert!(!run.stdout.contains('\x1b'));
    insta::assert_snapshot!("show_start", run.stdout);
    let mid = "9/3K5/9/2K6/1R7/6R2/9/1R7/5R3 Ka5NW,Kh5SW,Kf7NE,Kf9E,Rb5S R KR";
    insta::assert_snapshot!("show_midgame", pacru(&["show", mid]).stdout);
}

#[test]
fn show_writes_an_svg() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("board.svg");
    let ppn =
        "9/9/9/9/9/9/9/9/9 Kg1N,Ki5W,Kg9S,Rc1N,Ra5E,Rc9S,Ya7E,Yi7W,Ye9S,Ge1N,Ga3E,Gi3W K KRYG";
    let run = pacru(&["show", "--svg", file.to_str().unwrap(), ppn]);
    assert_eq!(run.code, 0);
    let svg = std::fs::read_to_string(&file).unwrap();
    assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    assert!(svg.trim_end().ends_with("</svg>"));
    assert_eq!(svg.matches(" chevron on ").count(), 12);
    assert!(svg.contains("Green chevron on e1 facing N"));
    let run = pacru(&["show", "--svg", "/no/such/dir/board.svg", ppn]);
    assert_eq!(run.code, 2);
    // `-`: the picture alone on standard output, no file named `-`.
    let run = pacru(&["show", "--svg", "-", ppn]);
    let dash = root().join("-");
    let written = dash.exists();
    let _ = std::fs::remove_file(&dash);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(!written, "a file named - was written");
    assert_eq!(run.stdout, svg);
}

#[test]
fn replay_explains_each_move() {
    let run = pacru(&["replay", "tests/data/unfinished.pgr", "--game", "2"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    insta::assert_snapshot!("replay_unfinished_2", run.stdout);
}

#[test]
fn replay_ply_shows_one_position() {
    let run = pacru(&[
        "replay",
        "tests/data/unfinished.pgr",
        "--game",
        "2",
        "--ply",
        "14",
    ]);
    assert_eq!(run.code, 0);
    insta::assert_snapshot!("replay_unfinished_2_ply_14", run.stdout);
    let start = pacru(&["replay", "tests/data/unfinished.pgr", "--ply", "0"]);
    assert_eq!(start.stdout.lines().last(), Some(START));
    let last = pacru(&["replay", "tests/data/unfinished.pgr", "--ply", "20"]);
    let json = pacru(&["check", "--format", "json", "tests/data/unfinished.pgr"]);
    let v: serde_json::Value = serde_json::from_str(json.stdout.lines().next().unwrap()).unwrap();
    assert_eq!(last.stdout.lines().last(), v["final_position"].as_str());
    assert_eq!(
        pacru(&["replay", "tests/data/unfinished.pgr", "--ply", "21"]).code,
        2
    );
    assert_eq!(
        pacru(&["replay", "tests/data/unfinished.pgr", "--game", "3"]).code,
        2
    );
}

#[test]
fn replay_stops_at_an_illegal_move() {
    let run = pacru(&[
        "replay",
        "tests/data/illegal.pgr",
        "--game",
        "4",
        "--ply",
        "10",
    ]);
    assert_eq!(run.code, 1);
    insta::assert_snapshot!("replay_illegal", run.stdout);
    assert_eq!(
        run.stderr,
        "pacru: error: tests/data/illegal.pgr game 4 (line 43): ply 5, Black: i3-h4 (line 53, \
column 34) is illegal: R4: the border crossing into borderland E must place a marker; candidates g4 h4 i4 \
g5 h5 i5 g6 h6 i6\n"
    );
    // Without --ply: the moves before it on standard output, the message on standard error.
    let run = pacru(&["replay", "tests/data/illegal.pgr", "--game", "4"]);
    assert_eq!(run.code, 1);
    assert!(run.stdout.contains("\nply 4, Red: "), "{}", run.stdout);
    assert!(!run.stdout.contains("is illegal"), "{}", run.stdout);
    assert!(run.stderr.contains("ply 5, Black: i3-h4"), "{}", run.stderr);
    // Game 6 of malformed.pgr is after four malformed games: still found.
    let run = pacru(&[
        "replay",
        "tests/data/malformed.pgr",
        "--game",
        "7",
        "--ply",
        "1",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    // A game that does not parse is a bad game, as in check: exit status 1;
    // the moves before the syntax error are replayed, as check referees them.
    let run = pacru(&["replay", "tests/data/malformed.pgr", "--game", "1"]);
    assert_eq!(run.code, 1);
    assert_eq!(run.stdout.matches("\nply ").count(), 20, "{}", run.stdout);
    assert!(
        run.stdout.contains("\nply 20, Red: b1-c2\n"),
        "{}",
        run.stdout
    );
    assert!(!run.stdout.contains("\nend: "), "{}", run.stdout);
    assert_eq!(
        run.stderr,
        "pacru: error: tests/data/malformed.pgr game 1 (line 1) does not parse: line 13, \
column 17: unknown token 'castles': expected a move, pass, a round number such as 12. or a \
result token (Black, Red, Yellow, Green, Blue, draw or *)\n  \
f6-f7(f9) b1-c2 castles *\n                  ^^^^^^^\n"
    );
}

#[test]
fn replay_of_a_malformed_game_goes_as_far_as_check() {
    // Game 1 does not parse at its 21st move (`castles`): check says its first
    // 20 plies are legal and where the game stood; so do both replays.
    let file = "tests/data/malformed.pgr";
    let check = pacru(&["check", "--format", "json", file]);
    let first: serde_json::Value =
        serde_json::from_str(check.stdout.lines().next().unwrap()).unwrap();
    assert_eq!(
        (&first["status"], &first["plies"]),
        (&"malformed".into(), &20.into())
    );
    let stood = first["final_position"].as_str().unwrap().to_owned();
    let error = "pacru: error: tests/data/malformed.pgr game 1 (line 1) does not parse: line 13, \
column 17: unknown token 'castles': expected a move, pass, a round number such as 12. or a \
result token (Black, Red, Yellow, Green, Blue, draw or *)\n  \
f6-f7(f9) b1-c2 castles *\n                  ^^^^^^^\n";
    for k in [0, 5, 19] {
        let ply = k.to_string();
        let text = pacru(&["replay", file, "--ply", &ply]);
        assert_eq!((text.code, text.stderr.as_str()), (0, ""), "--ply {k}");
        let json = pacru(&["replay", file, "--ply", &ply, "--format", "json"]);
        assert_eq!(json.code, 0, "--ply {k}: {}", json.stderr);
        let view: serde_json::Value = serde_json::from_str(&json.stdout).unwrap();
        let position = match k {
            0 => &view["start"],
            _ => &view["plies"][k - 1]["position"],
        };
        assert_eq!(text.stdout.lines().last(), position.as_str(), "--ply {k}");
    }
    // At the syntax error: the position before the unreadable text, exit 1.
    let run = pacru(&["replay", file, "--ply", "20"]);
    assert_eq!(run.code, 1);
    assert_eq!(run.stderr, error);
    assert!(
        run.stdout
            .starts_with("position before the unreadable text:\n"),
        "{}",
        run.stdout
    );
    assert_eq!(run.stdout.lines().last(), Some(stood.as_str()));
    assert_eq!(pacru(&["replay", file, "--ply", "21"]).code, 2);
    // The whole game: every ply before the error, then the report.
    let run = pacru(&["replay", file]);
    assert_eq!(run.code, 1);
    assert_eq!(run.stderr, error);
    assert_eq!(run.stdout.lines().last(), Some(stood.as_str()));
}

#[test]
fn replay_of_a_game_with_a_pass() {
    let run = pacru(&["replay", "tests/data/pass-blocked.pgr", "--game", "1"]);
    assert_eq!(run.code, 0);
    assert!(run.stdout.contains("\npass (line "), "{}", run.stdout);
    assert!(run.stdout.contains("Black is blocked and out"));
}

#[test]
fn fmt_rewrites_canonically() {
    let run = pacru(&["fmt", "tests/data/lenient.pgr"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    insta::assert_snapshot!("fmt_lenient", run.stdout);
    // Canonical output is a fixed point, and checks as canonical.
    let again = pacru_with_input(&["fmt"], &run.bytes);
    assert_eq!(again.stdout, run.stdout);
    assert_eq!(pacru_with_input(&["fmt", "--check"], &run.bytes).code, 0);
    assert_eq!(pacru(&["fmt", "--check", "tests/data/lenient.pgr"]).code, 1);
}

#[test]
fn fmt_check_accepts_selfplay_output_and_the_examples() {
    for name in [
        "tests/data/legal-2p",
        "tests/data/legal-3p",
        "tests/data/legal-4p",
        "tests/data/unfinished",
        "tests/data/rules-2011",
        // The README's example is canonical too.
        "examples/round1",
    ] {
        let file = format!("{name}.pgr");
        let run = pacru(&["fmt", "--check", &file]);
        assert_eq!(run.code, 0, "{name}: {}", run.stderr);
        assert_eq!(run.stdout, "");
        let formatted = pacru(&["fmt", &file]);
        let original = std::fs::read(root().join(&file)).unwrap();
        assert_eq!(formatted.bytes, original, "{name}");
    }
}

#[test]
fn fmt_copies_malformed_games_through() {
    let run = pacru(&["fmt", "tests/data/malformed.pgr"]);
    assert_eq!(run.code, 1);
    insta::assert_snapshot!("fmt_malformed_stderr", run.stderr);
    let original = std::fs::read_to_string(root().join("tests/data/malformed.pgr")).unwrap();
    // The bad games are there as they were written.
    for bad in [
        "b1-c2 castles *",
        "i3-h4()",
        "a3>(h3,h3)",
        "[Players \"KK\"]",
        "[Site \"London]",
    ] {
        assert!(original.contains(bad));
        assert!(run.stdout.contains(bad), "{bad} copied through");
    }
    let check = pacru(&["fmt", "--check", "tests/data/malformed.pgr"]);
    assert_eq!(check.code, 1);
    assert_eq!(check.stdout, "");
}

/// A game that does not parse and is longer than the limit for one game cannot
/// be copied through: its report says it is left out, never that it was copied.
#[test]
fn fmt_says_a_bad_game_too_long_to_copy_is_left_out() {
    let input = common::bad_game_too_long_to_copy_between_good_ones();
    let run = pacru_with_input(&["fmt"], input.as_bytes());
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(
        run.stderr.contains("game 2 (line 5) does not parse")
            && run
                .stderr
                .contains("too long to be copied through, so it is left out")
            && !run.stderr.contains("copied unchanged"),
        "{}",
        run.stderr
    );
    assert_eq!(run.stdout.matches("[Event \"good\"]").count(), 2);
    assert!(!run.stdout.contains("[Event \"bad\"]"));
}

#[test]
fn fmt_copies_a_bad_game_with_its_last_line_whole() {
    let good = "[Event \"good\"]\n\n1. e1-e2 *\n";
    // The bad game's own line endings and blanks are its text; only the blank
    // lines after it are the separator, which `fmt` writes itself.
    for (bad, copied) in [
        ("1. e1-e2 e9-q8 *\r\n", "1. e1-e2 e9-q8 *\r\n"),
        ("1. e1-e2 e9-q8 *  \t\n", "1. e1-e2 e9-q8 *  \t\n"),
        ("1. e1-e2 e9-q8 *\r\n\r\n \r\n", "1. e1-e2 e9-q8 *\r\n"),
        ("1. e1-e2 e9-q8 *  ", "1. e1-e2 e9-q8 *  \n"),
    ] {
        let game = format!("[Event \"bad\"]\r\n\r\n{bad}");
        let run = pacru_with_input(&["fmt", "-"], game.as_bytes());
        assert_eq!(run.code, 1, "{bad:?}");
        assert_eq!(
            String::from_utf8_lossy(&run.bytes),
            format!("[Event \"bad\"]\r\n\r\n{copied}"),
            "{bad:?}"
        );
        // Followed by a good game: one blank line between them.
        let both = format!("{game}\n\n{good}");
        let run = pacru_with_input(&["fmt", "-"], both.as_bytes());
        let expected_good = "[Event \"good\"]\n[Site \"?\"]\n[Date \"?\"]\n[Round \"?\"]\n\
            [Players \"KR\"]\n[Rules \"2004\"]\n[Result \"*\"]\n\n1. e1-e2 *\n";
        assert_eq!(
            String::from_utf8_lossy(&run.bytes),
            format!("[Event \"bad\"]\r\n\r\n{copied}\n{expected_good}"),
            "{bad:?}"
        );
    }
}

#[test]
fn round_numbers_have_one_dot_or_three() {
    for (movetext, plies, ply, token) in [
        ("1.. e1-e2 *", "0", 1, "1.."),
        ("1. e1-e2 e9-e8 2.... e2-e3 *", "2", 3, "2...."),
        ("1..e1-e2 *", "0", 1, "1..e1-e2"),
    ] {
        let game = format!("[Event \"x\"]\n\n{movetext}\n");
        let run = pacru_with_input(&["check", "--format", "json", "-"], game.as_bytes());
        assert_eq!(run.code, 1, "{movetext}");
        let v: serde_json::Value = serde_json::from_str(run.stdout.trim()).unwrap();
        assert_eq!(v["status"], "malformed", "{movetext}");
        assert_eq!(v["plies"].to_string(), plies, "{movetext}");
        assert_eq!(v["error"]["move"], token, "{movetext}");
        assert_eq!(v["error"]["ply"], ply, "{movetext}");
        assert_eq!(v["error"]["rule"], serde_json::Value::Null);
        let message = v["error"]["message"].as_str().unwrap();
        assert!(message.contains("one dot or three"), "{message}");
    }
    let game = "[Event \"x\"]\n\n1. e1-e2 1... e9-e8 2.e2-e3 2...e8-e7 *\n";
    let run = pacru_with_input(&["check", "--format", "json", "-"], game.as_bytes());
    assert_eq!(run.code, 0, "{}", run.stdout);
}

#[test]
fn fmt_of_crlf_and_bom_and_missing_files() {
    let run = pacru(&["fmt", "tests/data/crlf-bom.pgr"]);
    assert_eq!(run.code, 0);
    assert!(!run.stdout.contains('\r'));
    assert!(!run.stdout.starts_with('\u{feff}'));
    assert_eq!(
        pacru(&["fmt", "--check", "tests/data/crlf-bom.pgr"]).code,
        1
    );
    let run = pacru(&["fmt", "tests/data/no-such.pgr", "tests/data/unfinished.pgr"]);
    assert_eq!(run.code, 2);
    assert!(
        run.stdout.contains("[Round \"2\"]"),
        "the other file is still written"
    );
    assert!(run.stderr.contains("no-such.pgr"), "{}", run.stderr);
}

#[test]
fn completions_and_man_page() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let run = pacru(&["completions", shell]);
        assert_eq!(run.code, 0, "{shell}");
        assert!(run.stdout.contains("selfplay"), "{shell}");
    }
    let man = pacru(&["man"]);
    assert_eq!(man.code, 0);
    assert!(
        man.stdout.starts_with(".ie") || man.stdout.contains(".TH pacru"),
        "{}",
        &man.stdout[..200]
    );
    assert!(man.stdout.contains("PACRU CHECK"));
}

#[test]
fn every_command_has_help_with_examples() {
    for command in [
        "check",
        "replay",
        "show",
        "new",
        "moves",
        "perft",
        "selfplay",
        "fmt",
        "completions",
        "man",
    ] {
        let run = pacru(&[command, "--help"]);
        assert_eq!(run.code, 0, "{command}");
        assert!(
            run.stdout.contains("Examples:"),
            "{command}: {}",
            run.stdout
        );
    }
    let help = pacru(&["--help"]);
    assert!(help.stdout.contains("Examples:"));
    let version = pacru(&["--version"]);
    assert_eq!(
        version.stdout,
        format!("pacru {}\n", env!("CARGO_PKG_VERSION"))
    );
    assert_eq!(pacru(&["no-such-command"]).code, 2);
    assert_eq!(pacru(&[]).code, 2);
}

#[test]
fn builtin_engines_pass_the_engine_check() {
    let pacru_bin = env!("CARGO_BIN_EXE_pacru");
    for kind in ["random", "greedy", "search"] {
        let run = pacru(&[
            "engine-check",
            "--",
            pacru_bin,
            "engine",
            kind,
            "--seed",
            "3",
        ]);
        assert_eq!(run.code, 0, "{kind}: {}{}", run.stdout, run.stderr);
        assert!(run.stdout.contains("checks passed"), "{}", run.stdout);
    }
}

/// An engine that speaks only JSON lines fails the handshake of a text check,
/// saying why, and passes every check in JSON lines: each request the checks
/// write reaches it as JSON (a text line would be malformed to it).
#[test]
fn engine_check_speaks_json_lines_to_an_engine_that_speaks_only_them() {
    let pacru_bin = env!("CARGO_BIN_EXE_pacru");
    let engine = [pacru_bin, "engine", "random", "--framing", "json"];
    let run = pacru(&[&["engine-check", "--"][..], &engine].concat());
    assert_eq!(run.code, 1, "{}{}", run.stdout, run.stderr);
    assert!(
        run.stdout.contains("FAIL handshake")
            && run
                .stdout
                .contains("the line is JSON: the engine may speak only JSON lines"),
        "{}",
        run.stdout
    );
    let run = pacru(&[&["engine-check", "--framing", "json", "--"][..], &engine].concat());
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    assert!(
        run.stdout.contains("all 25 checks passed"),
        "{}",
        run.stdout
    );
    let run = pacru(&[
        "engine-check",
        "--framing",
        "json",
        "--text-only",
        "--",
        pacru_bin,
    ]);
    assert_eq!(run.code, 2, "{}", run.stdout);
    assert!(run.stderr.contains("cannot be used with"), "{}", run.stderr);
}

#[test]
fn engine_speaks_the_protocol_on_stdin() {
    let run = pacru_with_input(&["engine", "random"], b"hello 1 protocol=1\nquit 2\n");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("\n= 1 protocol=1 "), "{}", run.stdout);
}

#[test]
fn an_engine_told_its_framing_speaks_only_that_framing() {
    let json_hello = b"{\"type\":\"hello\",\"id\":\"1\",\"protocol\":1}\n";
    for kind in ["random", "greedy", "search"] {
        let run = pacru_with_input(&["engine", kind, "--framing", "json"], json_hello);
        assert_eq!(run.code, 0, "{}", run.stderr);
        let last = run.stdout.lines().last().unwrap_or_default();
        assert!(
            last.starts_with("{\"type\":\"ok\",\"id\":\"1\",\"protocol\":1"),
            "{}",
            run.stdout
        );
        // A text line is malformed in a JSON session, and a JSON line in a text one.
        let run = pacru_with_input(
            &["engine", kind, "--framing", "json"],
            b"hello 1 protocol=1\n",
        );
        assert_eq!(run.code, 0, "{}", run.stderr);
        assert!(
            run.stdout
                .starts_with("{\"type\":\"error\",\"id\":\"-\",\"reason\":\"malformed request"),
            "{kind}: {}",
            run.stdout
        );
        let run = pacru_with_input(&["engine", kind, "--framing", "text"], json_hello);
        assert!(
            run.stdout.starts_with("? - malformed request"),
            "{kind}: {}",
            run.stdout
        );
    }
}

#[test]
fn an_engine_seed_is_its_seed_option() {
    // The seed is the default of the option `Seed`, a spin up to the largest
    // 64-bit signed number: a larger seed would be advertised as another value.
    for kind in ["random", "greedy", "search"] {
        let run = pacru_with_input(
            &["engine", kind, "--seed", "9223372036854775807"],
            b"hello 1 protocol=1\n",
        );
        assert_eq!(run.code, 0, "{}", run.stderr);
        assert!(
            run.stdout
                .contains("name=Seed kind=spin default=9223372036854775807 min=0"),
            "{}",
            run.stdout
        );
        let run = pacru_with_input(
            &["engine", kind, "--seed", "9223372036854775808"],
            b"hello 1 protocol=1\n",
        );
        assert_eq!(run.code, 2, "{kind}: {}", run.stdout);
        assert!(run.stderr.contains("--seed"), "{}", run.stderr);
    }
}

#[test]
fn engine_check_of_a_missing_program_is_one_error() {
    let run = pacru(&["engine-check", "--", "/no/such/engine"]);
    assert_eq!(run.code, 2, "{}", run.stdout);
    assert_eq!(run.stdout, "");
    assert_eq!(
        run.stderr,
        "pacru: error: cannot start the engine program /no/such/engine: No such file or \
directory (os error 2)\n"
    );
    assert_eq!(pacru(&["engine-check"]).code, 2);
}

#[test]
fn import_converts_abstractplay_records_into_records_that_check() {
    let run = pacru(&[
        "import",
        "tests/data/abstractplay-2p.json",
        "tests/data/abstractplay-3p.json",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("[Rules \"2011\"]"), "{}", run.stdout);
    assert!(run.stdout.contains("[Seats \"EWN\"]"), "{}", run.stdout);
    let checked = pacru_with_input(&["check", "--format", "json", "-"], run.stdout.as_bytes());
    assert_eq!(
        json_field(&checked.stdout, "status"),
        ["ok", "ok"],
        "{}",
        checked.stdout
    );
}

#[test]
fn import_reports_a_bad_record_and_converts_the_others() {
    let run = pacru(&[
        "import",
        "tests/data/garbage.bin",
        "tests/data/abstractplay-2p.json",
    ]);
    assert_eq!(run.code, 1);
    assert!(run.stderr.contains("garbage.bin"), "{}", run.stderr);
    assert!(
        run.stdout.starts_with("[Event \"Friendly cup\"]"),
        "{}",
        run.stdout
    );
    let missing = pacru(&["import", "tests/data/no-such-file.json"]);
    assert_eq!(missing.code, 2);
    assert!(
        missing.stderr.contains("no-such-file.json"),
        "{}",
        missing.stderr
    );
}

/// `replay --help` describes replay's own output formats, not those of `check`
/// (a line per game and a summary; a JSON object per game).
#[test]
fn replay_help_describes_its_own_formats() {
    let help = pacru(&["replay", "--help"]).stdout;
    assert!(
        help.contains("every move with what it did and the board after it"),
        "{help}"
    );
    assert!(help.contains("the game as one JSON object"), "{help}");
    assert!(!help.contains("a line per game"), "{help}");
    assert!(
        !help.contains("one JSON object per game and line"),
        "{help}"
    );
    let help = pacru(&["check", "--help"]).stdout;
    assert!(help.contains("one JSON object per game and line"), "{help}");
}

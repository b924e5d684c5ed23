//! `pacru check` over the sample records of `tests/data`: text and JSON output,
//! exit statuses, bad input.

use crate::common::{json_field, pacru, pacru_with_input, root, without_time};

/// Every sample record with games in it.
const RECORDS: [&str; 13] = [
    "legal-2p",
    "legal-3p",
    "legal-4p",
    "unfinished",
    "rules-2011",
    "no-rules-tag",
    "illegal",
    "malformed",
    "inconsistent",
    "crlf-bom",
    "pass-blocked",
    "lenient",
    "not-utf8",
];

fn path(name: &str) -> String {
    format!("tests/data/{name}.pgr")
}

#[test]
fn text_report_of_every_sample_record() {
    for name in RECORDS {
        let run = pacru(&["check", &path(name)]);
        assert!(run.code == 0 || run.code == 1, "{name}: {run:?}");
        assert_eq!(run.stderr, "", "{name}");
        insta::assert_snapshot!(format!("check_text_{name}"), without_time(&run.stdout));
    }
}

#[test]
fn json_report_of_every_sample_record() {
    let files: Vec<String> = RECORDS.iter().map(|n| path(n)).collect();
    let mut args = vec!["check", "--format", "json"];
    args.extend(files.iter().map(String::as_str));
    let run = pacru(&args);
    assert_eq!(run.code, 1);
    assert_eq!(run.stderr, "");
    insta::assert_snapshot!("check_json_all", run.stdout);
    // Every line is one object with the documented keys, in order.
    for line in run.stdout.lines() {
        let value: serde_json::Value = serde_json::from_str(line).expect("JSON line");
        let keys: Vec<&str> = value
            .as_object()
            .expect("object")
            .keys()
            .map(String::as_str)
            .collect();
        let expected = [
            "file",
            "game",
            "line",
            "status",
            "plies",
            "result",
            "winner",
            "final_position",
            "error",
        ];
        let mut sorted_keys = keys.clone();
        sorted_keys.sort_unstable();
        let mut sorted_expected = expected.to_vec();
        sorted_expected.sort_unstable();
        assert_eq!(sorted_keys, sorted_expected, "{line}");
        let order: Vec<usize> = expected
            .iter()
            .map(|k| line.find(&format!("\"{k}\":")).unwrap())
            .collect();
        assert!(order.windows(2).all(|w| w[0] < w[1]), "key order in {line}");
        if let Some(error) = value["error"].as_object() {
            let keys: Vec<&str> = error.keys().map(String::as_str).collect();
            assert_eq!(keys.len(), 6, "{line}");
            let order: Vec<usize> = ["ply", "line", "column", "move", "rule", "message"]
                .iter()
                .map(|k| line.rfind(&format!("\"{k}\":")).unwrap())
                .collect();
            assert!(
                order.windows(2).all(|w| w[0] < w[1]),
                "error key order in {line}"
            );
        }
    }
}

#[test]
fn statuses_and_rules_of_the_illegal_samples() {
    let run = pacru(&["check", "--format", "json", &path("illegal")]);
    assert_eq!(run.code, 1);
    let rules: Vec<String> = run
        .stdout
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            assert_eq!(v["status"], "illegal", "{l}");
            v["error"]["rule"].as_str().unwrap().to_string()
        })
        .collect();
    assert_eq!(
        rules,
        [
            "R7", "R7", "R7", "R4", "R4", "R5", "R6", "R3", "R8", "R14", "R11", "R2", "R16", "R12"
        ]
    );
}

#[test]
fn exit_status_is_zero_when_every_game_is_ok() {
    for name in [
        "legal-2p",
        "legal-3p",
        "legal-4p",
        "unfinished",
        "rules-2011",
        "lenient",
    ] {
        let run = pacru(&["check", &path(name)]);
        assert_eq!(run.code, 0, "{name}: {}", run.stdout);
    }
    let run = pacru(&["check", &path("pass-blocked")]);
    assert_eq!(run.code, 1, "the third game has a misplaced pass");
}

#[test]
fn rules_option_applies_only_without_a_rules_tag() {
    let run = pacru(&["check", "--rules", "2011", &path("no-rules-tag")]);
    assert_eq!(run.code, 0, "{}", run.stdout);
    let run = pacru(&["check", &path("no-rules-tag")]);
    assert_eq!(run.code, 1);
    assert!(run.stdout.contains("R12"), "{}", run.stdout);
    // The tag wins over the option.
    let run = pacru(&["check", "--rules", "2004", &path("rules-2011")]);
    assert_eq!(run.code, 0, "{}", run.stdout);
}

#[test]
fn standard_input_is_named_dash() {
    let text = std::fs::read(root().join(path("unfinished"))).unwrap();
    let run = pacru_with_input(&["check", "--format", "json"], &text);
    assert_eq!(run.code, 0);
    assert!(
        run.stdout.starts_with("{\"file\":\"-\",\"game\":1,"),
        "{}",
        run.stdout
    );
    let run = pacru_with_input(&["check", "-", "--format", "json"], &text);
    assert_eq!(run.stdout.lines().count(), 2);
}

#[test]
fn output_is_in_input_order_whatever_the_threads() {
    let files: Vec<String> = RECORDS
        .iter()
        .chain(RECORDS.iter())
        .map(|n| path(n))
        .collect();
    let mut args = vec!["check", "--format", "json"];
    args.extend(files.iter().map(String::as_str));
    let first = pacru(&args);
    for _ in 0..3 {
        assert_eq!(pacru(&args).stdout, first.stdout);
    }
    let order: Vec<String> = first
        .stdout
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            format!("{} {}", v["file"].as_str().unwrap(), v["game"])
        })
        .collect();
    let mut expected = Vec::new();
    for f in &files {
        let n = pacru(&["check", "--format", "json", f])
            .stdout
            .lines()
            .count();
        expected.extend((1..=n).map(|g| format!("{f} {g}")));
    }
    assert_eq!(order, expected);
}

#[test]
fn missing_files_and_directories_are_io_errors_and_the_rest_is_checked() {
    let run = pacru(&[
        "check",
        "tests/data/no-such-file.pgr",
        &path("unfinished"),
        "tests/data",
    ]);
    assert_eq!(run.code, 2);
    insta::assert_snapshot!("check_missing_stderr", run.stderr);
    insta::assert_snapshot!("check_missing_stdout", without_time(&run.stdout));
    let run = pacru(&[
        "check",
        "--format",
        "json",
        "tests/data/no-such-file.pgr",
        &path("unfinished"),
    ]);
    assert_eq!(run.code, 2);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(
        lines.len(),
        3,
        "one object per input and game: {}",
        run.stdout
    );
    assert_eq!(
        lines[0],
        "{\"file\":\"tests/data/no-such-file.pgr\",\"game\":null,\"line\":null,\
\"status\":\"unreadable\",\"plies\":0,\"result\":null,\"winner\":null,\
\"final_position\":null,\"error\":{\"ply\":null,\"line\":null,\"column\":null,\
\"move\":null,\"rule\":null,\"message\":\"cannot open: No such file or directory \
(os error 2)\"}}"
    );
    assert_eq!(json_field(&lines[1..].join("\n"), "status"), ["ok", "ok"]);
    assert_eq!(
        run.stderr,
        "pacru: error: tests/data/no-such-file.pgr: cannot open: No such file or directory \
(os error 2)\n"
    );
    // A directory, in order among the other inputs, and alone.
    let run = pacru(&[
        "check",
        "--format",
        "json",
        &path("unfinished"),
        "tests/data",
    ]);
    assert_eq!(run.code, 2);
    assert_eq!(
        json_field(&run.stdout, "status"),
        ["ok", "ok", "unreadable"]
    );
    assert!(
        run.stdout
            .contains("\"message\":\"is a directory, not a record file\""),
        "{}",
        run.stdout
    );
}

#[test]
fn garbage_and_non_utf8_are_malformed_not_fatal() {
    let run = pacru(&[
        "check",
        "tests/data/garbage.bin",
        &path("not-utf8"),
        &path("unfinished"),
    ]);
    assert_eq!(run.code, 1, "{run:?}");
    assert_eq!(run.stderr, "");
    insta::assert_snapshot!("check_garbage", without_time(&run.stdout));
    let json = pacru(&["check", "--format", "json", "tests/data/garbage.bin"]);
    assert!(json.stdout.contains("\"status\":\"malformed\""));
}

#[test]
fn garbage_on_standard_input() {
    let mut bytes: Vec<u8> = (0..=255u8).cycle().take(100_000).collect();
    bytes.extend_from_slice(b"\n\n[Result \"*\"]\n\n1. e1-e2 *\n");
    let run = pacru_with_input(&["check", "--format", "json"], &bytes);
    assert_eq!(run.code, 1);
    let last = run.stdout.lines().last().unwrap();
    assert!(last.contains("\"status\":\"ok\""), "{}", run.stdout);
}

#[test]
fn an_empty_input_has_no_games() {
    let run = pacru_with_input(&["check"], b"");
    assert_eq!(run.code, 0);
    assert_eq!(
        without_time(&run.stdout),
        "0 games: 0 ok, 0 illegal, 0 malformed, 0 inconsistent (TIME)\n"
    );
}

#[test]
fn a_large_file_is_streamed() {
    // 20 000 copies of a short game (about 7 MB): checked without holding the file.
    let dir = tempfile::tempdir().unwrap();
    let game = std::fs::read_to_string(root().join(path("unfinished"))).unwrap();
    let file = dir.path().join("big.pgr");
    let mut text = String::new();
    for _ in 0..10_000 {
        text.push_str(&game);
        text.push('\n');
    }
    std::fs::write(&file, &text).unwrap();
    let run = pacru(&["check", "--format", "json", file.to_str().unwrap()]);
    assert_eq!(run.code, 0);
    assert_eq!(run.stdout.lines().count(), 20_000);
}

#[test]
fn the_readme_example_rounds() {
    let run = pacru(&["check", "examples/round1.pgr"]);
    assert_eq!(run.code, 0, "round 1 is all legal: {}", run.stdout);
    let run = pacru(&["check", "examples/round1.pgr", "examples/round2.pgr"]);
    assert_eq!(run.code, 1);
    assert_eq!(run.stderr, "");
    insta::assert_snapshot!("check_examples", without_time(&run.stdout));
    let json = pacru(&["check", "--format", "json", "examples/round2.pgr"]);
    assert_eq!(
        json_field(&json.stdout, "status"),
        ["ok", "illegal", "malformed", "inconsistent"]
    );
}

/// A file whose name is not UTF-8 is opened by the name given, by every command
/// that reads records; its verdicts name it with U+FFFD for the bad byte.
#[cfg(unix)]
#[test]
fn a_file_whose_name_is_not_utf8_is_read() {
    use std::ffi::OsStr;
    use std::os::unix::ffi::OsStrExt;
    use std::process::Command;
    let dir = tempfile::tempdir().unwrap();
    let record = std::fs::read(root().join(path("unfinished"))).unwrap();
    let file = dir.path().join(OsStr::from_bytes(b"game\xff.pgr"));
    std::fs::write(&file, &record).unwrap();
    let run = |args: &[&OsStr]| {
        let out = Command::new(env!("CARGO_BIN_EXE_pacru"))
            .args(args)
            .current_dir(dir.path())
            .env("NO_COLOR", "1")
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
        let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
        (out.status.code(), stdout, stderr)
    };
    let name = OsStr::from_bytes(b"game\xff.pgr");
    let os = |s: &'static str| OsStr::new(s);
    let (code, stdout, stderr) = run(&[os("check"), os("--format"), os("json"), name]);
    assert_eq!(code, Some(0), "{stdout}{stderr}");
    assert_eq!(json_field(&stdout, "status"), ["ok", "ok"]);
    assert_eq!(json_field(&stdout, "file"), ["game\u{fffd}.pgr"; 2]);
    let (code, _, stderr) = run(&[os("check"), name]);
    assert_eq!(code, Some(0), "{stderr}");
    let (code, stdout, stderr) = run(&[os("fmt"), name]);
    assert_eq!(code, Some(0), "{stderr}");
    assert_eq!(stdout.as_bytes(), record, "the record is canonical");
    let (code, stdout, stderr) = run(&[os("replay"), name, os("--ply"), os("0")]);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(stdout.contains("Ke1N,Ka3E"), "{stdout}");
    let (code, stdout, stderr) = run(&[os("replay"), os("--format"), os("json"), name]);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(
        stdout.starts_with("{\"source\":\"game\u{fffd}.pgr\""),
        "{stdout}"
    );
}

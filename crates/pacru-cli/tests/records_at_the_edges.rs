//! Records from elsewhere (issue 17, the reader's and referee's side): comments
//! where PGN readers accept them, comments with carriage returns, malformed games
//! refereed up to their syntax error, endless input.

mod common;

use common::{json_field, pacru_with_input};

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

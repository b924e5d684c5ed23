//! Examples of output shown in `docs/` are what the program writes today: each
//! is produced again here from the input the page names and compared with the
//! page's block.

use crate::common;

use std::path::Path;

/// The text of `docs/NAME`.
fn doc(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../docs")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The body of the fenced block of `page` whose first line starts with `first`.
fn block<'a>(page: &'a str, first: &str) -> &'a str {
    let start = page
        .find(&format!("```text\n{first}"))
        .unwrap_or_else(|| panic!("no block starting {first:?}"))
        + "```text\n".len();
    let len = page[start..].find("```").expect("the block ends");
    &page[start..start + len]
}

#[test]
fn the_analysis_comments_of_notation_md_are_what_analyse_writes() {
    let page = doc("notation.md");
    let shown = block(&page, "[Annotator ");
    let run = common::pacru_with_input(
        &["analyse", "-"],
        b"[Result \"*\"]\n\n1. e1-e2 e9-e8 2. a3-b4(b4) *\n",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let from = run.stdout.find("[Annotator ").expect("an Annotator tag");
    assert_eq!(&run.stdout[from..], shown);
}

#[test]
fn the_escaped_report_of_cli_md_is_what_check_writes() {
    let page = doc("cli.md");
    let shown = block(&page, "- game 1 (line 1): malformed");
    let run = common::pacru_with_input(
        &["check", "-"],
        b"[Result \"*\"]\n\n1. e1-e2 i7\x1b[2Jh8 *\n",
    );
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(
        run.stdout.starts_with(shown),
        "the page shows:\n{shown}\ncheck writes:\n{}",
        run.stdout
    );
}

#[test]
fn protocol_md_says_what_engine_check_expects_of_quit_alone() {
    // engine-check's `quit-alone` check holds engines to it, so the page an
    // engine is written from must say it.
    let page = doc("protocol.md");
    let from = page.find("### `quit`").expect("a quit section");
    let to = from + page[from..].find("\n## ").expect("the section ends");
    let section = page[from..to]
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    assert!(section.contains("`quit` alone, without an id"), "{section}");
    assert!(section.contains("answers nothing"), "{section}");
    // And the built-in engines do what it says.
    for input in [&b"quit\n"[..], b"{\"type\":\"quit\"}\n"] {
        let run = common::pacru_with_input(&["engine", "random"], input);
        assert_eq!((run.code, run.stdout.as_str()), (0, ""), "{}", run.stderr);
    }
}

//! The repository's README runs as written: every `pacru` command of its `sh`
//! blocks is run by `sh` with the test build's `pacru` first on the `PATH`, in a
//! scratch directory that sees the repository's `examples/` and `tests/` (so the
//! files the commands write stay out of the repository), and every `text` or
//! `json` block that follows an `sh` block in the same section is the output of
//! one of its commands, on standard output or standard error (or the standard
//! output of all its commands, one after the other).
//!
//! In an output block, a line `...` stands for any number of lines, and times
//! (`0.00 s`, `0.1s`) may differ. A command exits with status 0 or 1 (a game
//! that is not `ok`), or with 2 where its comment says `exit status 2`. Lines that
//! are not `pacru` commands (building, installing, CI) are listed in
//! [`NOT_RUN_HERE`], so that a new kind of command cannot slip through unrun.
//! The sections run at the same time, each in its own directory.

#![cfg(unix)]

use crate::common::root;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The two-player start, which the README's commands write `$START`.
const START: &str = "9/9/9/9/9/9/9/9/9 Ke1N,Ka3E,Ki3W,Ki9SW,Ra1NE,Ra7E,Ri7W,Re9S K KR";

/// The prefix of the quick start's commands, run here as `pacru`.
const CARGO_RUN: &str = "cargo run --release -p pacru-cli -- ";

/// Commands of `sh` blocks that this test does not run (each must appear): they
/// build, install or test the workspace, which runs this test, or make a
/// release, which takes minutes of building.
const NOT_RUN_HERE: [&str; 6] = [
    "cargo xtask ci",
    "cargo install --locked --path crates/pacru-cli",
    "cargo test --workspace",
    "cargo test -p pacru-core",
    ".ci/run",
    "cargo xtask release",
];

/// A fenced block of the README.
struct Block {
    /// The language of the fence (`sh`, `text`, `json`...).
    lang: String,
    /// Its lines.
    lines: Vec<String>,
    /// The line of the README where it starts.
    line: usize,
}

/// A section of the README: from one heading to the next.
struct Section {
    heading: String,
    blocks: Vec<Block>,
}

/// The README's sections with their fenced blocks.
fn sections(readme: &str) -> Vec<Section> {
    let mut sections = vec![Section {
        heading: String::new(),
        blocks: Vec::new(),
    }];
    let mut open: Option<Block> = None;
    for (i, line) in readme.lines().enumerate() {
        if let Some(mut block) = open.take() {
            if line.trim_start().starts_with("```") {
                sections.last_mut().expect("a section").blocks.push(block);
            } else {
                block.lines.push(line.to_owned());
                open = Some(block);
            }
        } else if line.starts_with("```") {
            open = Some(Block {
                lang: line.trim_start_matches('`').trim().to_owned(),
                lines: Vec::new(),
                line: i + 1,
            });
        } else if line.starts_with('#') {
            sections.push(Section {
                heading: line.to_owned(),
                blocks: Vec::new(),
            });
        }
    }
    assert!(open.is_none(), "a code block of the README is not closed");
    sections
}

/// The command lines of an `sh` block: its lines, a line that ends with `\\`
/// joined with the next.
fn command_lines(lines: &[String]) -> Vec<String> {
    let mut commands = Vec::new();
    let mut pending = String::new();
    for line in lines {
        match line.trim_end().strip_suffix('\\') {
            Some(start) => pending.push_str(start),
            None => commands.push(std::mem::take(&mut pending) + line),
        }
    }
    if !pending.is_empty() {
        commands.push(pending);
    }
    commands
}

/// What one command gave.
struct Ran {
    command: String,
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

/// Runs one command line with `sh` in `dir`.
fn run(command: &str, dir: &Path) -> Ran {
    let bin = PathBuf::from(env!("CARGO_BIN_EXE_pacru"));
    let path = format!(
        "{}:{}",
        bin.parent().expect("the binary's directory").display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let output = Command::new("sh")
        .arg("-c")
        .arg(command)
        .current_dir(dir)
        .env("PATH", path)
        .env("START", START)
        .env("NO_COLOR", "1")
        .env_remove("RUST_LOG")
        .env_remove("CI")
        .stdin(Stdio::null())
        .output()
        .unwrap_or_else(|e| panic!("cannot run sh: {e}"));
    Ran {
        command: command.to_owned(),
        code: output.status.code(),
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
    }
}

/// `line` with every time (`0.00 s`, `12.3s`) written `TIME`.
fn without_times(line: &str) -> String {
    let chars: Vec<char> = line.chars().collect();
    let mut out = String::new();
    let mut i = 0;
    while i < chars.len() {
        let starts_number =
            chars[i].is_ascii_digit() && (i == 0 || !chars[i - 1].is_alphanumeric());
        if starts_number {
            let mut j = i;
            while j < chars.len() && chars[j].is_ascii_digit() {
                j += 1;
            }
            if j + 1 < chars.len() && chars[j] == '.' && chars[j + 1].is_ascii_digit() {
                let mut k = j + 1;
                while k < chars.len() && chars[k].is_ascii_digit() {
                    k += 1;
                }
                let unit = if chars.get(k) == Some(&' ') { k + 1 } else { k };
                let ends = chars.get(unit + 1).is_none_or(|c| !c.is_alphanumeric());
                if chars.get(unit) == Some(&'s') && ends {
                    out.push_str("TIME");
                    i = unit + 1;
                    continue;
                }
            }
        }
        out.push(chars[i]);
        i += 1;
    }
    out
}

/// Whether `actual` is what `expected` shows: line by line, times aside, a line
/// `...` standing for any number of lines.
fn shows(expected: &[String], actual: &str) -> bool {
    let expected: Vec<String> = expected
        .iter()
        .map(|l| without_times(l.trim_end()))
        .collect();
    let actual: Vec<String> = actual
        .lines()
        .map(|l| without_times(l.trim_end()))
        .collect();
    matches(&expected, &actual)
}

fn matches(expected: &[String], actual: &[String]) -> bool {
    match expected.split_first() {
        None => actual.is_empty(),
        Some((first, rest)) if first.trim() == "..." => {
            (0..=actual.len()).any(|skip| matches(rest, &actual[skip..]))
        }
        Some((first, rest)) => actual
            .split_first()
            .is_some_and(|(line, others)| line == first && matches(rest, others)),
    }
}

/// A scratch directory that sees the repository's example and test files.
fn scratch() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    for name in ["examples", "tests"] {
        std::os::unix::fs::symlink(root().join(name), dir.path().join(name))
            .expect("symlink into the temp dir");
    }
    dir
}

/// Runs the commands of one section and checks its output blocks; returns what
/// is wrong, and the number of commands run.
fn check_section(section: &Section) -> (Vec<String>, usize) {
    let dir = scratch();
    let mut problems = Vec::new();
    let mut last_run: Option<(usize, Vec<Ran>)> = None;
    let mut count = 0;
    for block in &section.blocks {
        match block.lang.as_str() {
            "sh" => {
                let mut ran = Vec::new();
                for line in command_lines(&block.lines)
                    .iter()
                    .map(|l| l.trim())
                    .filter(|l| !l.is_empty() && !l.starts_with('#'))
                {
                    let command = match line.strip_prefix(CARGO_RUN) {
                        Some(rest) => format!("pacru {rest}"),
                        None => line.to_owned(),
                    };
                    if !command.starts_with("pacru ") && command != "pacru" {
                        if !NOT_RUN_HERE.iter().any(|known| command.starts_with(known)) {
                            problems.push(format!(
                                "README line {}: `{line}` is neither a pacru command nor known not to run here",
                                block.line
                            ));
                        }
                        continue;
                    }
                    let result = run(&command, dir.path());
                    count += 1;
                    let expected_code = if line.contains("exit status 2") {
                        vec![2]
                    } else {
                        vec![0, 1]
                    };
                    if !result
                        .code
                        .is_some_and(|code| expected_code.contains(&code))
                    {
                        problems.push(format!(
                            "README line {}: `{command}` exited with {:?}\nstdout:\n{}\nstderr:\n{}",
                            block.line, result.code, result.stdout, result.stderr
                        ));
                    }
                    ran.push(result);
                }
                last_run = Some((block.line, ran));
            }
            "text" | "json" => {
                let Some((sh_line, ran)) = &last_run else {
                    continue;
                };
                let all_stdout: String = ran.iter().map(|r| r.stdout.as_str()).collect();
                let shown = shows(&block.lines, &all_stdout)
                    || ran
                        .iter()
                        .any(|r| shows(&block.lines, &r.stdout) || shows(&block.lines, &r.stderr));
                if !shown {
                    let outputs: Vec<String> = ran
                        .iter()
                        .map(|r| {
                            format!(
                                "$ {}\n--- stdout:\n{}--- stderr:\n{}",
                                r.command, r.stdout, r.stderr
                            )
                        })
                        .collect();
                    problems.push(format!(
                        "README line {}: the block is the output of no command of the block at line {sh_line}:\n{}\n{}",
                        block.line,
                        block.lines.join("\n"),
                        outputs.join("\n")
                    ));
                }
                // One output block per command block.
                last_run = None;
            }
            _ => last_run = None,
        }
    }
    (problems, count)
}

#[test]
fn every_readme_command_runs_as_written_with_the_output_shown() {
    let readme = std::fs::read_to_string(root().join("README.md")).expect("README.md");
    assert!(
        readme.contains(START),
        "the README's start position changed"
    );
    let sections = sections(&readme);
    let results: Vec<(String, Vec<String>, usize)> = std::thread::scope(|scope| {
        let handles: Vec<_> = sections
            .iter()
            .map(|section| {
                scope.spawn(move || {
                    let (problems, count) = check_section(section);
                    (section.heading.clone(), problems, count)
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("a section's thread"))
            .collect()
    });
    for known in NOT_RUN_HERE {
        assert!(
            readme.lines().any(|line| line.starts_with(known)),
            "`{known}` is no longer in the README: take it out of NOT_RUN_HERE"
        );
    }
    let run: usize = results.iter().map(|(_, _, count)| count).sum();
    assert!(
        run >= 39,
        "only {run} commands run: is the README read right?"
    );
    let problems: Vec<String> = results
        .into_iter()
        .flat_map(|(heading, problems, _)| {
            problems.into_iter().map(move |p| format!("{heading}\n{p}"))
        })
        .collect();
    assert!(problems.is_empty(), "{}", problems.join("\n\n"));
}

#[test]
fn output_blocks_match_lines_with_gaps_and_times() {
    let expected: Vec<String> = ["a", "...", "c (0.00 s)", "d 1.5s x"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    assert!(shows(&expected, "a\nb\nb\nc (0.12 s)\nd 12.0s x\n"));
    assert!(shows(&expected, "a\nc (0.12 s)\nd 0.0s x\n"));
    assert!(!shows(&expected, "a\nc (0.12 s)\nd 0.0s y\n"));
    assert!(!shows(&expected, "x\na\nc (0.12 s)\nd 0.0s x\n"));
    assert!(!shows(&expected, "a\nc (0.12 s)\nd 0.0s x\nmore\n"));
    assert_eq!(without_times("e1-e2 1.5 sec 2.0s"), "e1-e2 1.5 sec TIME");
}

#[test]
fn continued_lines_make_one_command() {
    let lines: Vec<String> = ["pacru a \\", "  b", "pacru c"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    assert_eq!(command_lines(&lines), ["pacru a   b", "pacru c"]);
}

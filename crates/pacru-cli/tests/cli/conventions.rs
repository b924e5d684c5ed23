//! One consistent `pacru`: global options, colour, one message format,
//! defaults that make the short command work, plain messages, help texts.

use crate::common;

use crate::common::{START, pacru, pacru_env, pacru_with_input, root};
use std::process::{Command, Stdio};

/// Every command but `help`.
const COMMANDS: [&str; 19] = [
    "check",
    "replay",
    "view",
    "board",
    "analyse",
    "show",
    "new",
    "moves",
    "perft",
    "selfplay",
    "fmt",
    "import",
    "engine",
    "engine-check",
    "match",
    "tournament",
    "event",
    "completions",
    "man",
];

#[test]
fn help_of_every_command() {
    let mut all = String::new();
    for command in COMMANDS {
        let run = pacru(&[command, "--help"]);
        assert_eq!(run.code, 0, "{command}");
        assert!(run.stdout.contains("Examples:"), "{command}");
        // The global options have their own section, after the command's own.
        let global = run
            .stdout
            .find("\nGlobal options:\n")
            .unwrap_or_else(|| panic!("{command}: no global options section\n{}", run.stdout));
        let own = run.stdout.find("\nOptions:\n").unwrap();
        assert!(own < global, "{command}");
        let own_section = &run.stdout[own..global];
        for flag in ["--verbose", "--quiet", "--color"] {
            assert!(
                !own_section.contains(flag),
                "{command}: {flag} among its own options"
            );
            assert!(run.stdout[global..].contains(flag), "{command}: {flag}");
        }
        // `match` and `tournament` are snapshot with their own tests.
        if command != "match" && command != "tournament" {
            let short = pacru(&[command, "-h"]);
            all.push_str(&format!("$ pacru {command} -h\n{}\n", short.stdout));
        }
    }
    insta::assert_snapshot!("short_help_of_every_command", all);
    insta::assert_snapshot!("help", pacru(&["--help"]).stdout);
}

#[test]
fn color_is_chosen_by_the_option_then_no_color_then_the_terminal() {
    let coloured = |run: &common::Run| run.stdout.contains('\u{1b}');
    // Standard output is a pipe here: no colour unless asked for.
    let run = pacru_env(&["show", START], b"", &[]);
    assert!(!coloured(&run));
    let run = pacru_env(
        &["show", "--color", "always", START],
        b"",
        &[("NO_COLOR", "1")],
    );
    assert!(coloured(&run), "--color always wins over NO_COLOR");
    let run = pacru_env(&["--color=always", "show", START], b"", &[]);
    assert!(
        coloured(&run),
        "a global option goes before the command too"
    );
    let run = pacru_env(&["show", "--color", "never", START], b"", &[]);
    assert!(!coloured(&run));
    // The coloured board has the same characters as the plain one.
    let plain = pacru_env(&["show", START], b"", &[]).stdout;
    let run = pacru_env(&["show", "--color", "always", START], b"", &[]);
    assert_eq!(strip_escapes(&run.stdout), plain);
    for args in [
        vec!["check", "--color", "always", "examples/round2.pgr"],
        vec!["replay", "--color", "always", "tests/data/unfinished.pgr"],
        vec![
            "engine-check",
            "--color",
            "always",
            "--text-only",
            "--",
            "pacru",
            "engine",
            "random",
        ],
    ] {
        let run = pacru_env(&args, b"", &[]);
        assert!(coloured(&run), "{args:?}");
        let mut plain_args = args.clone();
        plain_args.retain(|a| *a != "--color" && *a != "always");
        let plain = pacru_env(&plain_args, b"", &[]);
        assert!(!coloured(&plain), "{args:?}");
        if args[0] != "check" {
            assert_eq!(strip_escapes(&run.stdout), plain.stdout, "{args:?}");
        }
    }
    // Messages on standard error are coloured the same way.
    let run = pacru_env(&["--color", "always", "check", "no-such.pgr"], b"", &[]);
    assert!(run.stderr.starts_with("pacru: \u{1b}["), "{:?}", run.stderr);
    assert_eq!(
        strip_escapes(&run.stderr)
            .lines()
            .next()
            .unwrap()
            .split(':')
            .nth(1),
        Some(" error")
    );
}

/// `text` without its ANSI escape sequences.
fn strip_escapes(text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' {
            for c in chars.by_ref() {
                if c.is_ascii_alphabetic() {
                    break;
                }
            }
        } else {
            out.push(c);
        }
    }
    out
}

#[test]
fn every_message_has_one_format() {
    // clap's usage errors.
    let run = pacru(&["no-such-command"]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr
            .starts_with("pacru: error: unrecognized subcommand 'no-such-command'\n"),
        "{}",
        run.stderr
    );
    let run = pacru(&["check", "--format", "xml"]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.starts_with("pacru: error: invalid value 'xml'"),
        "{}",
        run.stderr
    );
    // Warnings from the logs, without the leading-space level of the default format.
    let run = pacru_with_input(&["check"], b"");
    assert_eq!(run.stderr, "pacru: warning: -: no game found\n");
    // `fmt` says so too (it said nothing), with or without `--check`.
    for (args, input) in [(&["fmt"][..], &b"\n\n"[..]), (&["fmt", "--check"], b"")] {
        let run = pacru_with_input(args, input);
        assert_eq!(run.stderr, "pacru: warning: -: no game found\n", "{args:?}");
        assert_eq!(run.code, 0, "{args:?}");
    }
    let run = pacru_with_input(&["-q", "check"], b"");
    assert_eq!(run.stderr, "", "-q leaves warnings out");
    // I/O errors, bad values of the commands' own options, bad positions.
    for args in [
        vec!["check", "no-such.pgr"],
        vec!["fmt", "no-such.pgr"],
        vec!["import", "no-such.json"],
        vec!["replay", "no-such.pgr"],
        vec!["moves", "9/9/9 K K KR"],
        vec!["new", "--players", "3", "--seats", "SN"],
    ] {
        let run = pacru(&args);
        assert_eq!(run.code, 2, "{args:?}");
        assert!(
            run.stderr.starts_with("pacru: error: "),
            "{args:?}: {}",
            run.stderr
        );
    }
    // Reports of bad input on standard error too.
    for args in [
        vec!["fmt", "tests/data/malformed.pgr"],
        vec!["import", "tests/data/garbage.bin"],
        vec!["replay", "tests/data/illegal.pgr", "--game", "4"],
    ] {
        let run = pacru(&args);
        assert_eq!(run.code, 1, "{args:?}");
        for line in run.stderr.lines().filter(|l| !l.starts_with("  ")) {
            assert!(line.starts_with("pacru: error: "), "{args:?}: {line}");
        }
    }
}

#[test]
fn option_spellings_are_shared() {
    // engine-check's old option names still work, hidden.
    let help = pacru(&["engine-check", "--help"]).stdout;
    assert!(help.contains("--movetime <MS>"), "{help}");
    assert!(help.contains("--handshake-timeout <MS>"), "{help}");
    assert!(!help.contains("move-time-ms"), "{help}");
    let run = pacru(&[
        "engine-check",
        "--move-time-ms",
        "500",
        "--handshake-timeout-ms",
        "500",
        "--",
        "/no/such/engine",
    ]);
    assert!(run.stderr.contains("cannot start"), "{}", run.stderr);
    // One spelling of --rules values.
    for command in [
        "check", "replay", "show", "new", "moves", "perft", "selfplay",
    ] {
        let help = pacru(&[command, "--help"]).stdout;
        assert!(help.contains("--rules <RULES>"), "{command}: {help}");
        assert!(help.contains("2004") && help.contains("2011"), "{command}");
    }
    let run = pacru(&["moves", "--rules", "2012", START]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("[possible values: 2004, 2011]"),
        "{}",
        run.stderr
    );
}

#[test]
fn defaults_make_the_short_commands_work() {
    assert_eq!(pacru(&["new"]).stdout.trim(), START);
    let one = pacru(&["selfplay"]);
    assert_eq!(one.code, 0, "{}", one.stderr);
    assert_eq!(one.stdout.matches("[Event ").count(), 1);
    assert!(one.stdout.contains("[Players \"KR\"]"));
    // A random seed, written in a Seed tag; --seed with it repeats the games.
    let args = [
        "selfplay",
        "--players",
        "3",
        "--games",
        "4",
        "--max-plies",
        "60",
    ];
    let first = pacru(&args);
    let second = pacru(&args);
    let seed = |text: &str| {
        let start = text.find("[Seed \"").expect("a Seed tag") + "[Seed \"".len();
        text[start..].split('"').next().unwrap().to_string()
    };
    let s = seed(&first.stdout);
    assert_eq!(
        first.stdout.matches(&format!("[Seed \"{s}\"]\n")).count(),
        4
    );
    assert_ne!(s, seed(&second.stdout), "two runs draw two seeds");
    let mut repeat_args = args.to_vec();
    repeat_args.extend(["--seed", &s]);
    let repeat = pacru(&repeat_args);
    assert!(!repeat.stdout.contains("[Seed "));
    let without_seed_tag: String = first
        .stdout
        .lines()
        .filter(|l| !l.starts_with("[Seed "))
        .map(|l| format!("{l}\n"))
        .collect();
    assert_eq!(without_seed_tag, repeat.stdout);
    // --max-plies 0: no limit, every game played to its end.
    let run = pacru(&[
        "selfplay",
        "--games",
        "6",
        "--seed",
        "3",
        "--max-plies",
        "0",
    ]);
    assert_eq!(run.code, 0);
    assert_eq!(run.stdout.matches("[Termination \"rules\"]").count(), 6);
    assert!(!run.stdout.contains("[Result \"*\"]"));
    let help = pacru(&["selfplay", "--help"]).stdout;
    assert!(help.contains("0: no limit"), "{help}");
    // The benchmark script's command line.
    let run = pacru(&[
        "selfplay",
        "--players",
        "4",
        "--games",
        "2",
        "--seed",
        "9",
        "--max-plies",
        "300",
    ]);
    assert_eq!(run.code, 0);
}

#[test]
fn messages_say_plainly_what_is_wrong() {
    let run = pacru(&["replay", "tests/data/unfinished.pgr", "--game", "0"]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("games are numbered from 1"),
        "{}",
        run.stderr
    );
    assert!(
        !run.stderr.contains("18446744073709551615"),
        "{}",
        run.stderr
    );
    let run = pacru(&["replay", "tests/data/unfinished.pgr", "--game", "5"]);
    assert_eq!(
        run.stderr,
        "pacru: error: tests/data/unfinished.pgr has 2 games; there is no game 5\n"
    );
    let run = pacru(&["replay", "tests/data/rules-2011.pgr", "--game", "2"]);
    assert_eq!(
        run.stderr,
        "pacru: error: tests/data/rules-2011.pgr has 1 game; there is no game 2\n"
    );
    let run = pacru(&["new", "--players", "5"]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("a game has 2, 3 or 4 players"),
        "{}",
        run.stderr
    );
    // Singular and plural.
    let run = pacru(&["check", "tests/data/rules-2011.pgr", "no-such.pgr"]);
    assert!(
        run.stdout.contains(
            "\n1 game: 1 ok, 0 illegal, 0 malformed, 0 inconsistent; 1 input could not be read ("
        ),
        "{}",
        run.stdout
    );
    let run = pacru(&["replay", "tests/data/unfinished.pgr", "--ply", "21"]);
    assert_eq!(
        run.stderr,
        "pacru: error: --ply 21: game 1 has only 20 moves\n"
    );
}

#[test]
fn the_man_page_has_no_markdown() {
    let man = pacru(&["man"]);
    assert_eq!(man.code, 0);
    assert!(!man.stdout.contains('`'), "backticks left in the man page");
    assert!(
        man.stdout.contains("(\\fB\\-\\fR or no file"),
        "code set in bold"
    );
}

#[test]
fn deep_perft_warns_first() {
    use std::io::{BufRead, BufReader};
    let mut child = Command::new(env!("CARGO_BIN_EXE_pacru"))
        .args(["perft", START, "12"])
        .current_dir(root())
        .env("NO_COLOR", "1")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The warning comes first, within seconds (a quick count at a low depth);
    // the count itself would take years, so the child is stopped after it.
    let stderr = child.stderr.take().unwrap();
    let (send, receive) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut first = String::new();
        let _ = BufReader::new(stderr).read_line(&mut first);
        let _ = send.send(first);
    });
    let first = receive.recv_timeout(std::time::Duration::from_secs(60));
    child.kill().unwrap();
    child.wait().unwrap();
    let first = first.expect("a warning within a minute");
    assert!(
        first.starts_with("pacru: warning: perft to depth 12 will take about "),
        "{first}"
    );
    assert!(first.contains("years") || first.contains("days"), "{first}");
    // A quick count says nothing.
    let run = pacru(&["perft", START, "3"]);
    assert_eq!(run.stderr, "");
    assert_eq!(run.stdout, "16168\n");
}

/// Runs the shell command `command` (where `pacru` is this binary) on a
/// terminal, with `script` (util-linux), its standard input ended at once; returns
/// what the terminal showed (standard output and error together).
fn on_terminal(command: &str) -> String {
    let command = command.replace("pacru", env!("CARGO_BIN_EXE_pacru"));
    let output = Command::new("script")
        .args(["-qec", &command, "/dev/null"])
        .current_dir(root())
        .env("NO_COLOR", "1")
        .stdin(Stdio::null())
        .output()
        .expect("this test needs `script` (util-linux) to give a command a terminal");
    String::from_utf8_lossy(&output.stdout).replace('\r', "")
}

#[test]
fn check_says_when_it_reads_a_terminal() {
    let shown = on_terminal("pacru check");
    assert!(
        shown.starts_with("pacru: note: reading records from standard input (end with Ctrl-D"),
        "{shown}"
    );
    assert!(shown.contains("0 games: "), "{shown}");
    let shown = on_terminal("pacru check tests/data/unfinished.pgr");
    assert!(!shown.contains("note:"), "{shown}");
    let shown = on_terminal("pacru -q check");
    assert!(!shown.contains("note:"), "{shown}");
    // Not on a terminal: no note (standard input is a pipe in the other tests).
    assert_eq!(
        pacru_with_input(&["check", "-"], b"").stderr,
        "pacru: warning: -: no game found\n"
    );
}

#[test]
fn long_work_shows_progress_on_a_terminal() {
    let shown = on_terminal("pacru selfplay --games 10000 --seed 1 > /dev/null");
    assert!(shown.contains("playing ["), "{shown}");
    assert!(shown.contains("/10000"), "{shown}");
    // Not on a terminal, or with -q: nothing.
    let shown = on_terminal("pacru -q selfplay --games 10000 --seed 1 > /dev/null");
    assert_eq!(shown, "");
}

/// The analysis's bar counts searches: one for each of the 421 positions of
/// the record's games, and its total grows by the positions searched again.
/// The budget makes the first searches outlast the bar's one-second delay
/// several times over (about 5 s of the test build's 8 here), so that the bar
/// shows before its total grows.
#[test]
fn the_analysis_bar_grows_with_the_searches_made_again() {
    let shown = on_terminal("pacru analyse --nodes 1000 examples/round1.pgr > /dev/null");
    assert!(shown.contains("analysing ["), "{shown}");
    let totals: Vec<usize> = shown
        .split('/')
        .skip(1)
        .filter_map(|rest| {
            let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
            digits.parse().ok()
        })
        .collect();
    assert_eq!(totals.first(), Some(&421), "{shown}");
    assert!(
        totals.iter().any(|&total| total > 421 && total <= 3 * 421),
        "{shown}"
    );
}

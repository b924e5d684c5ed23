//! Every ruling of the official Pacru FAQ, and every worked example of the rulebook,
//! as an executable scenario.
//!
//! The scenarios live in plain text files under `tests/scenarios/` (the format is
//! described in `tests/scenarios/README.md`). For each scenario this test builds the
//! position from its PPN, plays its move(s) with `pacru-core`, **checks** the stated
//! expectations (legal or illegal with the rule, the effect lines, the position after,
//! the reachable destinations), and then snapshots, with insta, the board before, the
//! move, the verdict with its rule and reason, the board after and what happened in
//! words. A scenario file that cannot be read fails the test with its file and line:
//! no scenario is ever skipped.

use pacru_core::{Field, Move, Position, RulesEdition};
use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};

/// The two editions, in the order scenarios under `rules: both` are run.
const EDITIONS: [RulesEdition; 2] = [RulesEdition::Pacru2004, RulesEdition::Pacru2011];

/// A located problem in a scenario file.
#[derive(Debug)]
struct FileError {
    file: String,
    line: usize,
    message: String,
}

impl std::fmt::Display for FileError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}: {}", self.file, self.line, self.message)
    }
}

/// A verdict a scenario expects for its (last) move.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Verdict {
    Legal,
    Illegal(String),
}

/// One expectation, with the edition it is limited to (`None`: every edition run).
#[derive(Clone, Debug)]
struct Expectation {
    edition: Option<RulesEdition>,
    line: usize,
    kind: ExpectKind,
}

#[derive(Clone, Debug)]
enum ExpectKind {
    /// `expect:` legal or illegal with the rule.
    Verdict(Verdict),
    /// `expect-effect:` this exact line is among the effects.
    Effect(String),
    /// `expect-no-effect:` no effect line contains this text.
    NoEffect(String),
    /// `expect-effects: none`: the move changes nothing beyond the chevron's travel.
    NoEffects,
    /// `expect-reason:` the rejection's reason contains this text.
    Reason(String),
    /// `expect-after:` the PPN after the move(s).
    After(String),
    /// `expect-destinations: FIELD: F1 F2 ...`: the chevron on FIELD can reach exactly these.
    Destinations(Field, BTreeSet<String>),
}

/// One scenario as written.
#[derive(Clone, Debug)]
struct Scenario {
    file: String,
    line: usize,
    title: String,
    notes: Vec<String>,
    editions: Vec<RulesEdition>,
    position: String,
    moves: Vec<String>,
    expectations: Vec<Expectation>,
}

impl Scenario {
    /// The snapshot name: the file stem and a slug of the title.
    fn snapshot_name(&self) -> String {
        let stem = Path::new(&self.file)
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        let mut slug = String::new();
        for c in self.title.chars() {
            if c.is_ascii_alphanumeric() {
                slug.push(c.to_ascii_lowercase());
            } else if !slug.ends_with('_') && !slug.is_empty() {
                slug.push('_');
            }
        }
        let slug = slug.trim_end_matches('_');
        let mut cut = String::new();
        for part in slug.split('_') {
            if cut.len() + part.len() + 1 > 70 {
                break;
            }
            if !cut.is_empty() {
                cut.push('_');
            }
            cut.push_str(part);
        }
        format!("{stem}__{cut}")
    }
}

/// Splits an `expect...` key from its edition suffix (`-2004` or `-2011`), if any.
fn edition_suffix(key: &str) -> (&str, Option<RulesEdition>) {
    if let Some(base) = key.strip_suffix("-2004") {
        (base, Some(RulesEdition::Pacru2004))
    } else if let Some(base) = key.strip_suffix("-2011") {
        (base, Some(RulesEdition::Pacru2011))
    } else {
        (key, None)
    }
}

fn parse_verdict(value: &str) -> Result<Verdict, String> {
    let words: Vec<&str> = value.split_whitespace().collect();
    match words.as_slice() {
        ["legal"] => Ok(Verdict::Legal),
        ["illegal", rule] if is_rule(rule) => Ok(Verdict::Illegal((*rule).to_string())),
        _ => Err(format!(
            "expected `legal` or `illegal R<n>` (R1..R16), found `{value}`"
        )),
    }
}

fn is_rule(text: &str) -> bool {
    text.strip_prefix('R')
        .and_then(|n| n.parse::<u8>().ok())
        .is_some_and(|n| (1..=16).contains(&n))
}

/// Parses one scenario file into scenarios, or says where it is wrong.
fn parse_file(file: &str, text: &str) -> Result<Vec<Scenario>, FileError> {
    let err = |line: usize, message: String| FileError {
        file: file.to_string(),
        line,
        message,
    };
    // Split into blocks separated by `---` lines.
    let mut blocks: Vec<Vec<(usize, &str)>> = vec![Vec::new()];
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line == "---" {
            blocks.push(Vec::new());
        } else if !line.is_empty() && !line.starts_with('#') {
            blocks.last_mut().expect("never empty").push((i + 1, line));
        }
    }
    let mut scenarios = Vec::new();
    for block in blocks {
        let Some(&(first_line, _)) = block.first() else {
            continue;
        };
        let mut title = None;
        let mut notes = Vec::new();
        let mut rules: Option<(usize, Vec<RulesEdition>)> = None;
        let mut position = None;
        let mut moves: Option<Vec<String>> = None;
        let mut expectations = Vec::new();
        for &(n, line) in &block {
            let Some((key, value)) = line.split_once(':') else {
                return Err(err(n, format!("expected `key: value`, found `{line}`")));
            };
            let (key, value) = (key.trim(), value.trim());
            if value.is_empty() {
                return Err(err(n, format!("`{key}:` has no value")));
            }
            let once = |slot_is_set: bool| {
                if slot_is_set {
                    Err(err(n, format!("`{key}:` given twice in one scenario")))
                } else {
                    Ok(())
                }
            };
            match key {
                "title" => {
                    once(title.is_some())?;
                    title = Some(value.to_string());
                }
                "note" => notes.push(value.to_string()),
                "rules" => {
                    once(rules.is_some())?;
                    let editions = match value {
                        "2004" => vec![RulesEdition::Pacru2004],
                        "2011" => vec![RulesEdition::Pacru2011],
                        "both" => EDITIONS.to_vec(),
                        _ => {
                            return Err(err(
                                n,
                                format!("`rules:` must be 2004, 2011 or both, not `{value}`"),
                            ));
                        }
                    };
                    rules = Some((n, editions));
                }
                "position" => {
                    once(position.is_some())?;
                    position = Some((n, value.to_string()));
                }
                "move" | "moves" => {
                    once(moves.is_some())?;
                    let list: Vec<String> = if key == "move" {
                        vec![value.to_string()]
                    } else {
                        value.split_whitespace().map(str::to_string).collect()
                    };
                    for mv in &list {
                        mv.parse::<Move>()
                            .map_err(|e| err(n, format!("bad move `{mv}`: {e}")))?;
                    }
                    moves = Some(list);
                }
                _ => {
                    let (base, edition) = edition_suffix(key);
                    let kind = match base {
                        "expect" => {
                            ExpectKind::Verdict(parse_verdict(value).map_err(|m| err(n, m))?)
                        }
                        "expect-effect" => ExpectKind::Effect(value.to_string()),
                        "expect-no-effect" => ExpectKind::NoEffect(value.to_string()),
                        "expect-effects" if value == "none" => ExpectKind::NoEffects,
                        "expect-effects" => {
                            return Err(err(n, "`expect-effects:` takes only `none`".to_string()));
                        }
                        "expect-reason" => ExpectKind::Reason(value.to_string()),
                        "expect-after" => ExpectKind::After(value.to_string()),
                        "expect-destinations" => {
                            let Some((from, list)) = value.split_once(':') else {
                                return Err(err(
                                    n,
                                    "expected `expect-destinations: FIELD: F1 F2 ...`".to_string(),
                                ));
                            };
                            let from: Field = from
                                .trim()
                                .parse()
                                .map_err(|_| err(n, format!("`{}` is not a field", from.trim())))?;
                            let mut set = BTreeSet::new();
                            for f in list.split_whitespace() {
                                let field: Field = f
                                    .parse()
                                    .map_err(|_| err(n, format!("`{f}` is not a field")))?;
                                set.insert(field.to_string());
                            }
                            ExpectKind::Destinations(from, set)
                        }
                        _ => return Err(err(n, format!("unknown key `{key}`"))),
                    };
                    expectations.push(Expectation {
                        edition,
                        line: n,
                        kind,
                    });
                }
            }
        }
        let title =
            title.ok_or_else(|| err(first_line, "scenario without `title:`".to_string()))?;
        let (position_line, position) = position
            .ok_or_else(|| err(first_line, format!("scenario `{title}` has no `position:`")))?;
        let editions = rules.map_or(vec![RulesEdition::Pacru2004], |(_, e)| e);
        for &edition in &editions {
            Position::from_ppn(&position, edition)
                .map_err(|e| err(position_line, format!("bad position: {e}")))?;
        }
        for e in &expectations {
            if let Some(ed) = e.edition
                && !editions.contains(&ed)
            {
                return Err(err(
                    e.line,
                    format!("expectation for the {ed} rules, but the scenario does not run them"),
                ));
            }
        }
        let moves = moves.unwrap_or_default();
        let has_destinations = expectations
            .iter()
            .any(|e| matches!(e.kind, ExpectKind::Destinations(..)));
        if moves.is_empty() && !has_destinations {
            return Err(err(
                first_line,
                format!("scenario `{title}` has neither `move:` nor `expect-destinations:`"),
            ));
        }
        for &edition in &editions {
            let has_verdict = expectations.iter().any(|e| {
                matches!(e.kind, ExpectKind::Verdict(_)) && e.edition.is_none_or(|ed| ed == edition)
            });
            if !moves.is_empty() && !has_verdict {
                return Err(err(
                    first_line,
                    format!(
                        "scenario `{title}` states no `expect:` verdict for the {edition} rules"
                    ),
                ));
            }
            let verdicts = expectations
                .iter()
                .filter(|e| {
                    matches!(e.kind, ExpectKind::Verdict(_))
                        && e.edition.is_none_or(|ed| ed == edition)
                })
                .count();
            if verdicts > 1 {
                return Err(err(
                    first_line,
                    format!(
                        "scenario `{title}` states more than one verdict for the {edition} rules"
                    ),
                ));
            }
        }
        scenarios.push(Scenario {
            file: file.to_string(),
            line: first_line,
            title,
            notes,
            editions,
            position,
            moves,
            expectations,
        });
    }
    if scenarios.is_empty() {
        return Err(err(1, "the file holds no scenario".to_string()));
    }
    Ok(scenarios)
}

/// The legal destinations of the chevron on `from`, `x` marking a pincer.
fn destinations(pos: &Position, from: Field) -> BTreeSet<String> {
    pos.movement_skeletons()
        .filter(|sk| sk.from() == from)
        .map(|sk| sk.to().to_string())
        .collect()
}

fn indent(text: &str) -> String {
    text.lines().map(|l| format!("    {l}\n")).collect()
}

/// Runs one scenario under one edition: appends its report to `out` and returns the
/// failed expectations.
fn run_edition(sc: &Scenario, edition: RulesEdition, out: &mut String) -> Vec<String> {
    let mut failures = Vec::new();
    let mut fail = |line: usize, message: String| {
        failures.push(format!("{}:{}: [{edition}] {message}", sc.file, line));
    };
    let applies = |e: &&Expectation| e.edition.is_none_or(|ed| ed == edition);
    let start = Position::from_ppn(&sc.position, edition).expect("checked when parsing");
    let _ = writeln!(out, "=== rules {edition} ===");
    let _ = writeln!(out, "board before:");
    out.push_str(&indent(&start.diagram()));
    for e in sc.expectations.iter().filter(applies) {
        if let ExpectKind::Destinations(from, expected) = &e.kind {
            let actual = destinations(&start, *from);
            let list: Vec<&str> = actual.iter().map(String::as_str).collect();
            let _ = writeln!(
                out,
                "destinations of the chevron on {from}: {}",
                list.join(" ")
            );
            if &actual != expected {
                let want: Vec<&str> = expected.iter().map(String::as_str).collect();
                fail(
                    e.line,
                    format!(
                        "the chevron on {from} reaches {} but the scenario expects {}",
                        list.join(" "),
                        want.join(" ")
                    ),
                );
            }
        }
    }
    if sc.moves.is_empty() {
        return failures;
    }
    let mut pos = start;
    let last = sc.moves.len() - 1;
    for (i, text) in sc.moves.iter().enumerate() {
        let mv: Move = text.parse().expect("checked when parsing");
        let is_last = i == last;
        let _ = writeln!(
            out,
            "move{}: {text} ({} to move)",
            if sc.moves.len() > 1 {
                format!(" {}", i + 1)
            } else {
                String::new()
            },
            pos.to_move()
        );
        match pos.explain(&mv) {
            Ok(effects) => {
                let next = pos.play(&mv).expect("explained moves are legal");
                let lines = effects.describe();
                let _ = writeln!(out, "verdict: legal");
                let _ = writeln!(out, "what happened:");
                if lines.is_empty() {
                    let _ = writeln!(out, "    (no special action)");
                }
                for l in &lines {
                    let _ = writeln!(out, "    {l}");
                }
                if is_last {
                    for e in sc.expectations.iter().filter(applies) {
                        match &e.kind {
                            ExpectKind::Verdict(Verdict::Illegal(rule)) => fail(
                                e.line,
                                format!(
                                    "{text} is legal, but the scenario expects it illegal under {rule}"
                                ),
                            ),
                            ExpectKind::Effect(want) if !lines.contains(want) => fail(
                                e.line,
                                format!("{text}: no effect line `{want}`; it did: {lines:?}"),
                            ),
                            ExpectKind::NoEffect(bad)
                                if lines.iter().any(|l| l.contains(bad.as_str())) =>
                            {
                                fail(
                                    e.line,
                                    format!("{text}: an effect line mentions `{bad}`: {lines:?}"),
                                )
                            }
                            ExpectKind::NoEffects if !lines.is_empty() => fail(
                                e.line,
                                format!("{text}: expected no effects, it did: {lines:?}"),
                            ),
                            ExpectKind::Reason(_) => fail(
                                e.line,
                                format!(
                                    "{text} is legal, so there is no rejection reason to check"
                                ),
                            ),
                            ExpectKind::After(want) if next.to_ppn().to_string() != *want => fail(
                                e.line,
                                format!(
                                    "{text}: position after is `{}`, expected `{want}`",
                                    next.to_ppn()
                                ),
                            ),
                            _ => {}
                        }
                    }
                }
                let _ = writeln!(out, "board after:");
                out.push_str(&indent(&next.diagram()));
                let _ = writeln!(out, "ppn after: {}", next.to_ppn());
                pos = next;
            }
            Err(illegal) => {
                let _ = writeln!(
                    out,
                    "verdict: illegal under {}: {}",
                    illegal.rule, illegal.reason
                );
                if !is_last {
                    fail(
                        sc.line,
                        format!(
                            "preparatory move {text} (move {} of the sequence) is illegal: {illegal}",
                            i + 1
                        ),
                    );
                    return failures;
                }
                for e in sc.expectations.iter().filter(applies) {
                    match &e.kind {
                        ExpectKind::Verdict(Verdict::Legal) => fail(
                            e.line,
                            format!(
                                "{text} is illegal ({illegal}), but the scenario expects it legal"
                            ),
                        ),
                        ExpectKind::Verdict(Verdict::Illegal(rule))
                            if *rule != illegal.rule.to_string() =>
                        {
                            fail(
                                e.line,
                                format!(
                                    "{text} is illegal under {} ({}), but the scenario expects {rule}",
                                    illegal.rule, illegal.reason
                                ),
                            )
                        }
                        ExpectKind::Reason(want) if !illegal.reason.contains(want.as_str()) => {
                            fail(
                                e.line,
                                format!(
                                    "{text}: the reason `{}` does not contain `{want}`",
                                    illegal.reason
                                ),
                            )
                        }
                        ExpectKind::Effect(_)
                        | ExpectKind::NoEffect(_)
                        | ExpectKind::NoEffects
                        | ExpectKind::After(_) => fail(
                            e.line,
                            format!(
                                "{text} is illegal ({illegal}), so its effects cannot be checked"
                            ),
                        ),
                        _ => {}
                    }
                }
                let _ = writeln!(out, "board after: unchanged");
            }
        }
    }
    failures
}

/// Runs a scenario: the snapshot text and the failed expectations.
fn run(sc: &Scenario) -> (String, Vec<String>) {
    let mut out = String::new();
    let _ = writeln!(out, "title: {}", sc.title);
    let _ = writeln!(out, "file: {}", sc.file);
    for note in &sc.notes {
        let _ = writeln!(out, "note: {note}");
    }
    let _ = writeln!(out, "position: {}", sc.position);
    if !sc.moves.is_empty() {
        let _ = writeln!(out, "moves: {}", sc.moves.join(" "));
    }
    let mut failures = Vec::new();
    for &edition in &sc.editions {
        out.push('\n');
        failures.extend(run_edition(sc, edition, &mut out));
    }
    (out, failures)
}

fn scenario_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/scenarios")
}

#[test]
fn faq_scenarios() {
    let dir = scenario_dir();
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .map(|entry| entry.expect("directory entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no scenario files in {}", dir.display());
    let mut failures = Vec::new();
    let mut names = BTreeSet::new();
    let mut count = 0;
    for path in &files {
        let shown = format!(
            "tests/scenarios/{}",
            path.file_name().expect("a file").to_string_lossy()
        );
        let text = match std::fs::read_to_string(path) {
            Ok(t) => t,
            Err(e) => {
                failures.push(format!("{shown}: cannot read: {e}"));
                continue;
            }
        };
        let scenarios = match parse_file(&shown, &text) {
            Ok(s) => s,
            Err(e) => {
                failures.push(format!("bad scenario file: {e}"));
                continue;
            }
        };
        for sc in scenarios {
            count += 1;
            let name = sc.snapshot_name();
            if !names.insert(name.clone()) {
                failures.push(format!(
                    "{}:{}: snapshot name `{name}` is taken by another scenario: change the title",
                    sc.file, sc.line
                ));
                continue;
            }
            let (report, failed) = run(&sc);
            failures.extend(failed);
            let snapshot = catch_unwind(AssertUnwindSafe(|| {
                insta::with_settings!({
                    description => format!("{} ({})", sc.title, sc.file),
                    omit_expression => true,
                }, {
                    insta::assert_snapshot!(name.as_str(), report);
                });
            }));
            if snapshot.is_err() {
                failures.push(format!(
                    "{}:{}: snapshot `{name}` does not match (review the .snap.new)",
                    sc.file, sc.line
                ));
            }
        }
    }
    eprintln!("{count} scenarios in {} files", files.len());
    assert!(
        failures.is_empty(),
        "{} scenario failure(s):\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn a_broken_scenario_file_is_an_error_with_file_and_line() {
    let bad =
        "title: t\nposition: 9/9/9/9/9/9/9/9/9 Ke1N,Ra1NE K KR\nmove: e1-e2\nexpect: legall\n";
    let e = parse_file("x.txt", bad).expect_err("a bad verdict must be rejected");
    assert_eq!((e.file.as_str(), e.line), ("x.txt", 4), "{e}");
    let bad = "title: t\nposition: 9/9/9/9/9/9/9/9/8 Ke1N K KR\nmove: e1-e2\nexpect: legal\n";
    let e = parse_file("x.txt", bad).expect_err("a bad PPN must be rejected");
    assert_eq!(e.line, 2, "{e}");
    let bad = "title: t\nposition: 9/9/9/9/9/9/9/9/9 Ke1N,Ra1NE K KR\nmove: e1-e2\n";
    let e = parse_file("x.txt", bad).expect_err("a scenario without a verdict must be rejected");
    assert_eq!(e.line, 1, "{e}");
    let bad = "title: t\nposition: 9/9/9/9/9/9/9/9/9 Ke1N,Ra1NE K KR\nmove: e1-e2\nexpect: legal\nexpct-effect: x\n";
    let e = parse_file("x.txt", bad).expect_err("an unknown key must be rejected");
    assert_eq!(e.line, 5, "{e}");
}

#[test]
fn a_reorientation_over_90_degrees_cannot_even_be_written() {
    // FAQ R14: "In one turn you can only reorient either 45 or 90 degrees."
    for text in ["e5>>>(a1,b1,c1,d1)", "e5<<<(a1,b1,c1,d1)", "e5><(a1,b1)"] {
        assert!(text.parse::<Move>().is_err(), "{text} should not parse");
    }
}

/// The `R<n> Q<m>` number a scenario title starts with, if any.
fn question_number(title: &str) -> Option<String> {
    let mut words = title.split_whitespace();
    let (section, question) = (words.next()?, words.next()?);
    let section_ok = section
        .strip_prefix('R')
        .is_some_and(|n| n.parse::<u8>().is_ok());
    let question = question.trim_end_matches(':');
    let question_ok = question
        .strip_prefix('Q')
        .is_some_and(|n| n.parse::<u8>().is_ok());
    (section_ok && question_ok).then(|| format!("{section} {question}"))
}

#[test]
fn the_coverage_page_lists_every_faq_question_and_scenario() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let page = std::fs::read_to_string(root.join("docs/faq-coverage.md"))
        .expect("docs/faq-coverage.md is readable");
    let mut numbered = BTreeSet::new();
    for entry in std::fs::read_dir(scenario_dir()).expect("tests/scenarios is readable") {
        let path = entry.expect("directory entry").path();
        if path.extension().is_some_and(|x| x == "txt") {
            let text = std::fs::read_to_string(&path).expect("scenario file is readable");
            for line in text.lines() {
                if let Some(title) = line.trim().strip_prefix("title:")
                    && let Some(number) = question_number(title.trim())
                {
                    numbered.insert(number);
                }
            }
        }
    }
    let mut listed = BTreeSet::new();
    let mut problems = Vec::new();
    for row in page.lines().filter(|l| l.starts_with("| R")) {
        let cells: Vec<&str> = row.trim_matches('|').split('|').map(str::trim).collect();
        let (number, scenarios) = (cells[0].to_string(), cells[cells.len() - 1]);
        let own = !(scenarios.starts_with("not ")
            || scenarios.starts_with("partly not ")
            || scenarios.starts_with("covered by "));
        if own && !numbered.contains(&number) {
            problems.push(format!("{number} is listed as covered but has no scenario"));
        }
        if !own && numbered.contains(&number) {
            problems.push(format!(
                "{number} has scenarios but the page says it has none"
            ));
        }
        listed.insert(number);
    }
    for number in numbered.difference(&listed) {
        problems.push(format!(
            "scenarios numbered {number} are not on the coverage page"
        ));
    }
    assert!(
        listed.len() >= 60,
        "the FAQ has 60 questions; the page lists {}",
        listed.len()
    );
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

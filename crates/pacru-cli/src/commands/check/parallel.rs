//! Checking one big file on several threads, with the output of a sequential run.
//!
//! The file is cut into parts and the parts are read in parallel by
//! [`pacru_referee::parts`] (which also decides which cuts hold, so that the
//! verdicts are those of one sequential reading). What this module adds is the
//! rendering: each worker renders the report of a good game as `pacru check`
//! prints it, with the game and line numbers counted from its part's first
//! byte, and the calling thread, taking the reports in input order, writes the
//! file's numbers into the text. A game that is not good (rare) is rendered by
//! the calling thread, from its verdict made the file's and the text of the
//! line its report quotes.

use super::reading::{ReadFailure, Refereeing};
use super::report::{number_offset, push_number, quoted_line};
use super::{Message, Settings, ShownName, verdict_message};
use crate::cli::RecordFormat;
use crate::input::{InputName, Unreadable};
use crate::words::plural;
use pacru_referee::Verdict;
use pacru_referee::parts::{self, Before, Part, Plan};
use std::fs::File;
use std::io::{Seek, SeekFrom};

use std::sync::Arc;
use std::sync::atomic::AtomicU64;

/// What a worker hands on for one game (or for the end of its reading).
enum Rendered {
    /// The report of a good game, its numbers counted from the part's first
    /// byte: game number `game` written at byte `game_at` of the text, line
    /// `line` at byte `line_at`.
    Good {
        message: Message,
        game_at: usize,
        game: usize,
        line_at: usize,
        line: usize,
    },
    /// A game that is not good, its numbers counted from the part's first
    /// byte, with the text of the line its report quotes.
    Bad {
        verdict: Box<Verdict>,
        quoted: Option<String>,
    },
    /// The part cannot be read from here on.
    Unreadable(ReadFailure),
    /// The part cannot be opened.
    Unopened(Unreadable),
}

/// The plan for checking file `name` in parallel on `threads` threads, or `None`
/// when it is better read on one thread (small, not a regular file, one thread,
/// no usable cut).
pub fn plan_for(name: &InputName, threads: usize) -> Option<Plan> {
    if name.is_stdin() {
        return None;
    }
    Plan::for_file(name.path(), threads).ok().flatten()
}

/// `text` with the number `local + base` written over the number `local` at
/// byte `at`, for each `(at, local, base)` of `numbers` (in increasing `at`),
/// in one new string (through `replace_range`, the calling thread spent a
/// third of its time renumbering). A number not found where it is said to be
/// is left as it is.
fn renumbered(text: String, numbers: [(usize, usize, usize); 2]) -> String {
    if numbers.iter().all(|&(_, _, base)| base == 0) {
        return text;
    }
    let mut out = String::with_capacity(text.len() + 16);
    let mut copied = 0;
    for (at, local, base) in numbers {
        let digits = local.checked_ilog10().map_or(1, |d| d as usize + 1);
        let written = text.get(at..at + digits).filter(|_| at >= copied);
        let Some(written) = written else { continue };
        if written.parse() != Ok(local) {
            continue;
        }
        out.push_str(&text[copied..at]);
        push_number(&mut out, local + base);
        copied = at + digits;
    }
    out.push_str(&text[copied..]);
    out
}

/// Where the line number of a good game's report stands, its game number being
/// written at byte `game_at` as `game`: after `N (line ` in text, after
/// `N,"line":` in JSON.
fn line_offset(game_at: usize, game: usize, json: bool) -> usize {
    let digits = game.checked_ilog10().map_or(1, |d| d as usize + 1);
    game_at
        + digits
        + if json {
            ",\"line\":".len()
        } else {
            " (line ".len()
        }
}

/// Referees one part of file `name` (see [`Part`]), rendering the reports of
/// its good games.
fn check_part(
    name: &InputName,
    settings: Settings,
    read: &Arc<AtomicU64>,
    part: &mut Part<'_, Rendered>,
) {
    let part_start = part.start();
    let opened = File::open(name.path()).and_then(|mut file| {
        file.seek(SeekFrom::Start(part_start))?;
        Ok(file)
    });
    let file = match opened {
        Ok(file) => file,
        Err(e) => {
            return part.send_last(Rendered::Unopened(Unreadable {
                name: name.to_string(),
                reason: format!("cannot open: {e}"),
            }));
        }
    };
    let mut games = Refereeing::new(file, part_start, settings, read);
    let json = settings.format == RecordFormat::Json;
    let game_at = number_offset(name, json);
    let shown = ShownName::new(name);
    loop {
        let verdict = match games.next() {
            Ok(Some(verdict)) => verdict,
            Ok(None) => return,
            Err(failure) => return part.send_last(Rendered::Unreadable(failure)),
        };
        let reader = games.reader();
        if !part.game_begins(
            reader.game_offset(),
            reader.game_line(),
            reader.game_column(),
        ) {
            return;
        }
        let rendered = if verdict.is_ok() {
            Rendered::Good {
                message: verdict_message(&shown, settings, &verdict, None),
                game_at,
                game: verdict.game,
                line_at: line_offset(game_at, verdict.game, json),
                line: verdict.line,
            }
        } else {
            let quoted = quoted_line(&verdict, games.tape());
            Rendered::Bad {
                verdict: Box::new(verdict),
                quoted,
            }
        };
        if !part.send(rendered) {
            return;
        }
    }
}

/// The message of `rendered`, whose part has `before` before it, with the
/// file's numbers, and the file's number of its game (0 for an unreadable part).
fn message(
    shown: &ShownName<'_>,
    settings: Settings,
    rendered: Rendered,
    before: Before,
) -> (Message, usize) {
    match rendered {
        Rendered::Good {
            mut message,
            game_at,
            game,
            line_at,
            line,
        } => {
            if let Message::Game { text, .. } = &mut message {
                let numbers = [(game_at, game, before.games), (line_at, line, before.lines)];
                *text = renumbered(std::mem::take(text), numbers);
            }
            (message, before.games + game)
        }
        Rendered::Bad {
            mut verdict,
            quoted,
        } => {
            verdict.renumber(before.games, before.lines);
            let message = verdict_message(shown, settings, &verdict, quoted.as_deref());
            (message, verdict.game)
        }
        Rendered::Unreadable(failure) => {
            let message = Message::Unreadable(Unreadable {
                name: shown.raw.to_string(),
                reason: failure.reason(before.lines),
            });
            (message, 0)
        }
        Rendered::Unopened(unreadable) => (Message::Unreadable(unreadable), 0),
    }
}

/// Checks file `name` by the parts of `plan` on rayon's threads and `consume`s
/// every verdict in input order, on the calling thread, as a sequential run
/// would produce them. Stops when `consume` returns `false`.
pub fn run<C>(
    name: &InputName,
    plan: &Plan,
    settings: Settings,
    read: &Arc<AtomicU64>,
    mut consume: C,
) where
    C: FnMut(Message) -> bool,
{
    tracing::info!("{name}: checking");
    let shown = ShownName::new(name);
    let end = parts::run(
        plan,
        |part| check_part(name, settings, read, part),
        |rendered, before| {
            let (message, game) = message(&shown, settings, rendered, before);
            if let Message::Game { status, .. } = &message {
                tracing::debug!("{name}: game {game}: {status}");
            }
            consume(message)
        },
    );
    if end.complete {
        tracing::info!("{name}: {} checked", plural(end.games as u64, "game"));
    }
}

#[cfg(test)]
mod tests {
    use super::super::check_input;
    use super::*;
    use pacru_notation::test_support::{
        cuts_everywhere, damaged, file_with, mixed_records as corpus, offsets, records_with_traps,
    };

    /// Each message as text, with the position a text report adds.
    fn shown(message: Message) -> String {
        match message {
            Message::Game {
                status,
                text,
                position,
            } => {
                let ppn = position.map(|(what, p)| format!("{what}: {}", p.to_ppn()));
                format!("{status:?} {text}{ppn:?}")
            }
            Message::Unreadable(u) => format!("unreadable {u}"),
        }
    }

    fn settings(format: RecordFormat) -> Settings {
        Settings {
            format,
            rules: None,
            colour: false,
        }
    }

    fn input(name: &str) -> InputName {
        InputName::new(std::path::Path::new(name))
    }

    fn sequential(name: &str, format: RecordFormat) -> Vec<String> {
        let read = Arc::new(AtomicU64::new(0));
        let mut out = Vec::new();
        check_input(&input(name), settings(format), &read, &mut |m| {
            out.push(shown(m));
            true
        });
        out
    }

    /// The plan that cuts file `name` at `cuts`.
    fn plan_at(name: &str, cuts: &[u64]) -> Plan {
        let size = std::fs::metadata(name).unwrap().len();
        assert!(cuts.iter().all(|&cut| cut <= size));
        Plan::from_cuts(cuts)
    }

    fn in_parts(name: &str, cuts: &[u64], format: RecordFormat) -> Vec<String> {
        in_parts_of(name, &plan_at(name, cuts), format)
    }

    fn in_parts_of(name: &str, plan: &Plan, format: RecordFormat) -> Vec<String> {
        let read = Arc::new(AtomicU64::new(0));
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(4)
            .build()
            .unwrap();
        let mut out = Vec::new();
        pool.install(|| {
            run(&input(name), plan, settings(format), &read, |m| {
                out.push(shown(m));
                true
            });
        });
        out
    }

    #[test]
    fn parts_give_the_sequential_verdicts_at_planned_cuts() {
        let text = corpus(400);
        let file = file_with(text.as_bytes());
        let name = file.path().to_str().unwrap();
        let plan = Plan::cut_into(file.path(), 37).unwrap();
        assert!(plan.len() > 30, "{} parts", plan.len());
        for format in [RecordFormat::Text, RecordFormat::Json] {
            let expected = sequential(name, format);
            assert_eq!(expected.len(), 400);
            assert_eq!(in_parts_of(name, &plan, format), expected);
        }
    }

    #[test]
    fn wrong_cuts_inside_comments_tags_and_games_are_read_through() {
        let text = records_with_traps(120);
        let bytes = text.as_bytes();
        let file = file_with(bytes);
        let name = file.path().to_str().unwrap();
        let cuts = cuts_everywhere(bytes);
        for format in [RecordFormat::Text, RecordFormat::Json] {
            assert_eq!(in_parts(name, &cuts, format), sequential(name, format));
        }
    }

    #[test]
    fn a_big_file_is_planned_and_checked_as_one_reading_would() {
        let games = corpus(150);
        let mut text = String::new();
        while text.len() < (parts::MIN_PARALLEL_BYTES as usize) * 5 / 4 {
            if !text.is_empty() {
                text.push('\n');
            }
            text.push_str(&games);
        }
        let file = file_with(text.as_bytes());
        let name = file.path().to_str().unwrap();
        assert_eq!(plan_for(&input(name), 1), None);
        let plan = plan_for(&input(name), 4).unwrap();
        assert!(plan.len() >= 16, "{} parts", plan.len());
        for start in (0..plan.len()).map(|i| plan.start(i)) {
            assert!(start == 0 || text[start as usize..].starts_with("[Event"));
        }
        for format in [RecordFormat::Text, RecordFormat::Json] {
            assert_eq!(in_parts_of(name, &plan, format), sequential(name, format));
        }
    }

    #[test]
    fn stopping_early_does_not_hang() {
        let text = corpus(120);
        let file = file_with(text.as_bytes());
        let name = file.path().to_str().unwrap();
        let cuts = offsets(text.as_bytes(), b"\n\n[", 2);
        let plan = plan_at(name, &cuts);
        let read = Arc::new(AtomicU64::new(0));
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(3)
            .build()
            .unwrap();
        let mut seen = 0;
        pool.install(|| {
            run(
                &input(name),
                &plan,
                settings(RecordFormat::Text),
                &read,
                |_| {
                    seen += 1;
                    seen < 10
                },
            );
        });
        assert_eq!(seen, 10);
    }

    #[test]
    fn malformed_and_mutated_files_give_the_sequential_verdicts() {
        let damaged = damaged(corpus(200).into_bytes(), 12345, 400);
        let file = file_with(&damaged);
        let name = file.path().to_str().unwrap();
        let mut cuts = offsets(&damaged, b"\n[", 1);
        cuts.extend(offsets(&damaged, b"{", 0));
        cuts.sort_unstable();
        cuts.dedup();
        for format in [RecordFormat::Text, RecordFormat::Json] {
            let expected = sequential(name, format);
            assert!(expected.iter().any(|m| m.starts_with("Malformed")));
            assert_eq!(in_parts(name, &cuts, format), expected);
        }
    }

    #[test]
    fn the_line_number_of_a_good_game_stands_where_it_is_written() {
        for game in [1, 9, 10, 99, 100, 12345] {
            for json in [false, true] {
                let name = "dir/a \"b\".pgr";
                let text = if json {
                    format!("{{\"file\":\"dir/a \\\"b\\\".pgr\",\"game\":{game},\"line\":77,")
                } else {
                    format!("{name} game {game} (line 77): ok")
                };
                let at = line_offset(number_offset(name, json), game, json);
                assert_eq!(&text[at..at + 2], "77", "{text}");
            }
        }
    }

    #[test]
    fn renumbering_rewrites_the_game_and_line_numbers() {
        let text = "f.pgr game 7 (line 70): ok, 3 plies".to_string();
        let at = number_offset("f.pgr", false);
        let line_at = line_offset(at, 7, false);
        let numbers = [(at, 7, 1995), (line_at, 70, 100_000)];
        assert_eq!(
            renumbered(text.clone(), numbers),
            "f.pgr game 2002 (line 100070): ok, 3 plies"
        );
        assert_eq!(
            renumbered(text.clone(), [(at, 7, 0), (line_at, 70, 0)]),
            text
        );
        // A number that is not where it is said to be stays as it is.
        assert_eq!(
            renumbered(text.clone(), [(at, 8, 1), (line_at, 70, 1)]),
            "f.pgr game 7 (line 71): ok, 3 plies"
        );
        let json = "{\"file\":\"a\\\"b\",\"game\":3,\"line\":9}".to_string();
        let at = number_offset("a\"b", true);
        let numbers = [(at, 3, 10), (line_offset(at, 3, true), 9, 1)];
        assert_eq!(
            renumbered(json, numbers),
            "{\"file\":\"a\\\"b\",\"game\":13,\"line\":10}"
        );
    }
}

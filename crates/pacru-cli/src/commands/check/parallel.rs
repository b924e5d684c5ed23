//! Checking one big file on several threads, with the output of a sequential run.
//!
//! The file is cut into parts at candidate game starts ([`super::split`]). Each
//! part is read by a worker with a reader of its own from the part's first byte;
//! its verdicts carry line numbers shifted by the lines before the part, and game
//! numbers counted from the part's first game, which the consumer (the calling
//! thread, taking the parts in order) turns into the file's numbers.
//!
//! A cut is valid only if a reader going through the file from its start begins
//! a game exactly there: a reader state between games is all a fresh reader has.
//! So the worker of a part reads past the part's end until a game begins at or
//! after the next cut. If it begins exactly at a cut, that cut is confirmed: the
//! worker stops and names the part that carries on. If a game begins after a cut
//! (the cut lay inside a game, a comment or a stretch the reader skipped after a
//! malformed game), the cut is wrong: the worker reads on to the next one, and the
//! consumer drops the output of the parts it skipped. Since the decision is always
//! made by the reader that read every byte before the cut, the verdicts are those
//! of a sequential reading, whatever the cuts.
//!
//! Memory stays bounded: workers only start parts within a window after the one
//! being consumed, and each part's channel holds a bounded number of batches.

use super::report::Renderer;
use super::split::{self, Plan};
use super::{Message, Settings, verdict_message};
use crate::cli::Format;
use crate::input::{AlignedReads, TAPE_CAP, TapeReader, Unreadable};
use crate::words::plural;
use pacru_notation::pgr::{GameResult, GameStart, MoveToken, Reader, Skip, Visitor};
use pacru_notation::referee::{self, Checker};
use rayon::prelude::*;
use std::fs::File;
use std::io::{Seek, SeekFrom};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};
use std::sync::{Arc, Condvar, Mutex};

/// Files smaller than this are checked on one thread.
const MIN_PARALLEL_BYTES: u64 = 2 << 20;
/// The largest part: small parts keep the threads evenly busy to the end.
const MAX_PART_BYTES: u64 = 1 << 20;
/// The most parts (each has a channel): parts of a huge file are larger.
const MAX_PARTS: usize = 4096;
/// Verdicts a worker collects before handing them to the consumer.
const BATCH: usize = 64;
/// Batches buffered per part before its worker waits for the consumer.
const CHANNEL_BOUND: usize = 256;

/// What a worker says about its part, in order.
enum Note {
    /// A verdict, rendered with the game number `local` (counted from the part's
    /// first game) written at byte `number_at` of its text.
    Verdict {
        message: Message,
        number_at: usize,
        local: usize,
    },
    /// The input cannot be read from here on; nothing follows.
    Unreadable(Unreadable),
    /// The part ends where part `next` starts (a confirmed cut).
    Continues(usize),
}

/// The plan for checking file `name` in parallel on `threads` threads, or `None`
/// when it is better read on one thread (small, not a regular file, one thread,
/// no usable cut).
pub fn plan_for(name: &str, threads: usize) -> Option<Plan> {
    if threads < 2 || name == crate::input::STDIN {
        return None;
    }
    let size = crate::input::open_size(name)?;
    if size < MIN_PARALLEL_BYTES {
        return None;
    }
    let parts = usize::try_from(size.div_ceil(MAX_PART_BYTES))
        .unwrap_or(usize::MAX)
        .min(MAX_PARTS)
        .max(threads * 4);
    let mut file = File::open(name).ok()?;
    let cuts = split::candidates(&mut file, size, parts).ok()?;
    if cuts.is_empty() {
        return None;
    }
    let mut bounds = vec![0];
    bounds.extend_from_slice(&cuts);
    bounds.push(size);
    let breaks: Vec<usize> = bounds
        .par_windows(2)
        .map(|w| {
            let mut file = File::open(name).ok()?;
            split::count_line_breaks(&mut file, w[0], w[1] - w[0]).ok()
        })
        .collect::<Option<Vec<usize>>>()?;
    Some(split::plan(&cuts, &breaks))
}

/// Wraps the referee's visitor to learn where each game starts.
struct Probe<'a> {
    checker: &'a mut Checker,
    start: u64,
}

impl Visitor for Probe<'_> {
    type Output = referee::Verdict;

    #[inline]
    fn begin_game(&mut self, start: GameStart) {
        self.start = start.offset;
        self.checker.begin_game(start);
    }

    #[inline]
    fn tag(&mut self, name: &str, value: &str, line: usize) {
        self.checker.tag(name, value, line);
    }

    #[inline]
    fn begin_movetext(&mut self) -> Skip {
        self.checker.begin_movetext()
    }

    #[inline]
    fn move_token(&mut self, token: MoveToken<'_>) {
        self.checker.move_token(token);
    }

    #[inline]
    fn glyph(&mut self, glyph: &str) {
        self.checker.glyph(glyph);
    }

    #[inline]
    fn comment(&mut self, text: &str) {
        self.checker.comment(text);
    }

    #[inline]
    fn result(&mut self, result: GameResult, line: usize, column: usize) {
        self.checker.result(result, line, column);
    }

    #[inline]
    fn end_game(&mut self) -> referee::Verdict {
        self.checker.end_game()
    }
}

/// Writes `base + local` over the game number `local` at byte `at` of `text`.
fn renumber(text: &mut String, at: usize, local: usize, base: usize) {
    if base == 0 {
        return;
    }
    let old = local.to_string();
    if text.get(at..at + old.len()) == Some(old.as_str()) {
        text.replace_range(at..at + old.len(), &(base + local).to_string());
    }
}

/// Referees part `index` of file `name` (see the module comment), sending its
/// notes; stops early when `send` returns `false`.
fn check_part(
    name: &str,
    plan: &Plan,
    index: usize,
    settings: Settings,
    read: &Arc<AtomicU64>,
    send: &mut dyn FnMut(Note) -> bool,
) {
    let unreadable = |reason: String| {
        Note::Unreadable(Unreadable {
            name: name.to_string(),
            reason,
        })
    };
    let part_start = plan.starts[index];
    let first_line = plan.lines[index];
    let opened = File::open(name).and_then(|mut file| {
        file.seek(SeekFrom::Start(part_start))?;
        Ok(file)
    });
    let file = match opened {
        Ok(file) => file,
        Err(e) => {
            send(unreadable(format!("cannot open: {e}")));
            return;
        }
    };
    let file = AlignedReads::new(file, part_start);
    let (tape_reader, tape) = TapeReader::new(file, TAPE_CAP, Some(Arc::clone(read)));
    let mut reader = Reader::new(tape_reader.starting_at_line(first_line)).lenient();
    let mut checker = Checker::with_default_rules(settings.rules.unwrap_or_default());
    let shift = first_line - 1;
    let renderer = Renderer::new(name);
    let number_at = renderer.number_offset(settings.format == Format::Json);
    let mut next_cut = index + 1;
    loop {
        let start = reader.offset();
        let mut probe = Probe {
            checker: &mut checker,
            start: 0,
        };
        let (mut verdict, game_start) = match reader.read_with(&mut probe) {
            Ok(None) => break,
            Ok(Some(verdict)) => {
                tape.discard_before(start);
                (verdict, probe.start)
            }
            Err(e) => {
                if let Some(io) = tape.io_error() {
                    let line = e.line + shift;
                    send(unreadable(format!("read error at line {line}: {io}")));
                    return;
                }
                tape.discard_before(e.game_offset);
                (checker.malformed(&e), e.game_offset)
            }
        };
        let at = part_start + game_start;
        while plan.starts.get(next_cut).is_some_and(|&cut| cut < at) {
            next_cut += 1;
        }
        if plan.starts.get(next_cut) == Some(&at) {
            send(Note::Continues(next_cut));
            return;
        }
        if verdict.line > 0 {
            verdict.line += shift;
        }
        if let Some(error) = verdict.error.as_mut()
            && error.line > 0
        {
            error.line += shift;
        }
        let local = verdict.game;
        let message = verdict_message(&renderer, settings, &verdict, &tape);
        let note = Note::Verdict {
            message,
            number_at,
            local,
        };
        if !send(note) {
            return;
        }
    }
    if let Some(io) = tape.io_error() {
        send(unreadable(format!("read error: {io}")));
    }
}

/// The parts a worker may start: those before `consumed + window`.
struct Window {
    consumed: Mutex<usize>,
    moved: Condvar,
    size: usize,
}

impl Window {
    /// Waits until part `index` is within the window; `false` if the run stopped
    /// or the consumer has gone past it.
    fn enter(&self, index: usize, stopped: &AtomicBool) -> bool {
        let Ok(mut consumed) = self.consumed.lock() else {
            return false;
        };
        while index >= *consumed + self.size && !stopped.load(Ordering::SeqCst) {
            consumed = match self.moved.wait(consumed) {
                Ok(guard) => guard,
                Err(_) => return false,
            };
        }
        index >= *consumed && !stopped.load(Ordering::SeqCst)
    }

    /// The consumer has reached part `index`.
    fn advance(&self, index: usize) {
        if let Ok(mut consumed) = self.consumed.lock() {
            *consumed = index;
        }
        self.moved.notify_all();
    }
}

/// Checks file `name` by the parts of `plan` on rayon's threads and `consume`s
/// every verdict in input order, on the calling thread, as a sequential run
/// would produce them. Stops when `consume` returns `false`.
pub fn run<C>(name: &str, plan: &Plan, settings: Settings, read: &Arc<AtomicU64>, mut consume: C)
where
    C: FnMut(Message) -> bool,
{
    let parts = plan.starts.len();
    let mut senders: Vec<Mutex<Option<SyncSender<Vec<Note>>>>> = Vec::with_capacity(parts);
    let mut receivers: Vec<Option<Receiver<Vec<Note>>>> = Vec::with_capacity(parts);
    for _ in 0..parts {
        let (tx, rx) = sync_channel(CHANNEL_BOUND);
        senders.push(Mutex::new(Some(tx)));
        receivers.push(Some(rx));
    }
    tracing::info!("{name}: checking");
    let threads = rayon::current_num_threads().max(1);
    let window = Window {
        consumed: Mutex::new(0),
        moved: Condvar::new(),
        size: threads + 2,
    };
    let next = AtomicUsize::new(0);
    let stopped = AtomicBool::new(false);
    rayon::in_place_scope(|scope| {
        for _ in 0..threads.min(parts) {
            scope.spawn(|_| {
                loop {
                    let i = next.fetch_add(1, Ordering::SeqCst);
                    if i >= parts || stopped.load(Ordering::SeqCst) {
                        break;
                    }
                    let sender = senders[i].lock().ok().and_then(|mut s| s.take());
                    let Some(sender) = sender else { continue };
                    if !window.enter(i, &stopped) {
                        continue;
                    }
                    let mut batch = Vec::with_capacity(BATCH);
                    let mut open = true;
                    let mut send = |note: Note| {
                        let flush = !matches!(note, Note::Verdict { .. });
                        batch.push(note);
                        if batch.len() == BATCH || flush {
                            let full = std::mem::replace(&mut batch, Vec::with_capacity(BATCH));
                            open = sender.send(full).is_ok();
                        }
                        open
                    };
                    check_part(name, plan, i, settings, read, &mut send);
                    if !batch.is_empty() {
                        let _ = sender.send(batch);
                    }
                }
            });
        }
        let mut current = 0;
        let mut base = 0;
        let mut finished = true;
        'parts: loop {
            let Some(receiver) = receivers[current].take() else {
                break;
            };
            let mut games = 0;
            let mut continues = None;
            while let Ok(batch) = receiver.recv() {
                for note in batch {
                    match note {
                        Note::Verdict {
                            mut message,
                            number_at,
                            local,
                        } => {
                            if let Message::Game { text, status, .. } = &mut message {
                                renumber(text, number_at, local, base);
                                tracing::debug!("{name}: game {}: {}", base + local, status);
                            }
                            games += 1;
                            if !consume(message) {
                                finished = false;
                                break 'parts;
                            }
                        }
                        Note::Unreadable(unreadable) => {
                            consume(Message::Unreadable(unreadable));
                            finished = false;
                            break 'parts;
                        }
                        Note::Continues(part) => continues = Some(part),
                    }
                }
            }
            drop(receiver);
            base += games;
            let Some(part) = continues else { break };
            // The parts in between started at wrong cuts: their work is dropped.
            for skipped in &mut receivers[current + 1..part] {
                *skipped = None;
            }
            current = part;
            window.advance(current);
        }
        if finished {
            tracing::info!("{name}: {} checked", plural(base as u64, "game"));
        }
        stopped.store(true, Ordering::SeqCst);
        window.advance(parts);
        // Dropping the receivers makes every pending send fail, so workers stop.
        receivers.clear();
    });
}

#[cfg(test)]
mod tests {
    use super::super::check_input;
    use super::*;
    use pacru_core::RulesEdition;
    use pacru_notation::pgr::write_game;
    use pacru_notation::selfplay::{SelfplaySettings, play_random_game};
    use std::io::Write as _;

    /// Random games of 2, 3 and 4 players, both editions, a blank line apart.
    fn corpus(games: u64) -> String {
        let mut out = String::new();
        for i in 0..games {
            let rules = if i % 2 == 0 {
                RulesEdition::Pacru2004
            } else {
                RulesEdition::Pacru2011
            };
            let settings = SelfplaySettings::new(2 + (i % 3) as usize, 7)
                .rules(rules)
                .max_plies(Some(120));
            let game = play_random_game(&settings, i + 1).unwrap();
            if i > 0 {
                out.push('\n');
            }
            out.push_str(&write_game(&game));
        }
        out
    }

    /// Each message as text, with the position a text report adds.
    fn shown(message: Message) -> String {
        match message {
            Message::Game {
                status,
                text,
                position,
            } => {
                let ppn =
                    position.map(|(what, p)| format!("{what}: {}", pacru_notation::format_ppn(&p)));
                format!("{status:?} {text}{ppn:?}")
            }
            Message::Unreadable(u) => format!("unreadable {u}"),
        }
    }

    fn settings(format: Format) -> Settings {
        Settings {
            format,
            rules: None,
            colour: false,
        }
    }

    fn sequential(name: &str, format: Format) -> Vec<String> {
        let read = Arc::new(AtomicU64::new(0));
        let mut out = Vec::new();
        check_input(name, settings(format), &read, &mut |m| {
            out.push(shown(m));
            true
        });
        out
    }

    fn in_parts(name: &str, cuts: &[u64], format: Format) -> Vec<String> {
        let text = std::fs::read(name).unwrap();
        let mut bounds = vec![0];
        bounds.extend_from_slice(cuts);
        bounds.push(text.len() as u64);
        let breaks: Vec<usize> = bounds
            .windows(2)
            .map(|w| {
                let part = &text[w[0] as usize..w[1] as usize];
                part.iter().filter(|&&b| b == b'\n').count()
            })
            .collect();
        let plan = split::plan(cuts, &breaks);
        let read = Arc::new(AtomicU64::new(0));
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(4)
            .build()
            .unwrap();
        let mut out = Vec::new();
        pool.install(|| {
            run(name, &plan, settings(format), &read, |m| {
                out.push(shown(m));
                true
            });
        });
        out
    }

    fn file_with(text: &[u8]) -> tempfile::NamedTempFile {
        let mut file = tempfile::NamedTempFile::new().unwrap();
        file.write_all(text).unwrap();
        file.flush().unwrap();
        file
    }

    /// Every offset of `needle` in `text`, plus `delta`.
    fn offsets(text: &[u8], needle: &[u8], delta: i64) -> Vec<u64> {
        (0..text.len().saturating_sub(needle.len()))
            .filter(|&i| &text[i..i + needle.len()] == needle)
            .map(|i| (i as i64 + delta) as u64)
            .collect()
    }

    #[test]
    fn parts_give_the_sequential_verdicts_at_planned_cuts() {
        let text = corpus(400);
        let file = file_with(text.as_bytes());
        let name = file.path().to_str().unwrap();
        let mut f = File::open(name).unwrap();
        let cuts = split::candidates(&mut f, text.len() as u64, 37).unwrap();
        assert!(cuts.len() > 30, "{} cuts", cuts.len());
        for format in [Format::Text, Format::Json] {
            let expected = sequential(name, format);
            assert_eq!(expected.len(), 400);
            assert_eq!(in_parts(name, &cuts, format), expected);
        }
    }

    #[test]
    fn wrong_cuts_inside_comments_tags_and_games_are_read_through() {
        let mut text = corpus(120);
        // A comment that holds a blank line and lines that look like tags.
        let at = text.find("\n\n[Event").unwrap() - 2;
        text.insert_str(at, " {a comment\n\n[Event \"inside\"]\n\n[Round \"1\"]\n}");
        // A blank line inside a tag section: the tags go on.
        let at = text.rfind("\n[Site").unwrap();
        text.insert(at, '\n');
        let bytes = text.as_bytes();
        let file = file_with(bytes);
        let name = file.path().to_str().unwrap();
        // Cuts at every tag line, at every line of the comment, in the middle of
        // movetext lines: most are wrong.
        let mut cuts: Vec<u64> = offsets(bytes, b"\n[", 1);
        cuts.extend(offsets(bytes, b"\n1. ", 1));
        cuts.extend(offsets(bytes, b" 7. ", 1));
        cuts.sort_unstable();
        cuts.dedup();
        for format in [Format::Text, Format::Json] {
            assert_eq!(in_parts(name, &cuts, format), sequential(name, format));
        }
    }

    #[test]
    fn a_big_file_is_planned_and_checked_as_one_reading_would() {
        let games = corpus(150);
        let mut text = String::new();
        while text.len() < (MIN_PARALLEL_BYTES as usize) * 5 / 4 {
            if !text.is_empty() {
                text.push('\n');
            }
            text.push_str(&games);
        }
        let file = file_with(text.as_bytes());
        let name = file.path().to_str().unwrap();
        assert_eq!(plan_for(name, 1), None);
        let plan = plan_for(name, 4).unwrap();
        assert!(plan.starts.len() >= 16, "{} parts", plan.starts.len());
        for (&start, &line) in plan.starts.iter().zip(&plan.lines) {
            let before = &text.as_bytes()[..start as usize];
            assert_eq!(line, 1 + before.iter().filter(|&&b| b == b'\n').count());
            assert!(start == 0 || text[start as usize..].starts_with("[Event"));
        }
        let read = Arc::new(AtomicU64::new(0));
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(4)
            .build()
            .unwrap();
        let mut out = Vec::new();
        pool.install(|| {
            run(name, &plan, settings(Format::Json), &read, |m| {
                out.push(shown(m));
                true
            });
        });
        assert_eq!(out, sequential(name, Format::Json));
    }

    #[test]
    fn stopping_early_does_not_hang() {
        let text = corpus(120);
        let file = file_with(text.as_bytes());
        let name = file.path().to_str().unwrap();
        let cuts = offsets(text.as_bytes(), b"\n\n[", 2);
        let plan = {
            let breaks: Vec<usize> = std::iter::once(0)
                .chain(cuts.iter().copied())
                .chain(std::iter::once(text.len() as u64))
                .collect::<Vec<u64>>()
                .windows(2)
                .map(|w| {
                    text.as_bytes()[w[0] as usize..w[1] as usize]
                        .iter()
                        .filter(|&&b| b == b'\n')
                        .count()
                })
                .collect();
            split::plan(&cuts, &breaks)
        };
        let read = Arc::new(AtomicU64::new(0));
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(3)
            .build()
            .unwrap();
        let mut seen = 0;
        pool.install(|| {
            run(name, &plan, settings(Format::Text), &read, |_| {
                seen += 1;
                seen < 10
            });
        });
        assert_eq!(seen, 10);
    }

    #[test]
    fn malformed_and_mutated_files_give_the_sequential_verdicts() {
        let text = corpus(200).into_bytes();
        // Deterministic damage: braces, brackets, line breaks, result tokens and
        // bytes that are not text, every few hundred bytes.
        let mut damaged = text.clone();
        let noise = b"{}[]\n\r*;\"ab1.-\x00\xff ";
        let mut state = 12345u64;
        for _ in 0..400 {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let i = (state >> 33) as usize % damaged.len();
            damaged[i] = noise[(state >> 20) as usize % noise.len()];
        }
        let file = file_with(&damaged);
        let name = file.path().to_str().unwrap();
        let mut cuts = offsets(&damaged, b"\n[", 1);
        cuts.extend(offsets(&damaged, b"{", 0));
        cuts.sort_unstable();
        cuts.dedup();
        for format in [Format::Text, Format::Json] {
            let expected = sequential(name, format);
            assert!(expected.iter().any(|m| m.starts_with("Malformed")));
            assert_eq!(in_parts(name, &cuts, format), expected);
        }
    }

    #[test]
    fn renumbering_rewrites_only_the_game_number() {
        let mut text = "f.pgr game 7 (line 70): ok, 3 plies".to_string();
        renumber(
            &mut text,
            Renderer::new("f.pgr").number_offset(false),
            7,
            1995,
        );
        assert_eq!(text, "f.pgr game 2002 (line 70): ok, 3 plies");
        let mut json = "{\"file\":\"a\\\"b\",\"game\":3,\"line\":9}".to_string();
        renumber(&mut json, Renderer::new("a\"b").number_offset(true), 3, 10);
        assert_eq!(json, "{\"file\":\"a\\\"b\",\"game\":13,\"line\":9}");
    }
}

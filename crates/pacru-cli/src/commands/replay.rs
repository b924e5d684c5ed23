//! `pacru replay`: one recorded game, move by move, with what each move did.

use crate::Outcome;
use crate::cli::{ReplayArgs, ReplayFormat};
use crate::diagnostics;
use crate::excerpt::{caret, token_width};
use crate::input::{self, InputName, TAPE_CAP, TapeReader};
use crate::outcome::write_failed;
use crate::words::{plies, plural};
use crate::{board, style};
use anyhow::{Context, bail};
use pacru_core::Escaped;
use pacru_core::Position;
use pacru_notation::pgr::{ErrorPlace, Game, GameBuilder, Reader, Visitor};
use pacru_referee::{GameError, Observer, PlyStep, Verdict, VerdictStatus, replay_game};
use std::fmt::Write as _;
use std::io::Write;

/// What was found at the game's place in the file.
enum Found {
    /// The game.
    Game(Game),
    /// The game does not parse: the report, with the offending line and a caret,
    /// and, for a syntax error in or after the movetext, the game as read before
    /// it (its moves to replay, as `pacru check` referees them).
    Malformed {
        report: String,
        partial: Option<Game>,
    },
}

/// Reads game `number` (1-based) of input `name`, skipping games before it (even
/// games that do not parse).
fn find_game(name: &InputName, number: u64) -> anyhow::Result<Found> {
    let file = input::open(name)?;
    let (tape_reader, tape) = TapeReader::new(file, TAPE_CAP, None);
    let mut reader = Reader::new(tape_reader).lenient();
    let mut index = 0u64;
    loop {
        let mut builder = GameBuilder::default();
        let item = reader.read_with(&mut builder);
        if let Some(io) = tape.io_error() {
            bail!("{}: read error: {io}", Escaped(name));
        }
        index += 1;
        match item {
            Ok(Some(game)) if index == number => return Ok(Found::Game(game)),
            Ok(Some(_)) => {}
            Ok(None) => bail!(
                "{} has {}; there is no game {number}",
                Escaped(name),
                plural(index - 1, "game")
            ),
            Err(e) if index == number => {
                let mut report = format!(
                    "{} game {number} (line {}) does not parse: line {}, column {}: {}",
                    Escaped(name),
                    e.game_line,
                    e.line,
                    e.column,
                    Escaped(&e.message)
                );
                if let Some(line) = tape.line(e.line) {
                    report.push('\n');
                    let width = token_width(&line, e.column);
                    report.push_str(caret(&line, e.column, width, false).trim_end());
                }
                let partial = match e.place {
                    ErrorPlace::Tags { .. } => None,
                    ErrorPlace::Movetext | ErrorPlace::AfterMoves => {
                        let mut game = builder.end_game();
                        // The result token is not reached: the tag says it.
                        if let Some(result) = e.result_tag.as_deref().and_then(|r| r.parse().ok()) {
                            game.result = result;
                        }
                        Some(game)
                    }
                };
                return Ok(Found::Malformed { report, partial });
            }
            Err(_) => {}
        }
        tape.discard_before(u64::MAX);
    }
}

/// The heading of the replay: the game's players and rules.
fn heading(name: &str, number: u64, game: &Game, start: &Position) -> String {
    let players: Vec<String> = start
        .players()
        .iter()
        .map(|c| match game.tags.get(c.word()) {
            Some(player) => format!("{c} \"{}\"", Escaped(player)),
            None => c.word().to_string(),
        })
        .collect();
    format!(
        "{} game {number} (line {}): {}; rules {}; Result \"{}\"\n",
        Escaped(name),
        game.line,
        players.join(", "),
        start.rules(),
        game.result
    )
}

/// Prints what the referee's replay tells, ply by ply: the whole game, or only
/// the position after ply `stop_at`.
struct Printer<W: Write> {
    out: W,
    /// What is not written yet.
    text: String,
    colour: bool,
    /// `--ply K`: keep the position after K plies, print nothing as it goes.
    stop_at: Option<usize>,
    /// The position after `stop_at` plies, once reached.
    at_stop: Option<Position>,
    /// The first write error; nothing more is written after it.
    failed: Option<std::io::Error>,
}

impl<W: Write> Printer<W> {
    /// Writes what is pending once there is enough of it (or `all` of it).
    fn flush(&mut self, all: bool) {
        if self.failed.is_none() && (all || self.text.len() > 1 << 16) {
            let written = self.out.write_all(self.text.as_bytes());
            let written = if all {
                written.and_then(|()| self.out.flush())
            } else {
                written
            };
            self.failed = written.err();
            self.text.clear();
        }
    }
}

impl<W: Write> Observer for Printer<W> {
    fn ply(&mut self, step: &PlyStep<'_>) {
        if let Some(k) = self.stop_at {
            if step.ply == k {
                self.at_stop = Some(step.after.clone());
            }
            return;
        }
        let text = &mut self.text;
        let _ = writeln!(
            text,
            "\nply {}, {}: {}",
            step.ply,
            step.mover,
            Escaped(step.text)
        );
        for line in step.effects.describe() {
            let _ = writeln!(text, "  {line}");
        }
        text.push_str(&board::render_with_ppn(step.after, self.colour));
        self.flush(false);
    }

    fn pass(&mut self, _plies: usize, line: usize, _column: usize) {
        if self.stop_at.is_none() {
            let _ = writeln!(
                self.text,
                "\npass (line {line}): the turn of a player removed as blocked"
            );
        }
    }
}

/// Replays the game with the referee; exit status 1 if the referee does not
/// find it `ok` (a move is illegal, the result is not the rules', the game does
/// not parse), unless `--ply` stops before the problem.
pub fn run(args: &ReplayArgs) -> anyhow::Result<Outcome> {
    if args.format == ReplayFormat::Json {
        return super::replay_json::run(args);
    }
    let name = InputName::new(&args.file);
    let (game, syntax_error) = match find_game(&name, args.game)? {
        Found::Game(game) => (game, None),
        // A syntax error in the movetext: the moves before it are replayed, as
        // `check` referees them, and the report takes the referee's place.
        Found::Malformed {
            report,
            partial: Some(game),
        } => (game, Some(report)),
        Found::Malformed {
            report,
            partial: None,
        } => {
            diagnostics::error(report);
            return Ok(Outcome::Failure);
        }
    };
    let rules = args.rules.map(Into::into).unwrap_or_default();
    let start = game.start_position_or(rules).with_context(|| {
        format!(
            "{} game {} (line {}) has no start position",
            Escaped(&name),
            args.game,
            game.line
        )
    })?;
    let colour = style::stdout_colour();
    let total_plies = game.plies().count();
    if let Some(k) = args.ply
        && k > total_plies
    {
        bail!(
            "--ply {k}: game {} has only {}",
            args.game,
            plural(total_plies as u64, "move")
        );
    }
    let mut printer = Printer {
        out: std::io::BufWriter::new(std::io::stdout().lock()),
        text: String::new(),
        colour,
        stop_at: args.ply,
        at_stop: (args.ply == Some(0)).then(|| start.clone()),
        failed: None,
    };
    if args.ply.is_none() {
        printer
            .text
            .push_str(&heading(&name, args.game, &game, &start));
        printer.text.push_str("start:\n");
        printer
            .text
            .push_str(&board::render_with_ppn(&start, colour));
    }
    let index = usize::try_from(args.game).unwrap_or(usize::MAX);
    let verdict = replay_game(&game, index, rules, &mut printer);
    // `--ply K` before the referee's problem shows the position, all well.
    let stopped_before = args.ply.is_some_and(|k| k < verdict.plies);
    let outcome = if (verdict.is_ok() && syntax_error.is_none()) || stopped_before {
        Outcome::Success
    } else {
        Outcome::Failure
    };
    let last = verdict.final_position.as_ref().unwrap_or(&start);
    // A syntax error is the game's problem, whatever the replay of the moves
    // before it says (their Result is not reached).
    let error = match (syntax_error, stopped_before) {
        (Some(report), false) => Some(Err(report)),
        (Some(_), true) => None,
        (None, _) => verdict.error.as_ref().map(Ok),
    };
    match (error, stopped_before) {
        (Some(Err(report)), _) => {
            printer.flush(true);
            if let Some(e) = printer.failed.take() {
                return Err(write_failed(e, outcome));
            }
            diagnostics::error(report);
            if args.ply.is_some() {
                printer
                    .text
                    .push_str("position before the unreadable text:\n");
                printer.text.push_str(&board::render_with_ppn(last, colour));
            }
        }
        (Some(Ok(error)), false) => {
            printer.flush(true);
            if let Some(e) = printer.failed.take() {
                return Err(write_failed(e, outcome));
            }
            diagnostics::error(problem(&name, args.game, &game, &verdict, error, last));
            if args.ply.is_some() {
                let text = &mut printer.text;
                if verdict.status == VerdictStatus::Illegal {
                    text.push_str("position before the illegal move:\n");
                }
                text.push_str(&board::render_with_ppn(last, colour));
            }
        }
        _ if args.ply.is_some() => {
            let position = printer.at_stop.clone().unwrap_or_else(|| last.clone());
            printer
                .text
                .push_str(&board::render_with_ppn(&position, colour));
        }
        _ => {
            let _ = writeln!(
                printer.text,
                "\nend: {}, Result \"{}\"; {}",
                plies(verdict.plies as u64),
                game.result,
                last.to_ppn()
            );
        }
    }
    printer.flush(true);
    match printer.failed {
        Some(e) => Err(write_failed(e, outcome)),
        None => Ok(outcome),
    }
}

/// The referee's `error` on the game, as one message.
fn problem(
    name: &str,
    number: u64,
    game: &Game,
    verdict: &Verdict,
    error: &GameError,
    last: &Position,
) -> String {
    let rule = error
        .rule
        .map(|rule| format!("{rule}: "))
        .unwrap_or_default();
    match verdict.status {
        VerdictStatus::Illegal => format!(
            "{} game {number} (line {}): ply {}, {}: {} (line {}, column {}) is illegal: {rule}{}",
            Escaped(name),
            game.line,
            verdict.plies + 1,
            last.to_move(),
            Escaped(error.move_text.as_deref().unwrap_or("?")),
            error.line,
            error.column,
            Escaped(&error.message)
        ),
        VerdictStatus::Inconsistent => format!(
            "{} game {number} (line {}): Result \"{}\" (line {}, column {}) after {} is inconsistent: {rule}{}",
            Escaped(name),
            game.line,
            Escaped(&verdict.result),
            error.line,
            error.column,
            plies(verdict.plies as u64),
            Escaped(&error.message)
        ),
        _ => format!(
            "{} game {number} (line {}) does not parse: line {}, column {}: {}",
            Escaped(name),
            game.line,
            error.line,
            error.column,
            Escaped(&error.message)
        ),
    }
}

//! `pacru replay`: one recorded game, move by move, with what each move did.

use crate::Outcome;
use crate::cli::{RecordFormat, ReplayArgs};
use crate::diagnostics;
use crate::excerpt::{caret, token_width};
use crate::input::{self, TAPE_CAP, TapeReader};
use crate::outcome::write_failed;
use crate::words::{plies, plural};
use crate::{board, style};
use anyhow::{Context, bail};
use pacru_core::Escaped;
use pacru_core::Position;
use pacru_notation::pgr::{Game, Reader};
use std::fmt::Write as _;
use std::io::Write;

/// What was found at the game's place in the file.
enum Found {
    /// The game.
    Game(Game),
    /// The game does not parse: the report, with the offending line and a caret.
    Malformed(String),
}

/// Reads game `number` (1-based) of input `name`, skipping games before it (even
/// games that do not parse).
fn find_game(name: &str, number: u64) -> anyhow::Result<Found> {
    let file = input::open(name)?;
    let (tape_reader, tape) = TapeReader::new(file, TAPE_CAP, None);
    let mut reader = Reader::new(tape_reader).lenient();
    let mut index = 0u64;
    loop {
        let item = reader.read_game();
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
                return Ok(Found::Malformed(report));
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

/// Replays the game; exit status 1 if a move is illegal or the game does not parse.
pub fn run(args: &ReplayArgs) -> anyhow::Result<Outcome> {
    if args.format == RecordFormat::Json {
        return super::replay_json::run(args);
    }
    let name = args.file.display().to_string();
    let game = match find_game(&name, args.game)? {
        Found::Game(game) => game,
        Found::Malformed(report) => {
            diagnostics::error(report);
            return Ok(Outcome::Failure);
        }
    };
    let mut position = game
        .start_position_or(args.rules.map(Into::into).unwrap_or_default())
        .with_context(|| {
            format!(
                "{}: game {} has no start position",
                Escaped(&name),
                args.game
            )
        })?;
    let colour = style::stdout_colour();
    let total_plies = game.plies().count() as u64;
    if let Some(k) = args.ply
        && k as u64 > total_plies
    {
        bail!(
            "--ply {k}: game {} has only {}",
            args.game,
            plural(total_plies, "move")
        );
    }
    let mut text = String::new();
    if args.ply.is_none() {
        text.push_str(&heading(&name, args.game, &game, &position));
        text.push_str("start:\n");
        text.push_str(&board::render_with_ppn(&position, colour));
    }
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let mut ply = 0;
    let mut outcome = Outcome::Success;
    for entry in &game.moves {
        if args.ply == Some(ply) {
            break;
        }
        let Some(mv) = &entry.mv else {
            if args.ply.is_none() {
                let _ = writeln!(
                    text,
                    "\npass (line {}): the turn of a player removed as blocked",
                    entry.line
                );
            }
            continue;
        };
        let mover = position.to_move();
        match position.explain(mv) {
            Ok(effects) => {
                ply += 1;
                position.play_unchecked(mv);
                if args.ply.is_none() {
                    let _ = writeln!(text, "\nply {ply}, {mover}: {}", Escaped(&entry.text));
                    for line in effects.describe() {
                        let _ = writeln!(text, "  {line}");
                    }
                    text.push_str(&board::render_with_ppn(&position, colour));
                }
            }
            Err(illegal) => {
                out.write_all(text.as_bytes())
                    .and_then(|()| out.flush())
                    .map_err(|e| write_failed(e, outcome))?;
                text.clear();
                diagnostics::error(format_args!(
                    "{} game {}: ply {}, {mover}: {} (line {}, column {}) is illegal: {illegal}",
                    Escaped(&name),
                    args.game,
                    ply + 1,
                    Escaped(&entry.text),
                    entry.line,
                    entry.column
                ));
                if args.ply.is_some() {
                    text.push_str("position before the illegal move:\n");
                    text.push_str(&board::render_with_ppn(&position, colour));
                }
                outcome = Outcome::Failure;
                break;
            }
        }
        if text.len() > 1 << 16 {
            out.write_all(text.as_bytes())
                .map_err(|e| write_failed(e, outcome))?;
            text.clear();
        }
    }
    if outcome == Outcome::Success && args.ply.is_some() {
        text.push_str(&board::render_with_ppn(&position, colour));
    }
    if outcome == Outcome::Success && args.ply.is_none() {
        let _ = writeln!(
            text,
            "\nend: {}, Result \"{}\"; {}",
            plies(ply as u64),
            game.result,
            position.to_ppn()
        );
    }
    out.write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .map_err(|e| write_failed(e, outcome))?;
    Ok(outcome)
}

//! `pacru replay`: one recorded game, move by move, with what each move did.

use crate::Outcome;
use crate::cli::{Format, ReplayArgs};
use crate::input::{self, TAPE_CAP, TapeReader};
use crate::{board, style};
use anyhow::{Context, bail};
use pacru_core::Position;
use pacru_notation::format_ppn;
use pacru_notation::pgr::{Game, Reader};
use std::fmt::Write as _;
use std::io::Write;

/// Reads game `number` (1-based) of input `name`, skipping games before it (even
/// games that do not parse).
fn find_game(name: &str, number: u64) -> anyhow::Result<Game> {
    let file = input::open(name)?;
    let (tape_reader, tape) = TapeReader::new(file, TAPE_CAP, None);
    let mut reader = Reader::new(tape_reader).lenient();
    let mut index = 0u64;
    loop {
        let item = reader.read_game();
        if let Some(io) = tape.io_error() {
            bail!("{name}: read error: {io}");
        }
        tape.discard_before(u64::MAX);
        index += 1;
        match item {
            Ok(Some(game)) if index == number => return Ok(game),
            Ok(Some(_)) => {}
            Ok(None) => bail!(
                "{name} has {} game(s), there is no game {number}",
                index - 1
            ),
            Err(e) if index == number => {
                return Err(anyhow::Error::new(e))
                    .with_context(|| format!("{name}: game {number} does not parse"));
            }
            Err(_) => {}
        }
    }
}

/// The heading of the replay: the game's players and rules.
fn heading(name: &str, number: u64, game: &Game, start: &Position) -> String {
    let players: Vec<String> = start
        .players()
        .iter()
        .map(|c| match game.tags.get(c.word()) {
            Some(player) => format!("{c} \"{player}\""),
            None => c.word().to_string(),
        })
        .collect();
    format!(
        "{name} game {number} (line {}): {}; rules {}; Result \"{}\"\n",
        game.line,
        players.join(", "),
        start.rules(),
        game.result
    )
}

/// Replays the game; exit status 1 if a move is illegal.
pub fn run(args: &ReplayArgs) -> anyhow::Result<Outcome> {
    if args.format == Format::Json {
        return super::replay_json::run(args);
    }
    let name = args.file.display().to_string();
    let game = find_game(&name, args.game)?;
    let mut position = game
        .start_position(args.rules.map(Into::into))
        .with_context(|| format!("{name}: game {} has no start position", args.game))?;
    let colour = style::stdout_colour();
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let total_plies = game.plies().count();
    if let Some(k) = args.ply
        && k > total_plies
    {
        bail!("--ply {k}: game {} has only {total_plies} moves", args.game);
    }
    if args.ply.is_none() {
        out.write_all(heading(&name, args.game, &game, &position).as_bytes())?;
        writeln!(out, "start:")?;
        out.write_all(board::render_with_ppn(&position, colour).as_bytes())?;
    }
    let mut ply = 0;
    let mut outcome = Outcome::Success;
    for entry in &game.moves {
        if args.ply == Some(ply) {
            break;
        }
        let Some(mv) = &entry.mv else {
            if args.ply.is_none() {
                writeln!(
                    out,
                    "\npass (line {}): the turn of a player removed as blocked",
                    entry.line
                )?;
            }
            continue;
        };
        let mover = position.to_move();
        match position.play_explained(mv) {
            Ok((next, effects)) => {
                ply += 1;
                position = next;
                if args.ply.is_none() {
                    let mut text = format!("\nply {ply}, {mover}: {}\n", entry.text);
                    for line in effects.describe() {
                        let _ = writeln!(text, "  {line}");
                    }
                    text.push_str(&board::render_with_ppn(&position, colour));
                    out.write_all(text.as_bytes())?;
                }
            }
            Err(illegal) => {
                if args.ply.is_none() {
                    writeln!(out)?;
                }
                writeln!(
                    out,
                    "ply {}, {mover}: {} (line {}, column {}) is illegal: {illegal}",
                    ply + 1,
                    entry.text,
                    entry.line,
                    entry.column
                )?;
                if args.ply.is_some() {
                    writeln!(out, "position before the illegal move:")?;
                    out.write_all(board::render_with_ppn(&position, colour).as_bytes())?;
                }
                outcome = Outcome::Failure;
                break;
            }
        }
    }
    if outcome == Outcome::Success && args.ply.is_some() {
        out.write_all(board::render_with_ppn(&position, colour).as_bytes())?;
    }
    if outcome == Outcome::Success && args.ply.is_none() {
        writeln!(
            out,
            "\nend: {} plies, Result \"{}\"; {}",
            ply,
            game.result,
            format_ppn(&position)
        )?;
    }
    out.flush()?;
    Ok(outcome)
}

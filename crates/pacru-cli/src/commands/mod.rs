//! One module per command; [`run`] dispatches to them.

mod check;
mod completions;
mod engine;
mod engine_check;
mod fmt;
mod import;
mod man;
mod moves;
mod new;
mod perft;
mod replay;
mod replay_json;
mod selfplay;
mod show;
mod view;

use crate::Outcome;
use crate::cli::Command;

/// Runs `command`, returning how it ended; an `Err` is a usage or I/O error (exit 2).
pub fn run(command: Command) -> anyhow::Result<Outcome> {
    match command {
        Command::Check(args) => check::run(&args),
        Command::Replay(args) => replay::run(&args),
        Command::Show(args) => show::run(&args),
        Command::View(args) => view::run(&args),
        Command::New(args) => new::run(&args),
        Command::Moves(args) => moves::run(&args),
        Command::Perft(args) => perft::run(&args),
        Command::Selfplay(args) => selfplay::run(&args),
        Command::Fmt(args) => fmt::run(&args),
        Command::Import(args) => import::run(&args),
        Command::Engine(args) => engine::run(&args),
        Command::EngineCheck(args) => engine_check::run(&args),
        Command::Match(args) => pacru_arena::run_match(&args).map(arena_outcome),
        Command::Tournament(args) => pacru_arena::run_tournament(&args).map(arena_outcome),
        Command::Completions(args) => completions::run(&args),
        Command::Man => man::run(),
    }
}

/// The outcome of a match or tournament: 1 when some record did not pass the referee.
fn arena_outcome(exit: pacru_arena::ArenaExit) -> Outcome {
    match exit {
        pacru_arena::ArenaExit::Success => Outcome::Success,
        pacru_arena::ArenaExit::RecordsNotOk => Outcome::Failure,
    }
}

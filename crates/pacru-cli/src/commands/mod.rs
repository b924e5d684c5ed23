//! One module per command; [`run`] dispatches to them.

mod analyse;
pub mod arena;
mod board;
mod bot;
mod check;
mod completions;
mod engine;
mod engine_check;
pub mod event;
mod fmt;
mod import;
mod man;
pub mod merge_shards;
mod moves;
mod new;
mod perft;
mod replay;
mod replay_json;
mod selfplay;
mod serve;
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
        Command::Board(args) => board::run(&args),
        Command::Analyse(args) => analyse::run(&args),
        Command::New(args) => new::run(&args),
        Command::Moves(args) => moves::run(&args),
        Command::Perft(args) => perft::run(&args),
        Command::Selfplay(args) => selfplay::run(&args),
        Command::Fmt(args) => fmt::run(&args),
        Command::Import(args) => import::run(&args),
        Command::Engine(args) => engine::run(&args),
        Command::EngineCheck(args) => engine_check::run(&args),
        Command::Match(args) => arena::run_match(&args),
        Command::Tournament(args) => arena::run_tournament(&args),
        Command::MergeShards(args) => merge_shards::run(&args),
        Command::Event(args) => event::run(&args),
        Command::Serve(args) => serve::run(&args),
        Command::Bot(args) => bot::run(&args),
        Command::Completions(args) => completions::run(&args),
        Command::Man => man::run(),
    }
}

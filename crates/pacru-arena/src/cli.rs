//! The command-line side: clap argument structs for `pacru match` and
//! `pacru tournament`, and the functions that run them.

use crate::engine::{EngineConfig, apply_options, dedupe_names};
use crate::event::{EventConfig, EventReport, RunOptions, run_event};
use crate::game::{Adjudication, TimeControl};
use crate::opening::load_openings;
use crate::schedule::System;
use anyhow::Context as _;
use clap::{Args, ValueEnum};
use pacru_core::RulesEdition;
use std::path::PathBuf;

/// How the standings are printed on standard output at the end.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum OutputFormat {
    /// A table for people.
    #[default]
    Text,
    /// The standings as one JSON object.
    Json,
}

/// The tournament systems of `pacru tournament`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum SystemArg {
    /// Every group of --players engines meets once a round.
    #[default]
    RoundRobin,
    /// The first --gauntlet-seeds engines each meet every group of the others.
    Gauntlet,
    /// Rounds paired by score, avoiding rematches (2 players), or balanced tables (3-4).
    Swiss,
}

/// Options shared by `pacru match` and `pacru tournament`.
#[derive(Clone, Debug, Args)]
pub struct EventArgs {
    /// Clock for each player: BASE+INCREMENT in seconds (e.g. 60+0.5). The default
    /// is 10+0.1 when no --movetime is given either.
    #[arg(long = "tc", value_name = "BASE+INC")]
    pub tc: Option<String>,

    /// The most one move may take, in milliseconds (alone, or with --tc).
    #[arg(long, value_name = "MS")]
    pub movetime: Option<u64>,

    /// Extra time allowed beyond each move's limit for process and pipe latency, in
    /// milliseconds.
    #[arg(long, value_name = "MS", default_value_t = 100)]
    pub margin: u64,

    /// How long an engine may take to start and answer the handshake, in milliseconds.
    #[arg(long, value_name = "MS", default_value_t = 10_000)]
    pub handshake_timeout: u64,

    /// Games played at the same time (threads). Keep it at or below the number of
    /// cores, or engines lose time to each other.
    #[arg(long, short = 'j', value_name = "N", default_value_t = 1)]
    pub concurrency: usize,

    /// Openings: a file of PPN positions (one per line) or a PGR file whose games'
    /// moves are played before the engines take over. Each is played with the order
    /// of play rotated. Default: the standard start.
    #[arg(long, value_name = "FILE")]
    pub openings: Option<PathBuf>,

    /// Adjudicate a game when it reaches this many plies (0: never).
    #[arg(long, value_name = "PLIES", default_value_t = 400)]
    pub max_plies: u32,

    /// How a game reaching --max-plies is decided: `fields` (most fields of their
    /// colour wins, a tie is a draw) or `draw`.
    #[arg(long, value_enum, value_name = "HOW", default_value_t = Adjudication::Fields)]
    pub adjudicate: Adjudication,

    /// The rules edition: 2004 or 2011.
    #[arg(long, value_name = "EDITION", default_value = "2004")]
    pub rules: RulesEdition,

    /// The event's name (the records' Event tag).
    #[arg(long, value_name = "NAME")]
    pub event: Option<String>,

    /// Sets an engine option after the handshake: ENGINE:NAME=VALUE, where ENGINE is
    /// the engine's position in the list (from 1) or `*` for all. Repeatable.
    #[arg(long = "option", value_name = "ENGINE:NAME=VALUE")]
    pub options: Vec<String>,

    /// The output directory: journal.jsonl, games.pgr, standings.txt, standings.json.
    #[arg(long, short = 'o', value_name = "DIR")]
    pub out: Option<PathBuf>,

    /// Continue the interrupted event in the output directory. Its settings are read
    /// from the journal; engines and options given again must be the same.
    #[arg(long)]
    pub resume: bool,

    /// How the final standings are printed on standard output.
    #[arg(long, value_enum, default_value_t = OutputFormat::Text)]
    pub format: OutputFormat,

    /// Never show the progress bar (it is shown only when standard error is a terminal).
    #[arg(long)]
    pub no_progress: bool,
}

/// `pacru match`: 2 to 4 engines at one table for a number of games.
#[derive(Clone, Debug, Args)]
#[command(
    about = "Play a match between 2 to 4 engines",
    long_about = "Plays a match between 2 to 4 engines seated at one table: the order of play \
(and so the colours and seats) rotates from game to game, each opening is played once in \
each rotation. Engines are command lines (`./my-engine --hash 64`, no shell; `NAME=` in front \
names one) or built-in engines run in this process (`builtin:random:SEED`, \
`builtin:greedy:SEED`). Games, standings and a crash-safe journal are written to the output \
directory; an interrupted match continues with --resume.",
    after_help = "Examples:\n  pacru match 'pacru engine random --seed 1' 'pacru engine greedy --seed 2' --games 20 --tc 10+0.1\n  \
pacru match builtin:random:1 builtin:greedy:1 builtin:random:2 --games 6 --movetime 50 -o m3\n  \
pacru match --resume -o m3"
)]
pub struct MatchArgs {
    /// The engines (2 to 4): command lines, or built-in engines builtin:random:SEED and builtin:greedy:SEED (the seed is optional).
    #[arg(value_name = "ENGINE", num_args = 0..=4, required_unless_present = "resume")]
    pub engines: Vec<String>,

    /// The number of games (default: 2 for each engine).
    #[arg(long, short = 'n', value_name = "N")]
    pub games: Option<u32>,

    /// Options shared with `pacru tournament`.
    #[command(flatten)]
    pub event: EventArgs,
}

/// `pacru tournament`: round-robin, gauntlet or Swiss events between engines.
#[derive(Clone, Debug, Args)]
#[command(
    about = "Run a tournament between engines (round-robin, gauntlet, Swiss)",
    long_about = "Runs a tournament: round-robin (every group of --players engines meets each \
round), gauntlet (the first --gauntlet-seeds engines meet every group of the others) or Swiss \
(rounds paired from the standings, avoiding rematches, with byes; with 3 or 4 players, tables \
that balance who meets whom). Every table plays one game per rotation of its order of play, \
from one opening. Results, records and standings go to the output directory, with a journal \
from which an interrupted tournament continues (--resume).",
    after_help = "Examples:\n  pacru tournament builtin:random:1 builtin:random:2 builtin:greedy:1 --rounds 2 --tc 5+0.05\n  \
pacru tournament ./a ./b ./c ./d ./e --system swiss --rounds 4 -j 2 -o swiss1\n  \
pacru tournament ./a ./b ./c ./d --players 4 --movetime 100 --openings book.pgr"
)]
pub struct TournamentArgs {
    /// The engines: command lines, or built-in engines builtin:random:SEED and builtin:greedy:SEED (the seed is optional).
    #[arg(value_name = "ENGINE", required_unless_present = "resume")]
    pub engines: Vec<String>,

    /// The tournament system.
    #[arg(long, value_enum, default_value_t = SystemArg::RoundRobin)]
    pub system: SystemArg,

    /// Players per game: 2, 3 or 4.
    #[arg(long, value_name = "N", default_value_t = 2)]
    pub players: usize,

    /// Rounds: repetitions of the round-robin or gauntlet schedule, or Swiss rounds
    /// (default 1; Swiss: enough to rank, about log2 of the number of engines, at least 3).
    #[arg(long, value_name = "N")]
    pub rounds: Option<u32>,

    /// Gauntlet: how many engines (the first ones given) run the gauntlet.
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub gauntlet_seeds: usize,

    /// Options shared with `pacru match`.
    #[command(flatten)]
    pub event: EventArgs,
}

/// How a match or tournament ended, for the exit status.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArenaExit {
    /// Every game played and recorded: exit status 0.
    Success,
    /// Some record did not pass the referee (a bug of the arena): exit status 1.
    RecordsNotOk,
}

impl ArenaExit {
    /// The exit status: 0 or 1.
    pub fn code(self) -> u8 {
        match self {
            ArenaExit::Success => 0,
            ArenaExit::RecordsNotOk => 1,
        }
    }
}

/// Builds the event's settings from the command line (`None`: resume with the
/// journal's settings, nothing given).
fn event_config(
    engines: &[String],
    system: System,
    players: usize,
    rounds: u32,
    args: &EventArgs,
    default_event: &str,
) -> anyhow::Result<Option<EventConfig>> {
    if engines.is_empty() && args.resume {
        return Ok(None);
    }
    let mut configs = engines
        .iter()
        .map(|e| EngineConfig::parse(e))
        .collect::<Result<Vec<_>, _>>()?;
    dedupe_names(&mut configs);
    apply_options(&mut configs, &args.options)?;
    let mut time = match &args.tc {
        Some(tc) => TimeControl::parse_clock(tc)?,
        None if args.movetime.is_some() => TimeControl::default(),
        None => TimeControl::parse_clock("10+0.1")?,
    };
    time.movetime_ms = args.movetime;
    if args.movetime == Some(0) {
        anyhow::bail!("--movetime must be at least 1 ms");
    }
    let openings = match &args.openings {
        Some(path) => load_openings(path, args.rules, players)?,
        None => Vec::new(),
    };
    Ok(Some(EventConfig {
        event: args
            .event
            .clone()
            .unwrap_or_else(|| default_event.to_owned()),
        system,
        players,
        rounds,
        engines: configs,
        openings,
        rules: args.rules.year().to_owned(),
        time,
        margin_ms: args.margin,
        handshake_timeout_ms: args.handshake_timeout,
        max_plies: args.max_plies,
        adjudicate: args.adjudicate,
    }))
}

fn run(
    config: Option<EventConfig>,
    args: &EventArgs,
    default_out: &str,
) -> anyhow::Result<ArenaExit> {
    if args.concurrency == 0 {
        anyhow::bail!("--concurrency must be at least 1");
    }
    let out = args
        .out
        .clone()
        .unwrap_or_else(|| PathBuf::from(default_out));
    let options = RunOptions {
        out: out.clone(),
        resume: args.resume,
        concurrency: args.concurrency,
        progress: !args.no_progress,
    };
    let report: EventReport =
        run_event(config, &options).with_context(|| format!("event in {}", out.display()))?;
    match args.format {
        OutputFormat::Text => print!("{}", report.standings.table()),
        OutputFormat::Json => println!(
            "{}",
            serde_json::to_string(&report.standings).context("writing the standings")?
        ),
    }
    if report.records_not_ok.is_empty() {
        Ok(ArenaExit::Success)
    } else {
        eprintln!(
            "pacru: the records of games {:?} do not pass the referee: please report this bug",
            report.records_not_ok
        );
        Ok(ArenaExit::RecordsNotOk)
    }
}

/// Runs `pacru match`.
pub fn run_match(args: &MatchArgs) -> anyhow::Result<ArenaExit> {
    let n = args.engines.len();
    if !args.event.resume && !(2..=4).contains(&n) {
        anyhow::bail!("a match is between 2 to 4 engines, not {n}");
    }
    let games = args.games.unwrap_or(2 * n as u32);
    let config = event_config(
        &args.engines,
        System::Match { games },
        n,
        1,
        &args.event,
        "pacru match",
    )?;
    run(config, &args.event, "pacru-match")
}

/// Runs `pacru tournament`.
pub fn run_tournament(args: &TournamentArgs) -> anyhow::Result<ArenaExit> {
    let system = match args.system {
        SystemArg::RoundRobin => System::RoundRobin,
        SystemArg::Gauntlet => System::Gauntlet {
            seeds: args.gauntlet_seeds,
        },
        SystemArg::Swiss => System::Swiss,
    };
    let rounds = args.rounds.unwrap_or(match system {
        System::Swiss => {
            let n = args.engines.len().max(2);
            (usize::BITS - (n - 1).leading_zeros()).max(3)
        }
        _ => 1,
    });
    let config = event_config(
        &args.engines,
        system,
        args.players,
        rounds,
        &args.event,
        "pacru tournament",
    )?;
    run(config, &args.event, "pacru-tournament")
}

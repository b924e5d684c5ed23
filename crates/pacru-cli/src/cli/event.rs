//! The arguments of `pacru event`.

use super::RulesArg;
use clap::{ArgGroup, Args, Subcommand, ValueEnum};
use std::path::PathBuf;

/// The long help of `pacru event`.
pub const EVENT_LONG_ABOUT: &str = "Runs a tournament between people over one event file (an \
SQLite database): register players, pair each round (Swiss or round robin, 2, 3 or 4 \
players a table), enter each table's result from its record, refereed on entry as `pacru \
check` referees it, or without a record, settle disputes with an arbiter's decision kept in \
the log, and publish pairings, standings, a crosstable and every game (docs/events.md).\n\n\
Each command is one transaction: a command interrupted at any moment, even by kill -9, \
leaves the event as it was before or after it; a command that finds another one writing \
waits for it (up to a minute), saying so.\n\n\
`pacru event check` opens the file read-only and reports what SQLite's integrity check \
finds and every stored verdict its record no longer gets from the referee.\n\n\
Exit status: 0 done; 1 a record was stored but holds its table for the arbiter (illegal, \
malformed, inconsistent or unfinished), or `check` found a problem; 2 the command was \
refused (nothing changed: the reason is on standard error), or a usage or I/O error.";

/// Examples of `pacru event`.
pub const EVENT_EXAMPLES: &str = "Examples:\n  pacru event new club.pacru --name \"Club night\" \
--players-per-table 2 --system swiss --rounds 5\n  pacru event player add club.pacru Ada Bob \
Cy Dee --rating 1500\n  pacru event pair club.pacru\n  pacru event submit club.pacru --round \
1 --table 1 ada-bob.pgr\n  pacru event result club.pacru --round 1 --table 2 --winner Dee\n  \
pacru event standings club.pacru --format json\n  pacru event export club.pacru --html site\n  \
pacru event check club.pacru";

/// Text for people or JSON for programs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum EventFormat {
    /// Lines for people.
    #[default]
    Text,
    /// JSON: an array of objects.
    Json,
}

/// How rounds are paired.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum PairingSystemArg {
    /// Each round from the standings: players close in score meet.
    Swiss,
    /// Everyone meets everyone: Berger tables for 2 a table, tables spreading
    /// the meetings for 3 or 4.
    RoundRobin,
}

/// What to do when the players do not fill whole tables.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum UnevenArg {
    /// The players left over sit out with a bye.
    #[default]
    Byes,
    /// Tables of 3 and 4 mixed (3 or 4 a table), byes only where that cannot work.
    Mixed,
}

/// Arguments of `pacru event`.
#[derive(Debug, Args)]
pub struct EventArgs {
    /// What to do.
    #[command(subcommand)]
    pub command: EventCommand,
}

/// The event file every subcommand works on.
#[derive(Debug, Args)]
pub struct EventFileArg {
    /// The event file (an SQLite database).
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
}

/// The subcommands of `pacru event`.
#[derive(Debug, Subcommand)]
pub enum EventCommand {
    /// Create an event file.
    New(EventNewArgs),
    /// Register, list and withdraw players.
    Player(PlayerArgs),
    /// Pair the next round and print its tables.
    Pair(EventFileArg),
    /// Undo the pairing of the last round, while it has no result and no record.
    Unpair(EventFileArg),
    /// Print the tables of a round (the last by default), with seats and results.
    Tables(TablesArgs),
    /// Enter a table's result from its record, refereed on entry.
    Submit(SubmitArgs),
    /// Enter a table's result without a record.
    Result(ResultArgs),
    /// The arbiter's decision on a table, with a reason kept in the log.
    Decide(DecideArgs),
    /// Print the standings with their tiebreaks.
    Standings(StandingsArgs),
    /// Print the crosstable: a line per player, a column per round.
    Crosstable(CrosstableArgs),
    /// Print the event's log: every change, with the arbiter's reasons.
    Log(EventFileArg),
    /// Write the event out: a static site, one PGR of every game, JSON, or TRF-16.
    Export(ExportArgs),
    /// Check the file, reading only: SQLite's checks, every record refereed again.
    Check(EventCheckArgs),
}

/// Arguments of `pacru event check`.
#[derive(Debug, Args)]
pub struct EventCheckArgs {
    /// The event file (opened read-only).
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// Output format.
    #[arg(long, value_enum, default_value = "text")]
    pub format: EventFormat,
}

/// Arguments of `pacru event new`.
#[derive(Debug, Args)]
pub struct EventNewArgs {
    /// The event file to create (it must not exist).
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// The event's name.
    #[arg(long)]
    pub name: String,
    /// Players a table: 2, 3 or 4.
    #[arg(long, value_name = "N", value_parser = table_size)]
    pub players_per_table: u8,
    /// How rounds are paired.
    #[arg(long, value_enum)]
    pub system: PairingSystemArg,
    /// The number of rounds.
    #[arg(long, value_name = "R")]
    pub rounds: u32,
    /// The rules edition the games are played under.
    #[arg(long, value_enum, default_value = "2004")]
    pub rules: RulesArg,
    /// Byes or mixed tables of 3 and 4 when the players do not fill whole tables.
    #[arg(long, value_enum, default_value = "byes")]
    pub uneven: UnevenArg,
    /// What a bye is worth (`1`, `0.5`, `1/3`); default: what a player scores at
    /// a table on average, 1/2, 1/3 or 1/4.
    #[arg(long, value_name = "POINTS")]
    pub bye_points: Option<String>,
}

/// Arguments of `pacru event player`.
#[derive(Debug, Args)]
pub struct PlayerArgs {
    /// What to do.
    #[command(subcommand)]
    pub command: PlayerCommand,
}

/// The subcommands of `pacru event player`.
#[derive(Debug, Subcommand)]
pub enum PlayerCommand {
    /// Register players.
    Add(PlayerAddArgs),
    /// List the players.
    List(PlayerListArgs),
    /// Withdraw a player from the next round to be paired on.
    Withdraw(WithdrawArgs),
    /// Undo a player's withdrawal, before the next round is paired.
    Reinstate(WithdrawArgs),
}

/// Arguments of `pacru event player add`.
#[derive(Debug, Args)]
pub struct PlayerAddArgs {
    /// The event file.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// The players' names, as records' colour tags will give them.
    #[arg(value_name = "NAME", required = true)]
    pub names: Vec<String>,
    /// Their rating (seeds the pairing: the highest first).
    #[arg(long, value_name = "R")]
    pub rating: Option<u32>,
    /// Their club.
    #[arg(long)]
    pub club: Option<String>,
}

/// Arguments of `pacru event player list`.
#[derive(Debug, Args)]
pub struct PlayerListArgs {
    /// The event file.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// Output format.
    #[arg(long, value_enum, default_value = "text")]
    pub format: EventFormat,
}

/// Arguments of `pacru event player withdraw` and `reinstate`.
#[derive(Debug, Args)]
pub struct WithdrawArgs {
    /// The event file.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// The player's name.
    #[arg(value_name = "NAME")]
    pub name: String,
}

/// Arguments of `pacru event tables`.
#[derive(Debug, Args)]
pub struct TablesArgs {
    /// The event file.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// The round (default: the last paired).
    #[arg(long, value_name = "R")]
    pub round: Option<u32>,
    /// Output format.
    #[arg(long, value_enum, default_value = "text")]
    pub format: EventFormat,
}

/// A table of a round.
#[derive(Debug, Args)]
pub struct TableArg {
    /// The round.
    #[arg(long, value_name = "R")]
    pub round: u32,
    /// The table.
    #[arg(long, value_name = "T")]
    pub table: u32,
}

/// Arguments of `pacru event submit`.
#[derive(Debug, Args)]
pub struct SubmitArgs {
    /// The event file.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// The table.
    #[command(flatten)]
    pub table: TableArg,
    /// The record of the table's game (`-`: standard input).
    #[arg(value_name = "RECORD")]
    pub record: PathBuf,
}

/// A result: a winner or a draw.
#[derive(Debug, Args)]
#[command(group(ArgGroup::new("outcome").required(true).args(["winner", "draw"])))]
pub struct AwardArgs {
    /// The winner's name.
    #[arg(long, value_name = "NAME")]
    pub winner: Option<String>,
    /// No winner: the point is shared by everyone at the table.
    #[arg(long)]
    pub draw: bool,
}

/// Arguments of `pacru event result`.
#[derive(Debug, Args)]
pub struct ResultArgs {
    /// The event file.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// The table.
    #[command(flatten)]
    pub table: TableArg,
    /// The result.
    #[command(flatten)]
    pub award: AwardArgs,
}

/// Arguments of `pacru event decide`.
#[derive(Debug, Args)]
pub struct DecideArgs {
    /// The event file.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// The table.
    #[command(flatten)]
    pub table: TableArg,
    /// The result.
    #[command(flatten)]
    pub award: AwardArgs,
    /// Why: kept in the event's log.
    #[arg(long, value_name = "TEXT")]
    pub reason: String,
}

/// Arguments of `pacru event standings`.
#[derive(Debug, Args)]
pub struct StandingsArgs {
    /// The event file.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// Output format.
    #[arg(long, value_enum, default_value = "text")]
    pub format: EventFormat,
}

/// Arguments of `pacru event crosstable`.
#[derive(Debug, Args)]
pub struct CrosstableArgs {
    /// The event file.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// Output format.
    #[arg(long, value_enum, default_value = "text")]
    pub format: EventFormat,
}

/// Arguments of `pacru event export`.
#[derive(Debug, Args)]
#[command(group(ArgGroup::new("what").required(true).args(["html", "pgr", "json", "trf"])))]
pub struct ExportArgs {
    /// The event file.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// Write a static site into this directory: index.html (standings,
    /// crosstable), round-N.html (each round's tables), games.html (the
    /// viewer), style.css.
    #[arg(long, value_name = "DIR")]
    pub html: Option<PathBuf>,
    /// Write every game with a record as one PGR (`-`: standard output).
    #[arg(long, value_name = "OUT")]
    pub pgr: Option<PathBuf>,
    /// Write everything in the event as JSON (`-`: standard output).
    #[arg(long, value_name = "OUT")]
    pub json: Option<PathBuf>,
    /// Write the players, their points, ranks and games round by round as
    /// FIDE's Tournament Report File, TRF-16, for Swiss-Manager, JaVaFo or
    /// bbpPairings (`-`: standard output). Events of 2 a table only: TRF has no
    /// place for a third or fourth seat.
    #[arg(long, value_name = "OUT")]
    pub trf: Option<PathBuf>,
}

/// Parses a number of players a table: 2, 3 or 4.
fn table_size(text: &str) -> Result<u8, String> {
    match text.trim().parse::<u8>() {
        Ok(n @ 2..=4) => Ok(n),
        _ => Err("a table has 2, 3 or 4 players".to_string()),
    }
}

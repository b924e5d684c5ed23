//! The whole command line of `pacru`, declared with clap's derive API.
//!
//! Every command and option lives here, so that `--help`, the man page and the
//! shell completions are all generated from one place. The commands themselves
//! are in [`crate::commands`].

use clap::{Args, Parser, Subcommand, ValueEnum};
use clap_complete::Shell;
use pacru_core::RulesEdition;
use std::path::PathBuf;

/// The reference referee and toolbox for the board game Pacru.
#[derive(Debug, Parser)]
#[command(
    name = "pacru",
    version,
    about = "The reference referee and toolbox for the board game Pacru",
    long_about = "The reference referee and toolbox for the board game Pacru: checks game \
records (PGR), lists and counts legal moves, plays random games, draws positions and \
rewrites records in canonical form, imports AbstractPlay records, runs the built-in engines, \
tests engines against the engine protocol and plays matches and tournaments between \
engines.\n\nExit status: 0 success; 1 the input was read but \
is not all right (a game that is not ok, a record that is not canonical); 2 usage or I/O \
error.",
    after_help = "Examples:\n  pacru check examples/*.pgr\n  pacru new --players 2\n  pacru moves --count \"$(pacru new --players 2)\"\n  \
pacru selfplay --players 3 --games 10 --seed 42 > random.pgr\n  pacru help check\n\n\
Colour: diagrams use ANSI colours only when standard output is a terminal and NO_COLOR \
is not set.",
    propagate_version = true,
    disable_help_subcommand = false
)]
pub struct Cli {
    /// More log output on standard error (-v info, -vv debug, -vvv trace).
    #[arg(short, long, action = clap::ArgAction::Count, global = true)]
    pub verbose: u8,

    /// Less log output on standard error (-q errors only, -qq nothing).
    #[arg(short, long, action = clap::ArgAction::Count, global = true, conflicts_with = "verbose")]
    pub quiet: u8,

    /// The command to run.
    #[command(subcommand)]
    pub command: Command,
}

/// The commands of `pacru`.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Referee game records: is every move legal and every result right?
    #[command(
        long_about = "Referees every game in the given record files (`-` or no file: standard \
input). `--rules` only applies to games without a `Rules` tag.\n\n\
Text output (the default) is for people: one line per game; for a game that is not ok, the \
offending line of the file with a caret under the move, the rule and the reason, then the \
position before the move as a diagram and as PPN; last, a summary line with the number of \
games per status and the time taken. The summary, and a progress bar when standard error \
is a terminal and the work takes a while, are the only things that depend on the clock.\n\n\
JSON output (`--format json`) is one object per game and per line, in input order, with \
the keys file, game, line, status, plies, result, winner, final_position, error.\n\n\
Several files are checked in parallel; the output is always in the order of the files and \
games. Files are read as streams, one game at a time and never whole, so memory stays \
bounded whatever their size; a single game longer than 16 MiB is `malformed`.\n\n\
A file that cannot be read (missing, a directory, no permission, a read error) is \
reported on standard error as `pacru: error: FILE: REASON`; the other files are still \
checked and reported, and the exit status is then 2. Text that is not UTF-8 or does not \
parse is not an I/O error: the games concerned are `malformed`.\n\n\
Exit status: 0 every game is ok; 1 some game is illegal, malformed or inconsistent; 2 a \
usage error or a file that could not be read.",
        after_help = "Examples:\n  pacru check round3.pgr round4.pgr\n  \
pacru check - < round3.pgr\n  pacru check --rules 2011 old.pgr\n  \
pacru check --format json examples/*.pgr | jq -c 'select(.status != \"ok\")'"
    )]
    Check(CheckArgs),

    /// Step through a recorded game, move by move, with what each move did.
    #[command(
        long_about = "Replays one game of a record file (`-`: standard input): every move \
with what it did in words and the board after it. With `--ply K`, only the position after \
K moves (0: the start), as a diagram and PPN. A move that is not legal stops the replay \
with the rule it breaks (exit status 1).",
        after_help = "Examples:\n  pacru replay round3.pgr\n  pacru replay round3.pgr --game 2 --ply 11"
    )]
    Replay(ReplayArgs),

    /// Draw a position: the board for people, then its PPN.
    #[command(
        long_about = "Draws a position given in PPN: fields by owner (ANSI colours on a \
colour terminal, letters otherwise), chevrons as arrows showing their facing, the \
borderland lines and the coordinates, then the position's PPN (settled: a blocked player \
to move is removed first). Colour is used only when standard output is a terminal and \
NO_COLOR is not set. `--svg FILE` also writes a picture of the board in the style of the \
rulebook.",
        after_help = concat!(
            "Examples:\n  pacru show \"",
            "9/9/9/9/9/9/9/9/9 Ke1N,Ka3E,Ki3W,Ki9SW,Ra1NE,Ra7E,Ri7W,Re9S K KR",
            "\"\n  pacru show --svg start.svg \"$(pacru new --players 4)\""
        )
    )]
    Show(ShowArgs),

    /// Print the PPN of a standard start (or an empty record with --record).
    #[command(
        long_about = "Prints the PPN of the standard start for 2, 3 or 4 players. Seats \
default to SN, SWE and SWNE, colours to Black, Red, Yellow, Green in order of play \
(docs/rules.md, section Setting up). With `--record`, prints an empty game record (tags, no moves, result `*`) \
instead, ready to be filled in.",
        after_help = "Examples:\n  pacru new --players 2\n  pacru new --players 3 --seats EWN --colours KRB\n  \
pacru new --players 4 --record --rules 2011 > game.pgr"
    )]
    New(NewArgs),

    /// List the legal moves of a position, or count them.
    #[command(
        long_about = "Lists the legal moves of a position in canonical notation, one per line, \
sorted by byte order (resignation is not listed). With `--count`, prints only their number, \
computed without listing them. A finished game has no moves (count 0).",
        after_help = concat!(
            "Examples:\n  pacru moves \"",
            "9/9/9/9/9/9/9/9/9 Ke1N,Ka3E,Ki3W,Ki9SW,Ra1NE,Ra7E,Ri7W,Re9S K KR",
            "\"\n  pacru moves --count --rules 2011 \"$PPN\""
        )
    )]
    Moves(MovesArgs),

    /// Count the move sequences of a given length from a position.
    #[command(
        long_about = "Prints the number of move sequences of length DEPTH from the position \
(every complete move counted, resignation not), as one decimal number on one line.\n\n\
With `--divide`: one line per legal first move, `MOVE: COUNT` (the move in canonical \
notation, COUNT the number of sequences of length DEPTH starting with it), sorted by the \
moves' byte order, then a last line `total: N`. With DEPTH 0 there are no first moves and \
the total is 1. First moves are counted in parallel.",
        after_help = concat!(
            "Examples:\n  pacru perft \"",
            "9/9/9/9/9/9/9/9/9 Ke1N,Ka3E,Ki3W,Ki9SW,Ra1NE,Ra7E,Ri7W,Re9S K KR",
            "\" 3\n  pacru perft --divide \"$PPN\" 2"
        )
    )]
    Perft(PerftArgs),

    /// Play random games and write them as canonical records.
    #[command(
        long_about = "Plays GAMES games between built-in random players (pacru-core's \
Position::random_move, which weights moves so that rare kinds such as connections, pincers \
and meetings turn up often) and writes them as canonical records on standard output. Game \
number i (1-based) uses a SplitMix64 generator seeded with the first output of \
SplitMix64(SEED + i * 0x9E3779B97F4A7C15), so the same arguments always give the same \
bytes, whatever the number of threads.\n\n\
Tags: Event \"pacru selfplay\", Site \"?\", Date \"?\", Round = the game number, one \
colour-name tag per player with the value \"random\", Players, Rules, Result and, for a \
finished game, Termination \"rules\". A game cut by `--max-plies` gets Result \"*\" and no \
Termination.",
        after_help = "Examples:\n  pacru selfplay --players 2 --games 1 --seed 1\n  \
pacru selfplay --players 3 --games 10 --seed 42 --max-plies 400 > random.pgr\n  \
pacru selfplay --players 4 --games 5 --seed 7 --rules 2011 | pacru check"
    )]
    Selfplay(SelfplayArgs),

    /// Rewrite records in canonical form.
    #[command(
        long_about = "Rewrites records in canonical form (docs/notation.md) to standard output \
(`-` or no file: standard input): moves in canonical notation, tags in canonical order, \
round numbers and line breaks as specified, comments kept; the games of all inputs form one \
stream, one blank line apart. Moves are not checked for legality (use `pacru check`). A game that does not parse is reported on standard error and \
copied through unchanged; the exit status is then 1.\n\n\
With `--check`, nothing is written to standard output; the names of the files that are \
not canonical are listed on standard error and the exit status is 1 if there is any. \
Exit status 2: usage or I/O error (other files are still processed).",
        after_help = "Examples:\n  pacru fmt messy.pgr > tidy.pgr\n  pacru fmt --check examples/*.pgr"
    )]
    Fmt(FmtArgs),

    /// Convert game records from another format into canonical PGR.
    #[command(
        long_about = "Reads game records written by another program and writes them as canonical PGR on standard output, one blank line apart (`-` or no file: standard input). The only format so far is AbstractPlay's JSON game record (one record per file), with its players, seats, 2011 meeting rule and endings mapped as described in docs/notation.md. Moves are translated but not refereed: run `pacru check` on the result.

A file that cannot be converted is reported on standard error with the place in the JSON that is wrong (the other files are still converted); the exit status is then 1. Exit status 2: usage error or a file that cannot be read. Files larger than 64 MiB are refused (exit status 2).",
        after_help = "Examples:\n  pacru import abstractplay-game.json > game.pgr\n  \
pacru import --from abstractplay *.json | pacru check"
    )]
    Import(ImportArgs),

    /// Run a built-in engine that speaks the engine protocol (PEP) on stdin/stdout.
    #[command(
        long_about = "Runs a built-in engine that speaks PEP, the Pacru Engine Protocol \
(docs/protocol.md), on standard input and output until `quit` or the end of the input: \
`random` plays uniformly weighted random legal moves, `greedy` takes the move that gains \
the most fields (ties broken with the seed). Logs go to standard error only.",
        after_help = "Examples:\n  pacru engine random --seed 7\n  pacru engine greedy\n  \
pacru engine-check -- pacru engine greedy"
    )]
    Engine(EngineArgs),

    /// Test an engine program against the engine protocol.
    #[command(
        name = "engine-check",
        long_about = "Starts the engine program CMD with ARGS (no shell) and drives it \
through a scripted conversation that tests its protocol handling: handshake, options, \
moves in time, failures for bad requests, stop, quit, end of input and, unless \
`--text-only`, the JSON framing. Prints one line per check (ok, FAIL or skip) and a \
summary.\n\nExit status: 0 every check passed; 1 a check failed or was skipped; 2 usage \
error.",
        after_help = "Examples:\n  pacru engine-check -- ./my-engine --threads 1\n  \
pacru engine-check --move-time-ms 500 -- pacru engine random"
    )]
    EngineCheck(EngineCheckArgs),

    /// Play a match between 2 to 4 engines (docs/tournaments.md).
    #[command(long_about = crate::commands::arena::MATCH_LONG_ABOUT, after_help = crate::commands::arena::MATCH_EXAMPLES)]
    Match(crate::commands::arena::MatchArgs),

    /// Run a tournament between engines: round-robin, gauntlet or Swiss (docs/tournaments.md).
    #[command(long_about = crate::commands::arena::TOURNAMENT_LONG_ABOUT, after_help = crate::commands::arena::TOURNAMENT_EXAMPLES)]
    Tournament(crate::commands::arena::TournamentArgs),

    /// Print a shell completion script.
    #[command(
        after_help = "Examples:\n  pacru completions bash > /etc/bash_completion.d/pacru\n  \
pacru completions zsh > ~/.zfunc/_pacru"
    )]
    Completions(CompletionsArgs),

    /// Print the man page (roff) on standard output.
    #[command(after_help = "Examples:\n  pacru man > pacru.1\n  pacru man | man -l -")]
    Man,
}

/// The rules edition as given on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum RulesArg {
    /// The published rules and FAQ (the default).
    #[value(name = "2004")]
    R2004,
    /// The meeting amendment of March 2011.
    #[value(name = "2011")]
    R2011,
}

impl From<RulesArg> for RulesEdition {
    fn from(rules: RulesArg) -> RulesEdition {
        match rules {
            RulesArg::R2004 => RulesEdition::Pacru2004,
            RulesArg::R2011 => RulesEdition::Pacru2011,
        }
    }
}

/// Output formats of `check`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// For people: a line per game, details for bad games, a summary.
    #[default]
    Text,
    /// For programs: one JSON object per game and line.
    Json,
}

/// Arguments of `pacru check`.
#[derive(Debug, Args)]
pub struct CheckArgs {
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,

    /// Rules edition for games without a `Rules` tag.
    #[arg(long, value_enum)]
    pub rules: Option<RulesArg>,

    /// Record files; `-` or none: standard input.
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,
}

/// Arguments of `pacru replay`.
#[derive(Debug, Args)]
pub struct ReplayArgs {
    /// The record file (`-`: standard input).
    #[arg(value_name = "FILE")]
    pub file: PathBuf,

    /// Which game of the file, from 1.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..))]
    pub game: u64,

    /// Show only the position after this many moves (0: the start).
    #[arg(long)]
    pub ply: Option<usize>,

    /// Rules edition for a game without a `Rules` tag.
    #[arg(long, value_enum)]
    pub rules: Option<RulesArg>,
}

/// Arguments of `pacru show`.
#[derive(Debug, Args)]
pub struct ShowArgs {
    /// The position, in PPN (quote it: it contains spaces).
    #[arg(value_name = "PPN")]
    pub ppn: String,

    /// Rules edition (it matters when a blocked player to move is settled).
    #[arg(long, value_enum)]
    pub rules: Option<RulesArg>,

    /// Also write the board as an SVG picture to this file.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
}

/// Arguments of `pacru new`.
#[derive(Debug, Args)]
pub struct NewArgs {
    /// Number of players: 2, 3 or 4.
    #[arg(long, value_parser = clap::value_parser!(u8).range(2..=4))]
    pub players: u8,

    /// Seat letters (S W N E) in order of play, e.g. SWE; default SN, SWE or SWNE.
    #[arg(long)]
    pub seats: Option<String>,

    /// Colour letters (K R Y G B) in order of play, e.g. KRY; default KR, KRY or KRYG.
    #[arg(long)]
    pub colours: Option<String>,

    /// Print an empty game record instead of the PPN.
    #[arg(long)]
    pub record: bool,

    /// Rules edition written in the record's `Rules` tag.
    #[arg(long, value_enum, requires = "record")]
    pub rules: Option<RulesArg>,
}

/// Arguments of `pacru moves`.
#[derive(Debug, Args)]
pub struct MovesArgs {
    /// Rules edition of the position.
    #[arg(long, value_enum)]
    pub rules: Option<RulesArg>,

    /// Print only the number of legal moves.
    #[arg(long)]
    pub count: bool,

    /// The position, in PPN.
    #[arg(value_name = "PPN")]
    pub ppn: String,
}

/// Arguments of `pacru perft`.
#[derive(Debug, Args)]
pub struct PerftArgs {
    /// Rules edition of the position.
    #[arg(long, value_enum)]
    pub rules: Option<RulesArg>,

    /// Print the count below each legal first move, then the total.
    #[arg(long)]
    pub divide: bool,

    /// The position, in PPN.
    #[arg(value_name = "PPN")]
    pub ppn: String,

    /// The length of the move sequences.
    #[arg(value_name = "DEPTH")]
    pub depth: u32,
}

/// Arguments of `pacru selfplay`.
#[derive(Debug, Args)]
pub struct SelfplayArgs {
    /// Number of players: 2, 3 or 4.
    #[arg(long, value_parser = clap::value_parser!(u8).range(2..=4))]
    pub players: u8,

    /// Number of games.
    #[arg(long)]
    pub games: u64,

    /// Seed of the random players.
    #[arg(long)]
    pub seed: u64,

    /// Rules edition.
    #[arg(long, value_enum, default_value_t = RulesArg::R2004)]
    pub rules: RulesArg,

    /// Stop a game after this many moves (its Result is then "*").
    #[arg(long, value_name = "P", default_value_t = 1000)]
    pub max_plies: u32,
}

/// Arguments of `pacru fmt`.
#[derive(Debug, Args)]
pub struct FmtArgs {
    /// Write nothing; exit 1 if any input is not canonical.
    #[arg(long)]
    pub check: bool,

    /// Record files; `-` or none: standard input.
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,
}

/// Formats `pacru import` reads.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum ImportFormat {
    /// AbstractPlay's JSON game record.
    #[default]
    Abstractplay,
}

/// Arguments of `pacru import`.
#[derive(Debug, Args)]
pub struct ImportArgs {
    /// The format of the input files.
    #[arg(long, value_enum, default_value_t = ImportFormat::Abstractplay)]
    pub from: ImportFormat,

    /// Files to convert; `-` or none: standard input.
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,
}

/// The built-in engines.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum EngineKind {
    /// Random legal moves.
    Random,
    /// The move that gains the most fields.
    Greedy,
}

/// Arguments of `pacru engine`.
#[derive(Debug, Args)]
pub struct EngineArgs {
    /// Which engine.
    #[arg(value_enum)]
    pub kind: EngineKind,

    /// Seed of the engine's random choices.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
}

/// Arguments of `pacru engine-check`.
#[derive(Debug, Args)]
pub struct EngineCheckArgs {
    /// The time allowed for one move, in milliseconds.
    #[arg(long, value_name = "MS", default_value_t = 2000)]
    pub move_time_ms: u64,

    /// The time allowed for the handshake, in milliseconds.
    #[arg(long, value_name = "MS", default_value_t = 5000)]
    pub handshake_timeout_ms: u64,

    /// Skip the session in JSON framing.
    #[arg(long)]
    pub text_only: bool,

    /// The engine program, then its arguments (after `--`).
    #[arg(value_name = "CMD", required = true, num_args = 1.., trailing_var_arg = true, allow_hyphen_values = true)]
    pub command: Vec<String>,
}

/// Arguments of `pacru completions`.
#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell to write completions for.
    #[arg(value_enum)]
    pub shell: Shell,
}

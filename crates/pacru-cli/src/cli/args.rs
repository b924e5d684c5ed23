//! The arguments of each command but those of [`super::arena`] and [`super::event`].

use super::values;
use super::{DiagramLimit, RulesArg};
use clap::{Args, ValueEnum};
use clap_complete::Shell;
use std::path::PathBuf;

/// Output formats of `check`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum RecordFormat {
    /// For people: a line per game, details for bad games, a summary.
    #[default]
    Text,
    /// For programs: one JSON object per game and line.
    Json,
}

/// Output formats of `replay`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum ReplayFormat {
    /// For people: every move with what it did and the board after it.
    #[default]
    Text,
    /// For programs: the game as one JSON object (tags, verdict, every ply).
    Json,
}

/// Arguments of `pacru check`.
#[derive(Debug, Args)]
pub struct CheckArgs {
    /// Output format.
    #[arg(long, value_enum, default_value_t = RecordFormat::Text)]
    pub format: RecordFormat,

    /// Rules edition for games without a Rules tag.
    #[arg(long, value_enum)]
    pub rules: Option<RulesArg>,

    /// Board diagrams in the text report: for the first N games that are not ok
    /// (0: none), or for `all` of them.
    #[arg(long, value_name = "N|all", default_value = "3", value_parser = values::diagram_limit)]
    pub diagrams: DiagramLimit,

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
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = values::game_number)]
    pub game: u64,

    /// Show only the position after this many moves (0: the start).
    #[arg(long, value_name = "K")]
    pub ply: Option<usize>,

    /// Rules edition for a game without a Rules tag.
    #[arg(long, value_enum)]
    pub rules: Option<RulesArg>,

    /// Output format: text for people, or one JSON object with every ply's
    /// move, position and effects.
    #[arg(long, value_enum, default_value_t = ReplayFormat::Text)]
    pub format: ReplayFormat,
}

/// Arguments of `pacru view`.
#[derive(Debug, Args)]
pub struct ViewArgs {
    /// Record files; `-` or none: standard input.
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,

    /// The page to write (`-`: standard output).
    #[arg(short, long, value_name = "PAGE")]
    pub output: PathBuf,

    /// The page's title (default: the input names).
    #[arg(long)]
    pub title: Option<String>,

    /// Rules edition for games without a `Rules` tag.
    #[arg(long, value_enum)]
    pub rules: Option<RulesArg>,
}

/// Arguments of `pacru board`.
#[derive(Debug, Args)]
pub struct BoardArgs {
    /// A record whose first game the board continues (its tags and moves).
    #[arg(value_name = "RECORD", conflicts_with_all = ["players", "position"])]
    pub record: Option<PathBuf>,

    /// The page to write (`-`: standard output).
    #[arg(short, long, value_name = "PAGE")]
    pub output: PathBuf,

    /// A game from the standard start for 2, 3 or 4 players (default 2).
    #[arg(long, value_name = "N", value_parser = values::players, conflicts_with = "position")]
    pub players: Option<u8>,

    /// A game from this position, in PPN (quote it: it contains spaces).
    #[arg(long, value_name = "PPN")]
    pub position: Option<String>,

    /// Rules edition of the game (default 2004; a record's `Rules` tag comes first).
    #[arg(long, value_enum)]
    pub rules: Option<RulesArg>,

    /// The page's title (default: "pacru board").
    #[arg(long)]
    pub title: Option<String>,
}

/// Output formats of `pacru analyse`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum AnalyseFormat {
    /// The records with the analysis in comments and glyphs (canonical PGR).
    #[default]
    Pgr,
    /// One JSON object per game and per line.
    Json,
}

/// Arguments of `pacru analyse`.
#[derive(Debug, Args)]
pub struct AnalyseArgs {
    /// Record files; `-` or none: standard input.
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,

    /// Think this many milliseconds in each search of a position (the result
    /// then depends on the machine's speed).
    #[arg(long, value_name = "MS", conflicts_with = "nodes")]
    pub movetime: Option<u64>,

    /// Run this many simulations in each search of a position (default 5000):
    /// the analysis then depends only on the games, the budget and the seed.
    #[arg(long, value_name = "N")]
    pub nodes: Option<u64>,

    /// The seed of the engine's random choices.
    #[arg(long, value_name = "S", default_value_t = 0)]
    pub seed: u64,

    /// The output: annotated records, or JSON lines.
    #[arg(long, value_enum, default_value_t = AnalyseFormat::Pgr)]
    pub format: AnalyseFormat,

    /// Where to write (`-` or none: standard output).
    #[arg(short, long, value_name = "OUT")]
    pub output: Option<PathBuf>,
}

/// Arguments of `pacru show`.
#[derive(Debug, Args)]
pub struct ShowArgs {
    /// The position, in PPN (quote it: it contains spaces).
    #[arg(value_name = "PPN")]
    pub ppn: String,

    /// Rules edition, as the other commands take it: a position, its diagram and
    /// its settling are the same under both editions.
    #[arg(long, value_enum)]
    pub rules: Option<RulesArg>,

    /// Also write the board as an SVG picture to this file (`-`: the picture
    /// alone to standard output, instead of the drawing).
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
}

/// Arguments of `pacru new`.
#[derive(Debug, Args)]
pub struct NewArgs {
    /// Number of players: 2, 3 or 4.
    #[arg(long, value_name = "N", default_value_t = 2, value_parser = values::players)]
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

    /// Rules edition written in the record's Rules tag.
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
    #[arg(long, value_name = "N", default_value_t = 2, value_parser = values::players)]
    pub players: u8,

    /// Number of games.
    #[arg(long, value_name = "G", default_value_t = 1)]
    pub games: u64,

    /// Seed of the random players; without it, a seed is drawn at random and
    /// written in each record's Seed tag.
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,

    /// Rules edition.
    #[arg(long, value_enum, default_value_t = RulesArg::R2004)]
    pub rules: RulesArg,

    /// Stop a game after this many moves (its Result is then "*"); 0: no limit.
    #[arg(long, value_name = "P", default_value_t = 1000)]
    pub max_plies: u32,
}

/// Arguments of `pacru fmt`.
#[derive(Debug, Args)]
pub struct FmtArgs {
    /// Write nothing; name every game that is not canonical and exit 1 if there is any.
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
    /// Monte Carlo tree search (options `Nodes`, `MoveTime`, `Exploration`, `PlayoutPlies`, `PriorWeight`, `ExpandAfter`, `Seed`).
    Search,
}

/// How engine protocol messages are put on the wire (`docs/protocol.md`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum FramingArg {
    /// One text message per line.
    Text,
    /// One JSON object per line.
    Json,
}

impl From<FramingArg> for pacru_protocol::Framing {
    fn from(framing: FramingArg) -> pacru_protocol::Framing {
        match framing {
            FramingArg::Text => pacru_protocol::Framing::Text,
            FramingArg::Json => pacru_protocol::Framing::Json,
        }
    }
}

/// Arguments of `pacru engine`.
#[derive(Debug, Args)]
pub struct EngineArgs {
    /// Which engine.
    #[arg(value_enum)]
    pub kind: EngineKind,

    /// Speak only this framing instead of the one the session's first line
    /// uses: a line in the other framing is then answered as malformed.
    #[arg(long, value_enum, value_name = "FRAMING")]
    pub framing: Option<FramingArg>,

    /// Seed of the engine's random choices.
    ///
    /// 0 to 9223372036854775807: the range of the engine's option `Seed`, whose
    /// default it is.
    #[arg(long, default_value_t = 0,
          value_parser = clap::value_parser!(u64).range(0..=i64::MAX as u64))]
    pub seed: u64,
}

/// Arguments of `pacru engine-check`.
#[derive(Debug, Args)]
pub struct EngineCheckArgs {
    /// The most one move may take, in milliseconds.
    #[arg(
        long,
        alias = "move-time-ms",
        value_name = "MS",
        default_value_t = 2000,
        value_parser = clap::value_parser!(u64).range(1..=i64::MAX as u64)
    )]
    pub movetime: u64,

    /// How long the engine may take to start and answer the handshake, in
    /// milliseconds (at least 1).
    #[arg(
        long,
        alias = "handshake-timeout-ms",
        value_name = "MS",
        default_value_t = 5000,
        value_parser = clap::value_parser!(u64).range(1..)
    )]
    pub handshake_timeout: u64,

    /// Skip the session in JSON framing.
    #[arg(long, conflicts_with = "framing")]
    pub text_only: bool,

    /// The framing of the checks: `text` (the last check speaks JSON lines,
    /// unless `--text-only`) or `json`, for an engine that speaks only JSON
    /// lines.
    #[arg(long, value_enum, value_name = "FRAMING", default_value = "text")]
    pub framing: FramingArg,

    /// The engine program, then its arguments (after `--`); `pacru` means this
    /// very program.
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

//! The arguments of `pacru match`, `pacru tournament` and `pacru merge-shards`.

use super::RulesArg;
use clap::parser::ValueSource;
use clap::{ArgMatches, Args, ValueEnum};
use pacru_arena::Adjudication;
use pacru_arena::shard::{Shard, ShardError};
use pacru_arena::sprt::Sprt;
use std::path::PathBuf;
use std::str::FromStr;

/// The value of `--shard`: `I/N`, or `auto/N` for the index the batch scheduler
/// gives the task.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShardArg {
    /// `I/N`.
    Fixed(Shard),
    /// `auto/N`: the index from `SLURM_ARRAY_TASK_ID` or `JOB_COMPLETION_INDEX`.
    Auto {
        /// N.
        count: u32,
    },
}

impl FromStr for ShardArg {
    type Err = ShardError;

    fn from_str(text: &str) -> Result<ShardArg, ShardError> {
        match text.split_once('/') {
            Some(("auto", count)) => {
                // Checks N the same way as I/N does.
                let count = Shard::from_str(&format!("0/{count}"))?.count();
                Ok(ShardArg::Auto { count })
            }
            _ => text.parse().map(ShardArg::Fixed),
        }
    }
}

/// How the standings are printed on standard output at the end.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum StandingsFormat {
    /// A table for people.
    #[default]
    Text,
    /// The standings as one JSON object.
    Json,
}

/// The tournament systems of `pacru tournament`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum TournamentSystemArg {
    /// Every group of --players engines meets once a round.
    #[default]
    RoundRobin,
    /// The first --gauntlet-seeds engines each meet every group of the others.
    Gauntlet,
    /// Rounds paired by score, avoiding rematches (2 players), or balanced tables (3-4).
    Swiss,
}

/// How a game reaching --max-plies is decided.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum AdjudicateArg {
    /// The player in the game with the most fields of their colour wins; a tie is a draw.
    #[default]
    Fields,
    /// The game is a draw.
    Draw,
}

impl From<AdjudicateArg> for Adjudication {
    fn from(arg: AdjudicateArg) -> Adjudication {
        match arg {
            AdjudicateArg::Fields => Adjudication::Fields,
            AdjudicateArg::Draw => Adjudication::Draw,
        }
    }
}

/// Options shared by `pacru match` and `pacru tournament`.
#[derive(Clone, Debug, Args)]
pub struct ArenaArgs {
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

    /// How long an engine may take to start and answer the handshake, in milliseconds
    /// (at least 1).
    #[arg(long, value_name = "MS", default_value_t = 10_000,
          value_parser = clap::value_parser!(u64).range(1..))]
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

    /// Adjudicate a game when it reaches this many plies (0: no limit).
    #[arg(long, value_name = "PLIES", default_value_t = 400)]
    pub max_plies: u32,

    /// How a game reaching --max-plies is decided: `fields` (most fields of their
    /// colour wins, a tie is a draw) or `draw`.
    #[arg(long, value_enum, value_name = "HOW", default_value_t = AdjudicateArg::Fields)]
    pub adjudicate: AdjudicateArg,

    /// The rules edition.
    #[arg(long, value_enum, value_name = "EDITION", default_value_t = RulesArg::R2004)]
    pub rules: RulesArg,

    /// The event's name (the records' Event tag).
    #[arg(long, value_name = "NAME")]
    pub event: Option<String>,

    /// Sets an engine option after the handshake: ENGINE:NAME=VALUE, where ENGINE is
    /// the engine's position in the list (from 1) or `*` for all. Repeatable.
    #[arg(long = "option", value_name = "ENGINE:NAME=VALUE")]
    pub options: Vec<String>,

    /// Speaks JSON lines (or text) to an engine: ENGINE:json or ENGINE:text,
    /// where ENGINE is the engine's position in the list (from 1) or `*` for
    /// all. Engines are spoken to in text by default; an engine that speaks only
    /// JSON lines needs `json`. Repeatable.
    #[arg(long = "framing", value_name = "ENGINE:FRAMING")]
    pub framings: Vec<String>,

    /// The output directory: journal.jsonl, games.pgr, standings.txt,
    /// standings.json. Default: pacru-match (for `pacru match`) or pacru-tournament
    /// (for `pacru tournament`) in the current directory. It must not hold an event
    /// already, unless --resume is given.
    #[arg(long, short = 'o', value_name = "DIR")]
    pub out: Option<PathBuf>,

    /// Play only shard I of N (I from 0): a disjoint slice of the games, a table's
    /// games from one opening (a match's seat-swapped pairs) never split, into
    /// DIR/shard-I-of-N in the output directory DIR the shards share; `pacru
    /// merge-shards DIR` adds the shards up. `auto/N` takes I from
    /// SLURM_ARRAY_TASK_ID or JOB_COMPLETION_INDEX. Not for a Swiss tournament.
    #[arg(long, value_name = "I/N|auto/N")]
    pub shard: Option<ShardArg>,

    /// Continue the interrupted event in the output directory. Its settings are read
    /// from the journal; engines and settings given again must be the same (without
    /// the engines, only the settings given are compared). If the event never
    /// started there and its engines are given, it starts.
    #[arg(long)]
    pub resume: bool,

    /// Play even if an engine cannot be started or fails its handshake in the check
    /// made before the first game: it then forfeits its games. By default the event
    /// stops there, before anything is written.
    #[arg(long)]
    pub forfeit_unstartable: bool,

    /// How the final standings are printed on standard output.
    #[arg(long, value_enum, default_value_t = StandingsFormat::Text)]
    pub format: StandingsFormat,

    /// Never show the progress bar (it is shown only when standard error is a terminal).
    #[arg(long)]
    pub no_progress: bool,

    /// The arguments given on the command line, by their ids (`movetime`,
    /// `games`...): not those left at their defaults. Filled in after parsing
    /// ([`crate::cli::Cli::note_given`]).
    #[arg(skip)]
    pub given: Vec<String>,
}

impl ArenaArgs {
    /// Whether the argument `id` was given on the command line.
    pub fn was_given(&self, id: &str) -> bool {
        self.given.iter().any(|g| g == id)
    }
}

/// The ids of the arguments in `matches` that were given on the command line.
pub fn given_ids(matches: &ArgMatches) -> Vec<String> {
    matches
        .ids()
        .filter(|id| matches.value_source(id.as_str()) == Some(ValueSource::CommandLine))
        .map(|id| id.as_str().to_owned())
        .collect()
}

/// The long help of `pacru match`.
pub const MATCH_LONG_ABOUT: &str = "Plays a match between 2 to 4 engines seated at one table: the order of play \
(and so the colours and seats) rotates from game to game, each opening is played once in \
each rotation. Engines are command lines (`./my-engine --hash 64`, no shell; `NAME=` in front \
names one, else it is named by the name it gives in its handshake, or by its command line \
where two engines give the same name) or built-in engines run in this process (`builtin:random:SEED`, \
`builtin:greedy:SEED`). Every engine program is started and handshaken once before the \
first game; one that fails stops the match (exit status 2) unless --forfeit-unstartable is \
given. Each forfeit is reported on standard error as it happens, with its kind and reason. \
Games, standings and a crash-safe journal are written to the output directory (default \
pacru-match); an interrupted match continues with --resume.\n\n\
Ctrl-C (SIGINT), SIGTERM or SIGHUP stop the match: no new game starts, every engine and \
the processes it started are ended, the games in progress are dropped (they are played \
again on resume), the files are left consistent, and the exit status is 130, 143 or 129. \
A second Ctrl-C quits at once.\n\n\
With --sprt and two engines, games 1 and 2, 3 and 4... are pairs (the same opening, the \
seats swapped); after each game the log-likelihood ratio of the pairs finished is compared \
with its bounds, and when it leaves them no new game starts, the games in progress are \
finished, and the match is complete. The LLR, its bounds and the verdict are in the progress \
line, the standings and standings.json (docs/engines.md).\n\n\
Exit status: 0 the match is complete; 1 a record did not pass the referee (a bug); 2 usage \
or I/O error, or an engine that cannot be used; 128 + the signal when interrupted.";

/// The examples of `pacru match`.
pub const MATCH_EXAMPLES: &str = "Examples:\n  pacru match 'pacru engine random --seed 1' 'pacru engine greedy --seed 2' --games 20 --tc 10+0.1\n  \
pacru match builtin:random:1 builtin:greedy:1 builtin:random:2 --games 6 --movetime 50 -o m3\n  \
pacru match './new-engine' './old-engine' --sprt 0,20 --movetime 100 -j 2 -o sprt\n  \
pacru match --resume -o m3";

/// `pacru match`: 2 to 4 engines at one table for a number of games.
#[derive(Clone, Debug, Args)]
pub struct MatchArgs {
    /// The engines (2 to 4): command lines, or built-in engines builtin:random:SEED and builtin:greedy:SEED (the seed is optional).
    #[arg(value_name = "ENGINE", num_args = 0..=4, required_unless_present = "resume")]
    pub engines: Vec<String>,

    /// The number of games (default: 2 for each engine; with --sprt, the most
    /// games, 1000 by default).
    #[arg(long, short = 'n', value_name = "N")]
    pub games: Option<u32>,

    /// For two engines: stop as soon as a sequential probability ratio test
    /// decides whether the first engine is at most ELO0 (H0) or at least ELO1
    /// (H1) Elo stronger, with error rates ALPHA and BETA (default 0.05 each;
    /// each between 0.000001 and 0.5), on game pairs with swapped seats. ELO0
    /// and ELO1 lie between -1000 and 1000.
    #[arg(
        long,
        value_name = "ELO0,ELO1[,ALPHA,BETA]",
        allow_hyphen_values = true
    )]
    pub sprt: Option<Sprt>,

    /// Options shared with `pacru tournament`.
    #[command(flatten)]
    pub event: ArenaArgs,
}

/// The long help of `pacru tournament`.
pub const TOURNAMENT_LONG_ABOUT: &str = "Runs a tournament: round-robin (every group of --players engines meets each \
round), gauntlet (the first --gauntlet-seeds engines meet every group of the others) or Swiss \
(rounds paired from the standings, avoiding rematches, with byes; with 3 or 4 players, tables \
that balance who meets whom). Every table plays one game per rotation of its order of play, \
from one opening. Every engine program is started and handshaken once before the first game; \
one that fails stops the tournament (exit status 2) unless --forfeit-unstartable is given. \
Each forfeit is reported on standard error as it happens. Results, records and standings go \
to the output directory (default pacru-tournament), with a journal from which an \
interrupted tournament continues (--resume).\n\n\
Ctrl-C (SIGINT), SIGTERM or SIGHUP stop the tournament: no new game starts, every engine \
and the processes it started are ended, the games in progress are dropped (they are played \
again on resume), the files are left consistent, and the exit status is 130, 143 or 129. \
A second Ctrl-C quits at once.\n\n\
Exit status: 0 the tournament is complete; 1 a record did not pass the referee (a bug); 2 \
usage or I/O error, or an engine that cannot be used; 128 + the signal when interrupted.";

/// The examples of `pacru tournament`.
pub const TOURNAMENT_EXAMPLES: &str = "Examples:\n  pacru tournament builtin:random:1 builtin:random:2 builtin:greedy:1 --rounds 2 --tc 5+0.05\n  \
pacru tournament ./a ./b ./c ./d ./e --system swiss --rounds 4 -j 2 -o swiss1\n  \
pacru tournament ./a ./b ./c ./d --players 4 --movetime 100 --openings book.pgr";

/// `pacru tournament`: round-robin, gauntlet or Swiss events between engines.
#[derive(Clone, Debug, Args)]
pub struct TournamentArgs {
    /// The engines: command lines, or built-in engines builtin:random:SEED and builtin:greedy:SEED (the seed is optional).
    #[arg(value_name = "ENGINE", required_unless_present = "resume")]
    pub engines: Vec<String>,

    /// The tournament system.
    #[arg(long, value_enum, default_value_t = TournamentSystemArg::RoundRobin)]
    pub system: TournamentSystemArg,

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
    pub event: ArenaArgs,
}

/// The long help of `pacru merge-shards`.
pub const MERGE_SHARDS_LONG_ABOUT: &str = "Adds up the journals of the shards of a match or tournament \
played with `--shard I/N` (docs/tournaments.md): the standings, Elo, pentanomial counts and \
SPRT of the whole event, the same as one machine playing the same games gives. Each DIR is \
the output directory the shards share (holding shard-I-of-N folders) or one shard's folder.\n\n\
The shards must be of one event (the same engines, options, openings, seeds and N), each \
given once, each holding only its own games; otherwise nothing is merged. A shard that is \
missing, or not finished yet, is named on standard error and the standings are those of the \
games there are. With -o OUT, the whole event's games.pgr, standings.txt and standings.json \
are written there too.\n\n\
Exit status: 0 every shard is there and complete; 1 a shard is missing or not finished (the \
standings so far are printed); 2 usage or I/O error, or journals that cannot be merged.";

/// The examples of `pacru merge-shards`.
pub const MERGE_SHARDS_EXAMPLES: &str = "Examples:\n  pacru merge-shards sprt-run\n  \
pacru merge-shards sprt-run --format json | jq .sprt\n  \
pacru merge-shards node1/run node2/run -o merged";

/// `pacru merge-shards`: the shards of an event added up.
#[derive(Clone, Debug, Args)]
pub struct MergeShardsArgs {
    /// The shared output directories (holding shard-I-of-N folders), or shards' folders.
    #[arg(value_name = "DIR", required = true)]
    pub dirs: Vec<PathBuf>,

    /// How the standings are printed on standard output.
    #[arg(long, value_enum, default_value_t = StandingsFormat::Text)]
    pub format: StandingsFormat,

    /// Also write the whole event's games.pgr, standings.txt and standings.json here.
    #[arg(long, short = 'o', value_name = "OUT")]
    pub out: Option<PathBuf>,
}

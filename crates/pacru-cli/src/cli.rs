//! The whole command line of `pacru`, declared with clap's derive API.
//!
//! The rule: every clap type (parser, subcommand, argument struct, value enum)
//! and every help text lives under this module, and nowhere else, so that
//! `--help`, the man page and the shell completions are all generated from one
//! place. This module uses nothing else of the crate; the commands in
//! [`crate::commands`] read the values it declares and run them.
//!
//! [`args`] holds the arguments of each command but those of [`arena`]
//! (`match`, `tournament`, `merge-shards`), [`event`] (`pacru event` and its
//! subcommands), [`serve`] and [`bot`]; [`global`] the options every command takes; [`values`] the
//! parsers of values shared by several commands.

pub mod arena;
mod args;
pub mod bot;
pub mod event;
mod global;
pub mod serve;
mod values;

pub use arena::*;
pub use args::*;
pub use bot::{BotArgs, ClockArg};
pub use event::*;
pub use global::{ColorWhen, GlobalArgs};
pub use serve::ServeArgs;
pub use values::{DiagramLimit, RulesArg};

use clap::{ArgMatches, Parser, Subcommand};

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
error. Errors and warnings on standard error read `pacru: error: ...` and \
`pacru: warning: ...`. When standard output is closed early (`pacru check big.pgr | head`), \
a command stops quietly with the status its work so far earned.",
    after_help = "Examples:\n  pacru check examples/*.pgr\n  pacru new\n  pacru moves --count \"$(pacru new)\"\n  \
pacru selfplay --players 3 --games 10 --seed 42 > random.pgr\n  pacru help check\n\n\
Colour: with --color auto (the default), colour is used only on a terminal whose TERM is \
not dumb, and never when NO_COLOR is set; --color always and --color never override both.",
    propagate_version = true,
    disable_help_subcommand = false
)]
pub struct Cli {
    /// The options every command takes.
    #[command(flatten)]
    pub global: GlobalArgs,

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
position before the move as PPN, and as a board diagram for the first three such games \
(`--diagrams N` or `--diagrams all` for more, 0 for none); last, a summary line with the \
number of games per status and the time taken. The summary, and a progress bar when \
standard error is a terminal and the work takes a while, are the only things that depend on \
the clock.\n\n\
JSON output (`--format json`) is one object per game and per line, in input order, with \
the keys file, game, line, status, plies, result, winner, final_position, error. An input \
that cannot be read gets one object too, with status `unreadable`, game and line null and \
the reason in error.message.\n\n\
Several files are checked in parallel, and so are the parts of one big file (2 MiB or \
more, cut where games start; the number of threads follows RAYON_NUM_THREADS, all cores by \
default); the output is always in the order of the files and games, the same whatever the \
number of threads. Files are read as streams, one game at a time and never whole, so memory stays \
bounded whatever their size; a single game longer than 16 MiB is `malformed`.\n\n\
A file that cannot be read (missing, a directory, no permission, a read error) is \
reported on standard error as `pacru: error: FILE: REASON`; the other files are still \
checked and reported, and the exit status is then 2. With no file and a terminal on \
standard input, a note says that the records are read from standard input. Text that is not UTF-8 or does not \
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
K moves (0: the start), as a diagram and PPN. The replay is the referee's, as in `pacru \
check`: a move that is not legal (a `pass` included) stops it with the rule it breaks, on \
standard error (exit status 1); so does a game that does not parse, and a result the rules \
do not give is reported the same way after the last move.",
        after_help = "Examples:\n  pacru replay round3.pgr\n  pacru replay round3.pgr --game 2 --ply 11"
    )]
    Replay(ReplayArgs),

    /// Write a web page to step through the games of records in a browser.
    #[command(
        long_about = "Writes one self-contained HTML page holding every game of the given \
record files (`-` or no file: standard input): a game list with each game's players, result \
and verdict (as `check` gives it), the board, the moves in canonical notation, and what each \
move did drawn on the board. Step with the buttons, by clicking a move, or with the keys \
(left/right, Home/End, up/down between games); the address's fragment (`#game=N&ply=K`) \
points at a position. A game with an illegal move is shown up to that move, with the rule \
and the reason; a malformed game up to its syntax error.\n\n\
The page needs no network and no other file: it opens offline in any current browser and \
makes no request. Text from the records is shown as text, never run.\n\n\
Exit status: 0 the page was written (whatever the verdicts); 2 usage or I/O error.",
        after_help = "Examples:\n  pacru view examples/*.pgr -o games.html\n  \
pacru selfplay --players 3 --games 20 --seed 1 | pacru view -o - > random.html"
    )]
    View(ViewArgs),

    /// Write a web page with a board to play and record a game on.
    #[command(
        long_about = "Writes the page `view` writes, opened on a live game instead of \
recorded ones: a new game from the standard start (`--players N`, 2 by default), from a \
position (`--position PPN`), or the first game of RECORD continued from its last move. On \
the page, move by clicking a chevron, then one of the fields that light up (and the field a \
choice needs), or type moves in notation (completed from the legal moves; Enter plays). A \
move the rules refuse is not made: the page names the rule and the reason. Any seat can be \
played by the engine (in a Web Worker, at the strength chosen); Hint and Evaluate ask the \
engine about the position shown. Fill in the tags, take back, download or copy the record \
as canonical PGR; the game in progress survives a reload of the page (the browser's local \
storage). From any earlier position a move starts a variation beside the main line.\n\n\
The page needs no network and no other file: it opens offline in any current browser and \
makes no request.\n\n\
Exit status: 0 the page was written; 1 RECORD's first game is not a legal game; 2 usage \
or I/O error.",
        after_help = "Examples:\n  pacru board -o board.html\n  \
pacru board --players 4 --rules 2011 -o club.html\n  \
pacru board examples/round1.pgr -o adjourned.html"
    )]
    Board(BoardArgs),

    /// Analyse recorded games with the search engine: scores, best moves, mistakes.
    #[command(
        long_about = "Judges every position of the games of the given record files (`-` or \
no file: standard input) with the search engine (docs/engines.md): each player's expected \
score (0 to 1) before each move, the engine's best move and principal line there, and the \
loss of the move played, the fall of its mover's expected score. A move that loses 0.100 \
or more is marked a mistake (glyph `?`), 0.200 or more a blunder (`??`).\n\n\
The output (`-o OUT`, default standard output) is the records with the analysis written \
in: an analysis comment after each move (`{[%eval K 0.612 R 0.388] [%best ...] [%pv ...] \
[%loss 0.143] [%mark mistake]}`), the mark's glyph and an `Annotator` tag (docs/notation.md), \
canonical, with the same verdicts from `pacru check`; or, with `--format json`, one JSON \
object per game and per line (file, game, line, status, players, annotator, plies, after). \
A game with an illegal move is analysed up to that move; a game that does not parse is \
reported on standard error and, in the annotated output, copied as it was read (left out of \
JSON, and out of the annotated output too when it is longer than the 16 MiB limit for one \
game, which its report says; the exit status is then 2). `-o OUT` is written whole beside OUT, then renamed over it: OUT may be an input.\n\n\
Budget: `--nodes N` simulations a search of a position (5000 by default), or `--movetime \
MS` milliseconds; the positions of a move whose loss lies within 0.010 of a threshold are \
searched up to three times, each with a seed of its own. With a node budget the output \
depends only on the games, the budget and `--seed`. The positions of all games are judged in parallel on every core (RAYON_NUM_THREADS \
threads); on a terminal, a progress bar shows on standard error.\n\n\
Exit status: 0 every game was analysed; 1 a game could not be read or analysed; 2 usage or \
I/O error.",
        after_help = "Examples:\n  pacru analyse examples/round1.pgr > round1-analysed.pgr\n  \
pacru analyse --nodes 20000 --seed 1 games.pgr -o analysed.pgr\n  \
pacru analyse --movetime 200 --format json games.pgr | jq -c '.plies[] | select(.mark)'\n  \
pacru analyse examples/round1.pgr | pacru view -o round1.html"
    )]
    Analyse(AnalyseArgs),

    /// Draw a position: the board for people, then its PPN.
    #[command(
        long_about = "Draws a position given in PPN: fields by owner, chevrons as arrows \
showing their facing, the borderland lines and the coordinates, a summary line per player \
and whose turn it is, then the position's PPN (settled: a blocked player to move is removed \
first). Each field shows its colour (`.` for neutral, else the owner's capital letter), \
then its chevron, if any, as the owner's letter in lower case and an arrow for its facing; \
with colour (see --color), owned fields also get their owner's colour as background. \
`--svg FILE` also writes a picture of the board in the style of the rulebook.",
        after_help = concat!(
            "Examples:\n  pacru show \"",
            "9/9/9/9/9/9/9/9/9 Ke1N,Ka3E,Ki3W,Ki9SW,Ra1NE,Ra7E,Ri7W,Re9S K KR",
            "\"\n  pacru show --svg start.svg \"$(pacru new --players 4)\""
        )
    )]
    Show(ShowArgs),

    /// Print the PPN of a standard start (or an empty record with --record).
    #[command(
        long_about = "Prints the PPN of the standard start for 2 (the default), 3 or 4 players. Seats \
default to SN, SWE and SWNE, colours to Black, Red, Yellow, Green in order of play \
(docs/rules.md, section Setting up). With `--record`, prints an empty game record (tags, no moves, result `*`) \
instead, ready to be filled in.",
        after_help = "Examples:\n  pacru new\n  pacru new --players 3 --seats EWN --colours KRB\n  \
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
the total is 1. First moves are counted in parallel.\n\n\
On a terminal, a progress bar shows on standard error when the count takes a while. Before \
a count that a quick count at a lower depth says will take more than a minute, a warning \
gives the estimated number of sequences and time.",
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
and meetings are taken far more often than a uniform choice would when a position offers \
them) and writes them as canonical records on standard output. Game \
number i (1-based) uses a SplitMix64 generator seeded with the first output of \
SplitMix64(SEED + i * 0x9E3779B97F4A7C15), so the same arguments always give the same \
bytes, whatever the number of threads.\n\n\
Without `--seed`, a seed is drawn at random and written in every record's Seed tag, so \
that `--seed` with that value repeats the games.\n\n\
Tags: Event \"pacru selfplay\", Site \"?\", Date \"?\", Round = the game number, one \
colour-name tag per player with the value \"random\", Players, Rules, Seed (only when the \
seed was drawn at random), Result and, for a finished game, Termination \"rules\". A game \
cut by `--max-plies` gets Result \"*\" and no Termination; `--max-plies 0` plays every \
game to its end.\n\n\
On a terminal, a progress bar over the games shows on standard error when the work takes \
a while.",
        after_help = "Examples:\n  pacru selfplay\n  pacru selfplay --players 2 --games 1 --seed 1\n  \
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
copied through unchanged; the exit status is then 1 (2 if the game is longer than the 16 MiB \
limit for one game, which cannot be copied: it is left out, and its report says so).\n\n\
With `--check`, nothing is written to standard output; every game that is not canonical \
(or does not parse) is named on standard error by file, game number and line, a game that \
is not canonical with a unified diff of its lines as written against its canonical lines \
(numbered as in the file), and the exit status is 1 if there is any. Exit status 2: usage or I/O error (other files are \
still processed).",
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
`random` plays a random legal move, the kind of move drawn first (so that every kind turns \
up, not nearly only reorientations), `greedy` takes the move that gains the most fields (ties broken with the seed), `search` is a Monte Carlo tree search that \
manages its clock and takes the options Nodes, MoveTime, Exploration, PlayoutPlies, PriorWeight, ExpandAfter and Seed \
(docs/engines.md). Logs go to standard error only.",
        after_help = "Examples:\n  pacru engine random --seed 7\n  pacru engine greedy\n  \
pacru engine-check -- pacru engine greedy\n  \
pacru engine-check -- pacru engine search"
    )]
    Engine(EngineArgs),

    /// Test an engine program against the engine protocol.
    #[command(
        name = "engine-check",
        long_about = "Starts the engine program CMD with ARGS (no shell; `pacru` means \
this very program) and drives it through a scripted conversation that tests its protocol \
handling: handshake, options, moves in time, failures for bad requests, stop, quit, end of \
input and, unless `--text-only`, the JSON framing. Prints one line per check (ok, FAIL or \
skip) and a summary. What the engine says is shown with control characters escaped.\n\n\
Exit status: 0 every check passed; 1 a check failed or was skipped; 2 usage error, or a \
program that cannot be started.",
        after_help = "Examples:\n  pacru engine-check -- ./my-engine --threads 1\n  \
pacru engine-check --movetime 500 -- pacru engine random"
    )]
    EngineCheck(EngineCheckArgs),

    /// Play a match between 2 to 4 engines (docs/tournaments.md).
    #[command(long_about = arena::MATCH_LONG_ABOUT, after_help = arena::MATCH_EXAMPLES)]
    Match(MatchArgs),

    /// Run a tournament between engines: round-robin, gauntlet or Swiss (docs/tournaments.md).
    #[command(long_about = arena::TOURNAMENT_LONG_ABOUT, after_help = arena::TOURNAMENT_EXAMPLES)]
    Tournament(TournamentArgs),

    /// Add up the shards of a match or tournament played on many machines (docs/tournaments.md).
    #[command(long_about = arena::MERGE_SHARDS_LONG_ABOUT, after_help = arena::MERGE_SHARDS_EXAMPLES)]
    MergeShards(MergeShardsArgs),

    /// Run a tournament between people: pairings, records, standings (docs/events.md).
    #[command(long_about = event::EVENT_LONG_ABOUT, after_help = event::EVENT_EXAMPLES)]
    Event(EventArgs),

    /// Host games between people and programs over the network (docs/server.md).
    #[command(long_about = serve::SERVE_LONG_ABOUT, after_help = serve::SERVE_EXAMPLES)]
    Serve(ServeArgs),

    /// Play an engine program as a bot account on a server (docs/server.md).
    #[command(long_about = bot::BOT_LONG_ABOUT, after_help = bot::BOT_EXAMPLES)]
    Bot(BotArgs),

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

impl Cli {
    /// Notes which arguments of `pacru match` and `pacru tournament` were given
    /// on the command line, not taken from their defaults ([`ArenaArgs::given`]):
    /// a resume compares those with the journal.
    pub fn note_given(&mut self, matches: &ArgMatches) {
        let Some((_, sub)) = matches.subcommand() else {
            return;
        };
        match &mut self.command {
            Command::Match(args) => args.event.given = arena::given_ids(sub),
            Command::Tournament(args) => args.event.given = arena::given_ids(sub),
            _ => {}
        }
    }
}

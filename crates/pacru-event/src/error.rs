//! What can go wrong with an event, in words that say what is wrong. Each
//! refusal leaves the event file as it was.

use crate::model::TableStatus;
use pacru_core::Escaped;
use std::fmt;
use std::path::PathBuf;

/// An error of an event command. Nothing was changed when a command returns one.
#[derive(Debug, thiserror::Error)]
pub enum EventError {
    /// A file could not be read or written.
    #[error("{}: {source}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// The system's error.
        source: std::io::Error,
    },
    /// `create` was asked for a file that exists.
    #[error("{} already exists", path.display())]
    Exists {
        /// The file.
        path: PathBuf,
    },
    /// The event file does not exist.
    #[error("{}: no such event file", path.display())]
    NotFound {
        /// The file.
        path: PathBuf,
    },
    /// The file is not an event file.
    #[error("{} is not a pacru event file: {reason}", path.display())]
    NotAnEvent {
        /// The file.
        path: PathBuf,
        /// Why not.
        reason: String,
    },
    /// The file was written by a newer version of pacru.
    #[error(
        "{} is an event file of version {found}, newer than this pacru knows (up to {known}); open it with a newer pacru",
        path.display()
    )]
    Newer {
        /// The file.
        path: PathBuf,
        /// Its schema version.
        found: i64,
        /// The newest version this library knows.
        known: i64,
    },
    /// Another command kept the file busy for longer than the wait allowed.
    #[error("{} is still in use by another command after {seconds} s", path.display())]
    Busy {
        /// The file.
        path: PathBuf,
        /// How long this command waited.
        seconds: u64,
    },
    /// SQLite failed.
    #[error("{}: {source}", path.display())]
    Database {
        /// The file.
        path: PathBuf,
        /// SQLite's error.
        source: rusqlite::Error,
    },
    /// A setting of the event is out of range.
    #[error("{0}")]
    Setting(String),
    /// A name, club, reason or other text is not acceptable.
    #[error("{what} `{}`: {reason}", Line(text))]
    Text {
        /// What the text is (`player name`, `club`...).
        what: &'static str,
        /// The text (cut to its first 80 characters).
        text: String,
        /// What is wrong with it.
        reason: &'static str,
    },
    /// A player of that name is already registered.
    #[error("there is already a player called `{}`", Line(name))]
    DuplicatePlayer {
        /// The name.
        name: String,
    },
    /// No player of that name.
    #[error("no player is called `{}`{}", Line(name), suggestion(similar))]
    UnknownPlayer {
        /// The name given.
        name: String,
        /// A registered name that differs only in case or spaces, if any.
        similar: Option<String>,
    },
    /// A round robin's players cannot change once round 1 is paired.
    #[error("the players of a round robin are fixed once round 1 is paired")]
    PlayersFixed,
    /// The player has withdrawn already.
    #[error("`{}` has already withdrawn (from round {round} on)", Line(name))]
    AlreadyWithdrawn {
        /// The player.
        name: String,
        /// The first round they are not paired in.
        round: u32,
    },
    /// A reinstatement was asked for a player who has not withdrawn.
    #[error("`{}` has not withdrawn", Line(name))]
    NotWithdrawn {
        /// The player.
        name: String,
    },
    /// A reinstatement was asked for a player who has missed rounds paired
    /// since withdrawing.
    #[error(
        "`{}` withdrew from round {from} on and {}: a withdrawal can only be undone before the next round is paired",
        Line(name),
        missed(*from, *paired)
    )]
    RoundsMissed {
        /// The player.
        name: String,
        /// The first round they were not paired in.
        from: u32,
        /// The rounds paired so far.
        paired: u32,
    },
    /// The last round has tables without a result.
    #[error("round {round} is not finished: {}", unfinished(tables))]
    RoundNotFinished {
        /// The round.
        round: u32,
        /// Its tables without a result, with their status.
        tables: Vec<(u32, TableStatus)>,
    },
    /// Every round of the event is paired.
    #[error("all {rounds} rounds of the event are paired")]
    AllRoundsPaired {
        /// The rounds of the event.
        rounds: u32,
    },
    /// The round cannot be paired.
    #[error("round {round} cannot be paired: {source}")]
    Pairing {
        /// The round.
        round: u32,
        /// Why.
        source: pacru_pairing::PairingError,
    },
    /// No round is paired yet.
    #[error("no round is paired yet")]
    NoRound,
    /// The last round cannot be undone: results or records are in.
    #[error(
        "round {round} has results or records in (tables {}), so its pairing cannot be undone",
        list(tables)
    )]
    RoundStarted {
        /// The round.
        round: u32,
        /// Its tables with a result or a record.
        tables: Vec<u32>,
    },
    /// No such round.
    #[error("round {round} is not paired ({})", paired_rounds(*paired))]
    NoSuchRound {
        /// The round asked for.
        round: u32,
        /// The rounds paired.
        paired: u32,
    },
    /// No such table in the round.
    #[error("round {round} has no table {table} (its tables are 1 to {tables})")]
    NoSuchTable {
        /// The round.
        round: u32,
        /// The table asked for.
        table: u32,
        /// The round's number of tables.
        tables: u32,
    },
    /// The table already has a result.
    #[error("table {table} of round {round} already has its result ({status})")]
    TableHasResult {
        /// The round.
        round: u32,
        /// The table.
        table: u32,
        /// How it got it.
        status: TableStatus,
    },
    /// The table is held for the arbiter.
    #[error("table {table} of round {round} is held for the arbiter: its record is {verdict}")]
    TableHeld {
        /// The round.
        round: u32,
        /// The table.
        table: u32,
        /// The record's verdict.
        verdict: String,
    },
    /// The player named does not sit at the table.
    #[error(
        "`{}` does not sit at table {table} of round {round} ({})",
        Line(name),
        names(seats)
    )]
    NotAtTable {
        /// The name given.
        name: String,
        /// The round.
        round: u32,
        /// The table.
        table: u32,
        /// The table's players in seat order.
        seats: Vec<String>,
    },
    /// A record larger than the limit.
    #[error(
        "{}: {size} bytes, more than the {max} bytes a record may have",
        Line(input)
    )]
    RecordTooLarge {
        /// The record's name (a file name, `-`).
        input: String,
        /// Its size.
        size: u64,
        /// The limit.
        max: u64,
    },
    /// The input holds no game.
    #[error(
        "{}: no game record in it (it is empty, or holds only comments)",
        Line(input)
    )]
    NoGame {
        /// The record's name.
        input: String,
    },
    /// The input holds more than one game.
    #[error(
        "{}: {count} game records in it, where one table has one game",
        Line(input)
    )]
    SeveralGames {
        /// The record's name.
        input: String,
        /// How many games it holds.
        count: usize,
    },
    /// The input is not a game record: its tags cannot be read.
    #[error(
        "{}: not a game record: line {line}, column {column}: {}",
        Line(input),
        Line(message)
    )]
    NotARecord {
        /// The record's name.
        input: String,
        /// Where the text stops being a record.
        line: usize,
        /// The column.
        column: usize,
        /// The reader's message.
        message: String,
    },
    /// The record's players are not the table's, in seat order.
    #[error(
        "{}: the record's players are not those of table {table} of round {round}: the table seats {} (first seat first); the record has {}",
        Line(input),
        names(expected),
        names(found)
    )]
    WrongPlayers {
        /// The record's name.
        input: String,
        /// The round.
        round: u32,
        /// The table.
        table: u32,
        /// The table's players in seat order.
        expected: Vec<String>,
        /// The record's players in order of play, as `Colour "name"`.
        found: Vec<String>,
    },
    /// The record is played under the other rules edition.
    #[error(
        "{}: the record's Rules tag says {record}, but the event is played under the {event} rules",
        Line(input)
    )]
    WrongRules {
        /// The record's name.
        input: String,
        /// The record's edition.
        record: String,
        /// The event's edition.
        event: String,
    },
    /// The same record was submitted for this table before.
    #[error(
        "{}: this record was already submitted for table {table} of round {round} (submission {id}, {status})",
        Line(input)
    )]
    DuplicateSubmission {
        /// The record's name.
        input: String,
        /// The round.
        round: u32,
        /// The table.
        table: u32,
        /// The earlier submission's number.
        id: i64,
        /// Its verdict.
        status: String,
    },
}

fn suggestion(similar: &Option<String>) -> String {
    match similar {
        Some(s) => format!(" (did you mean `{}`?)", Line(s)),
        None => String::new(),
    }
}

fn list(items: &[u32]) -> String {
    items
        .iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

fn names(items: &[String]) -> String {
    items
        .iter()
        .map(|n| Line(n).to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

fn unfinished(tables: &[(u32, TableStatus)]) -> String {
    let shown: Vec<String> = tables
        .iter()
        .take(12)
        .map(|(t, s)| format!("table {t} is {s}"))
        .collect();
    let more = tables.len().saturating_sub(12);
    if more > 0 {
        format!("{} and {more} more", shown.join(", "))
    } else {
        shown.join(", ")
    }
}

fn paired_rounds(paired: u32) -> String {
    match paired {
        0 => "no round is paired yet".to_owned(),
        1 => "only round 1 is".to_owned(),
        n => format!("rounds 1 to {n} are"),
    }
}

/// Outside text on one line: control characters escaped as `pacru_core::Escaped`
/// escapes them, line breaks and tabs too.
/// "round 3 was paired without them" or "rounds 3 to 5 were paired without them".
fn missed(from: u32, paired: u32) -> String {
    if paired > from {
        format!("rounds {from} to {paired} were paired without them")
    } else {
        format!("round {from} was paired without them")
    }
}

struct Line<'a>(&'a str);

impl fmt::Display for Line<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, part) in self.0.split('\n').enumerate() {
            if i > 0 {
                f.write_str("\\u{a}")?;
            }
            for (j, piece) in part.split('\t').enumerate() {
                if j > 0 {
                    f.write_str("\\u{9}")?;
                }
                write!(f, "{}", Escaped(piece))?;
            }
        }
        Ok(())
    }
}

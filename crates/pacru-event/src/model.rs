//! An event as plain data: its settings, players, rounds with their tables and
//! byes, the records submitted and the log. A [`Event`] is one consistent
//! reading of the event file.

use pacru_core::RulesEdition;
use pacru_pairing::{Score, Uneven};
use pacru_referee::VerdictStatus;
use std::fmt;
use std::str::FromStr;

/// How rounds are paired.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum System {
    /// Swiss: each round from the standings.
    Swiss,
    /// Round robin: Berger tables with 2 a table; with 3 or 4, tables that
    /// spread the meetings evenly, points not used.
    RoundRobin,
}

impl System {
    /// `swiss` or `round-robin`.
    pub fn as_str(self) -> &'static str {
        match self {
            System::Swiss => "swiss",
            System::RoundRobin => "round-robin",
        }
    }
}

impl fmt::Display for System {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for System {
    type Err = String;
    fn from_str(s: &str) -> Result<System, String> {
        match s {
            "swiss" => Ok(System::Swiss),
            "round-robin" => Ok(System::RoundRobin),
            _ => Err(format!("unknown system `{s}`")),
        }
    }
}

/// `byes` or `mixed`, as stored.
pub(crate) fn uneven_str(uneven: Uneven) -> &'static str {
    match uneven {
        Uneven::Byes => "byes",
        Uneven::Mixed => "mixed",
    }
}

/// The settings of an event, fixed when it is created.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    /// The event's name.
    pub name: String,
    /// Players a table: 2, 3 or 4.
    pub table_size: usize,
    /// Swiss or round robin.
    pub system: System,
    /// The number of rounds.
    pub rounds: u32,
    /// The rules edition the games are played under.
    pub rules: RulesEdition,
    /// Byes or mixed tables of 3 and 4 when the players do not fill whole tables.
    pub uneven: Uneven,
    /// What a bye is worth.
    pub bye_points: Score,
}

/// A registered player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    /// The registration number, from 1.
    pub id: i64,
    /// The name, as records' colour tags give it.
    pub name: String,
    /// The rating, if any.
    pub rating: Option<u32>,
    /// The club, if any.
    pub club: Option<String>,
    /// The first round the player is no longer paired in, after withdrawing.
    pub withdrawn_from: Option<u32>,
}

/// Where a table stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TableStatus {
    /// Paired, no result yet.
    Pending,
    /// A record came in that is not `ok` (or is unfinished): held for the arbiter.
    Held,
    /// The result comes from an `ok` record.
    Played,
    /// The result was entered without a record.
    Entered,
    /// The arbiter decided the result.
    Decided,
}

impl TableStatus {
    /// `pending`, `held`, `played`, `entered` or `decided`.
    pub fn as_str(self) -> &'static str {
        match self {
            TableStatus::Pending => "pending",
            TableStatus::Held => "held",
            TableStatus::Played => "played",
            TableStatus::Entered => "entered",
            TableStatus::Decided => "decided",
        }
    }

    /// Whether the table has its result.
    pub fn has_result(self) -> bool {
        matches!(
            self,
            TableStatus::Played | TableStatus::Entered | TableStatus::Decided
        )
    }
}

impl fmt::Display for TableStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for TableStatus {
    type Err = String;
    fn from_str(s: &str) -> Result<TableStatus, String> {
        Ok(match s {
            "pending" => TableStatus::Pending,
            "held" => TableStatus::Held,
            "played" => TableStatus::Played,
            "entered" => TableStatus::Entered,
            "decided" => TableStatus::Decided,
            _ => return Err(format!("unknown table status `{s}`")),
        })
    }
}

/// A table's result: the winner's seat, if any, and each seat's points.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableResult {
    /// The winner's seat (0: the first), `None` for a draw.
    pub winner: Option<usize>,
    /// The points of each seat.
    pub points: Vec<Score>,
}

/// A table of a round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    /// The round, from 1.
    pub round: u32,
    /// The table's number in the round, from 1.
    pub number: u32,
    /// The players (registration numbers) in seat order, the first seat first.
    pub seats: Vec<i64>,
    /// Where the table stands.
    pub status: TableStatus,
    /// The result, when the table has one.
    pub result: Option<TableResult>,
    /// The record that gave the result or holds the table, if any.
    pub submission: Option<i64>,
}

/// A player sitting out a round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bye {
    /// The round.
    pub round: u32,
    /// The player.
    pub player: i64,
    /// What the bye is worth.
    pub points: Score,
}

/// A paired round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Round {
    /// The round's number, from 1.
    pub number: u32,
    /// Its tables, table 1 first.
    pub tables: Vec<Table>,
    /// Its byes.
    pub byes: Vec<Bye>,
}

/// A record submitted for a table, as it came, with the referee's verdict.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Submission {
    /// The submission's number, from 1.
    pub id: i64,
    /// The round.
    pub round: u32,
    /// The table.
    pub table: u32,
    /// The name it was submitted under (a file name, `-`).
    pub source: String,
    /// The record's bytes, verbatim (empty when the event was read without them).
    pub record: Vec<u8>,
    /// The verdict's status.
    pub status: VerdictStatus,
    /// The verdict as the JSON object of `pacru check --format json` (without `file`).
    pub verdict: String,
    /// When it was submitted.
    pub submitted: Timestamp,
    /// The version of pacru whose referee gave the verdict (none for a
    /// verdict stored by a pacru of event schema 1, which did not note it).
    pub referee: Option<String>,
}

/// One line of the event's log: every change, with the arbiter's reasons.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LogEntry {
    /// The entry's number, from 1.
    pub id: i64,
    /// When.
    pub at: Timestamp,
    /// What was done.
    pub action: LogAction,
    /// The round concerned, if any.
    pub round: Option<u32>,
    /// The table concerned, if any.
    pub table: Option<u32>,
    /// What happened, in words.
    pub detail: String,
    /// The arbiter's reason, for decisions.
    pub reason: Option<String>,
}

/// What a line of the event's log records.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LogAction {
    /// The event was created.
    New,
    /// Players were registered.
    PlayerAdd,
    /// A player withdrew.
    Withdraw,
    /// A withdrawn player was reinstated.
    Reinstate,
    /// A round was paired.
    Pair,
    /// The last round's pairing was undone.
    Unpair,
    /// A record was submitted for a table.
    Submit,
    /// A table's result was entered without a record.
    Result,
    /// The arbiter decided a table's result.
    Decide,
}

impl LogAction {
    /// Every action, in the order of the variants.
    pub const ALL: [LogAction; 9] = [
        LogAction::New,
        LogAction::PlayerAdd,
        LogAction::Withdraw,
        LogAction::Reinstate,
        LogAction::Pair,
        LogAction::Unpair,
        LogAction::Submit,
        LogAction::Result,
        LogAction::Decide,
    ];

    /// The action as the log writes it: `new`, `player-add`, `withdraw`,
    /// `reinstate`, `pair`, `unpair`, `submit`, `result` or `decide`.
    pub const fn as_str(self) -> &'static str {
        match self {
            LogAction::New => "new",
            LogAction::PlayerAdd => "player-add",
            LogAction::Withdraw => "withdraw",
            LogAction::Reinstate => "reinstate",
            LogAction::Pair => "pair",
            LogAction::Unpair => "unpair",
            LogAction::Submit => "submit",
            LogAction::Result => "result",
            LogAction::Decide => "decide",
        }
    }
}

impl fmt::Display for LogAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for LogAction {
    type Err = String;
    fn from_str(s: &str) -> Result<LogAction, String> {
        LogAction::ALL
            .into_iter()
            .find(|action| action.as_str() == s)
            .ok_or_else(|| format!("unknown log action `{s}`"))
    }
}

/// A moment in UTC to the second, as the event file notes when things happen;
/// written and read as `YYYY-MM-DDTHH:MM:SSZ`. Timestamps order chronologically.
///
/// ```
/// use pacru_event::Timestamp;
/// let at: Timestamp = "2026-03-01T19:05:00Z".parse().unwrap();
/// assert_eq!((at.year(), at.month(), at.day()), (2026, 3, 1));
/// assert_eq!(at.to_string(), "2026-03-01T19:05:00Z");
/// assert!("2026-02-30T19:05:00Z".parse::<Timestamp>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Timestamp {
    year: u16,
    month: u8,
    day: u8,
    hour: u8,
    minute: u8,
    second: u8,
}

impl Timestamp {
    /// The year, 0 to 9999.
    pub fn year(self) -> u16 {
        self.year
    }

    /// The month, 1 to 12.
    pub fn month(self) -> u8 {
        self.month
    }

    /// The day of the month, from 1.
    pub fn day(self) -> u8 {
        self.day
    }

    /// The hour, 0 to 23.
    pub fn hour(self) -> u8 {
        self.hour
    }

    /// The minute, 0 to 59.
    pub fn minute(self) -> u8 {
        self.minute
    }

    /// The second, 0 to 59.
    pub fn second(self) -> u8 {
        self.second
    }
}

impl fmt::Display for Timestamp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{:04}-{:02}-{:02}T{:02}:{:02}:{:02}Z",
            self.year, self.month, self.day, self.hour, self.minute, self.second
        )
    }
}

impl FromStr for Timestamp {
    type Err = String;
    fn from_str(s: &str) -> Result<Timestamp, String> {
        let wrong = || format!("a time `{s}` that is not YYYY-MM-DDTHH:MM:SSZ");
        let bytes = s.as_bytes();
        let shape = b"0000-00-00T00:00:00Z";
        if bytes.len() != shape.len()
            || !bytes.iter().zip(shape).all(|(&b, &expected)| {
                if expected == b'0' {
                    b.is_ascii_digit()
                } else {
                    b == expected
                }
            })
        {
            return Err(wrong());
        }
        let number = |range: std::ops::Range<usize>| {
            bytes[range]
                .iter()
                .fold(0u16, |n, digit| n * 10 + u16::from(digit - b'0'))
        };
        let small = |range| u8::try_from(number(range)).map_err(|_| wrong());
        let at = Timestamp {
            year: number(0..4),
            month: small(5..7)?,
            day: small(8..10)?,
            hour: small(11..13)?,
            minute: small(14..16)?,
            second: small(17..19)?,
        };
        let valid = time::Month::try_from(at.month).is_ok_and(|month| {
            time::Date::from_calendar_date(i32::from(at.year), month, at.day).is_ok()
        }) && at.hour < 24
            && at.minute < 60
            && at.second < 60;
        if valid { Ok(at) } else { Err(wrong()) }
    }
}

/// One consistent reading of an event.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Event {
    /// The settings.
    pub settings: Settings,
    /// The players, by registration number.
    pub players: Vec<Player>,
    /// The rounds paired, round 1 first.
    pub rounds: Vec<Round>,
    /// The records submitted, in order.
    pub submissions: Vec<Submission>,
    /// The log, oldest first.
    pub log: Vec<LogEntry>,
}

impl Event {
    /// The player with registration number `id`.
    pub fn player(&self, id: i64) -> Option<&Player> {
        self.players.iter().find(|p| p.id == id)
    }

    /// The name of player `id` (`?` for an unknown number, which a valid file
    /// never has).
    pub fn name(&self, id: i64) -> &str {
        self.player(id).map_or("?", |p| p.name.as_str())
    }

    /// The player called `name`.
    pub fn player_named(&self, name: &str) -> Option<&Player> {
        self.players.iter().find(|p| p.name == name)
    }

    /// Round `number`.
    pub fn round(&self, number: u32) -> Option<&Round> {
        self.rounds
            .get(usize::try_from(number).ok()?.checked_sub(1)?)
    }

    /// The number of rounds paired.
    pub fn rounds_paired(&self) -> u32 {
        self.rounds.len() as u32
    }

    /// The submission numbered `id`.
    pub fn submission(&self, id: i64) -> Option<&Submission> {
        self.submissions.iter().find(|s| s.id == id)
    }

    /// The players in seed order, the top seed first: by rating (the unrated
    /// after the rated), then by registration.
    pub fn seed_order(&self) -> Vec<i64> {
        let mut players: Vec<&Player> = self.players.iter().collect();
        players.sort_by_key(|p| {
            (
                std::cmp::Reverse(p.rating.map(i64::from).unwrap_or(-1)),
                p.id,
            )
        });
        players.iter().map(|p| p.id).collect()
    }

    /// Whether `player` is paired in round `round`.
    pub fn plays_in(&self, player: &Player, round: u32) -> bool {
        player.withdrawn_from.is_none_or(|r| round < r)
    }
}

/// What `pacru event new` is given: the settings of an event to create.
///
/// ```
/// use pacru_event::{NewEvent, System};
/// let new = NewEvent::swiss("Club night", 4, 5);
/// assert_eq!((new.table_size, new.system, new.rounds), (4, System::Swiss, 5));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewEvent {
    /// The event's name.
    pub name: String,
    /// Players a table: 2, 3 or 4.
    pub table_size: usize,
    /// Swiss or round robin.
    pub system: System,
    /// The number of rounds.
    pub rounds: u32,
    /// The rules edition.
    pub rules: RulesEdition,
    /// Byes or mixed tables when the players do not fill whole tables.
    pub uneven: Uneven,
    /// What a bye is worth; `None`: what a player scores at a table on average
    /// (a half, a third or a quarter of a point).
    pub bye_points: Option<Score>,
}

impl NewEvent {
    /// A Swiss event of `table_size` players a table and `rounds` rounds, under
    /// the 2004 rules, with byes.
    pub fn swiss(name: &str, table_size: usize, rounds: u32) -> NewEvent {
        NewEvent {
            name: name.to_owned(),
            table_size,
            system: System::Swiss,
            rounds,
            rules: RulesEdition::default(),
            uneven: Uneven::Byes,
            bye_points: None,
        }
    }

    /// The settings this creates, once checked.
    pub(crate) fn settings(&self) -> Result<Settings, crate::EventError> {
        crate::text::check("event name", &self.name, crate::text::EVENT_NAME)?;
        if !(2..=4).contains(&self.table_size) {
            return Err(crate::EventError::Setting(format!(
                "{} players a table: a table has 2, 3 or 4 players",
                self.table_size
            )));
        }
        if !(1..=MAX_ROUNDS).contains(&self.rounds) {
            return Err(crate::EventError::Setting(format!(
                "{} rounds: an event has 1 to {MAX_ROUNDS} rounds",
                self.rounds
            )));
        }
        let bye_points = match self.bye_points {
            Some(points) if points > Score::ONE => {
                return Err(crate::EventError::Setting(format!(
                    "a bye worth {points} points: at most 1, what a win is worth"
                )));
            }
            Some(points) => points,
            None => pacru_pairing::average_bye(self.table_size, 1).unwrap_or(Score::ZERO),
        };
        Ok(Settings {
            name: self.name.clone(),
            table_size: self.table_size,
            system: self.system,
            rounds: self.rounds,
            rules: self.rules,
            uneven: self.uneven,
            bye_points,
        })
    }
}

/// The most rounds an event may have.
pub const MAX_ROUNDS: u32 = 100;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timestamps_are_read_as_written_and_nothing_else() {
        for text in [
            "2026-12-06T02:33:12Z",
            "2024-02-29T00:00:00Z",
            "2000-02-29T23:59:59Z",
            "0001-01-01T00:00:00Z",
        ] {
            let at: Timestamp = text.parse().unwrap();
            assert_eq!(at.to_string(), text);
        }
        for text in [
            "",
            "2026-12-06 02:33:12Z",
            "2026-12-06T02:33:12",
            "2026-12-06T02:33:12+00:00",
            "2026-13-01T00:00:00Z",
            "2026-00-01T00:00:00Z",
            "2025-02-29T00:00:00Z",
            "1900-02-29T00:00:00Z",
            "2026-04-31T00:00:00Z",
            "2026-12-06T24:00:00Z",
            "2026-12-06T23:60:00Z",
            "2026-12-06T23:59:60Z",
            "2026-1a-06T23:59:59Z",
            "+026-12-06T23:59:59Z",
        ] {
            assert!(text.parse::<Timestamp>().is_err(), "{text}");
        }
        let earlier: Timestamp = "2026-12-06T02:33:12Z".parse().unwrap();
        let later: Timestamp = "2026-12-06T02:33:13Z".parse().unwrap();
        assert!(earlier < later);
    }

    #[test]
    fn log_actions_are_read_as_written() {
        for action in LogAction::ALL {
            assert_eq!(action.as_str().parse::<LogAction>(), Ok(action));
        }
        assert!("Pair".parse::<LogAction>().is_err());
    }
}

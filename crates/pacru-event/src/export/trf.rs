//! An event of 2 a table in FIDE's Tournament Report File format, TRF-16 (FIDE
//! Handbook C.04, Annex 2), the text that Swiss-Manager, JaVaFo and bbpPairings
//! read.
//!
//! The file is UTF-8, one record a line, each line ending in `\n`. Its header
//! records hold what the desk knows; the others (city, federation, arbiters,
//! time control, round dates) are left out:
//!
//! | record | content |
//! | --- | --- |
//! | `012` | the event's name |
//! | `042` | the start: the day round 1 was paired (as it stands), `YYYY/MM/DD` |
//! | `052` | the end, once every round has every result: the day of the last result, `YYYY/MM/DD` |
//! | `062` | the number of players |
//! | `072` | the number of players with a rating |
//! | `092` | `Individual: Swiss-System` or `Individual: Round-Robin` |
//!
//! Then one `001` record per player, by starting rank. Its columns, counted in
//! characters from 1, each field right-aligned but the name:
//!
//! | columns | field | written |
//! | --- | --- | --- |
//! | 1-3 | record | `001` |
//! | 5-8 | starting rank | the place in the desk's seed order (rating, then registration), from 1 |
//! | 10 | sex | blank |
//! | 11-13 | title | blank |
//! | 15-47 | name | the name as registered, cut to 33 characters, left-aligned |
//! | 49-52 | rating | the desk's rating, blank without one |
//! | 54-56 | federation | blank |
//! | 58-68 | FIDE number | blank |
//! | 70-79 | birth date | blank |
//! | 81-84 | points | as the desk counts them, byes included: ` 2.5` |
//! | 86-89 | rank | the player's line in the desk's standings (TRF ranks have no ties; players level on everything take the order of the crosstable's `No`) |
//!
//! and for round `r` (from 1) a block of ten columns from column
//! `92 + 10 (r - 1)`: the opponent's starting rank in its first four columns
//! (92-95 for round 1), the colour in its sixth (97), the result in its eighth
//! (99):
//!
//! | what the player did | opponent | colour | result |
//! | --- | --- | --- | --- |
//! | a game with its result | starting rank | `w` first seat (White), `b` second | `1` won, `=` drawn, `0` lost |
//! | a bye worth 1, 1/2, 0 | `0000` | `-` | `U` (pairing-allocated bye, scored as a win), `H` (half-point bye), `Z` (zero-point bye) |
//! | not paired (registered later, withdrawn) | `0000` | `-` | `Z` |
//! | a game without its result yet (pending, held) | blank | blank | blank |
//!
//! Every result comes from a game, whether a record gave it, it was entered or
//! the arbiter decided it: the desk does not know which games were forfeited, so
//! it never writes TRF's forfeit marks `+` and `-`. TRF has no code for a game
//! paired but not yet played (a blank result counts as a zero-point bye), so such
//! a round's block stays blank, as for a round not yet paired; the points do not
//! count it either. Rounds not yet paired end the line.
//!
//! Refused ([`TrfError`]): events of 3 or 4 a table (TRF knows games between
//! White and Black only), byes worth anything but 0, 1/2 or 1 (TRF has no code
//! for them, nor room for their points), and values wider than their columns.

use crate::consistency::{points_list, scored_points};
use crate::model::{Event, LogAction, Table, Timestamp};
use crate::standings::standings;
use pacru_pairing::Score;
use std::fmt::Write as _;

/// Why an event cannot be written as TRF-16. Each message says what does not
/// fit.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TrfError {
    /// A table of more than 2 players (or of fewer).
    #[error(
        "TRF holds games between two players, White and Black, and this event has {size} players a table{}; `pacru event export --json` holds every seat and result",
        round_table(*round, *table)
    )]
    TableSize {
        /// The players a table: the event's setting, or those of the table
        /// that `round` and `table` name.
        size: usize,
        /// The round of the table that does not fit, if a table was found.
        round: Option<u32>,
        /// The table that does not fit, if a table was found.
        table: Option<u32>,
    },
    /// A bye worth what TRF has no code for.
    #[error(
        "a bye worth {points} points: TRF's byes are worth 1 (U), 1/2 (H) or 0 (Z), and its points have one decimal; `pacru event export --json` holds them"
    )]
    ByePoints {
        /// What the bye is worth.
        points: Score,
    },
    /// Text holding a character that a TRF line cannot (a line break, a control
    /// character, one that reorders text): only a damaged or forged file holds
    /// one, as the desk refuses them when they are typed.
    #[error(
        "{what} holds a character that a TRF line cannot: {}; `pacru event check` looks the file over",
        pacru_core::Escaped(value)
    )]
    Unwritable {
        /// Whose text it is (`the event's name`, `the name of player 3`).
        what: String,
        /// The text.
        value: String,
    },
    /// A table whose seats hold points its result does not score, as no
    /// command of the desk writes them (`pacru event check` reports it).
    #[error(
        "table {table} of round {round}: its seats hold {points} points, not what its result scores (every game hands out one point); `pacru event check` reports it"
    )]
    TablePoints {
        /// The round.
        round: u32,
        /// The table.
        table: u32,
        /// Each seat's points, as stored: `8.33, 0`.
        points: String,
    },
    /// A player's points that TRF cannot write (one decimal).
    #[error(
        "the points of {name}, {points}: TRF's points have one decimal; `pacru event export --json` holds them"
    )]
    Points {
        /// The player.
        name: String,
        /// The points.
        points: Score,
    },
    /// A value wider than its columns.
    #[error("{what} {value} does not fit TRF's {width} columns")]
    TooWide {
        /// What the value is (`the rating of Ada`).
        what: String,
        /// The value.
        value: String,
        /// The columns the field has.
        width: usize,
    },
}

fn round_table(round: Option<u32>, table: Option<u32>) -> String {
    match (round, table) {
        (Some(r), Some(t)) => format!(" (table {t} of round {r})"),
        _ => String::new(),
    }
}

/// The first column of each field of a `001` record, from 1, and its width.
mod col {
    pub const RECORD: (usize, usize) = (1, 3);
    pub const START_RANK: (usize, usize) = (5, 4);
    pub const NAME: (usize, usize) = (15, 33);
    pub const RATING: (usize, usize) = (49, 4);
    pub const POINTS: (usize, usize) = (81, 4);
    pub const RANK: (usize, usize) = (86, 4);
    /// Round 1's opponent; round `r`'s is `ROUNDS + 10 (r - 1)`.
    pub const ROUNDS: usize = 92;
    /// Each round's block.
    pub const ROUND_WIDTH: usize = 10;
    /// The colour's column in a round's block (from its opponent's).
    pub const COLOUR: usize = 5;
    /// The result's column in a round's block.
    pub const RESULT: usize = 7;
}

/// One line of fixed columns.
struct Line(Vec<char>);

impl Line {
    fn new() -> Line {
        Line(Vec::new())
    }

    /// Writes `text` from column `first` (from 1).
    fn put(&mut self, first: usize, text: &str) {
        for (i, c) in text.chars().enumerate() {
            let at = first - 1 + i;
            if self.0.len() <= at {
                self.0.resize(at + 1, ' ');
            }
            self.0[at] = c;
        }
    }

    /// Writes `text` right-aligned in the field `(first, width)`, refusing it
    /// when it is wider.
    fn right(
        &mut self,
        (first, width): (usize, usize),
        text: &str,
        what: impl FnOnce() -> String,
    ) -> Result<(), TrfError> {
        if text.chars().count() > width {
            return Err(TrfError::TooWide {
                what: what(),
                value: text.to_owned(),
                width,
            });
        }
        self.put(first, &format!("{text:>width$}"));
        Ok(())
    }

    fn finish(self) -> String {
        let text: String = self.0.into_iter().collect();
        text.trim_end().to_owned()
    }
}

/// Points with one decimal (` 2.5`), when they are whole or half points.
/// `text` if every character of it can stand in a TRF line (see
/// [`TrfError::Unwritable`]).
fn writable(what: &str, text: &str) -> Result<(), TrfError> {
    if text.contains(pacru_core::needs_escape) {
        return Err(TrfError::Unwritable {
            what: what.to_owned(),
            value: text.to_owned(),
        });
    }
    Ok(())
}

fn points_text(points: Score) -> Option<String> {
    let twelfths = points.twelfths();
    twelfths.is_multiple_of(6).then(|| {
        format!(
            "{}.{}",
            twelfths / 12,
            if twelfths % 12 == 6 { 5 } else { 0 }
        )
    })
}

/// A bye's result code.
fn bye_code(points: Score) -> Result<char, TrfError> {
    match points.twelfths() {
        12 => Ok('U'),
        6 => Ok('H'),
        0 => Ok('Z'),
        _ => Err(TrfError::ByePoints { points }),
    }
}

/// A date as TRF writes it: `YYYY/MM/DD`.
fn date(at: Timestamp) -> String {
    format!("{:04}/{:02}/{:02}", at.year(), at.month(), at.day())
}

/// The day round 1 was paired, as it stands (the last pairing of round 1).
fn start(event: &Event) -> Option<Timestamp> {
    event
        .log
        .iter()
        .filter(|l| l.action == LogAction::Pair && l.round == Some(1))
        .map(|l| l.at)
        .next_back()
}

/// The day of the last result, once every round of the event has been paired
/// and every table has its result.
fn end(event: &Event) -> Option<Timestamp> {
    let finished = event.rounds_paired() == event.settings.rounds
        && event
            .rounds
            .iter()
            .flat_map(|r| &r.tables)
            .all(|t| t.status.has_result());
    if !finished {
        return None;
    }
    event
        .log
        .iter()
        .filter(|l| {
            matches!(
                l.action,
                LogAction::Submit | LogAction::Result | LogAction::Decide
            )
        })
        .map(|l| l.at)
        .max()
}

/// The event as a TRF-16 file (the module's documentation gives its records
/// and columns). Refused for tables of 3 or 4, for byes worth anything but 0,
/// 1/2 or 1, and for values wider than their columns.
///
/// ```
/// use pacru_event::{Award, EventFile, NewEvent, export::trf};
/// let dir = tempfile::tempdir()?;
/// let mut file = EventFile::create(&dir.path().join("e.pacru"), &NewEvent::swiss("Club", 2, 1))?;
/// file.add_players(&["Ada".into(), "Bob".into()], None, None)?;
/// file.pair()?;
/// file.result(1, 1, &Award::Winner("Bob".into()))?;
/// let text = trf(&file.read()?)?;
/// let ada = text.lines().find(|l| l.starts_with("001    1")).unwrap();
/// assert_eq!(&ada[14..17], "Ada");
/// assert_eq!(&ada[91..99], "   2 w 0"); // round 1: against Bob, White, lost
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn trf(event: &Event) -> Result<String, TrfError> {
    if event.settings.table_size != 2 {
        return Err(TrfError::TableSize {
            size: event.settings.table_size,
            round: None,
            table: None,
        });
    }
    for t in event.rounds.iter().flat_map(|r| &r.tables) {
        if t.seats.len() != 2 {
            return Err(TrfError::TableSize {
                size: t.seats.len(),
                round: Some(t.round),
                table: Some(t.number),
            });
        }
    }
    for bye in event.rounds.iter().flat_map(|r| &r.byes) {
        bye_code(bye.points)?;
    }
    writable("the event's name", &event.settings.name)?;
    for player in &event.players {
        writable(&format!("the name of player {}", player.id), &player.name)?;
    }
    for t in event.rounds.iter().flat_map(|r| &r.tables) {
        if let (Some(result), Some(scored)) = (&t.result, scored_points(t))
            && result.points != scored
        {
            return Err(TrfError::TablePoints {
                round: t.round,
                table: t.number,
                points: points_list(&result.points),
            });
        }
    }

    let seeds = event.seed_order();
    let start_rank = |id: i64| seeds.iter().position(|&s| s == id).map_or(0, |i| i + 1);
    let lines = standings(event);

    let mut out = String::new();
    let _ = writeln!(out, "012 {}", event.settings.name);
    if let Some(at) = start(event) {
        let _ = writeln!(out, "042 {}", date(at));
    }
    if let Some(at) = end(event) {
        let _ = writeln!(out, "052 {}", date(at));
    }
    let _ = writeln!(out, "062 {}", event.players.len());
    let rated = event.players.iter().filter(|p| p.rating.is_some()).count();
    let _ = writeln!(out, "072 {rated}");
    let kind = match event.settings.system {
        crate::System::Swiss => "Swiss-System",
        crate::System::RoundRobin => "Round-Robin",
    };
    let _ = writeln!(out, "092 Individual: {kind}");

    for (i, &id) in seeds.iter().enumerate() {
        let Some(player) = event.player(id) else {
            continue;
        };
        let name = || player.name.clone();
        let mut line = Line::new();
        line.put(col::RECORD.0, "001");
        line.right(col::START_RANK, &(i + 1).to_string(), || {
            "the number of players".to_owned()
        })?;
        let cut: String = player.name.chars().take(col::NAME.1).collect();
        line.put(col::NAME.0, &cut);
        if let Some(rating) = player.rating {
            line.right(col::RATING, &rating.to_string(), || {
                format!("the rating of {}", name())
            })?;
        }
        let (rank, points) = lines
            .iter()
            .enumerate()
            .find(|(_, l)| l.player == id)
            .map_or((0, Score::ZERO), |(n, l)| (n + 1, l.points));
        let points = points_text(points).ok_or_else(|| TrfError::Points {
            name: name(),
            points,
        })?;
        line.right(col::POINTS, &points, || format!("the points of {}", name()))?;
        line.right(col::RANK, &rank.to_string(), || {
            "the number of players".to_owned()
        })?;
        for round in &event.rounds {
            let first = col::ROUNDS + col::ROUND_WIDTH * (round.number as usize - 1);
            let block = if let Some(bye) = round.byes.iter().find(|b| b.player == id) {
                Some(("0000".to_owned(), '-', bye_code(bye.points)?))
            } else if let Some(table) = round.tables.iter().find(|t| t.seats.contains(&id)) {
                game(table, id, &start_rank)
            } else {
                Some(("0000".to_owned(), '-', 'Z'))
            };
            if let Some((opponent, colour, result)) = block {
                line.put(first, &format!("{opponent:>4}"));
                line.put(first + col::COLOUR, &colour.to_string());
                line.put(first + col::RESULT, &result.to_string());
            }
        }
        let _ = writeln!(out, "{}", line.finish());
    }
    Ok(out)
}

/// Player `id`'s game at `table`: the opponent's starting rank, the colour
/// and the result; `None` while the table has no result.
fn game(
    table: &Table,
    id: i64,
    start_rank: &impl Fn(i64) -> usize,
) -> Option<(String, char, char)> {
    let result = table.result.as_ref()?;
    let seat = table.seats.iter().position(|&p| p == id)?;
    let opponent = table.seats.get(1 - seat)?;
    let colour = if seat == 0 { 'w' } else { 'b' };
    let code = match result.winner {
        None => '=',
        Some(w) if w == seat => '1',
        Some(_) => '0',
    };
    Some((start_rank(*opponent).to_string(), colour, code))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Bye, LogEntry, Player, Round, Settings, System, TableResult, TableStatus};
    use pacru_core::RulesEdition;
    use pacru_pairing::Uneven;

    const HALF: Score = Score::from_twelfths(6);

    /// Columns `first` to `last` of `line`, counted in characters from 1 as
    /// TRF counts them (blank past the line's end).
    fn cols(line: &str, first: usize, last: usize) -> String {
        let chars: Vec<char> = line.chars().collect();
        (first..=last)
            .map(|c| chars.get(c - 1).copied().unwrap_or(' '))
            .collect()
    }

    fn player(id: i64, name: &str, rating: Option<u32>) -> Player {
        Player {
            id,
            name: name.to_owned(),
            rating,
            club: None,
            withdrawn_from: None,
        }
    }

    /// A table of 2 with `winner` (`Some(None)`: a draw; `None`: pending).
    fn table(round: u32, number: u32, seats: [i64; 2], winner: Option<Option<usize>>) -> Table {
        let result = winner.map(|w| TableResult {
            winner: w,
            points: match w {
                None => vec![HALF, HALF],
                Some(0) => vec![Score::ONE, Score::ZERO],
                Some(_) => vec![Score::ZERO, Score::ONE],
            },
        });
        Table {
            round,
            number,
            seats: seats.to_vec(),
            status: if result.is_some() {
                TableStatus::Entered
            } else {
                TableStatus::Pending
            },
            result,
            submission: None,
        }
    }

    fn bye(round: u32, player: i64, points: Score) -> Bye {
        Bye {
            round,
            player,
            points,
        }
    }

    fn log(at: &str, action: LogAction, round: Option<u32>) -> LogEntry {
        LogEntry {
            id: 0,
            at: at.parse().unwrap(),
            action,
            round,
            table: None,
            detail: String::new(),
            reason: None,
        }
    }

    fn event(table_size: usize, rounds: u32, players: Vec<Player>, paired: Vec<Round>) -> Event {
        Event {
            settings: Settings {
                name: "Club night".to_owned(),
                table_size,
                system: System::Swiss,
                rounds,
                rules: RulesEdition::default(),
                uneven: Uneven::Byes,
                bye_points: HALF,
            },
            players,
            rounds: paired,
            submissions: Vec::new(),
            log: Vec::new(),
        }
    }

    /// Three players, three rounds: Ada (1900) beats Bob (1800) while Cy
    /// (unrated) has a bye; Cy and Ada draw, Bob has a bye; Bob and Cy's
    /// game is pending, Ada has a bye.
    fn three_rounds() -> Event {
        let mut e = event(
            2,
            3,
            vec![
                player(1, "Cy", None),
                player(2, "Bob", Some(1800)),
                player(3, "Ada", Some(1900)),
            ],
            vec![
                Round {
                    number: 1,
                    tables: vec![table(1, 1, [3, 2], Some(Some(0)))],
                    byes: vec![bye(1, 1, HALF)],
                },
                Round {
                    number: 2,
                    tables: vec![table(2, 1, [1, 3], Some(None))],
                    byes: vec![bye(2, 2, HALF)],
                },
                Round {
                    number: 3,
                    tables: vec![table(3, 1, [2, 1], None)],
                    byes: vec![bye(3, 3, HALF)],
                },
            ],
        );
        e.log = vec![
            log("2026-03-01T18:00:00Z", LogAction::New, None),
            log("2026-03-02T19:00:00Z", LogAction::Pair, Some(1)),
            log("2026-03-02T19:01:00Z", LogAction::Unpair, Some(1)),
            log("2026-03-03T19:02:00Z", LogAction::Pair, Some(1)),
            log("2026-03-03T21:00:00Z", LogAction::Result, Some(1)),
        ];
        e
    }

    #[test]
    fn text_a_line_cannot_hold_is_refused() {
        for (bad, what) in [
            ("Club\nnight", "the event's name"),
            ("Ada\u{1b}[2J", "the name of player 1"),
            ("Ada\u{202e}", "the name of player 1"),
            ("Ada\u{0}", "the name of player 1"),
        ] {
            let mut event = three_rounds();
            if what.starts_with("the event") {
                event.settings.name = bad.to_owned();
            } else {
                event.players[0].name = bad.to_owned();
            }
            let error = trf(&event).unwrap_err();
            assert!(matches!(error, TrfError::Unwritable { .. }), "{error:?}");
            let message = error.to_string();
            assert!(message.starts_with(what), "{message}");
            assert!(!message.contains(pacru_core::needs_escape), "{message:?}");
        }
    }

    #[test]
    fn every_column_of_a_small_event() {
        let text = trf(&three_rounds()).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(
            &lines[..5],
            [
                "012 Club night",
                "042 2026/03/03",
                "062 3",
                "072 2",
                "092 Individual: Swiss-System",
            ]
        );
        // By starting rank: Ada (1900), Bob (1800), Cy (unrated).
        let players = &lines[5..];
        assert_eq!(players.len(), 3);
        let expect = [
            // rank, name, rating, points, rank, rounds
            (
                "   1",
                "Ada",
                "1900",
                " 2.0",
                "   1",
                ["   2 w 1", "   3 b =", "0000 - H"],
            ),
            (
                "   2",
                "Bob",
                "1800",
                " 0.5",
                "   3",
                ["   1 b 0", "0000 - H", "        "],
            ),
            (
                "   3",
                "Cy",
                "    ",
                " 1.0",
                "   2",
                ["0000 - H", "   1 w =", "        "],
            ),
        ];
        for (line, (start, name, rating, points, rank, rounds)) in players.iter().zip(expect) {
            assert_eq!(cols(line, 1, 3), "001", "{line}");
            assert_eq!(cols(line, 5, 8), start, "{line}");
            assert_eq!(cols(line, 10, 13), "    ", "{line}");
            assert_eq!(cols(line, 15, 47).trim_end(), name, "{line}");
            assert_eq!(cols(line, 49, 52), rating, "{line}");
            assert_eq!(cols(line, 53, 80).trim(), "", "{line}");
            assert_eq!(cols(line, 81, 84), points, "{line}");
            assert_eq!(cols(line, 86, 89), rank, "{line}");
            for (r, block) in rounds.iter().enumerate() {
                let first = 92 + 10 * r;
                assert_eq!(cols(line, first - 2, first - 1), "  ", "{line}");
                assert_eq!(
                    &cols(line, first, first + 7),
                    block,
                    "{line} round {}",
                    r + 1
                );
            }
            assert!(
                line.chars().count() <= 119 && !line.ends_with(' '),
                "{line}"
            );
        }
        // Fields are separated by blanks where the format has them.
        for c in [4, 9, 14, 48, 53, 57, 69, 80, 85, 90, 91] {
            assert!(players.iter().all(|l| cols(l, c, c) == " "), "column {c}");
        }
    }

    #[test]
    fn the_end_date_comes_once_every_round_has_every_result() {
        let mut e = three_rounds();
        assert!(!trf(&e).unwrap().contains("\n052 "));
        e.rounds[2].tables[0] = Table {
            status: TableStatus::Decided,
            ..table(3, 1, [2, 1], Some(Some(1)))
        };
        e.log
            .push(log("2026-03-05T20:00:00Z", LogAction::Decide, Some(3)));
        e.log
            .push(log("2026-03-06T10:00:00Z", LogAction::PlayerAdd, None));
        let text = trf(&e).unwrap();
        assert!(
            text.contains("\n042 2026/03/03\n052 2026/03/05\n"),
            "{text}"
        );
        let cy = text.lines().find(|l| cols(l, 15, 16) == "Cy").unwrap();
        assert_eq!(cols(cy, 112, 119), "   2 b 1");
        assert_eq!(cols(cy, 81, 84), " 2.0");
        // A decision is an ordinary result: no forfeit marks.
        assert!(
            !text
                .lines()
                .skip(5)
                .any(|l| cols(l, 92, 119).contains(['+']))
        );
    }

    #[test]
    fn byes_by_their_worth_and_absent_players() {
        let mut players = vec![player(1, "Ada", None), player(2, "Bob", None)];
        players.push(Player {
            withdrawn_from: Some(2),
            ..player(3, "Cy", None)
        });
        players.push(player(4, "Dee", None));
        let e = event(
            2,
            3,
            players,
            vec![
                Round {
                    number: 1,
                    tables: vec![table(1, 1, [1, 2], Some(Some(1)))],
                    byes: vec![bye(1, 3, Score::ONE)],
                },
                Round {
                    number: 2,
                    tables: vec![table(2, 1, [2, 4], Some(Some(0)))],
                    byes: vec![bye(2, 1, Score::ZERO)],
                },
            ],
        );
        let text = trf(&e).unwrap();
        let line = |name: &str| {
            text.lines()
                .find(|l| l.starts_with("001") && cols(l, 15, 47).trim_end() == name)
                .unwrap()
                .to_owned()
        };
        assert_eq!(cols(&line("Ada"), 92, 109), "   2 w 0  0000 - Z");
        assert_eq!(cols(&line("Cy"), 92, 109), "0000 - U  0000 - Z");
        assert_eq!(cols(&line("Cy"), 81, 84), " 1.0");
        // Dee, registered for round 2, was not paired in round 1.
        assert_eq!(cols(&line("Dee"), 92, 109), "0000 - Z     2 b 0");
        assert_eq!(cols(&line("Bob"), 81, 84), " 2.0");
        assert!(!text.contains("042") && !text.contains("052"));

        let mut third = e.clone();
        third.rounds[0].byes[0].points = Score::from_twelfths(4);
        assert_eq!(
            trf(&third).unwrap_err(),
            TrfError::ByePoints {
                points: Score::from_twelfths(4)
            }
        );
    }

    #[test]
    fn a_game_that_hands_out_more_than_one_point_is_named_not_called_a_bye() {
        // Ada beat Bob at table 1 of round 1; Bob's seat is forged to 100/12.
        let mut e = three_rounds();
        let result = e.rounds[0].tables[0].result.as_mut().unwrap();
        result.points[1] = Score::from_twelfths(100);
        let err = trf(&e).unwrap_err();
        assert_eq!(
            err,
            TrfError::TablePoints {
                round: 1,
                table: 1,
                points: "1, 8.33".to_owned()
            }
        );
        let text = err.to_string();
        assert!(
            text.starts_with("table 1 of round 1: its seats hold"),
            "{text}"
        );
        assert!(!text.contains("bye"), "{text}");
    }

    #[test]
    fn players_level_on_everything_get_ranks_without_ties() {
        let e = event(
            2,
            1,
            vec![player(1, "Ada", None), player(2, "Bob", None)],
            vec![Round {
                number: 1,
                tables: vec![table(1, 1, [1, 2], Some(None))],
                byes: Vec::new(),
            }],
        );
        assert_eq!(standings(&e)[1].rank, 1, "the standings share the place");
        let text = trf(&e).unwrap();
        let ranks: Vec<String> = text
            .lines()
            .filter(|l| l.starts_with("001"))
            .map(|l| cols(l, 86, 89))
            .collect();
        assert_eq!(ranks, ["   1", "   2"]);
    }

    #[test]
    fn long_names_are_cut_in_characters_and_wide_values_refused() {
        let long = "Émilie-Ångström de la Tour d'Auvergne-Lauraguais";
        let mut e = event(
            2,
            1,
            vec![player(1, long, Some(2100)), player(2, "Bob", None)],
            Vec::new(),
        );
        let text = trf(&e).unwrap();
        let line = text.lines().find(|l| l.starts_with("001")).unwrap();
        assert_eq!(
            cols(line, 15, 47),
            long.chars().take(33).collect::<String>()
        );
        assert_eq!(cols(line, 48, 52), " 2100");
        assert_eq!(
            line.chars().count(),
            89,
            "no round paired: the line ends at the rank"
        );

        e.players[0].rating = Some(12_000);
        let err = trf(&e).unwrap_err();
        assert_eq!(
            err.to_string(),
            format!("the rating of {long} 12000 does not fit TRF's 4 columns")
        );
    }

    #[test]
    fn tables_of_three_or_four_are_refused() {
        for size in [3, 4] {
            let e = event(size, 1, Vec::new(), Vec::new());
            let err = trf(&e).unwrap_err();
            assert_eq!(
                err,
                TrfError::TableSize {
                    size,
                    round: None,
                    table: None
                }
            );
            assert!(
                err.to_string().starts_with(&format!(
                    "TRF holds games between two players, White and Black, and this event has {size} players a table;"
                )),
                "{err}"
            );
        }
        let mut e = event(
            2,
            1,
            vec![
                player(1, "A", None),
                player(2, "B", None),
                player(3, "C", None),
            ],
            Vec::new(),
        );
        e.rounds.push(Round {
            number: 1,
            tables: vec![Table {
                seats: vec![1, 2, 3],
                ..table(1, 1, [1, 2], None)
            }],
            byes: Vec::new(),
        });
        assert!(
            trf(&e)
                .unwrap_err()
                .to_string()
                .contains("3 players a table (table 1 of round 1)")
        );
    }
}

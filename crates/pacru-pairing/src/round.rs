//! One round: its tables and byes, and the settings that decide them.

use crate::{History, groups, two};

/// What to do with the players left over when the players do not fill whole
/// tables of the event's size.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Uneven {
    /// They sit out with a bye.
    #[default]
    Byes,
    /// Tables one player smaller or larger make up the difference: with 3 a table,
    /// tables of 4; with 4 a table, tables of 3. (Byes where that cannot work,
    /// and always with 2 a table.)
    Mixed,
}

/// How tables are formed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Grouping {
    /// By points (Swiss): players close in score meet.
    #[default]
    Scores,
    /// Points ignored: only who has met whom, and seats, count (the round-robin
    /// of an event of 3 or 4 a table).
    Meetings,
}

/// The settings of a round's pairing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Settings {
    /// Players a table: 2, 3 or 4.
    pub table_size: usize,
    /// Byes or mixed tables when the numbers do not divide.
    pub uneven: Uneven,
    /// Swiss by points, or by meetings only (3 or 4 a table).
    pub grouping: Grouping,
}

impl Settings {
    /// A Swiss round of `table_size` players a table, with byes.
    pub fn swiss(table_size: usize) -> Settings {
        Settings {
            table_size,
            uneven: Uneven::Byes,
            grouping: Grouping::Scores,
        }
    }
}

/// The pairing of one round.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Round {
    /// The tables, best ranked first; each gives its players (seed indices) in
    /// seat order, the first seat first.
    pub tables: Vec<Vec<usize>>,
    /// The players who sit out with a bye.
    pub byes: Vec<usize>,
}

/// Why a round cannot be paired.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PairingError {
    /// The table size is not 2, 3 or 4.
    #[error("tables of {0} players: a table has 2, 3 or 4 players")]
    TableSize(usize),
    /// More active players than a round is paired for.
    #[error("{0} active players: a round is paired for at most {max}", max = crate::groups::MAX_PLAYERS)]
    TooManyPlayers(usize),
    /// Too few active players for one table.
    #[error("{active} active players cannot fill a table of {table_size}")]
    TooFewPlayers {
        /// Active players.
        active: usize,
        /// Players a table.
        table_size: usize,
    },
}

/// Pairs the next round of a Swiss event (or the round-robin of 3 or 4 a table,
/// with [`Grouping::Meetings`]) from its `history`.
///
/// ```
/// use pacru_pairing::{History, Score, Settings, pair_round};
/// let mut history = History::new(6);
/// let first = pair_round(&history, &Settings::swiss(2)).unwrap();
/// assert_eq!(first.tables, [vec![0, 1], vec![3, 2], vec![4, 5]]);
/// for table in &first.tables {
///     history.add_table(table);
///     history.add_points(table[0], Score::ONE); // the first seat wins
/// }
/// let second = pair_round(&history, &Settings::swiss(2)).unwrap();
/// // Player 0 cannot meet 1 again, and the other winners sat first as 0 did:
/// // at their table one would sit first twice, two first seats to none. So 0
/// // meets 2, who sat second: 2 sits first, 0 second.
/// assert_eq!(second.tables[0], [2, 0]);
/// ```
pub fn pair_round(history: &History, settings: &Settings) -> Result<Round, PairingError> {
    let k = settings.table_size;
    if !(2..=4).contains(&k) {
        return Err(PairingError::TableSize(k));
    }
    let active = history.entrants().iter().filter(|e| e.active).count();
    if active < k {
        return Err(PairingError::TooFewPlayers {
            active,
            table_size: k,
        });
    }
    if active > crate::groups::MAX_PLAYERS {
        return Err(PairingError::TooManyPlayers(active));
    }
    if k == 2 {
        return Ok(two::pair(history));
    }
    Ok(groups::pair(history, settings))
}

/// The sizes of the tables of `players` players, largest first, and the number
/// of byes.
///
/// ```
/// use pacru_pairing::{Uneven, table_sizes};
/// assert_eq!(table_sizes(10, 4, Uneven::Byes), (vec![4, 4], 2));
/// assert_eq!(table_sizes(10, 4, Uneven::Mixed), (vec![4, 3, 3], 0));
/// assert_eq!(table_sizes(10, 3, Uneven::Mixed), (vec![4, 3, 3], 0));
/// assert_eq!(table_sizes(5, 4, Uneven::Mixed), (vec![4], 1));
/// ```
pub fn table_sizes(players: usize, table_size: usize, uneven: Uneven) -> (Vec<usize>, usize) {
    let k = table_size.max(1);
    let full = players / k;
    let left = players % k;
    let byes = (vec![k; full], left);
    if left == 0 || uneven == Uneven::Byes || k == 2 {
        return byes;
    }
    match k {
        // Each table of 4 takes one more player.
        3 if full >= left => {
            let mut sizes = vec![4; left];
            sizes.extend(vec![3; full - left]);
            (sizes, 0)
        }
        // Each table of 3 leaves a seat: k - left of them.
        4 if full + 1 >= 4 - left => {
            let smaller = 4 - left;
            let mut sizes = vec![4; full + 1 - smaller];
            sizes.extend(vec![3; smaller]);
            (sizes, 0)
        }
        _ => byes,
    }
}

/// The players who sit out: `count` of the active players, those with the
/// fewest byes first and, among them, the lowest ranked first.
pub(crate) fn bye_players(history: &History, ranked: &[usize], count: usize) -> Vec<usize> {
    let mut by_byes: Vec<(usize, usize)> = ranked.iter().copied().enumerate().collect();
    by_byes.sort_by_key(|&(place, p)| (history.entrant(p).byes, std::cmp::Reverse(place)));
    by_byes.into_iter().take(count).map(|(_, p)| p).collect()
}

//! What the pairing of a round needs to know about the rounds before: each
//! player's points, byes and seats, and who has met whom.

use crate::Score;

/// One player, as the pairing sees them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Entrant {
    /// Points so far, byes included.
    pub points: Score,
    /// Byes so far.
    pub byes: u32,
    /// The seat of each game played, oldest first. Empty where seats do not
    /// matter (the arena plays every rotation).
    pub seats: Vec<Seating>,
    /// Whether the player is paired at all (a withdrawn player is not).
    pub active: bool,
}

/// Where a player sat in one game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Seating {
    /// The seat: 0 is the first in the order of play.
    pub seat: u8,
    /// The number of players at the table.
    pub table_size: u8,
}

/// The history of an event: its players in seed order (index 0 is the top seed:
/// the arena's first engine, an event's highest rating) and how often each pair
/// has sat at one table.
///
/// ```
/// use pacru_pairing::{History, Score};
/// let mut history = History::new(4);
/// history.add_table(&[2, 0]); // player 2 in the first seat, player 0 in the second
/// history.add_points(0, Score::ONE);
/// assert_eq!(history.meetings(0, 2), 1);
/// assert_eq!(history.entrant(2).seats[0].seat, 0);
/// assert_eq!(history.entrant(2).seats[0].table_size, 2);
/// assert_eq!(history.entrant(0).points, Score::ONE);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct History {
    entrants: Vec<Entrant>,
    /// `meetings[a * n + b]`: how often `a` and `b` sat at one table.
    meetings: Vec<u32>,
}

impl History {
    /// A history of `players` active players who have played nothing.
    pub fn new(players: usize) -> History {
        History {
            entrants: vec![
                Entrant {
                    active: true,
                    ..Entrant::default()
                };
                players
            ],
            meetings: vec![0; players * players],
        }
    }

    /// The number of players.
    pub fn len(&self) -> usize {
        self.entrants.len()
    }

    /// Whether there is no player.
    pub fn is_empty(&self) -> bool {
        self.entrants.is_empty()
    }

    /// Player `player` (a seed index).
    ///
    /// # Panics
    ///
    /// If there is no such player.
    pub fn entrant(&self, player: usize) -> &Entrant {
        &self.entrants[player]
    }

    /// Every player, in seed order.
    pub fn entrants(&self) -> &[Entrant] {
        &self.entrants
    }

    /// How often `a` and `b` have sat at one table.
    pub fn meetings(&self, a: usize, b: usize) -> u32 {
        self.meetings[a * self.len() + b]
    }

    /// Counts one meeting of every pair at `table` (once per table, however many
    /// games it plays).
    pub fn meet(&mut self, table: &[usize]) {
        let n = self.len();
        for (i, &a) in table.iter().enumerate() {
            for &b in &table[i + 1..] {
                self.meetings[a * n + b] += 1;
                self.meetings[b * n + a] += 1;
            }
        }
    }

    /// Records the seats of `table`, given in seat order.
    pub fn seat(&mut self, table: &[usize]) {
        let table_size = table.len() as u8;
        for (seat, &player) in table.iter().enumerate() {
            self.entrants[player].seats.push(Seating {
                seat: seat as u8,
                table_size,
            });
        }
    }

    /// [`History::meet`] and [`History::seat`]: a table of one game, in seat order.
    pub fn add_table(&mut self, table: &[usize]) {
        self.meet(table);
        self.seat(table);
    }

    /// Adds `points` to `player`.
    pub fn add_points(&mut self, player: usize, points: Score) {
        self.entrants[player].points += points;
    }

    /// Records a bye of `player`, worth `points`.
    pub fn add_bye(&mut self, player: usize, points: Score) {
        self.entrants[player].byes += 1;
        self.entrants[player].points += points;
    }

    /// Takes `player` out of the pairing from now on (their games stay).
    pub fn withdraw(&mut self, player: usize) {
        self.entrants[player].active = false;
    }

    /// The active players, best first: by points, then by seed.
    pub fn ranked(&self) -> Vec<usize> {
        let mut order: Vec<usize> = (0..self.len())
            .filter(|&p| self.entrants[p].active)
            .collect();
        order.sort_by_key(|&p| (std::cmp::Reverse(self.entrants[p].points), p));
        order
    }
}

//! Standings: points, then tiebreaks, computed from the tables played.

use crate::Score;
use std::cmp::Ordering;

/// A tiebreak: a second number that orders players level on points.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Tiebreak {
    /// Points scored in the games between the players level on points (2 a
    /// table).
    DirectEncounter,
    /// The average final score of the opponents met, each table counting each
    /// opponent at it (3 or 4 a table, where tables differ in size).
    OpponentsAverage,
    /// Buchholz less the lowest opponent's score.
    BuchholzCut1,
    /// The sum of the final scores of all opponents met (each opponent counted
    /// at every table where they were met; a bye adds nothing).
    Buchholz,
    /// The sum over a player's games of their points in the game times the sum of
    /// the final scores of their opponents at the table: for 2 a table, the
    /// scores of the opponents beaten plus half those of the opponents drawn.
    SonnebornBerger,
    /// Games won.
    Wins,
}

impl Tiebreak {
    /// The name in JSON output: `direct_encounter`, `opponents_average`,
    /// `buchholz_cut1`, `buchholz`, `sonneborn_berger`, `wins`.
    pub fn key(self) -> &'static str {
        match self {
            Tiebreak::DirectEncounter => "direct_encounter",
            Tiebreak::OpponentsAverage => "opponents_average",
            Tiebreak::BuchholzCut1 => "buchholz_cut1",
            Tiebreak::Buchholz => "buchholz",
            Tiebreak::SonnebornBerger => "sonneborn_berger",
            Tiebreak::Wins => "wins",
        }
    }

    /// A short column heading for people: `DE`, `OppAv`, `BH-1`, `BH`, `SB`, `W`.
    pub fn heading(self) -> &'static str {
        match self {
            Tiebreak::DirectEncounter => "DE",
            Tiebreak::OpponentsAverage => "OppAv",
            Tiebreak::BuchholzCut1 => "BH-1",
            Tiebreak::Buchholz => "BH",
            Tiebreak::SonnebornBerger => "SB",
            Tiebreak::Wins => "W",
        }
    }

    /// The tiebreaks of an event of `table_size` players a table, in the order
    /// they apply: for 2, direct encounter, Buchholz cut-1, Buchholz,
    /// Sonneborn-Berger, wins; for 3 and 4, opponents' average score in place of
    /// the direct encounter.
    pub fn for_table_size(table_size: usize) -> &'static [Tiebreak] {
        if table_size == 2 {
            &[
                Tiebreak::DirectEncounter,
                Tiebreak::BuchholzCut1,
                Tiebreak::Buchholz,
                Tiebreak::SonnebornBerger,
                Tiebreak::Wins,
            ]
        } else {
            &[
                Tiebreak::OpponentsAverage,
                Tiebreak::BuchholzCut1,
                Tiebreak::Buchholz,
                Tiebreak::SonnebornBerger,
                Tiebreak::Wins,
            ]
        }
    }
}

/// A game with its result, for the standings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScoredGame {
    /// The players (indices) in seat order.
    pub seats: Vec<usize>,
    /// The points of each seat.
    pub points: Vec<Score>,
    /// The winner's seat, if the game had one.
    pub winner: Option<usize>,
}

/// One player's line in the standings.
#[derive(Clone, Debug, PartialEq)]
pub struct Standing {
    /// The player (an index).
    pub player: usize,
    /// The place; players level on points and every tiebreak share it.
    pub rank: usize,
    /// Points, byes included.
    pub points: Score,
    /// Games with a result.
    pub games: u32,
    /// Games won.
    pub wins: u32,
    /// Byes.
    pub byes: u32,
    /// The value of each tiebreak asked for, in that order.
    pub tiebreaks: Vec<f64>,
}

/// The standings of `players` players (indices in seed order, which breaks the
/// last ties for the order of the lines only) after `games` and `byes`
/// (player and points), ranked by points, then by `tiebreaks` in order.
///
/// ```
/// use pacru_pairing::{Score, ScoredGame, Tiebreak, standings};
/// let win = |a, b| ScoredGame { seats: vec![a, b], points: vec![Score::ONE, Score::ZERO], winner: Some(0) };
/// let games = [win(0, 1), win(2, 3), win(0, 2), win(3, 1)];
/// let lines = standings(4, &games, &[], Tiebreak::for_table_size(2));
/// assert_eq!(lines.iter().map(|l| l.player).collect::<Vec<_>>(), [0, 2, 3, 1]);
/// // 2 and 3 are level on a point, and 2 beat 3: the direct encounter decides.
/// assert_eq!((lines[1].tiebreaks[0], lines[2].tiebreaks[0]), (1.0, 0.0));
/// assert_eq!((lines[1].rank, lines[2].rank), (2, 3));
/// ```
pub fn standings(
    players: usize,
    games: &[ScoredGame],
    byes: &[(usize, Score)],
    tiebreaks: &[Tiebreak],
) -> Vec<Standing> {
    let mut points = vec![Score::ZERO; players];
    let mut game_count = vec![0u32; players];
    let mut wins = vec![0u32; players];
    let mut bye_count = vec![0u32; players];
    for g in games {
        for (seat, &p) in g.seats.iter().enumerate() {
            points[p] += g.points.get(seat).copied().unwrap_or(Score::ZERO);
            game_count[p] += 1;
            if g.winner == Some(seat) {
                wins[p] += 1;
            }
        }
    }
    for &(p, pts) in byes {
        points[p] += pts;
        bye_count[p] += 1;
    }
    let values: Vec<Vec<f64>> = (0..players)
        .map(|p| {
            tiebreaks
                .iter()
                .map(|&t| value(t, p, games, &points, &wins))
                .collect()
        })
        .collect();
    let mut order: Vec<usize> = (0..players).collect();
    let compare = |a: usize, b: usize| -> Ordering {
        points[b].cmp(&points[a]).then_with(|| {
            values[a]
                .iter()
                .zip(&values[b])
                .map(|(x, y)| y.total_cmp(x))
                .find(|o| o.is_ne())
                .unwrap_or(Ordering::Equal)
        })
    };
    order.sort_by(|&a, &b| compare(a, b).then(a.cmp(&b)));
    let mut lines: Vec<Standing> = Vec::with_capacity(players);
    for (i, &p) in order.iter().enumerate() {
        let rank = match lines.last() {
            Some(prev) if compare(prev.player, p).is_eq() => prev.rank,
            _ => i + 1,
        };
        lines.push(Standing {
            player: p,
            rank,
            points: points[p],
            games: game_count[p],
            wins: wins[p],
            byes: bye_count[p],
            tiebreaks: values[p].clone(),
        });
    }
    lines
}

/// The value of tiebreak `t` for player `p`.
fn value(t: Tiebreak, p: usize, games: &[ScoredGame], points: &[Score], wins: &[u32]) -> f64 {
    // The final scores (in twelfths) of every opponent of `p`, once per table.
    let opponents = || {
        games.iter().filter(|g| g.seats.contains(&p)).flat_map(|g| {
            g.seats
                .iter()
                .filter(move |&&o| o != p)
                .map(|&o| u64::from(points[o].twelfths()))
        })
    };
    match t {
        Tiebreak::DirectEncounter => {
            let level: Vec<usize> = (0..points.len())
                .filter(|&o| o != p && points[o] == points[p])
                .collect();
            let twelfths: u64 = games
                .iter()
                .filter(|g| g.seats.iter().any(|o| level.contains(o)))
                .filter_map(|g| {
                    let seat = g.seats.iter().position(|&o| o == p)?;
                    Some(u64::from(g.points.get(seat)?.twelfths()))
                })
                .sum();
            twelfths as f64 / 12.0
        }
        Tiebreak::OpponentsAverage => {
            let (sum, count) = opponents().fold((0u64, 0u64), |(s, c), x| (s + x, c + 1));
            if count == 0 {
                0.0
            } else {
                sum as f64 / (12 * count) as f64
            }
        }
        Tiebreak::Buchholz => opponents().sum::<u64>() as f64 / 12.0,
        Tiebreak::BuchholzCut1 => {
            let sum: u64 = opponents().sum();
            let lowest = opponents().min().unwrap_or(0);
            (sum - lowest) as f64 / 12.0
        }
        Tiebreak::SonnebornBerger => {
            let sum: u64 = games
                .iter()
                .filter_map(|g| {
                    let seat = g.seats.iter().position(|&o| o == p)?;
                    let mine = u64::from(g.points.get(seat)?.twelfths());
                    let theirs: u64 = g
                        .seats
                        .iter()
                        .filter(|&&o| o != p)
                        .map(|&o| u64::from(points[o].twelfths()))
                        .sum();
                    Some(mine * theirs)
                })
                .sum();
            sum as f64 / 144.0
        }
        Tiebreak::Wins => f64::from(wins[p]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(seats: &[usize], winner: Option<usize>) -> ScoredGame {
        let points = match winner {
            Some(w) => crate::Outcome::Win(w).points(seats.len()),
            None => crate::Outcome::Draw((0..seats.len()).collect()).points(seats.len()),
        };
        ScoredGame {
            seats: seats.to_vec(),
            points,
            winner,
        }
    }

    #[test]
    fn two_player_tiebreaks_by_hand() {
        // 0 beats 1, 2 beats 3, 0 draws 2, 3 beats 1. Scores: 0 1.5, 2 1.5, 3 1, 1 0.
        let games = [
            game(&[0, 1], Some(0)),
            game(&[2, 3], Some(0)),
            game(&[0, 2], None),
            game(&[3, 1], Some(0)),
        ];
        let t = Tiebreak::for_table_size(2);
        let lines = standings(4, &games, &[], t);
        let by = |p: usize| lines.iter().find(|l| l.player == p).unwrap();
        // Direct encounter between 0 and 2: a draw, half a point each.
        assert_eq!(by(0).tiebreaks[0], 0.5);
        assert_eq!(by(2).tiebreaks[0], 0.5);
        // Buchholz: 0 met 1 (0) and 2 (1.5); 2 met 3 (1) and 0 (1.5).
        assert_eq!(by(0).tiebreaks[2], 1.5);
        assert_eq!(by(2).tiebreaks[2], 2.5);
        // Cut-1 drops the lowest: 0 keeps 1.5, 2 keeps 1.5.
        assert_eq!(by(0).tiebreaks[1], 1.5);
        assert_eq!(by(2).tiebreaks[1], 1.5);
        // Sonneborn-Berger: 0 beat 1 (0) and drew 2 (1.5 / 2); 2 beat 3 (1) and drew 0.
        assert_eq!(by(0).tiebreaks[3], 0.75);
        assert_eq!(by(2).tiebreaks[3], 1.75);
        assert_eq!(
            lines.iter().map(|l| (l.player, l.rank)).collect::<Vec<_>>(),
            [(2, 1), (0, 2), (3, 3), (1, 4)]
        );
    }

    #[test]
    fn multiplayer_tiebreaks_and_byes() {
        // A table of 3 won by 0 and one of 3 won by 4; 5 had a bye worth 1/3.
        let games = [game(&[0, 1, 2], Some(0)), game(&[3, 4, 1], Some(1))];
        let third = Score::from_twelfths(4);
        let lines = standings(6, &games, &[(5, third)], Tiebreak::for_table_size(3));
        let by = |p: usize| lines.iter().find(|l| l.player == p).unwrap();
        assert_eq!(by(5).points, third);
        assert_eq!(by(5).byes, 1);
        assert_eq!(by(5).games, 0);
        assert_eq!(by(5).tiebreaks, [0.0; 5]);
        // 1 met 0 (1), 2 (0), 3 (0), 4 (1): average 0.5, Buchholz 2, cut-1 2.
        assert_eq!(&by(1).tiebreaks[..3], [0.5, 2.0, 2.0]);
        assert_eq!(by(1).games, 2);
        // 0 and 4 are level on points, with different opponents' averages.
        assert_eq!(by(0).tiebreaks[0], 0.0);
        assert_eq!(by(4).tiebreaks[0], 0.0);
        assert_eq!(
            by(0).rank,
            by(4).rank,
            "fully level players share the place"
        );
        assert_eq!(by(4).tiebreaks[3], 0.0); // SB: 1 x (0 + 0)
    }
}

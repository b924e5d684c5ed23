//! Round robins of 2 a table by Berger tables, the schedule chess federations
//! publish: every player meets every other once in `n - 1` rounds (`n` with an
//! odd number, one sitting out each round), seats alternating.

use crate::round::Round;

/// The rounds of one cycle of the round robin of `players` players.
///
/// ```
/// use pacru_pairing::berger_rounds;
/// assert_eq!(berger_rounds(6), 5);
/// assert_eq!(berger_rounds(5), 5);
/// ```
pub fn berger_rounds(players: usize) -> u32 {
    let even = players + players % 2;
    u32::try_from(even.saturating_sub(1)).unwrap_or(u32::MAX)
}

/// Round `round` (from 1) of the round robin of `players` players, numbered in
/// seed order from 0: the tables in seat order and the bye (with an odd number
/// of players, whoever would meet the missing player sits out). Past
/// [`berger_rounds`], the schedule starts again with the seats swapped.
///
/// Berger's table 1 seats the last player against the round's pivot, the last
/// player second in odd rounds and first in even ones; table `k` seats the
/// players `k - 1` places after and before the pivot, counting around the
/// others, the one after first.
///
/// ```
/// use pacru_pairing::berger_round;
/// // Berger's tables for 4 players: 1-4 2-3, 4-3 1-2, 2-4 3-1 (numbered from 1).
/// assert_eq!(berger_round(4, 1).tables, [vec![0, 3], vec![1, 2]]);
/// assert_eq!(berger_round(4, 2).tables, [vec![3, 2], vec![0, 1]]);
/// assert_eq!(berger_round(4, 3).tables, [vec![1, 3], vec![2, 0]]);
/// assert_eq!(berger_round(5, 1).byes, [0]);
/// ```
pub fn berger_round(players: usize, round: u32) -> Round {
    if players < 2 || round == 0 {
        return Round {
            tables: Vec::new(),
            byes: (0..players).collect(),
        };
    }
    let n = players + players % 2; // with a phantom last player when odd
    let others = (n - 1) as u64;
    let per_cycle = u64::from(berger_rounds(players));
    let r = u64::from(round - 1);
    let (cycle, r) = (r / per_cycle, r % per_cycle);
    let pivot = (r * (n as u64 / 2)) % others;
    let last = n - 1;
    let mut tables = Vec::with_capacity(n / 2);
    // Table 1: the last player, second in odd rounds (r even from 0).
    let p = pivot as usize;
    tables.push(if r % 2 == 0 { [p, last] } else { [last, p] });
    for k in 1..(n / 2) as u64 {
        let first = ((pivot + k) % others) as usize;
        let second = ((pivot + others - k) % others) as usize;
        tables.push([first, second]);
    }
    let mut round = Round::default();
    for [a, b] in tables {
        let [a, b] = if cycle % 2 == 1 { [b, a] } else { [a, b] };
        if a >= players {
            round.byes.push(b);
        } else if b >= players {
            round.byes.push(a);
        } else {
            round.tables.push(vec![a, b]);
        }
    }
    round
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The published Berger tables for 6 players (numbered from 1).
    #[test]
    fn six_players_match_the_published_tables() {
        let published = [
            [[1, 6], [2, 5], [3, 4]],
            [[6, 4], [5, 3], [1, 2]],
            [[2, 6], [3, 1], [4, 5]],
            [[6, 5], [1, 4], [2, 3]],
            [[3, 6], [4, 2], [5, 1]],
        ];
        for (r, tables) in published.iter().enumerate() {
            let round = berger_round(6, r as u32 + 1);
            let got: Vec<[usize; 2]> = round.tables.iter().map(|t| [t[0] + 1, t[1] + 1]).collect();
            assert_eq!(got, tables, "round {}", r + 1);
        }
    }

    /// The published Berger tables for 8 players, rounds 1 and 2.
    #[test]
    fn eight_players_match_the_published_tables() {
        let got = |r| -> Vec<[usize; 2]> {
            berger_round(8, r)
                .tables
                .iter()
                .map(|t| [t[0] + 1, t[1] + 1])
                .collect()
        };
        assert_eq!(got(1), [[1, 8], [2, 7], [3, 6], [4, 5]]);
        assert_eq!(got(2), [[8, 5], [6, 4], [7, 3], [1, 2]]);
    }

    #[test]
    fn everyone_meets_everyone_once_with_alternating_seats() {
        for n in 2..=13 {
            let rounds = berger_rounds(n);
            let mut met = vec![vec![0; n]; n];
            let mut firsts = vec![0i32; n];
            let mut byes = vec![0; n];
            for r in 1..=rounds {
                let round = berger_round(n, r);
                for t in &round.tables {
                    met[t[0]][t[1]] += 1;
                    met[t[1]][t[0]] += 1;
                    firsts[t[0]] += 1;
                    firsts[t[1]] -= 1;
                }
                for &b in &round.byes {
                    byes[b] += 1;
                }
                assert_eq!(round.tables.len(), n / 2);
                assert_eq!(round.byes.len(), n % 2);
            }
            for (a, row) in met.iter().enumerate() {
                for (b, &m) in row.iter().enumerate() {
                    assert_eq!(m, u32::from(a != b), "{n} players: {a} and {b}");
                }
                assert!(firsts[a].abs() <= 1, "{n} players: seats of {a}");
                assert_eq!(byes[a], n % 2);
            }
            // The second cycle swaps every seat of the first.
            let (one, two) = (berger_round(n, 1), berger_round(n, rounds + 1));
            for (a, b) in one.tables.iter().zip(&two.tables) {
                assert_eq!((a[0], a[1]), (b[1], b[0]));
            }
        }
    }
}

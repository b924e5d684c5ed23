//! Tables of 3 and 4: players close in score, as few repeat meetings as possible,
//! seats balanced, found by a local search.

use crate::History;
use crate::round::{Grouping, Round, Settings, bye_players, table_sizes};
use crate::seats::{SeatCost, seat_cost};
use std::ops::Add;

/// What a set of tables costs: six counts packed into one number so that
/// sums and comparisons are single operations, compared from the most
/// significant down:
///
/// 1. pairs at one table who have met before: the repeat meetings;
/// 2. the sum over those pairs of the square of their earlier meetings, so that
///    a third meeting weighs more than two second ones;
/// 3. players whose first seat gets out of line (its count a whole game or more
///    from its even share, see [`crate::seats::deviations`]);
/// 4. players with any seat out of line;
/// 5. the sum over pairs at one table of the square of their score difference
///    in twelfths of a point (Swiss only);
/// 6. how far each player's seat is from the one after their last (seats
///    rotate among those that keep the balance).
///
/// Each count has bits enough for [`MAX_PLAYERS`] players (each term is
/// clamped to its share), so a sum never carries into the next count.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct Cost(u128);

/// The most players a round of 3 or 4 a table is paired for.
pub(crate) const MAX_PLAYERS: usize = 4096;

/// (shift, largest value of one term) of each count, least significant first.
const ROTATION: (u32, u64) = (0, 255);
const SCORE: (u32, u64) = (20, 1 << 21);
const SEATS: (u32, u64) = (54, 1);
const FIRST_SEATS: (u32, u64) = (68, 1);
const SQUARES: (u32, u64) = (82, 1 << 17);
const REPEATS: (u32, u64) = (112, 1);

impl Cost {
    fn term((shift, max): (u32, u64), value: u64) -> Cost {
        Cost(u128::from(value.min(max)) << shift)
    }

    /// The cost of seating two players together who met `met` times before and
    /// whose scores differ by `score_gap` twelfths (0 when scores do not count).
    fn pair(met: u64, score_gap: u64) -> Cost {
        Cost::term(REPEATS, u64::from(met > 0))
            + Cost::term(SQUARES, met * met)
            + Cost::term(SCORE, score_gap.saturating_mul(score_gap))
    }

    /// The cost of a seat for a player.
    fn seat(s: SeatCost) -> Cost {
        Cost::term(FIRST_SEATS, s.first_out_of_line)
            + Cost::term(SEATS, s.out_of_line)
            + Cost::term(ROTATION, s.off_rotation)
    }
}

impl Add for Cost {
    type Output = Cost;
    fn add(self, o: Cost) -> Cost {
        Cost(self.0 + o.0)
    }
}

/// The costs of one round, by position in the ranking of the players who play.
struct Costs {
    /// `pair[i * n + j]`: what seating `i` and `j` at one table costs.
    pair: Vec<Cost>,
    /// `seat[i][k - 3][s]`: what giving `i` seat `s` at a table of `k` costs.
    seat: Vec<[[Cost; 4]; 2]>,
    n: usize,
}

impl Costs {
    fn new(history: &History, playing: &[usize], grouping: Grouping) -> Costs {
        let n = playing.len();
        let mut pair = vec![Cost::default(); n * n];
        for i in 0..n {
            for j in 0..n {
                let (a, b) = (playing[i], playing[j]);
                if i == j {
                    continue;
                }
                let met = u64::from(history.meetings(a, b));
                let gap = match grouping {
                    Grouping::Scores => u64::from(
                        history
                            .entrant(a)
                            .points
                            .twelfths()
                            .abs_diff(history.entrant(b).points.twelfths()),
                    ),
                    Grouping::Meetings => 0,
                };
                pair[i * n + j] = Cost::pair(met, gap);
            }
        }
        let seat = playing
            .iter()
            .map(|&p| {
                let e = history.entrant(p);
                let mut costs = [[Cost::default(); 4]; 2];
                for (k, row) in [3usize, 4].into_iter().zip(costs.iter_mut()) {
                    for (s, cost) in row.iter_mut().enumerate().take(k) {
                        *cost = Cost::seat(seat_cost(e, s, k));
                    }
                }
                costs
            })
            .collect();
        Costs { pair, seat, n }
    }

    /// What `members` (ranking positions, sorted) cost as one table, and the
    /// seat of each member in their best seating (the better ranked player
    /// gets the earlier seat when seatings cost the same).
    fn table(&self, members: &[usize]) -> (Cost, &'static [usize]) {
        let mut cost = Cost::default();
        for (i, &a) in members.iter().enumerate() {
            for &b in &members[i + 1..] {
                cost = cost + self.pair[a * self.n + b];
            }
        }
        let k = members.len();
        let mut best: Option<(Cost, &'static [usize])> = None;
        for perm in permutations(k) {
            let mut sum = Cost::default();
            for (i, &m) in members.iter().enumerate() {
                sum = sum + self.seat[m][k - 3][perm[i]];
            }
            if best.as_ref().is_none_or(|(b, _)| sum < *b) {
                best = Some((sum, perm));
            }
        }
        let (seats, perm) = best.expect("a table has at least one seating");
        (cost + seats, perm)
    }
}

/// Every seating of a table of `k` (3 or 4): `perm[i]` is the seat of the
/// table's `i`-th best ranked player, in lexicographic order.
fn permutations(k: usize) -> &'static [&'static [usize]] {
    const THREE: [&[usize]; 6] = [
        &[0, 1, 2],
        &[0, 2, 1],
        &[1, 0, 2],
        &[1, 2, 0],
        &[2, 0, 1],
        &[2, 1, 0],
    ];
    const FOUR: [&[usize]; 24] = [
        &[0, 1, 2, 3],
        &[0, 1, 3, 2],
        &[0, 2, 1, 3],
        &[0, 2, 3, 1],
        &[0, 3, 1, 2],
        &[0, 3, 2, 1],
        &[1, 0, 2, 3],
        &[1, 0, 3, 2],
        &[1, 2, 0, 3],
        &[1, 2, 3, 0],
        &[1, 3, 0, 2],
        &[1, 3, 2, 0],
        &[2, 0, 1, 3],
        &[2, 0, 3, 1],
        &[2, 1, 0, 3],
        &[2, 1, 3, 0],
        &[2, 3, 0, 1],
        &[2, 3, 1, 0],
        &[3, 0, 1, 2],
        &[3, 0, 2, 1],
        &[3, 1, 0, 2],
        &[3, 1, 2, 0],
        &[3, 2, 0, 1],
        &[3, 2, 1, 0],
    ];
    if k == 3 { &THREE } else { &FOUR }
}

/// The tables and byes of a round of 3 or 4 a table.
///
/// The byes go to the players with the fewest byes, the lowest ranked first.
/// The others start in ranking order, cut into tables (largest first); a local
/// search then swaps players between tables while that lowers the [`Cost`] of
/// the round, and restarts from small random changes of the best tables found
/// (deterministically: the same history gives the same round).
pub(crate) fn pair(history: &History, settings: &Settings) -> Round {
    let ranked = history.ranked();
    let (sizes, byes_needed) = table_sizes(ranked.len(), settings.table_size, settings.uneven);
    let byes = bye_players(history, &ranked, byes_needed);
    let playing: Vec<usize> = ranked
        .iter()
        .copied()
        .filter(|p| !byes.contains(p))
        .collect();
    let costs = Costs::new(history, &playing, settings.grouping);
    let tables = search(&costs, &sizes);
    let mut seated: Vec<(usize, Vec<usize>)> = tables
        .iter()
        .map(|members| {
            let (_, perm) = costs.table(members);
            let mut order = vec![0; members.len()];
            for (i, &m) in members.iter().enumerate() {
                order[perm[i]] = playing[m];
            }
            (members[0], order)
        })
        .collect();
    seated.sort_by_key(|(best, _)| *best);
    Round {
        tables: seated.into_iter().map(|(_, t)| t).collect(),
        byes,
    }
}

/// A small deterministic generator (xorshift64) for the restarts.
struct Xorshift(u64);

impl Xorshift {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n.max(1) as u64) as usize
    }
}

/// Tables of the given sizes over ranking positions `0..n`, each sorted.
fn search(costs: &Costs, sizes: &[usize]) -> Vec<Vec<usize>> {
    let mut tables: Vec<Vec<usize>> = Vec::with_capacity(sizes.len());
    let mut next = 0;
    for &k in sizes {
        tables.push((next..next + k).collect());
        next += k;
    }
    let mut current = Tables::new(costs, tables);
    current.improve(costs);
    let mut best = current.clone();
    if sizes.len() < 2 {
        return best.tables;
    }
    let mut rng = Xorshift(0x9e37_79b9_7f4a_7c15 ^ costs.n as u64);
    for restart in 0..restarts(costs.n) {
        // Half the restarts shake the best tables a little, half start afresh
        // from a random seating.
        let mut trial = if restart % 2 == 0 {
            let mut trial = best.clone();
            for _ in 0..3 {
                let t1 = rng.below(sizes.len());
                let mut t2 = rng.below(sizes.len() - 1);
                if t2 >= t1 {
                    t2 += 1;
                }
                let i = rng.below(trial.tables[t1].len());
                let j = rng.below(trial.tables[t2].len());
                trial.swap(costs, t1, i, t2, j);
            }
            trial
        } else {
            let mut order: Vec<usize> = (0..costs.n).collect();
            for i in (1..order.len()).rev() {
                order.swap(i, rng.below(i + 1));
            }
            let mut tables = Vec::with_capacity(sizes.len());
            let mut next = 0;
            for &k in sizes {
                let mut table = order[next..next + k].to_vec();
                table.sort_unstable();
                tables.push(table);
                next += k;
            }
            Tables::new(costs, tables)
        };
        trial.improve(costs);
        if trial.total < best.total {
            best = trial;
        }
    }
    best.tables
}

/// How many restarts the search makes for `n` players: a local search costs
/// about `n * n` table evaluations, so about 60,000 table evaluations in all
/// (many restarts for small events, whose few seatings are all worth trying;
/// at least 24).
fn restarts(n: usize) -> usize {
    (60_000 / (n * n).max(1)).clamp(24, 600)
}

/// Tables with their costs.
#[derive(Clone)]
struct Tables {
    tables: Vec<Vec<usize>>,
    costs: Vec<Cost>,
    total: Cost,
}

impl Tables {
    fn new(costs: &Costs, tables: Vec<Vec<usize>>) -> Tables {
        let table_costs: Vec<Cost> = tables.iter().map(|t| costs.table(t).0).collect();
        let total = table_costs.iter().fold(Cost::default(), |a, &c| a + c);
        Tables {
            tables,
            costs: table_costs,
            total,
        }
    }

    fn recount(&mut self) {
        self.total = self.costs.iter().fold(Cost::default(), |a, &c| a + c);
    }

    /// Swaps member `i` of table `t1` with member `j` of table `t2`.
    fn swap(&mut self, costs: &Costs, t1: usize, i: usize, t2: usize, j: usize) {
        let (a, b) = (self.tables[t1][i], self.tables[t2][j]);
        self.tables[t1][i] = b;
        self.tables[t2][j] = a;
        self.tables[t1].sort_unstable();
        self.tables[t2].sort_unstable();
        self.costs[t1] = costs.table(&self.tables[t1]).0;
        self.costs[t2] = costs.table(&self.tables[t2]).0;
        self.recount();
    }

    /// Swaps players between tables while a swap lowers the cost (the first
    /// improving swap found is made).
    fn improve(&mut self, costs: &Costs) {
        let mut a = Vec::with_capacity(4);
        let mut b = Vec::with_capacity(4);
        loop {
            let mut improved = false;
            for t1 in 0..self.tables.len() {
                for t2 in t1 + 1..self.tables.len() {
                    for i in 0..self.tables[t1].len() {
                        for j in 0..self.tables[t2].len() {
                            a.clear();
                            a.extend_from_slice(&self.tables[t1]);
                            b.clear();
                            b.extend_from_slice(&self.tables[t2]);
                            std::mem::swap(&mut a[i], &mut b[j]);
                            a.sort_unstable();
                            b.sort_unstable();
                            let (ca, cb) = (costs.table(&a).0, costs.table(&b).0);
                            if ca + cb < self.costs[t1] + self.costs[t2] {
                                self.tables[t1].clone_from(&a);
                                self.tables[t2].clone_from(&b);
                                self.costs[t1] = ca;
                                self.costs[t2] = cb;
                                improved = true;
                            }
                        }
                    }
                }
            }
            if !improved {
                break;
            }
        }
        self.recount();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Score, Uneven, pair_round};

    fn settings(k: usize) -> Settings {
        Settings::swiss(k)
    }

    #[test]
    fn the_first_round_seats_the_ranking_in_order() {
        let h = History::new(8);
        let round = pair_round(&h, &settings(4)).unwrap();
        assert_eq!(round.tables, [vec![0, 1, 2, 3], vec![4, 5, 6, 7]]);
        assert!(round.byes.is_empty());
    }

    #[test]
    fn byes_and_mixed_tables() {
        let h = History::new(7);
        let round = pair_round(&h, &settings(3)).unwrap();
        assert_eq!(round.byes, [6]);
        let mixed = Settings {
            uneven: Uneven::Mixed,
            ..settings(3)
        };
        let round = pair_round(&h, &mixed).unwrap();
        assert!(round.byes.is_empty());
        let mut sizes: Vec<usize> = round.tables.iter().map(Vec::len).collect();
        sizes.sort_unstable();
        assert_eq!(sizes, [3, 4]);
    }

    #[test]
    fn players_close_in_score_meet() {
        let mut h = History::new(6);
        for p in [1, 3, 5] {
            h.add_points(p, Score::ONE);
        }
        let round = pair_round(&h, &settings(3)).unwrap();
        let mut top = round.tables[0].clone();
        top.sort_unstable();
        assert_eq!(top, [1, 3, 5]);
    }

    #[test]
    fn repeats_are_avoided_before_scores_are_kept_together() {
        // Two tables of 3 from the same 6: each new table has two who met.
        let mut h = History::new(6);
        h.add_table(&[0, 1, 2]);
        h.add_table(&[3, 4, 5]);
        let round = pair_round(&h, &settings(3)).unwrap();
        let repeats: usize = round
            .tables
            .iter()
            .map(|t| {
                (0..3)
                    .flat_map(|i| (i + 1..3).map(move |j| (i, j)))
                    .filter(|&(i, j)| h.meetings(t[i], t[j]) > 0)
                    .count()
            })
            .sum();
        assert_eq!(repeats, 2, "{:?}", round.tables);
        let mut h = History::new(9);
        for t in [[0, 1, 2], [3, 4, 5], [6, 7, 8]] {
            h.add_table(&t);
        }
        let round = pair_round(&h, &settings(3)).unwrap();
        for t in &round.tables {
            for (i, &a) in t.iter().enumerate() {
                for &b in &t[i + 1..] {
                    assert_eq!(h.meetings(a, b), 0, "{:?}", round.tables);
                }
            }
        }
    }

    #[test]
    fn seats_rotate() {
        let mut h = History::new(3);
        let mut firsts = [0; 3];
        for _ in 0..6 {
            let round = pair_round(&h, &settings(3)).unwrap();
            firsts[round.tables[0][0]] += 1;
            h.add_table(&round.tables[0]);
        }
        assert_eq!(firsts, [2, 2, 2]);
        for e in h.entrants() {
            for s in 0..3 {
                assert_eq!(e.seats.iter().filter(|x| x.seat == s).count(), 2);
            }
        }
    }
}

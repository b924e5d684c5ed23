//! The Swiss pairing of tables of 2: no rematch while one can be avoided, the
//! seat rule kept (never one seat three times in a row, first and second seats
//! at most 1 apart), score groups paired from the top, alternation granted where
//! the score groups allow, a bye to the lowest ranked player among those with
//! the fewest byes.

use crate::History;
use crate::matching;
use crate::round::Round;
use crate::seats;

/// The tables and bye of a Swiss round of 2 players a table, for the active
/// players of `history`.
///
/// 1. Players are ranked by points, then seed.
/// 2. With an odd number, the bye goes to the lowest ranked player among those
///    with the fewest byes, unless giving it to another of them lets the rest be
///    paired with fewer rematches (or with the seat rule kept).
/// 3. From the top, each player takes an opponent such that everybody else can
///    still be paired at the strictest level possible this round: first no
///    rematch and the seat rule kept (no two players who both must have the
///    same seat, see [`seats::compatible`]); else no rematch and the rule's
///    fallback kept, a difference of 2 but nobody one seat three times in a
///    row (see [`seats::keeps_absolute`]); else no rematch; else as few
///    rematches as there must be. Whether the rest can still be paired is a
///    maximum matching, so the pairing never ends in a dead end.
/// 4. Among the opponents that keep that level, the player takes one of the
///    highest score, and within that score the one whose seat wish clashes
///    least with theirs (see [`seats::clash`]), then the highest ranked: seat
///    wishes choose among opponents of equal score, never across scores.
/// 5. Seats: see [`crate::seats`].
pub(crate) fn pair(history: &History) -> Round {
    let mut order = history.ranked();
    let mut byes = Vec::new();
    if order.len() % 2 == 1 {
        let bye = choose_bye(history, &order);
        order.retain(|&p| p != bye);
        byes.push(bye);
    }
    let pairs = pair_players(history, &order);
    let tables = pairs
        .iter()
        .enumerate()
        .map(|(t, &(a, b))| {
            let (ea, eb) = (history.entrant(a), history.entrant(b));
            seats::order_two((a, ea), (b, eb), t).to_vec()
        })
        .collect();
    Round { tables, byes }
}

/// How well the players of `order` can be paired: the number of pairs without
/// a rematch, then of pairs that also keep the seat rule's fallback (see
/// [`seats::keeps_absolute`]), then of pairs that keep the seat rule itself.
fn quality(history: &History, order: &[usize]) -> (usize, usize, usize) {
    let levels = Levels::new(history);
    (
        matching::size(order, &|a, b| levels.fresh(a, b)),
        matching::size(order, &|a, b| levels.fallback(a, b)),
        matching::size(order, &|a, b| levels.strict(a, b)),
    )
}

/// The kinds of pair of the seat rule's levels, strictest last.
struct Levels<'h> {
    history: &'h History,
}

impl<'h> Levels<'h> {
    fn new(history: &'h History) -> Levels<'h> {
        Levels { history }
    }

    /// No rematch.
    fn fresh(&self, a: usize, b: usize) -> bool {
        self.history.meetings(a, b) == 0
    }

    /// No rematch, nobody one seat three times in a row (or first and second
    /// seats 3 apart): the seat rule's fallback.
    fn fallback(&self, a: usize, b: usize) -> bool {
        self.fresh(a, b) && seats::keeps_absolute(self.history.entrant(a), self.history.entrant(b))
    }

    /// No rematch and the seat rule kept.
    fn strict(&self, a: usize, b: usize) -> bool {
        self.fresh(a, b) && seats::compatible(self.history.entrant(a), self.history.entrant(b))
    }
}

/// The player who sits out: the lowest ranked among those with the fewest byes
/// whose absence lets the others be paired best (see [`quality`]).
fn choose_bye(history: &History, order: &[usize]) -> usize {
    let fewest = order
        .iter()
        .map(|&p| history.entrant(p).byes)
        .min()
        .unwrap_or(0);
    let candidates: Vec<usize> = order
        .iter()
        .rev()
        .copied()
        .filter(|&p| history.entrant(p).byes == fewest)
        .collect();
    let perfect = order.len() / 2;
    let mut best: Option<((usize, usize, usize), usize)> = None;
    for &c in &candidates {
        let rest: Vec<usize> = order.iter().copied().filter(|&p| p != c).collect();
        let q = quality(history, &rest);
        if q == (perfect, perfect, perfect) {
            return c;
        }
        if best.is_none_or(|(b, _)| q > b) {
            best = Some((q, c));
        }
    }
    best.map_or(order[order.len() - 1], |(_, c)| c)
}

/// Pairs `order` (ranked, of even length) at the strictest level possible.
fn pair_players(history: &History, order: &[usize]) -> Vec<(usize, usize)> {
    let half = order.len() / 2;
    let entrant = |p: usize| history.entrant(p);
    let levels = Levels::new(history);
    let fresh = |a: usize, b: usize| levels.fresh(a, b);
    let compatible = |a: usize, b: usize| seats::compatible(entrant(a), entrant(b));
    let strict = |a: usize, b: usize| levels.strict(a, b);
    let fallback = |a: usize, b: usize| levels.fallback(a, b);
    // Within a level: the opponent of the highest score, then the least seat
    // clash, then (the sort is stable) the highest ranked.
    let by_score = |a: usize, b: usize| {
        (
            std::cmp::Reverse(entrant(b).points),
            seats::clash(entrant(a), entrant(b)),
        )
    };
    if matching::size(order, &strict) == half {
        return greedy(order, &strict, half, &|a, b| (0, by_score(a, b)));
    }
    // No pairing without a rematch keeps the seat rule for everybody: a
    // difference of 2 before a third seat in a row, for as few as the greedy
    // can (the level itself is kept whatever the choice).
    let strong_broken = |a: usize, b: usize| u32::from(!compatible(a, b));
    if matching::size(order, &fallback) == half {
        return greedy(order, &fallback, half, &|a, b| {
            (strong_broken(a, b), by_score(a, b))
        });
    }
    // Somebody must get one seat a third time in a row: keep the absolute
    // seat rule where the greedy can.
    let fresh_pairs = matching::size(order, &fresh);
    if fresh_pairs == half {
        // Breaking a strong wish (seats 2 apart) before an absolute one.
        let absolute_first = |a: usize, b: usize| {
            let broken = if compatible(a, b) {
                0
            } else {
                seats::clash(entrant(a), entrant(b)) - 1
            };
            (broken, by_score(a, b))
        };
        return greedy(order, &fresh, half, &absolute_first);
    }
    // Rematches cannot all be avoided: as few as there must be, between players
    // who met least often.
    let least_met = |a: usize, b: usize| {
        let broken = u32::from(!compatible(a, b));
        let class = if fresh(a, b) {
            broken
        } else {
            2 + 2 * history.meetings(a, b) + broken
        };
        (class, by_score(a, b))
    };
    greedy(order, &fresh, fresh_pairs, &least_met)
}

/// The order in which a player considers opponents: a level class (lower
/// first), then the opponent's score (higher first) and the seat clash (lower
/// first).
type Preference = (u32, (std::cmp::Reverse<crate::Score>, u32));

/// From the top, pairs each player with the first opponent (by `class`, then
/// ranking) that still lets the others form `target` pairs of `allowed` kind in
/// all; a player is paired outside `allowed` only when that still holds.
fn greedy(
    order: &[usize],
    allowed: &dyn Fn(usize, usize) -> bool,
    target: usize,
    class: &dyn Fn(usize, usize) -> Preference,
) -> Vec<(usize, usize)> {
    let mut remaining: Vec<usize> = order.to_vec();
    let mut needed = target;
    // A maximum matching of `remaining` over `allowed`, as mates by player.
    let mut mate = mates(&remaining, allowed);
    let mut pairs = Vec::with_capacity(order.len() / 2);
    while remaining.len() >= 2 {
        let a = remaining[0];
        let mut candidates: Vec<usize> = remaining[1..].to_vec();
        candidates.sort_by_key(|&b| class(a, b)); // stable: ranking within a class
        let mut chosen = None;
        for b in candidates {
            let fits = allowed(a, b);
            let still_needed = needed - usize::from(fits);
            if !fits && still_needed * 2 > remaining.len() - 2 {
                continue;
            }
            if fits && mate.get(&a) == Some(&b) {
                chosen = Some((b, still_needed, None));
                break;
            }
            let rest: Vec<usize> = remaining
                .iter()
                .copied()
                .filter(|&p| p != a && p != b)
                .collect();
            let rest_mates = mates(&rest, allowed);
            if rest_mates.len() / 2 >= still_needed {
                chosen = Some((b, still_needed, Some(rest_mates)));
                break;
            }
        }
        let (b, still_needed, new_mates) =
            chosen.expect("the maximum matching promised a completion");
        pairs.push((a, b));
        needed = still_needed;
        remaining.retain(|&p| p != a && p != b);
        match new_mates {
            Some(m) => mate = m,
            None => {
                mate.remove(&a);
                mate.remove(&b);
            }
        }
    }
    pairs
}

/// A maximum matching of `players` over `allowed`, as a map from each matched
/// player to their partner.
fn mates(
    players: &[usize],
    allowed: &dyn Fn(usize, usize) -> bool,
) -> std::collections::HashMap<usize, usize> {
    matching::maximum(players, allowed)
        .iter()
        .enumerate()
        .filter_map(|(i, m)| m.map(|j| (players[i], players[j])))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Score;

    #[test]
    fn pairs_from_the_top_and_gives_the_bye_to_the_lowest() {
        let h = History::new(5);
        let round = pair(&h);
        assert_eq!(round.byes, [4]);
        assert_eq!(round.tables, [vec![0, 1], vec![3, 2]]);
    }

    #[test]
    fn avoids_a_rematch_that_the_greedy_choice_would_force() {
        // Everybody on 0 points; 0 has met 1, 2 has met 3 and 1 has met 3:
        // 0 takes 2 only if 1 and 3 could still meet, which they cannot.
        let mut h = History::new(4);
        h.meet(&[0, 1]);
        h.meet(&[2, 3]);
        h.meet(&[1, 3]);
        let round = pair(&h);
        let mut tables: Vec<Vec<usize>> = round
            .tables
            .iter()
            .map(|t| {
                let mut t = t.clone();
                t.sort_unstable();
                t
            })
            .collect();
        tables.sort();
        assert_eq!(tables, [vec![0, 3], vec![1, 2]]);
    }

    #[test]
    fn fewest_rematches_when_some_are_unavoidable() {
        // Four players who have all met: two rematches, between the pairs met least.
        let mut h = History::new(4);
        for (a, b) in [(0, 1), (2, 3), (0, 2), (1, 3), (0, 3), (1, 2), (0, 1)] {
            h.meet(&[a, b]);
        }
        let round = pair(&h);
        assert!(round.tables.iter().all(|t| h.meetings(t[0], t[1]) == 1));
    }

    #[test]
    fn score_groups_come_first() {
        let mut h = History::new(4);
        h.add_points(3, Score::ONE);
        h.add_points(1, Score::ONE);
        let round = pair(&h);
        let mut first: Vec<usize> = round.tables[0].clone();
        first.sort_unstable();
        assert_eq!(first, [1, 3]);
    }

    #[test]
    fn the_seat_rule_splits_a_score_group_to_keep_seats_within_one() {
        // Round 1: 0-1 and 3-2, 4 sits out; the second seats (1 and 2) win.
        // Both winners need the first seat (else one would sit second twice,
        // 2 apart): they lead alone but each meets another player and both
        // sit first.
        let mut h = History::new(5);
        for table in [[0, 1], [3, 2]] {
            h.add_table(&table);
            h.add_points(table[1], Score::ONE);
        }
        h.add_bye(4, Score::from_twelfths(6));
        let round = pair(&h);
        assert_eq!(round.byes, [3]);
        assert_eq!(round.tables, [vec![1, 4], vec![2, 0]]);
    }

    #[test]
    fn the_absolute_seat_rule_splits_a_score_group() {
        // 0 and 1 lead alone and have not met, but both sat first twice in a
        // row: a third first seat is never given, so each meets another.
        let mut h = History::new(6);
        for table in [[0, 2], [1, 3], [4, 5], [0, 3], [1, 4], [2, 5]] {
            h.add_table(&table);
        }
        for _ in 0..2 {
            h.add_points(0, Score::ONE);
            h.add_points(1, Score::ONE);
        }
        let round = pair(&h);
        for table in &round.tables {
            assert!(!table.contains(&0) || !table.contains(&1), "{round:?}");
            assert!(table[0] != 0 && table[0] != 1, "{round:?}");
        }
    }

    #[test]
    fn a_difference_of_two_before_a_third_seat_in_a_row() {
        // An 8-player event of five rounds where no pairing without a rematch
        // keeps everybody's seats within 1, but one lets two players' seats
        // get 2 apart and gives nobody one seat a third time in a row. Seeds:
        // P08, P04, P06, P07, P05, P01, P02, P03; tables in seat order, with
        // the points of each seat in halves.
        let (p08, p04, p06, p07, p05, p01, p02, p03) = (0, 1, 2, 3, 4, 5, 6, 7);
        let rounds = [
            [
                (p08, p04, 2, 0),
                (p07, p06, 2, 0),
                (p05, p01, 1, 1),
                (p03, p02, 0, 2),
            ],
            [
                (p02, p08, 0, 2),
                (p01, p07, 1, 1),
                (p04, p05, 1, 1),
                (p06, p03, 1, 1),
            ],
            [
                (p08, p07, 2, 0),
                (p05, p02, 0, 2),
                (p03, p01, 0, 2),
                (p06, p04, 1, 1),
            ],
            [
                (p01, p08, 1, 1),
                (p02, p06, 2, 0),
                (p07, p05, 2, 0),
                (p04, p03, 2, 0),
            ],
            [
                (p08, p06, 1, 1),
                (p07, p02, 1, 1),
                (p04, p01, 0, 2),
                (p05, p03, 1, 1),
            ],
        ];
        let mut h = History::new(8);
        for round in rounds {
            for (first, second, a, b) in round {
                h.add_table(&[first, second]);
                h.add_points(first, Score::from_twelfths(6 * a));
                h.add_points(second, Score::from_twelfths(6 * b));
            }
        }
        let round = pair(&h);
        assert!(round.tables.iter().all(|t| h.meetings(t[0], t[1]) == 0));
        for table in &round.tables {
            for (seat, &p) in table.iter().enumerate() {
                let seats = &h.entrant(p).seats;
                let last_two = &seats[seats.len() - 2..];
                assert!(
                    last_two.iter().any(|s| usize::from(s.seat) != seat),
                    "player {p} gets seat {seat} a third time in a row: {round:?}"
                );
            }
        }
    }
}

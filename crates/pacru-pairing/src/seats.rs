//! Seats: who sits first. The first seat moves first, and moving first is worth
//! something (in random self-play the first seat wins about 53% of 2-player
//! games), so each player's seats are kept as even as the rounds allow.

use crate::Entrant;

/// A seat at a 2-player table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Seat {
    First,
    Second,
}

impl Seat {
    fn other(self) -> Seat {
        match self {
            Seat::First => Seat::Second,
            Seat::Second => Seat::First,
        }
    }

    fn of(index: u8) -> Seat {
        if index == 0 {
            Seat::First
        } else {
            Seat::Second
        }
    }
}

/// How much a player wants a seat at a 2-player table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Want {
    /// No wish: no game yet.
    None,
    /// The seat not taken last time (alternation).
    Mild(Seat),
    /// The seat that keeps the player's first and second seats at most 1 apart
    /// and never gives the same seat three times in a row.
    Absolute(Seat),
}

/// First seats minus second seats.
fn difference(entrant: &Entrant) -> i64 {
    entrant
        .seats
        .iter()
        .map(|&s| if s == 0 { 1 } else { -1 })
        .sum()
}

/// What `entrant` wants at a 2-player table.
pub(crate) fn want(entrant: &Entrant) -> Want {
    let seats = &entrant.seats;
    let Some(&last) = seats.last() else {
        return Want::None;
    };
    let last = Seat::of(last);
    match difference(entrant) {
        d if d >= 1 => Want::Absolute(Seat::Second),
        d if d <= -1 => Want::Absolute(Seat::First),
        _ if seats.len() >= 2 && Seat::of(seats[seats.len() - 2]) == last => {
            Want::Absolute(last.other())
        }
        _ => Want::Mild(last.other()),
    }
}

/// Whether `a` and `b` can sit at one table with both seat rules kept.
pub(crate) fn compatible(a: &Entrant, b: &Entrant) -> bool {
    match (want(a), want(b)) {
        (Want::Absolute(x), Want::Absolute(y)) => x != y,
        _ => true,
    }
}

/// The seat order of a 2-player table of `higher` (the better ranked) and
/// `lower`: both wishes granted when they differ; else the stronger wish (an
/// absolute one over alternation, a larger seat difference over a smaller one);
/// else the better ranked player's wish; with no wish at all, the better ranked
/// player sits first at odd tables (`table` counts from 0) and second at even ones.
pub(crate) fn order_two(
    higher: (usize, &Entrant),
    lower: (usize, &Entrant),
    table: usize,
) -> [usize; 2] {
    let (wh, wl) = (want(higher.1), want(lower.1));
    let seat_of = |w: Want| match w {
        Want::None => None,
        Want::Mild(s) | Want::Absolute(s) => Some(s),
    };
    let higher_seat = match (seat_of(wh), seat_of(wl)) {
        (None, None) => {
            if table.is_multiple_of(2) {
                Seat::First
            } else {
                Seat::Second
            }
        }
        (Some(h), None) => h,
        (None, Some(l)) => l.other(),
        (Some(h), Some(l)) if h != l => h,
        (Some(h), Some(_)) => {
            let strength = |w: Want, e: &Entrant| {
                let kind = match w {
                    Want::None => 0,
                    Want::Mild(_) => 1,
                    Want::Absolute(_) => 2,
                };
                (kind, difference(e).abs())
            };
            if strength(wl, lower.1) > strength(wh, higher.1) {
                h.other()
            } else {
                h
            }
        }
    };
    match higher_seat {
        Seat::First => [higher.0, lower.0],
        Seat::Second => [lower.0, higher.0],
    }
}

/// What giving a player a seat at a table of 3 or 4 does to their seats, worst
/// first: their first seats out of line (more than a whole seat from an even
/// share), two seat counts more than 1 apart, and how often they already had it
/// (so that the seat least had is preferred).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct SeatCost {
    pub(crate) first_out_of_line: u64,
    pub(crate) out_of_line: u64,
    pub(crate) had: u64,
}

/// The cost of giving `entrant` seat `seat` at a table of `size` (seats of
/// larger tables do not count).
pub(crate) fn seat_cost(entrant: &Entrant, seat: usize, size: usize) -> SeatCost {
    let mut counts = [0u64; 4];
    for &s in &entrant.seats {
        if usize::from(s) < size {
            counts[usize::from(s)] += 1;
        }
    }
    let had = counts[seat];
    counts[seat] += 1;
    let counts = &counts[..size];
    let games: u64 = counts.iter().sum();
    let k = size as u64;
    let max = counts.iter().max().copied().unwrap_or(0);
    let min = counts.iter().min().copied().unwrap_or(0);
    SeatCost {
        first_out_of_line: u64::from((k * counts[0]).abs_diff(games) >= k),
        out_of_line: u64::from(max - min > 1),
        had,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entrant(seats: &[u8]) -> Entrant {
        Entrant {
            seats: seats.to_vec(),
            active: true,
            ..Entrant::default()
        }
    }

    #[test]
    fn wishes_follow_the_difference_and_the_last_two_seats() {
        assert_eq!(want(&entrant(&[])), Want::None);
        assert_eq!(want(&entrant(&[0])), Want::Absolute(Seat::Second));
        assert_eq!(want(&entrant(&[1])), Want::Absolute(Seat::First));
        assert_eq!(want(&entrant(&[0, 1])), Want::Mild(Seat::First));
        assert_eq!(want(&entrant(&[1, 0])), Want::Mild(Seat::Second));
        assert_eq!(want(&entrant(&[1, 1, 0, 0])), Want::Absolute(Seat::Second));
        assert!(!compatible(&entrant(&[0]), &entrant(&[0])));
        assert!(compatible(&entrant(&[0]), &entrant(&[1])));
        assert!(compatible(&entrant(&[0, 1]), &entrant(&[0, 1])));
    }

    #[test]
    fn seat_order_grants_wishes() {
        let (a, b) = (entrant(&[0]), entrant(&[1]));
        assert_eq!(order_two((0, &a), (1, &b), 0), [1, 0]);
        let (a, b) = (entrant(&[]), entrant(&[]));
        assert_eq!(order_two((0, &a), (1, &b), 0), [0, 1]);
        assert_eq!(order_two((0, &a), (1, &b), 1), [1, 0]);
        // Same mild wish: the better ranked player gets it.
        let (a, b) = (entrant(&[0, 1]), entrant(&[0, 1]));
        assert_eq!(order_two((4, &a), (7, &b), 0), [4, 7]);
        // An absolute wish beats a mild one.
        let (a, b) = (entrant(&[0, 1]), entrant(&[1]));
        assert_eq!(order_two((4, &a), (7, &b), 0), [7, 4]);
    }

    #[test]
    fn seat_costs_prefer_the_seat_least_had_and_guard_the_first() {
        let cost = |first, out, had| SeatCost {
            first_out_of_line: first,
            out_of_line: out,
            had,
        };
        let e = entrant(&[0, 1]);
        assert_eq!(seat_cost(&e, 2, 3), cost(0, 0, 0));
        assert_eq!(seat_cost(&e, 1, 3), cost(0, 1, 1));
        assert_eq!(seat_cost(&e, 0, 3), cost(1, 1, 1));
        let e = entrant(&[1, 2, 1, 2]);
        assert_eq!(seat_cost(&e, 1, 3), cost(1, 1, 2));
        assert_eq!(seat_cost(&e, 0, 3), cost(0, 0, 0));
        assert_eq!(seat_cost(&entrant(&[]), 3, 4), cost(0, 0, 0));
        // A seat of a larger table does not count at a table of 3.
        assert_eq!(seat_cost(&entrant(&[3, 3]), 0, 3), cost(0, 0, 0));
    }
}

//! Seats: who sits first. The first seat moves first, and moving first is worth
//! something (in random self-play the first seat wins about 53% of 2-player
//! games), so each player's seats are kept as even as the rounds allow.

use crate::{Entrant, Seating};

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
    /// The seat that brings the player's first and second seats level again
    /// (they differ by 1).
    Strong(Seat),
    /// The seat the player must have: the other seat would be the same seat
    /// three times in a row, or first and second seats 3 apart (they differ
    /// by 2 already).
    Absolute(Seat),
}

impl Want {
    /// The seat wished for, if any.
    fn seat(self) -> Option<Seat> {
        match self {
            Want::None => None,
            Want::Mild(s) | Want::Strong(s) | Want::Absolute(s) => Some(s),
        }
    }

    /// How strong the wish is: 0 none, 1 mild, 2 strong, 3 absolute.
    fn strength(self) -> u32 {
        match self {
            Want::None => 0,
            Want::Mild(_) => 1,
            Want::Strong(_) => 2,
            Want::Absolute(_) => 3,
        }
    }
}

/// First seats minus second seats.
fn difference(entrant: &Entrant) -> i64 {
    entrant
        .seats
        .iter()
        .map(|s| if s.seat == 0 { 1 } else { -1 })
        .sum()
}

/// What `entrant` wants at a 2-player table.
pub(crate) fn want(entrant: &Entrant) -> Want {
    let seats = &entrant.seats;
    let Some(last) = seats.last() else {
        return Want::None;
    };
    let last = Seat::of(last.seat);
    let twice = seats.len() >= 2 && Seat::of(seats[seats.len() - 2].seat) == last;
    match difference(entrant) {
        d if d >= 2 => Want::Absolute(Seat::Second),
        d if d <= -2 => Want::Absolute(Seat::First),
        _ if twice => Want::Absolute(last.other()),
        1 => Want::Strong(Seat::Second),
        -1 => Want::Strong(Seat::First),
        _ => Want::Mild(last.other()),
    }
}

/// Whether `a` and `b` can sit at one table with the seat rule kept for both:
/// neither gets one seat three times in a row, and neither's first and second
/// seats end more than 1 apart (they do not both need, or strongly want, the
/// same seat).
pub(crate) fn compatible(a: &Entrant, b: &Entrant) -> bool {
    match (want(a), want(b)) {
        (Want::Strong(x) | Want::Absolute(x), Want::Strong(y) | Want::Absolute(y)) => x != y,
        _ => true,
    }
}

/// Whether `a` and `b` can sit at one table with the seat rule's fallback kept
/// for both: neither gets one seat three times in a row, nor first and second
/// seats 3 apart (they do not both need the same seat); one of them may end
/// with first and second seats 2 apart.
pub(crate) fn keeps_absolute(a: &Entrant, b: &Entrant) -> bool {
    clash(a, b) < Want::Absolute(Seat::First).strength()
}

/// What seating `a` and `b` together costs their seat wishes: 0 when both can
/// be granted; else the strength (see [`Want`]) of the weaker of the two
/// clashing wishes, the one that goes unmet: 1 a mild wish, 2 a strong one,
/// 3 an absolute one.
pub(crate) fn clash(a: &Entrant, b: &Entrant) -> u32 {
    let (wa, wb) = (want(a), want(b));
    match (wa.seat(), wb.seat()) {
        (Some(x), Some(y)) if x == y => wa.strength().min(wb.strength()),
        _ => 0,
    }
}

/// The seat order of a 2-player table of `higher` (the better ranked) and
/// `lower`: both wishes granted when they differ; else the stronger wish (an
/// absolute one over a strong one over alternation, a larger seat difference
/// over a smaller one);
/// else the better ranked player's wish; with no wish at all, the better ranked
/// player sits first at odd tables (`table` counts from 0) and second at even ones.
pub(crate) fn order_two(
    higher: (usize, &Entrant),
    lower: (usize, &Entrant),
    table: usize,
) -> [usize; 2] {
    let (wh, wl) = (want(higher.1), want(lower.1));
    let higher_seat = match (wh.seat(), wl.seat()) {
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
            let strength = |w: Want, e: &Entrant| (w.strength(), difference(e).abs());
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

/// Each seat's count less its even share, in twelfths of a game, over
/// `seats`: a game at a table of `k` owes each of its `k` seats `12 / k`
/// twelfths and pays the seat taken 12. Positive: the seat was had more often
/// than its share. With one table size, the counts of a player's seats are at
/// most 1 apart exactly when every deviation is below 12 in size; with tables
/// of 3 and 4 mixed, that is the balance kept (seat 4 owed only by tables of 4).
pub(crate) fn deviations(seats: &[Seating]) -> [i64; 4] {
    let mut dev = [0i64; 4];
    for s in seats {
        let k = usize::from(s.table_size).clamp(1, 4);
        for d in dev.iter_mut().take(k) {
            *d -= 12 / k as i64;
        }
        dev[usize::from(s.seat).min(3)] += 12;
    }
    dev
}

/// Whether a deviation (see [`deviations`]) is a whole game or more from the
/// even share.
pub(crate) fn out_of_line(deviation: i64) -> bool {
    deviation.abs() >= 12
}

/// What giving a player a seat at a table of 3 or 4 does to their seats, worst
/// first: their first seat out of line (a whole game or more from its even
/// share, see [`deviations`]), any seat out of line, and how far the seat is
/// from the one after their last seat (so that, among seats that keep the
/// balance, seats rotate: rotating keeps the players' needs spread over the
/// seats, so that the rounds after can keep the balance too).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct SeatCost {
    pub(crate) first_out_of_line: u64,
    pub(crate) out_of_line: u64,
    pub(crate) off_rotation: u64,
}

/// The cost of giving `entrant` seat `seat` at a table of `size`.
pub(crate) fn seat_cost(entrant: &Entrant, seat: usize, size: usize) -> SeatCost {
    let mut dev = deviations(&entrant.seats);
    for d in dev.iter_mut().take(size) {
        *d -= 12 / size as i64;
    }
    dev[seat] += 12;
    let off_rotation = entrant.seats.last().map_or(0, |last| {
        let next = (usize::from(last.seat) + 1) % size;
        ((seat + size - next) % size) as u64
    });
    SeatCost {
        first_out_of_line: u64::from(out_of_line(dev[0])),
        out_of_line: u64::from(dev.iter().any(|&d| out_of_line(d))),
        off_rotation,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A player of a 2-player event who sat at `seats`.
    fn entrant(seats: &[u8]) -> Entrant {
        at(&seats.iter().map(|&s| (s, 2)).collect::<Vec<_>>())
    }

    /// A player who sat at (seat, table size) `seats`.
    fn at(seats: &[(u8, u8)]) -> Entrant {
        Entrant {
            seats: seats
                .iter()
                .map(|&(seat, table_size)| Seating { seat, table_size })
                .collect(),
            active: true,
            ..Entrant::default()
        }
    }

    #[test]
    fn wishes_follow_the_difference_and_the_last_two_seats() {
        assert_eq!(want(&entrant(&[])), Want::None);
        assert_eq!(want(&entrant(&[0])), Want::Strong(Seat::Second));
        assert_eq!(want(&entrant(&[1])), Want::Strong(Seat::First));
        assert_eq!(want(&entrant(&[0, 1])), Want::Mild(Seat::First));
        assert_eq!(want(&entrant(&[1, 0])), Want::Mild(Seat::Second));
        assert_eq!(want(&entrant(&[1, 1, 0, 0])), Want::Absolute(Seat::Second));
        assert_eq!(want(&entrant(&[1, 0, 0])), Want::Absolute(Seat::Second));
        assert_eq!(want(&entrant(&[0, 1, 0, 0])), Want::Absolute(Seat::Second));
        assert_eq!(want(&entrant(&[1, 1])), Want::Absolute(Seat::First));
        // Two players who sat first once may not meet while another pairing
        // keeps both within 1: one of them would sit first twice.
        assert!(!compatible(&entrant(&[0]), &entrant(&[0])));
        assert_eq!(clash(&entrant(&[0]), &entrant(&[0])), 2);
        assert!(compatible(&entrant(&[0]), &entrant(&[1])));
        assert_eq!(clash(&entrant(&[0]), &entrant(&[1])), 0);
        assert!(compatible(&entrant(&[0, 1]), &entrant(&[0, 1])));
        assert_eq!(clash(&entrant(&[0, 1]), &entrant(&[1])), 1);
        // Two who sat first twice in a row may not.
        assert!(!compatible(&entrant(&[0, 0]), &entrant(&[1, 0, 0])));
        assert_eq!(clash(&entrant(&[0, 0]), &entrant(&[1, 0, 0])), 3);
        assert!(!keeps_absolute(&entrant(&[0, 0]), &entrant(&[1, 0, 0])));
        // A strong wish may go unmet in the fallback, an absolute one not.
        assert!(keeps_absolute(&entrant(&[0]), &entrant(&[1, 0, 0])));
        assert!(keeps_absolute(&entrant(&[0]), &entrant(&[0])));
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
        // A strong wish beats a mild one, an absolute one a strong one.
        let (a, b) = (entrant(&[0, 1]), entrant(&[1]));
        assert_eq!(order_two((4, &a), (7, &b), 0), [7, 4]);
        let (a, b) = (entrant(&[1]), entrant(&[1, 1]));
        assert_eq!(order_two((4, &a), (7, &b), 0), [7, 4]);
    }

    #[test]
    fn seat_costs_guard_the_first_seat_then_every_seat_then_rotate() {
        let cost = |first, out, off_rotation| SeatCost {
            first_out_of_line: first,
            out_of_line: out,
            off_rotation,
        };
        let e = at(&[(0, 3), (1, 3)]);
        assert_eq!(seat_cost(&e, 2, 3), cost(0, 0, 0));
        assert_eq!(seat_cost(&e, 1, 3), cost(0, 1, 2));
        assert_eq!(seat_cost(&e, 0, 3), cost(1, 1, 1));
        let e = at(&[(1, 3), (2, 3), (1, 3), (2, 3)]);
        assert_eq!(seat_cost(&e, 1, 3), cost(1, 1, 1));
        assert_eq!(seat_cost(&e, 0, 3), cost(0, 0, 0));
        assert_eq!(seat_cost(&at(&[]), 3, 4), cost(0, 0, 0));
        // Tables of 4 owe the fourth seat; tables of 3 do not.
        let e = at(&[(0, 4), (1, 4), (2, 4)]);
        assert_eq!(seat_cost(&e, 0, 3), cost(0, 0, 0));
        let e = at(&[(0, 3), (1, 3), (2, 3)]);
        assert_eq!(seat_cost(&e, 3, 4), cost(0, 0, 0));
        assert_eq!(seat_cost(&e, 0, 4), cost(0, 0, 1));
        // The fourth seat twice in two games of 4 is out of line, whatever
        // comes next.
        let e = at(&[(3, 4), (3, 4)]);
        assert_eq!(seat_cost(&e, 0, 3), cost(0, 1, 2));
    }

    #[test]
    fn deviations_count_twelfths_of_a_game() {
        assert_eq!(deviations(&at(&[(0, 3)]).seats), [8, -4, -4, 0]);
        assert_eq!(deviations(&at(&[(0, 4), (3, 4)]).seats), [6, -6, -6, 6]);
        assert_eq!(deviations(&at(&[(1, 2)]).seats), [-6, 6, 0, 0]);
        assert!(!out_of_line(11) && out_of_line(12) && out_of_line(-12));
    }
}

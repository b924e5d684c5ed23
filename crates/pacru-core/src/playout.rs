//! Random moves and random playouts, for self-play, random engines and benchmarks.

use crate::turn::Turn;
use crate::{
    Bitboard, Field, Item, Items, Move, Movement, MovementKind, MovementSkeleton, Position,
    Reorientation,
};

/// The weight of one reorientation option (chevron and rotation) in [`Position::random_move`].
pub const REORIENTATION_WEIGHT: u64 = 1;
/// The weight of a plain movement skeleton in [`Position::random_move`].
pub const PLAIN_WEIGHT: u64 = 4;
/// The weight of a connection, connection jump or pincer skeleton.
pub const SPECIAL_WEIGHT: u64 = 32;
/// The weight of a movement that would face a partner for a meeting.
pub const MEETING_WEIGHT: u64 = 512;

/// A small, fast, seedable random number generator (SplitMix64). Not for cryptography.
#[derive(Clone, Debug)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    /// A generator started from `seed`; the same seed gives the same sequence.
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64(seed)
    }

    /// The next 64 random bits.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n` > 0), without modulo bias worth speaking of.
    #[inline]
    pub fn below(&mut self, n: u64) -> u64 {
        ((u128::from(self.next_u64()) * u128::from(n)) >> 64) as u64
    }
}

/// The `i`-th field (0-based, ascending) of `set`.
#[inline]
fn nth_field(mut set: Bitboard, i: u64) -> Option<Field> {
    for _ in 0..i {
        set.pop_first()?;
    }
    set.first()
}

/// `k` distinct fields of `set`, chosen uniformly.
fn random_subset(set: Bitboard, k: u32, rng: &mut SplitMix64) -> Bitboard {
    let mut remaining = set;
    let mut chosen = Bitboard::EMPTY;
    for _ in 0..k {
        let n = remaining.count();
        if n == 0 {
            break;
        }
        if let Some(f) = nth_field(remaining, rng.below(u64::from(n))) {
            chosen.insert(f);
            remaining.remove(f);
        }
    }
    chosen
}

impl Position {
    /// A random legal move (resignation excluded), or `None` when the game is over.
    ///
    /// First a skeleton is picked among all movement skeletons and reorientation
    /// options (chevron and rotation), with the weights [`PLAIN_WEIGHT`],
    /// [`SPECIAL_WEIGHT`], [`MEETING_WEIGHT`] and [`REORIENTATION_WEIGHT`]; then each
    /// choice uniformly. The weights make rare kinds of move (connections, pincers,
    /// meetings) turn up often in random play. Allocates nothing.
    pub fn random_move(&self, rng: &mut SplitMix64) -> Option<Move> {
        let turn = Turn::new(self, self.to_move_slot());
        let weight = |sk: &MovementSkeleton| -> u64 {
            if self.meeting_partner(&turn, sk) {
                MEETING_WEIGHT
            } else if sk.kind != MovementKind::Plain {
                SPECIAL_WEIGHT
            } else {
                PLAIN_WEIGHT
            }
        };
        let movements: u64 = self.movement_skeletons().map(|sk| weight(&sk)).sum();
        let reorientations = self.reorientation_skeletons().count() as u64 * REORIENTATION_WEIGHT;
        let total = movements + reorientations;
        if total == 0 {
            return None;
        }
        let mut pick = rng.below(total);
        if pick < movements {
            let sk = self.movement_skeletons().find(|sk| {
                let w = weight(sk);
                if pick < w {
                    true
                } else {
                    pick -= w;
                    false
                }
            })?;
            let first = if sk.needs_first_item() {
                let options = u64::from(sk.first_item_count());
                sk.first_items().nth(rng.below(options) as usize)
            } else {
                None
            };
            let meeting = self.meeting_fields_in(&turn, &sk, first);
            let meeting = if meeting.any() {
                nth_field(meeting, rng.below(u64::from(meeting.count())))
            } else {
                None
            };
            let mut items = Items::NONE;
            if let Some(item) = first {
                items.push(item);
            }
            if let Some(field) = meeting {
                items.push(Item::Field(field));
            }
            Some(Move::Movement(Movement {
                from: sk.from,
                to: sk.to,
                pincer: sk.kind == MovementKind::Pincer,
                items,
            }))
        } else {
            let option = self
                .reorientation_skeletons()
                .nth(((pick - movements) / REORIENTATION_WEIGHT) as usize)?;
            let returned = random_subset(option.returnable, option.rotation.returned_count(), rng);
            Some(Move::Reorientation(Reorientation {
                field: option.field,
                rotation: option.rotation,
                returned,
            }))
        }
    }

    /// Plays random moves until the game ends or `max_plies` moves were made;
    /// returns the number of moves made. The position is left where play stopped.
    pub fn random_playout(&mut self, rng: &mut SplitMix64, max_plies: u32) -> u32 {
        let mut plies = 0;
        while plies < max_plies {
            let Some(mv) = self.random_move(rng) else {
                break;
            };
            self.play_unchecked(&mv);
            plies += 1;
        }
        plies
    }
}

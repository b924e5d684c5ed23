//! Precomputed rays and lines between fields.

use crate::{Bitboard, Direction, Field};

/// For each field and direction: the set of fields beyond it.
pub(crate) static RAY_MASK: [[u128; 8]; 81] = build_ray_mask();
/// For each field, direction and k in 0..=8: the first k fields of the ray (fewer at
/// the edge of the board).
pub(crate) static RAY_PREFIX: [[[u128; 9]; 8]; 81] = build_ray_prefix();
/// For each field and facing: the (up to three) adjacent fields a chevron there
/// could step onto.
static STEP_TARGETS: [[u128; 8]; 81] = build_step_targets();
/// For each field and facing: the steps in the order of the directions of
/// travel (see [`steps`]).
static STEPS: [[[u8; 4]; 8]; 81] = build_steps();
/// For each field and direction: the adjacent field's index, 255 off the board.
static NEIGHBOUR: [[u8; 8]; 81] = build_neighbours();
/// For each field: its borderland's index.
pub(crate) static BORDERLAND_OF: [u8; 81] = build_borderland_of();
/// For each field: the nine fields of its borderland.
static LAND_OF: [u128; 81] = build_land_of();
/// For each field: every field on a straight line with it (all eight rays).
static LINES_THROUGH: [u128; 81] = build_lines_through();
/// For each pair of fields on a line: direction index in the low nibble, distance in
/// the high nibble; `NO_LINE` otherwise.
static LINE: [[u8; 81]; 81] = build_lines();

const NO_LINE: u8 = 0xFF;

const fn step(field: usize, dir: usize, n: usize) -> Option<usize> {
    let (df, dr) = Direction::ALL[dir].delta();
    let file = (field % 9) as i32 + df as i32 * n as i32;
    let rank = (field / 9) as i32 + dr as i32 * n as i32;
    if file >= 0 && file < 9 && rank >= 0 && rank < 9 {
        Some((rank * 9 + file) as usize)
    } else {
        None
    }
}

const fn build_ray_mask() -> [[u128; 8]; 81] {
    let mut table = [[0u128; 8]; 81];
    let mut f = 0;
    while f < 81 {
        let mut d = 0;
        while d < 8 {
            let mut n = 1;
            while let Some(g) = step(f, d, n) {
                table[f][d] |= 1u128 << g;
                n += 1;
            }
            d += 1;
        }
        f += 1;
    }
    table
}

const fn build_ray_prefix() -> [[[u128; 9]; 8]; 81] {
    let mut table = [[[0u128; 9]; 8]; 81];
    let mut f = 0;
    while f < 81 {
        let mut d = 0;
        while d < 8 {
            let mut k = 1;
            while k <= 8 {
                table[f][d][k] = table[f][d][k - 1];
                if let Some(g) = step(f, d, k) {
                    table[f][d][k] |= 1u128 << g;
                }
                k += 1;
            }
            d += 1;
        }
        f += 1;
    }
    table
}

const fn build_step_targets() -> [[u128; 8]; 81] {
    let mut table = [[0u128; 8]; 81];
    let mut f = 0;
    while f < 81 {
        let mut facing = 0;
        while facing < 8 {
            let mut turn = 0;
            while turn < 3 {
                let travel = (facing + 7 + turn) % 8;
                if let Some(g) = step(f, travel, 1) {
                    table[f][facing] |= 1u128 << g;
                }
                turn += 1;
            }
            facing += 1;
        }
        f += 1;
    }
    table
}

const fn build_steps() -> [[[u8; 4]; 8]; 81] {
    let borderlands = build_borderland_of();
    let mut table = [[[OFF_BOARD; 4]; 8]; 81];
    let mut f = 0;
    while f < 81 {
        let mut facing = 0;
        while facing < 8 {
            let travels = Direction::ALL[facing].travel_directions();
            let mut i = 0;
            while i < 3 {
                if let Some(g) = step(f, travels[i] as usize, 1) {
                    let same_land = borderlands[f] == borderlands[g];
                    table[f][facing][i] = g as u8 | if same_land { SAME_BORDERLAND } else { 0 };
                }
                i += 1;
            }
            facing += 1;
        }
        f += 1;
    }
    table
}

const fn build_neighbours() -> [[u8; 8]; 81] {
    let mut table = [[u8::MAX; 8]; 81];
    let mut f = 0;
    while f < 81 {
        let mut d = 0;
        while d < 8 {
            if let Some(g) = step(f, d, 1) {
                table[f][d] = g as u8;
            }
            d += 1;
        }
        f += 1;
    }
    table
}

const fn build_borderland_of() -> [u8; 81] {
    let mut table = [0u8; 81];
    let mut f = 0;
    while f < 81 {
        table[f] = (((f / 9) / 3) * 3 + (f % 9) / 3) as u8;
        f += 1;
    }
    table
}

const fn build_land_of() -> [u128; 81] {
    let borderlands = build_borderland_of();
    let mut table = [0u128; 81];
    let mut f = 0;
    while f < 81 {
        let mut g = 0;
        while g < 81 {
            if borderlands[g] == borderlands[f] {
                table[f] |= 1u128 << g;
            }
            g += 1;
        }
        f += 1;
    }
    table
}

const fn build_lines_through() -> [u128; 81] {
    let rays = build_ray_mask();
    let mut table = [0u128; 81];
    let mut f = 0;
    while f < 81 {
        let mut d = 0;
        while d < 8 {
            table[f] |= rays[f][d];
            d += 1;
        }
        f += 1;
    }
    table
}

/// Every field on a straight line with `field` (itself excluded).
#[inline]
pub(crate) fn lines_through(field: Field) -> Bitboard {
    Bitboard(LINES_THROUGH[field.index()])
}

/// The nine fields of the borderland that contains `field`.
#[inline]
pub(crate) fn land_of(field: Field) -> Bitboard {
    Bitboard(LAND_OF[field.index()])
}

/// An entry of [`steps`] for a step off the board.
pub(crate) const OFF_BOARD: u8 = u8::MAX;

/// The flag of an entry of [`steps`] whose field lies in the borderland of the
/// chevron's field.
pub(crate) const SAME_BORDERLAND: u8 = 0x80;

/// The steps of a chevron on `from` facing `facing`, one per direction of
/// travel in the order of [`Direction::travel_directions`]: the index of the
/// field stepped onto, with [`SAME_BORDERLAND`] added when it lies in the
/// borderland of `from`, or [`OFF_BOARD`].
#[inline]
pub(crate) fn steps(from: Field, facing: Direction) -> [u8; 4] {
    STEPS[from.index()][facing.index()]
}

/// The adjacent fields a chevron on `from` facing `facing` could step onto.
#[inline]
pub(crate) fn step_targets(from: Field, facing: Direction) -> Bitboard {
    Bitboard(STEP_TARGETS[from.index()][facing.index()])
}

const fn build_lines() -> [[u8; 81]; 81] {
    let mut table = [[NO_LINE; 81]; 81];
    let mut f = 0;
    while f < 81 {
        let mut d = 0;
        while d < 8 {
            let mut n = 1;
            while let Some(g) = step(f, d, n) {
                table[f][g] = (d as u8) | ((n as u8) << 4);
                n += 1;
            }
            d += 1;
        }
        f += 1;
    }
    table
}

/// The direction and distance from `from` to `to`, if they lie on one straight line.
#[inline]
pub(crate) fn line(from: Field, to: Field) -> Option<(Direction, u8)> {
    let entry = LINE[from.index()][to.index()];
    if entry == NO_LINE {
        None
    } else {
        Some((Direction::from_low_bits(entry), entry >> 4))
    }
}

/// The fields strictly between `from` and `to`, which lie `direction` of `from`.
#[inline]
pub(crate) fn between(from: Field, to: Field, direction: Direction) -> Bitboard {
    let d = direction.index();
    Bitboard(RAY_MASK[from.index()][d] ^ RAY_MASK[to.index()][d] ^ Bitboard::from_field(to).0)
}

/// The adjacent field of `from` in `direction`, if on the board.
#[inline]
pub(crate) fn neighbour(from: Field, direction: Direction) -> Option<Field> {
    Field::from_index(NEIGHBOUR[from.index()][direction.index()])
}

/// The first occupied field beyond `from` along `direction`, if any.
#[inline]
pub(crate) fn first_blocker(
    from: Field,
    direction: Direction,
    occupied: Bitboard,
) -> Option<Field> {
    let hits = RAY_MASK[from.index()][direction.index()] & occupied.0;
    if hits == 0 {
        return None;
    }
    Some(nearest(Bitboard(hits), direction))
}

/// The field of `hits` (not empty, all on one ray going `direction`) nearest
/// the ray's origin.
#[inline]
pub(crate) fn nearest(hits: Bitboard, direction: Direction) -> Field {
    // N, NE, E and NW increase the field index; the other four decrease it.
    let index = match direction {
        Direction::N | Direction::NE | Direction::E | Direction::NW => hits.0.trailing_zeros(),
        _ => 127 - hits.0.leading_zeros(),
    };
    Field::from_index_unchecked(index as u8)
}

//! The exact rules of Pacru, the abstract board game for 2 to 4 players on a 9 x 9
//! board of fields, chevrons and coloured markers.
//!
//! The crate implements the rules as the repository's `docs/rules.md` states them,
//! decisions on the points the published texts leave open included. Its core is [`Position`]:
//! always valid and settled, it validates moves ([`Position::play`]), generates and
//! counts complete legal moves ([`Position::legal_moves`],
//! [`Position::legal_move_count`]), offers move skeletons for engines
//! ([`Position::movement_skeletons`]) and hashes itself ([`Position::hash_key`]).
//!
//! ```
//! use pacru_core::{Position, Move};
//! let start = Position::standard(2).unwrap();
//! assert_eq!(start.legal_moves().count() as u64, start.legal_move_count());
//! let mv = start.legal_moves().next().unwrap();
//! let next = start.play(&mv).unwrap();
//! assert_ne!(next.to_move(), start.to_move());
//! ```

mod apply;
mod bitboard;
mod borderland;
mod colour;
mod describe;
mod diagram;
mod direction;
mod edition;
mod error;
mod field;
mod geometry;
mod move_text;
mod movegen;
mod moves;
mod parse_error;
mod perft;
mod players;
mod playout;
mod position;
mod ppn;
mod quick;
mod ray;
mod rule;
mod seat;
#[cfg(feature = "serde")]
mod serde_impls;
mod skeleton;
mod turn;
mod validate;
mod zobrist;

pub use bitboard::{Bitboard, BitboardIter};
pub use borderland::Borderland;
pub use colour::{Colour, ParseColourError};
pub use diagram::arrow;
pub use direction::{Direction, ParseDirectionError};
pub use edition::{ParseRulesEditionError, RulesEdition};
pub use error::{IllegalMove, PositionError};
pub use field::{Field, ParseFieldError};
pub use move_text::{MoveSyntaxError, format_move, parse_move};
pub use movegen::{LegalMoves, MovementSkeletons, ReorientationSkeleton};
pub use moves::{Item, Items, Move, Movement, Reorientation, Rotation};
pub use players::Players;
pub use playout::{MEETING_WEIGHT, PLAIN_WEIGHT, REORIENTATION_WEIGHT, SPECIAL_WEIGHT, SplitMix64};
pub use position::{Chevron, Position, Setup, Status, WinReason};
pub use ppn::{Ppn, PpnError, format_ppn, parse_ppn, parse_ppn_with_rules};
pub use rule::{ParseRuleError, Rule};
pub use seat::{ParseSeatError, Placement, Seat};
pub use skeleton::{MovementKind, MovementSkeleton};
pub use validate::{Effects, OutReason, Played};

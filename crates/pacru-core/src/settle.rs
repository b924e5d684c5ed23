//! Settling a position that [`Position::play_unchecked`] left with the end of a
//! turn still to make, and comparing positions by their settled form.
//!
//! `play_unchecked` makes the move and passes the turn to the next player with
//! chevrons, then sets `pending` instead of testing the win and whether that
//! player is blocked (R15-R16). The tests are made at the first look at the
//! position: in place by the methods that take `&mut self`, on a copy by those
//! that take `&self`. Mostly the copy is not needed: when nobody has won and the
//! player to move can step, the position as stored is already its settled form.

use crate::Position;
use std::fmt;
use std::hash::{Hash, Hasher};

impl Position {
    /// Makes the end of the turn that [`Position::play_unchecked`] left pending:
    /// the win test, and the removal of the player to move if they are blocked
    /// (repeatedly). Does nothing on a position that is settled already.
    ///
    /// Every method settles the position before it looks at it, so this is never
    /// needed for correct answers. It saves repeating the tests when a position
    /// just played into will be looked at many times.
    ///
    /// ```
    /// use pacru_core::Position;
    /// let start = Position::standard(2).unwrap();
    /// let mv = start.legal_moves().next().unwrap();
    /// let mut lazy = start.clone();
    /// lazy.play_unchecked(&mv);
    /// let eager = start.play(&mv).unwrap();
    /// assert_eq!(lazy, eager);
    /// lazy.settle();
    /// assert_eq!(lazy, eager);
    /// ```
    #[inline]
    pub fn settle(&mut self) {
        self.settle_counting();
    }

    /// [`Position::settle`], returning the number of players removed as blocked.
    #[inline]
    pub(crate) fn settle_counting(&mut self) -> u32 {
        if !self.pending {
            return 0;
        }
        self.pending = false;
        let next = self.to_move_slot();
        // Only the mover can have gained fields in the turn, and nobody had the
        // target before it: so this is the mover's win test.
        if self.is_finished_as_stored() || self.has_free_step(next) {
            return 0;
        }
        self.finish_turn_without_free_step(next)
    }

    /// Whether the position as stored is its settled form: nothing is pending,
    /// or making the pending tests would change nothing.
    #[inline]
    pub(crate) fn is_settled_as_is(&self) -> bool {
        !self.pending || self.pending_changes_nothing()
    }

    /// Whether the end of the last turn is pending and the game goes on: then
    /// a player to move found to have no movement is blocked and still to be
    /// removed. Move generation looks at the position as stored and asks this
    /// only when it found no movement, so that the usual case pays nothing.
    #[inline]
    pub(crate) fn is_blocked_pending(&self) -> bool {
        self.pending && !self.is_finished_as_stored()
    }

    /// Whether the pending end of the turn would leave the position as it is:
    /// the game is over, or the player to move has a legal movement.
    #[inline(never)]
    fn pending_changes_nothing(&self) -> bool {
        let next = self.to_move_slot();
        self.is_finished_as_stored()
            || self.has_free_step(next)
            || self.has_longer_movement_or_pincer(next)
    }

    /// `f` of the settled form of the position: the position itself, or a
    /// settled copy when a blocked player is still to be removed. For the
    /// small methods callers use often: unlike calling the method again on
    /// [`Position::settled_copy`], it leaves them free of recursion, so that
    /// the compiler can inline them.
    #[inline(always)]
    pub(crate) fn settled_with<R>(&self, f: impl FnOnce(&Position) -> R) -> R {
        if self.is_settled_as_is() {
            f(self)
        } else {
            self.settled_copy_with(f)
        }
    }

    /// [`Position::settled_with`] on a settled copy: the rare case.
    #[cold]
    #[inline(never)]
    fn settled_copy_with<R>(&self, f: impl FnOnce(&Position) -> R) -> R {
        f(&self.settled_clone())
    }

    /// The settled form of the position, when it differs from the position as
    /// stored (a blocked player is still to be removed); `None` otherwise.
    #[inline]
    pub(crate) fn settled_copy(&self) -> Option<Position> {
        if self.is_settled_as_is() {
            return None;
        }
        Some(self.settled_clone())
    }

    /// A copy of the position, settled.
    #[cold]
    #[inline(never)]
    pub(crate) fn settled_clone(&self) -> Position {
        let mut settled = self.clone();
        settled.settle();
        settled
    }
}

impl PartialEq for Position {
    fn eq(&self, other: &Position) -> bool {
        if let Some(settled) = self.settled_copy() {
            return settled == *other;
        }
        if let Some(settled) = other.settled_copy() {
            return *self == settled;
        }
        self.players == other.players
            && self.fields == other.fields
            && self.chevrons == other.chevrons
            && self.facing == other.facing
            && self.to_move == other.to_move
            && self.rules == other.rules
            && self.field_counts == other.field_counts
            && self.in_game == other.in_game
            && self.occupied == other.occupied
            && self.coloured == other.coloured
    }
}

impl Eq for Position {}

impl Hash for Position {
    fn hash<H: Hasher>(&self, state: &mut H) {
        if let Some(settled) = self.settled_copy() {
            return settled.hash(state);
        }
        self.players.hash(state);
        self.fields.hash(state);
        self.chevrons.hash(state);
        self.facing.hash(state);
        self.to_move.hash(state);
        self.rules.hash(state);
        self.field_counts.hash(state);
        self.in_game.hash(state);
        self.occupied.hash(state);
        self.coloured.hash(state);
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(settled) = self.settled_copy() {
            return settled.fmt(f);
        }
        f.debug_struct("Position")
            .field("players", &self.players)
            .field("fields", &self.fields)
            .field("chevrons", &self.chevrons)
            .field("facing", &self.facing)
            .field("to_move", &self.to_move)
            .field("rules", &self.rules)
            .field("field_counts", &self.field_counts)
            .field("in_game", &self.in_game)
            .field("occupied", &self.occupied)
            .field("coloured", &self.coloured)
            .finish()
    }
}

//! Applying moves: the board changes, then the turn ends (R15-R16).
//!
//! The inline attributes here shape the one hot path that engines, perft and
//! random play all run: `play_unchecked` is one out-of-line function that
//! applies the commonest movement inline and calls out for every rarer case
//! (pincers and several items, reorientations, resignations, the blocked test
//! beyond a free step). Without them, perft with every move applied runs 9% more
//! instructions (callgrind, depth 4 from the two-player start: 110.8 M against
//! 101.4 M); `docs/performance.md` says how to count.

use crate::geometry::{between, line};
use crate::skeleton::MovementKind;
use crate::validate::ResolvedMovement;
use crate::{Bitboard, Direction, Field, Item, Move, Movement, Position, Reorientation};

impl Position {
    /// Applies a move known to be legal here (for example one from
    /// [`Position::legal_moves`]), in place, and ends the turn as every move does.
    /// An illegal move does not panic, but its outcome is unspecified and may break
    /// the invariants of a valid position (for example a chevron left on another
    /// player's colour); use [`Position::play`] or [`Position::try_play`] for moves
    /// from outside.
    ///
    /// ```
    /// use pacru_core::Position;
    /// let start = Position::standard(3).unwrap();
    /// for mv in start.legal_moves() {
    ///     let mut child = start.clone();
    ///     child.play_unchecked(&mv);
    ///     assert_eq!(child, start.play(&mv).unwrap());
    /// }
    /// ```
    #[inline(never)]
    pub fn play_unchecked(&mut self, mv: &Move) {
        self.apply_unchecked(mv);
    }

    /// [`Position::play_unchecked`], returning the number of players removed as
    /// blocked at the end of the turn.
    pub(crate) fn apply_unchecked(&mut self, mv: &Move) -> u32 {
        match mv {
            Move::Movement(m) => self.play_movement_unchecked(m),
            Move::Reorientation(r) => self.play_reorientation_unchecked(r),
            Move::Resign => self.play_resignation(),
        }
    }

    /// The player to move resigns.
    #[inline(never)]
    fn play_resignation(&mut self) -> u32 {
        let me = self.to_move_slot();
        self.remove_all_chevrons(me);
        self.finish_turn(me)
    }

    /// Applies an unchecked movement. The commonest ones (no pincer; no item, or
    /// one crossing marker on a neutral field) are applied here; the others go to
    /// [`Position::play_movement_in_general`].
    #[inline(always)]
    fn play_movement_unchecked(&mut self, m: &Movement) -> u32 {
        let [first, second] = m.items.stored();
        let marker = match first {
            None => None,
            Some(Item::Field(field)) if !self.unions.coloured.contains(field) => Some(field),
            Some(_) => return self.play_movement_in_general(m),
        };
        // Surplus items are kept only behind two stored ones (`Items`): a
        // second item is the one test for more than one.
        debug_assert!(second.is_some() || m.items.surplus_items().is_none());
        if m.pincer || second.is_some() {
            return self.play_movement_in_general(m);
        }
        let me = self.to_move_slot();
        let Some((travel, _)) = line(m.from, m.to) else {
            return 0;
        };
        self.move_chevron(me, m.from, m.to, travel);
        if let Some(field) = marker {
            self.paint_neutral(field, me);
        }
        self.finish_turn(me)
    }

    /// Applies any unchecked movement.
    #[inline(never)]
    fn play_movement_in_general(&mut self, m: &Movement) -> u32 {
        let me = self.to_move_slot();
        let Some((travel, _)) = line(m.from, m.to) else {
            return 0;
        };
        if !self.chevrons[me].contains(m.from) {
            return 0;
        }
        if m.pincer {
            self.take_pincered(me, m.to);
        } else if self.unions.occupied.contains(m.to) {
            return 0;
        }
        self.move_chevron(me, m.from, m.to, travel);
        for item in m.items.iter() {
            self.apply_item(m, travel, item, me);
        }
        self.finish_turn(me)
    }

    /// Removes the opponent's chevron on `to`, pincered by `me`, and gives `to`
    /// to `me`'s colour.
    fn take_pincered(&mut self, me: usize, to: Field) {
        for slot in 0..self.small.players.len() {
            if slot != me && self.chevrons[slot].contains(to) {
                self.remove_chevron(slot, to);
            }
        }
        self.paint(to, me);
    }

    /// Applies one written item of an unchecked movement.
    fn apply_item(&mut self, m: &Movement, travel: Direction, item: Item, me: usize) {
        match item {
            Item::Connection => {
                let changed = between(m.from, m.to, travel) - self.fields[me];
                self.paint_set(changed, me);
            }
            Item::Field(field) => {
                if !self.fields[me].contains(field) {
                    self.paint(field, me);
                }
            }
        }
    }

    /// Applies a movement that validation resolved: its kind, travel and the
    /// meaning of each item are known, so nothing is looked up again. Returns the
    /// number of players removed as blocked.
    #[inline]
    pub(crate) fn apply_resolved(&mut self, r: &ResolvedMovement) -> u32 {
        let me = self.to_move_slot();
        if r.kind == MovementKind::Pincer {
            for slot in 0..self.small.players.len() {
                if self.chevrons[slot].contains(r.to) {
                    self.remove_chevron(slot, r.to);
                }
            }
            self.paint(r.to, me);
        }
        self.move_chevron(me, r.from, r.to, r.travel);
        match r.first {
            // The skeleton's connection fields: a connection is never a pincer,
            // so the mover's fields are still those of the start of the turn.
            Some(Item::Connection) => {
                self.paint_set(between(r.from, r.to, r.travel) - self.fields[me], me);
            }
            // A crossing marker goes on a neutral field; a transformation takes
            // another player's field.
            Some(Item::Field(field)) if r.transformation => self.paint(field, me),
            Some(Item::Field(field)) => self.paint_neutral(field, me),
            None => {}
        }
        if let Some(field) = r.meeting {
            self.paint(field, me);
        }
        self.finish_turn(me)
    }

    /// Applies an unchecked reorientation.
    #[inline(never)]
    fn play_reorientation_unchecked(&mut self, r: &Reorientation) -> u32 {
        let me = self.to_move_slot();
        if !self.chevrons[me].contains(r.field) {
            return 0;
        }
        let facing = self.small.facing.get(r.field).rotated(r.rotation.steps());
        self.small.facing.set(r.field, facing);
        self.return_to_neutral(me, r.returned);
        self.finish_turn(me)
    }

    /// Ends the turn of `mover`: checks the win (R16), passes the turn to the next
    /// player with chevrons and removes blocked players (R15), repeatedly. Returns
    /// the number of players removed as blocked.
    #[inline(always)]
    pub(crate) fn finish_turn(&mut self, mover: usize) -> u32 {
        let next = self.next_in_game_after(mover);
        self.set_to_move(next);
        if self.reached_target(mover) || self.players_in_game() <= 1 || self.has_free_step(next) {
            return 0;
        }
        self.finish_turn_without_free_step(next)
    }

    /// The rest of [`Position::finish_turn`] when the player to move, `next`,
    /// has no free step (rare).
    #[inline(never)]
    pub(crate) fn finish_turn_without_free_step(&mut self, next: usize) -> u32 {
        if self.has_longer_movement_or_pincer(next) {
            return 0;
        }
        self.remove_all_chevrons(next);
        let mut blocked = 1;
        let mut current = next;
        loop {
            let next = self.next_in_game_after(current);
            self.set_to_move(next);
            if self.players_in_game() <= 1 || self.has_legal_movement(next) {
                return blocked;
            }
            self.remove_all_chevrons(next);
            blocked += 1;
            current = next;
        }
    }

    /// Settles a position read from outside: a player to move without chevrons passes
    /// the turn on, and a blocked player to move is removed (repeatedly).
    pub(crate) fn settle_loaded(&mut self) {
        if self.is_finished() {
            return;
        }
        let slot = self.to_move_slot();
        if self.chevrons[slot].is_empty() {
            self.set_to_move(self.next_in_game_after(slot));
        }
        let slot = self.to_move_slot();
        if !self.has_legal_movement(slot) {
            self.remove_all_chevrons(slot);
            self.finish_turn(slot);
        }
    }

    /// The fields that are a colour in `self` but not in `after`, or the other way round.
    pub(crate) fn changed_fields(&self, after: &Position) -> Bitboard {
        let mut changed = Bitboard::EMPTY;
        for slot in 0..self.small.players.len() {
            changed |= self.fields[slot] ^ after.fields[slot];
        }
        changed
    }
}

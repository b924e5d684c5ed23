//! A position: field colours, chevrons, the player to move and the players.

use crate::{
    Bitboard, Colour, Direction, Field, Players, PositionError, RulesEdition, Seat, zobrist,
};

/// A chevron: whose it is and which way it faces.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Chevron {
    /// The owner.
    pub colour: Colour,
    /// The direction it faces.
    pub facing: Direction,
}

/// How a finished game was won.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum WinReason {
    /// The winner has at least the target number of fields (R16).
    Target,
    /// The winner is the only player with chevrons left (R16).
    LastStanding,
}

/// Whether the game goes on, and if not, how it ended.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Status {
    /// The player to move has a legal movement.
    Ongoing,
    /// The game is over and `winner` won.
    Won {
        /// The winner.
        winner: Colour,
        /// How.
        reason: WinReason,
    },
    /// No player has chevrons left (only in positions set up by hand).
    NoWinner,
}

/// One player's material on the board: what [`Position::tallies`] gives, in
/// order of play.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Tally {
    /// The fields of the player's colour.
    pub fields: u32,
    /// The player's chevrons (0 once the player is out).
    pub chevrons: u32,
}

/// Everything that makes a position, in plain data: the input to [`Position::from_setup`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Setup {
    /// The colours of the players who started, in order of play.
    pub players: Vec<Colour>,
    /// Each field's marker colour, `None` for neutral, indexed by field index.
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_impls::markers"))]
    pub markers: [Option<Colour>; 81],
    /// The chevrons: owner, field, facing.
    pub chevrons: Vec<(Colour, Field, Direction)>,
    /// The player whose turn it is.
    pub to_move: Colour,
    /// The rules edition the game is played under.
    pub rules: RulesEdition,
}

/// A position of the game. Always valid and settled: the player to move can make a
/// movement, or the game is finished.
///
/// Every way of making or changing a position ends the turn completely: the turn
/// passes to the next player with chevrons, a player who cannot move at the start
/// of their turn is removed (R15, repeatedly), and the game ends when someone
/// reaches the target or only one player is left (R16). So a caller never has to
/// ask whether the player to move is blocked.
///
/// ```
/// use pacru_core::{Position, Status};
/// let start = Position::standard(2).unwrap();
/// assert_eq!(start.status(), Status::Ongoing);
/// assert_eq!(start.legal_moves().count(), 28);
/// let next = start.play(&"e1-e2".parse().unwrap()).unwrap();
/// assert_eq!(next.to_move(), pacru_core::Colour::Red);
/// ```
#[derive(PartialEq, Eq, Hash, Debug)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(into = "Setup", try_from = "Setup")
)]
pub struct Position {
    /// Own-colour fields by player slot (order of play).
    pub(crate) fields: [Bitboard; 4],
    /// Chevrons by player slot.
    pub(crate) chevrons: [Bitboard; 4],
    /// Every chevron and every coloured field, kept beside the sets of each
    /// player: read on every move, copied through `black_box` (see `Clone`).
    pub(crate) unions: Unions,
    /// The facts a byte or a few long, kept together so that a copy of the
    /// position copies them as one block.
    pub(crate) small: Small,
}

/// The unions of the players' sets of a [`Position`], derived from them and kept.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(crate) struct Unions {
    /// Every chevron (derived from `chevrons`): kept, not recomputed, as the
    /// blocked test after every move reads it.
    pub(crate) occupied: Bitboard,
    /// Every field with a marker (derived from `fields`).
    pub(crate) coloured: Bitboard,
}

/// The byte-sized facts of a [`Position`], in one block: a copy of it is six
/// 16-byte moves, where the same facts as separate fields of the position are
/// copied one by one, about twice as many instructions
/// (`docs/performance.md`, "Copying a position").
///
/// Aligned to 16 bytes, the block is 96 bytes (in WebAssembly 112, see
/// [`Facings`]) and its copy writes its padding too. Unaligned, it would be 93,
/// and the compiler, free to read padding, reads its last byte (`in_game`) 4
/// bytes at a time: that read spans the copy's last
/// write and bytes the copy never writes, so it waits for the write to reach
/// the cache (perft 25% slower, `docs/performance.md`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[repr(align(16))]
pub(crate) struct Small {
    pub(crate) players: Players,
    /// The facing of the chevron on each field; `N` where no chevron stands.
    pub(crate) facing: Facings,
    pub(crate) to_move: u8,
    pub(crate) rules: RulesEdition,
    /// Own-colour fields per player slot (derived from `fields`), each plus
    /// `128 - target` ([`Position::lift`]): a count's high bit is set exactly
    /// when it reaches the target, so the win test is one bit test. Slots
    /// beyond the players hold 0.
    pub(crate) lifted_counts: [u8; 4],
    /// The slots whose players have chevrons, one bit each (derived from `chevrons`).
    pub(crate) in_game: u8,
}

/// A copy that the move applied next reads without waiting.
///
/// Derived, the copy is one 256-byte `memcpy` call, and the first reads of the
/// copy (the player to move, the mover's chevrons) wait for the call's wide
/// writes to reach the cache. Written field by field, the compiler copies the
/// `Unions` (every chevron, every coloured field), which a caller's move
/// generator has in registers already, from those registers in 64-bit halves,
/// and `play_unchecked` reads them 128 bits at a time, which waits until both
/// halves are written. Read through `black_box`, the two sets are copied from
/// memory as they stand, 128 bits at a time, and the next move reads them at
/// once: perft with every move applied runs in 30% less time, though it executes
/// more instructions (`docs/performance.md`, "Copying a position"). The rest is
/// copied in 16-byte moves: the players' sets, and the byte-sized facts as one
/// `Small` block.
impl Clone for Position {
    #[inline]
    fn clone(&self) -> Position {
        Position {
            fields: self.fields,
            chevrons: self.chevrons,
            unions: *std::hint::black_box(&self.unions),
            small: self.small.copied(),
        }
    }
}

impl Small {
    /// A copy of the block. Natively, six 16-byte moves. In WebAssembly a copy
    /// of the whole block is one `memory.copy`, a call into the engine, whose
    /// writes the next move's first reads (the player to move, the players in
    /// game) wait for: the npm package's perft ran 10% slower than with the
    /// facts copied one by one, as they are copied here (the facings in words,
    /// see [`Facings::copied`]).
    #[inline(always)]
    fn copied(&self) -> Small {
        #[cfg(not(target_family = "wasm"))]
        {
            *self
        }
        #[cfg(target_family = "wasm")]
        {
            // Read through `black_box`, the facts cannot be merged with the
            // facings' copy into one `memory.copy` again.
            let facts = std::hint::black_box(self);
            Small {
                players: facts.players,
                facing: self.facing.copied(),
                to_move: facts.to_move,
                rules: facts.rules,
                lifted_counts: facts.lifted_counts,
                in_game: facts.in_game,
            }
        }
    }
}

/// The facing of the chevron on each field of a position, `N` where no chevron
/// stands, read and written by field.
///
/// Natively the facings are an array of [`Direction`]s, copied with the rest of
/// [`Small`]. In WebAssembly a copy of an array of 81 bytes is one
/// `memory.copy`, a call out of the module into the engine, once for every move
/// applied to a copy; there the facings are the directions' bytes, aligned to 8,
/// so that [`Facings::copied`] copies them as aligned 8-byte words the compiler
/// loads and stores itself: the npm package's perft with every move applied ran
/// 1.08x as fast (`docs/performance.md`, "Copying a position").
#[derive(Clone, Copy, PartialEq, Eq)]
#[cfg_attr(target_family = "wasm", repr(align(8)))]
pub(crate) struct Facings(
    #[cfg(not(target_family = "wasm"))] [Direction; 81],
    #[cfg(target_family = "wasm")] [u8; 81],
);

impl Facings {
    /// No chevron anywhere: every field `N`.
    pub(crate) const NONE: Facings = Facings([Direction::N as _; 81]);

    /// The facing on `field` (`N` where no chevron stands).
    #[inline(always)]
    pub(crate) fn get(&self, field: Field) -> Direction {
        #[cfg(not(target_family = "wasm"))]
        {
            self.0[field.index()]
        }
        #[cfg(target_family = "wasm")]
        {
            Direction::from_low_bits(self.0[field.index()])
        }
    }

    /// Sets the facing on `field`.
    #[inline(always)]
    pub(crate) fn set(&mut self, field: Field, facing: Direction) {
        self.0[field.index()] = facing as _;
    }

    /// The facings as an array, field by field.
    fn directions(&self) -> [Direction; 81] {
        #[cfg(not(target_family = "wasm"))]
        {
            self.0
        }
        #[cfg(target_family = "wasm")]
        {
            self.0.map(Direction::from_low_bits)
        }
    }

    /// A copy in WebAssembly: ten 8-byte words and the last byte, each loaded
    /// and stored on its own (the compiler hoists a parent's words out of the
    /// loop over its moves), where the array's copy is one `memory.copy`.
    #[cfg(target_family = "wasm")]
    #[inline(always)]
    fn copied(&self) -> Facings {
        let words: [u64; 10] = std::array::from_fn(|i| {
            u64::from_le_bytes(self.0[8 * i..8 * i + 8].try_into().unwrap())
        });
        let mut out = [0; 81];
        for (to, word) in out.chunks_exact_mut(8).zip(words) {
            to.copy_from_slice(&word.to_le_bytes());
        }
        out[80] = self.0[80];
        Facings(out)
    }
}

/// Hashed as the array of directions, on every target.
impl std::hash::Hash for Facings {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.directions().hash(state);
    }
}

/// Shown as the array of directions, on every target.
impl std::fmt::Debug for Facings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Debug::fmt(&self.directions(), f)
    }
}

impl Position {
    /// The standard start for `count` players (2, 3 or 4) with default colours and seats.
    pub fn standard(count: usize) -> Result<Position, PositionError> {
        let players = Players::default_for(count)?;
        let seats = Seat::default_seats(count).ok_or(PositionError::PlayerCount(count))?;
        Position::standard_with(players.as_slice(), seats)
    }

    /// The standard start for the given colours (order of play) and seats (same order).
    pub fn standard_with(colours: &[Colour], seats: &[Seat]) -> Result<Position, PositionError> {
        let players = Players::new(colours)?;
        if seats.len() != players.len() {
            return Err(PositionError::BadSeats(format!(
                "{} seats given for {} players",
                seats.len(),
                players.len()
            )));
        }
        for (i, seat) in seats.iter().enumerate() {
            if seats[..i].contains(seat) {
                return Err(PositionError::BadSeats(format!(
                    "seat {seat} is taken twice"
                )));
            }
        }
        let mut chevrons = Vec::new();
        for (&colour, &seat) in colours.iter().zip(seats) {
            for (field, facing) in seat.chevrons() {
                chevrons.push((colour, field, facing));
            }
            if players.len() == 2 {
                let (field, facing) = seat.two_player_extra();
                chevrons.push((colour, field, facing));
            }
        }
        Position::from_setup(&Setup {
            players: colours.to_vec(),
            markers: [None; 81],
            chevrons,
            to_move: colours[0],
            rules: RulesEdition::default(),
        })
    }

    /// Builds a position from plain data, checking every invariant, then settles it
    /// (a blocked player to move is removed, repeatedly; see `docs/rules.md`, "Settled
    /// and finished positions").
    pub fn from_setup(setup: &Setup) -> Result<Position, PositionError> {
        let players = Players::new(&setup.players)?;
        let to_move = players
            .slot_of(setup.to_move)
            .ok_or(PositionError::ToMoveNotPlaying(setup.to_move))?;
        let mut pos = Position {
            fields: [Bitboard::EMPTY; 4],
            chevrons: [Bitboard::EMPTY; 4],
            unions: Unions {
                occupied: Bitboard::EMPTY,
                coloured: Bitboard::EMPTY,
            },
            small: Small {
                players,
                facing: Facings::NONE,
                to_move: to_move as u8,
                rules: setup.rules,
                lifted_counts: [0; 4],
                in_game: 0,
            },
        };
        for field in Field::all() {
            if let Some(colour) = setup.markers[field.index()] {
                let slot = players
                    .slot_of(colour)
                    .ok_or(PositionError::MarkerColourNotPlaying { field, colour })?;
                pos.fields[slot].insert(field);
                pos.unions.coloured.insert(field);
                pos.small.lifted_counts[slot] += 1;
            }
        }
        for slot in 0..players.len() {
            pos.small.lifted_counts[slot] += pos.lift();
        }
        for &(colour, field, facing) in &setup.chevrons {
            let slot = players
                .slot_of(colour)
                .ok_or(PositionError::ChevronColourNotPlaying { field, colour })?;
            if pos.occupied().contains(field) {
                return Err(PositionError::TwoChevrons { field });
            }
            if let Some(marker) = pos.colour_at(field)
                && marker != colour
            {
                return Err(PositionError::ChevronOnForeignColour {
                    field,
                    chevron: colour,
                    marker,
                });
            }
            pos.chevrons[slot].insert(field);
            pos.unions.occupied.insert(field);
            pos.small.in_game |= 1 << slot;
            pos.small.facing.set(field, facing);
        }
        pos.settle_loaded();
        Ok(pos)
    }

    /// The position as plain data.
    pub fn to_setup(&self) -> Setup {
        let mut markers = [None; 81];
        for field in Field::all() {
            markers[field.index()] = self.colour_at(field);
        }
        Setup {
            players: self.small.players.as_slice().to_vec(),
            markers,
            chevrons: self.chevrons().collect(),
            to_move: self.to_move(),
            rules: self.small.rules,
        }
    }

    /// The players who started, in order of play.
    #[inline]
    pub fn players(&self) -> &Players {
        &self.small.players
    }

    /// The player whose turn it is (in a finished game: who would be next).
    #[inline]
    pub fn to_move(&self) -> Colour {
        self.small.players.colour_at_slot(self.to_move_slot())
    }

    /// The rules edition in force.
    #[inline]
    pub fn rules(&self) -> RulesEdition {
        self.small.rules
    }

    /// The same position under another rules edition.
    #[must_use]
    pub fn with_rules(mut self, rules: RulesEdition) -> Position {
        self.small.rules = rules;
        self
    }

    /// The number of own-colour fields needed to win.
    #[inline]
    pub fn target(&self) -> u32 {
        self.small.players.target()
    }

    /// The colour of `field`, `None` if neutral.
    #[inline]
    pub fn colour_at(&self, field: Field) -> Option<Colour> {
        (0..self.small.players.len())
            .find(|&slot| self.fields[slot].contains(field))
            .map(|slot| self.small.players.as_slice()[slot])
    }

    /// The chevron on `field`, if any.
    #[inline]
    pub fn chevron_at(&self, field: Field) -> Option<Chevron> {
        (0..self.small.players.len())
            .find(|&slot| self.chevrons[slot].contains(field))
            .map(|slot| Chevron {
                colour: self.small.players.as_slice()[slot],
                facing: self.small.facing.get(field),
            })
    }

    /// The fields of `colour` (empty if it does not play).
    #[inline]
    pub fn fields_of(&self, colour: Colour) -> Bitboard {
        self.small
            .players
            .slot_of(colour)
            .map_or(Bitboard::EMPTY, |slot| self.fields[slot])
    }

    /// The fields holding a chevron of `colour`.
    #[inline]
    pub fn chevrons_of(&self, colour: Colour) -> Bitboard {
        self.small
            .players
            .slot_of(colour)
            .map_or(Bitboard::EMPTY, |slot| self.chevrons[slot])
    }

    /// The number of fields of `colour` on the board.
    #[inline]
    pub fn field_count(&self, colour: Colour) -> u32 {
        self.small
            .players
            .slot_of(colour)
            .map_or(0, |slot| self.count_at_slot(slot))
    }

    /// Each player's fields and chevrons, in order of play: what an evaluation
    /// reads of every player, without looking a colour up.
    ///
    /// ```
    /// use pacru_core::{Position, Tally};
    /// let start = Position::standard(3).unwrap();
    /// let tallies: Vec<Tally> = start.tallies().collect();
    /// assert_eq!(tallies, [Tally { fields: 0, chevrons: 3 }; 3]);
    /// ```
    #[inline]
    pub fn tallies(&self) -> impl ExactSizeIterator<Item = Tally> + '_ {
        (0..self.small.players.len()).map(|slot| Tally {
            fields: self.count_at_slot(slot),
            chevrons: self.chevrons[slot & 3].count(),
        })
    }

    /// Whether `colour` still has chevrons (is still in the game).
    #[inline]
    pub fn is_in_game(&self, colour: Colour) -> bool {
        self.chevrons_of(colour).any()
    }

    /// Every field holding a chevron.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.unions.occupied
    }

    /// Every field with a marker of any colour.
    #[inline]
    pub fn coloured(&self) -> Bitboard {
        self.unions.coloured
    }

    /// All chevrons as (colour, field, facing), by player in order of play, then by field.
    pub fn chevrons(&self) -> impl Iterator<Item = (Colour, Field, Direction)> + '_ {
        (0..self.small.players.len()).flat_map(move |slot| {
            let colour = self.small.players.as_slice()[slot];
            self.chevrons[slot]
                .iter()
                .map(move |field| (colour, field, self.small.facing.get(field)))
        })
    }

    /// The Zobrist hash of the position: the field colours, the chevrons (owner,
    /// field, facing) and the player to move. The rules edition is left out, as
    /// it is from PPN, so positions with the same PPN hash alike.
    ///
    /// Worked out when asked, from the position (a few hundred instructions), so
    /// that moves that never look at it do not pay to keep it up to date. A
    /// search that wants a hash at every node can keep its own, updated move by
    /// move.
    ///
    /// ```
    /// use pacru_core::Position;
    /// let start = Position::standard(2).unwrap();
    /// let again: Position = start.to_string().parse().unwrap();
    /// assert_eq!(start.hash_key(), again.hash_key());
    /// let mut moved = start.clone();
    /// moved.play_unchecked(&start.legal_moves().next().unwrap());
    /// assert_ne!(moved.hash_key(), start.hash_key());
    /// ```
    pub fn hash_key(&self) -> u64 {
        let mut hash = zobrist::TO_MOVE[self.to_move().index()];
        for slot in 0..self.small.players.len() {
            let colour = self.small.players.as_slice()[slot].index();
            for field in self.fields[slot] {
                hash ^= zobrist::marker(colour, field.index());
            }
            for field in self.chevrons[slot] {
                hash ^=
                    zobrist::chevron(colour, field.index(), self.small.facing.get(field).index());
            }
        }
        hash
    }

    /// How many players still have chevrons (are still in the game).
    #[inline]
    pub fn players_in_game(&self) -> usize {
        self.in_game_slots().count_ones() as usize
    }

    /// The slots of the players with chevrons, one bit each (slots beyond the
    /// players never have chevrons).
    #[inline]
    pub(crate) fn in_game_slots(&self) -> u32 {
        u32::from(self.small.in_game)
    }

    /// Whether the game is over, and who won.
    #[inline]
    pub fn status(&self) -> Status {
        let target = self.target();
        let mut best: Option<(usize, u32)> = None;
        for slot in 0..self.small.players.len() {
            let count = self.count_at_slot(slot);
            if count >= target && best.is_none_or(|(_, c)| count > c) {
                best = Some((slot, count));
            }
        }
        if let Some((slot, _)) = best {
            return Status::Won {
                winner: self.small.players.as_slice()[slot],
                reason: WinReason::Target,
            };
        }
        match self.players_in_game() {
            0 => Status::NoWinner,
            1 => Status::Won {
                winner: self.small.players.as_slice()[self.next_in_game_after(0)],
                reason: WinReason::LastStanding,
            },
            _ => Status::Ongoing,
        }
    }

    /// Whether the game is over.
    #[inline]
    pub fn is_finished(&self) -> bool {
        self.small.in_game.count_ones() <= 1 || self.someone_reached_target()
    }

    /// Whether a player has the target number of fields: the four lifted
    /// counts tested at once, as the bytes of one word.
    #[inline]
    fn someone_reached_target(&self) -> bool {
        u32::from_le_bytes(self.small.lifted_counts) & 0x8080_8080 != 0
    }

    /// Whether the player at `slot` has the target number of fields.
    #[inline]
    pub(crate) fn reached_target(&self, slot: usize) -> bool {
        self.small.lifted_counts[slot & 3] >= 0x80
    }

    /// What the counts are lifted by: `128 - target`, at least 86 (the target
    /// is at most 42) and at most 104, so that a lifted count (a count is at
    /// most 81) fits a byte and has its high bit set exactly when the count
    /// reaches the target.
    #[inline]
    fn lift(&self) -> u8 {
        (128 - self.target()) as u8
    }

    /// The number of fields of the player at `slot` (below the number of players).
    #[inline]
    fn count_at_slot(&self, slot: usize) -> u32 {
        u32::from(self.small.lifted_counts[slot] - self.lift())
    }

    /// The winner, if the game is over and has one.
    #[inline]
    pub fn winner(&self) -> Option<Colour> {
        match self.status() {
            Status::Won { winner, .. } => Some(winner),
            _ => None,
        }
    }

    /// The first slot after `slot` in cyclic order (ending with `slot` itself) whose
    /// player has chevrons; `slot` if nobody has.
    #[inline]
    pub(crate) fn next_in_game_after(&self, slot: usize) -> usize {
        // Read after every move: one table lookup, masked so that it needs no
        // bounds check (`in_game` has no bit beyond slot 3).
        usize::from(NEXT_IN_GAME[usize::from(self.small.in_game & 15)][slot & 3] & 3)
    }

    // ----- low-level edits that keep the field counts and players in step -----

    #[inline]
    pub(crate) fn set_to_move(&mut self, slot: usize) {
        self.small.to_move = slot as u8;
    }

    /// Gives `field` to `slot`'s colour, taking it from whoever had it.
    #[inline]
    pub(crate) fn paint(&mut self, field: Field, slot: usize) {
        // Most fields painted are neutral: test the union before looking for an owner.
        if self.unions.coloured.contains(field) {
            self.take_from_owner(field);
        }
        self.paint_neutral(field, slot);
    }

    /// Gives the neutral `field` to `slot`'s colour.
    #[inline]
    pub(crate) fn paint_neutral(&mut self, field: Field, slot: usize) {
        debug_assert!(
            self.fields.iter().all(|set| !set.contains(field)),
            "{field} is not neutral"
        );
        self.fields[slot].insert(field);
        self.unions.coloured.insert(field);
        self.small.lifted_counts[slot] += 1;
    }

    /// Takes `field` from the player whose colour it is, to be painted again at
    /// once (so `coloured` is left as it is).
    #[inline]
    fn take_from_owner(&mut self, field: Field) {
        for s in 0..self.small.players.len() {
            if self.fields[s].contains(field) {
                self.fields[s].remove(field);
                self.small.lifted_counts[s] -= 1;
                return;
            }
        }
    }

    /// Makes the fields of `set` that are `slot`'s neutral (the others stay).
    #[inline]
    pub(crate) fn return_to_neutral(&mut self, slot: usize, set: Bitboard) {
        let returned = set & self.fields[slot];
        self.fields[slot] = self.fields[slot] - returned;
        self.unions.coloured = self.unions.coloured - returned;
        self.small.lifted_counts[slot] -= returned.count() as u8;
    }

    /// Gives every field of `set` (none of them already `slot`'s) to `slot`.
    #[inline]
    pub(crate) fn paint_set(&mut self, set: Bitboard, slot: usize) {
        for field in set {
            self.paint(field, slot);
        }
    }

    #[inline]
    pub(crate) fn remove_chevron(&mut self, slot: usize, field: Field) {
        self.chevrons[slot].remove(field);
        self.unions.occupied.remove(field);
        if self.chevrons[slot].is_empty() {
            self.small.in_game &= !(1 << slot);
        }
        self.small.facing.set(field, Direction::N);
    }

    /// Moves `slot`'s chevron from `from` to the empty field `to`, facing `facing`
    /// (the player keeps as many chevrons, so nobody leaves the game).
    #[inline]
    pub(crate) fn move_chevron(&mut self, slot: usize, from: Field, to: Field, facing: Direction) {
        let moved = Bitboard::from_field(from) | Bitboard::from_field(to);
        self.chevrons[slot] ^= moved;
        self.unions.occupied ^= moved;
        self.small.facing.set(from, Direction::N);
        self.small.facing.set(to, facing);
    }

    /// Removes every chevron of `slot` (the player is out).
    pub(crate) fn remove_all_chevrons(&mut self, slot: usize) {
        for field in self.chevrons[slot] {
            self.remove_chevron(slot, field);
        }
    }

    /// The slot of the player to move.
    #[inline]
    pub(crate) fn to_move_slot(&self) -> usize {
        // Masked so that indexing the per-slot arrays needs no bounds check.
        usize::from(self.small.to_move & 3)
    }
}

/// [`Position::next_in_game_after`] for every set of slots in the game (one bit
/// each) and every slot.
const NEXT_IN_GAME: [[u8; 4]; 16] = {
    let mut table = [[0u8; 4]; 16];
    let mut in_game = 0;
    while in_game < 16 {
        let mut slot = 0;
        while slot < 4 {
            let mut next = slot;
            let mut step = 1;
            while step <= 4 {
                let candidate = (slot + step) % 4;
                if in_game & (1 << candidate) != 0 {
                    next = candidate;
                    break;
                }
                step += 1;
            }
            table[in_game][slot] = next as u8;
            slot += 1;
        }
        in_game += 1;
    }
    table
};

impl From<Position> for Setup {
    fn from(pos: Position) -> Setup {
        pos.to_setup()
    }
}

impl TryFrom<Setup> for Position {
    type Error = PositionError;
    fn try_from(setup: Setup) -> Result<Position, PositionError> {
        Position::from_setup(&setup)
    }
}

#[cfg(test)]
mod tests {
    use super::{Facings, Position, Small};

    /// The byte-sized facts fill whole 16-byte blocks, so that a copy of the
    /// position writes every byte a later read may touch (see [`Small`]).
    #[test]
    fn the_byte_sized_facts_fill_whole_16_byte_blocks() {
        assert_eq!(std::mem::size_of::<Small>(), 96);
        assert_eq!(std::mem::align_of::<Small>(), 16);
        assert_eq!(std::mem::size_of::<Position>(), 256);
    }

    /// The facings are shown and hashed as the array of directions they hold,
    /// as when they were one: a position's `Debug` output and hash stay as they
    /// were.
    #[test]
    fn facings_show_and_hash_as_their_array_of_directions() {
        use crate::{Direction, Field};
        use std::hash::{BuildHasher, RandomState};
        let mut facings = Facings::NONE;
        let mut directions = [Direction::N; 81];
        for (i, direction) in Direction::ALL.into_iter().cycle().take(81).enumerate() {
            let field = Field::from_index(i as u8).unwrap();
            facings.set(field, direction);
            directions[i] = direction;
            assert_eq!(facings.get(field), direction);
        }
        assert_eq!(format!("{facings:?}"), format!("{directions:?}"));
        assert_eq!(format!("{facings:#?}"), format!("{directions:#?}"));
        let state = RandomState::new();
        assert_eq!(state.hash_one(facings), state.hash_one(directions));
        assert_ne!(state.hash_one(facings), state.hash_one([Direction::N; 81]));
    }

    /// The table gives, for every set of slots in the game and every slot, the
    /// first slot in the game after it in cyclic order (ending with the slot
    /// itself), or the slot itself when nobody is in the game.
    #[test]
    fn next_in_game_after_walks_the_slots_in_cyclic_order() {
        let mut pos = Position::standard(4).unwrap();
        for in_game in 0..16u8 {
            pos.small.in_game = in_game;
            for slot in 0..4 {
                let expected = (1..=4)
                    .map(|step| (slot + step) % 4)
                    .find(|&next| in_game & (1 << next) != 0)
                    .unwrap_or(slot);
                assert_eq!(
                    pos.next_in_game_after(slot),
                    expected,
                    "{in_game:04b} {slot}"
                );
            }
        }
    }

    /// The lifted counts' bit tests agree with comparing each count with the
    /// target, for every count a slot can hold, in each slot, for each number
    /// of players, and give the count back.
    #[test]
    fn reaching_the_target_is_seen_in_every_slot_at_every_count() {
        for players in 2..=4 {
            let mut pos = Position::standard(players).unwrap();
            let target = pos.target();
            for slot in 0..players {
                for count in 0..=81u8 {
                    pos.small.lifted_counts = [0; 4];
                    pos.small.lifted_counts[slot] = count + pos.lift();
                    let expected = u32::from(count) >= target;
                    assert_eq!(
                        pos.someone_reached_target(),
                        expected,
                        "{players} {slot} {count}"
                    );
                    assert_eq!(pos.reached_target(slot), expected);
                    assert_eq!(pos.count_at_slot(slot), u32::from(count));
                }
            }
            pos.small.lifted_counts = [81 + pos.lift(); 4];
            pos.small.lifted_counts[players..].fill(0);
            assert!(pos.someone_reached_target());
        }
    }
}

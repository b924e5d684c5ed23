//! A game as the server holds it, and everything that changes it: seats filling,
//! moves refereed by the rules, clocks, flags, resignations and aborts. Pure
//! logic: the caller stores what changed and tells the watchers.

use super::time_control::{TimeControl, charged};
use crate::clock::Millis;
use crate::error::ApiError;
use pacru_core::{Colour, IllegalMove, Move, Position, RulesEdition};
use pacru_notation::pgr::GameResult;

/// An account as a game names it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UserRef {
    /// The account's row id.
    pub id: i64,
    /// The user name as registered.
    pub name: String,
    /// Whether the account is a program's.
    pub bot: bool,
}

/// Where a game is in its life.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameStatus {
    /// Seats are free.
    Open,
    /// Every seat is taken and the game runs.
    Playing,
    /// The game has a result.
    Finished,
    /// Given up before any move (or declined).
    Aborted,
}

impl GameStatus {
    /// The word of the API and the database.
    pub const fn as_str(self) -> &'static str {
        match self {
            GameStatus::Open => "open",
            GameStatus::Playing => "playing",
            GameStatus::Finished => "finished",
            GameStatus::Aborted => "aborted",
        }
    }

    /// The status named `word`.
    pub fn from_word(word: &str) -> Option<GameStatus> {
        [
            GameStatus::Open,
            GameStatus::Playing,
            GameStatus::Finished,
            GameStatus::Aborted,
        ]
        .into_iter()
        .find(|s| s.as_str() == word)
    }
}

/// Why a game ended, as a record's `Termination` tag says it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Termination {
    /// The rules ended it.
    Rules,
    /// The last opponent resigned.
    Resignation,
    /// A clock (or a correspondence deadline) ran out.
    Time,
    /// Given up before any move.
    Abandoned,
}

impl Termination {
    /// The tag's word.
    pub const fn as_str(self) -> &'static str {
        match self {
            Termination::Rules => "rules",
            Termination::Resignation => "resignation",
            Termination::Time => "time",
            Termination::Abandoned => "abandoned",
        }
    }

    /// The termination named `word`.
    pub fn from_word(word: &str) -> Option<Termination> {
        [
            Termination::Rules,
            Termination::Resignation,
            Termination::Time,
            Termination::Abandoned,
        ]
        .into_iter()
        .find(|t| t.as_str() == word)
    }
}

/// A seat: its colour (the seat letter is the colour's letter) and who holds it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatState {
    /// The colour played from this seat.
    pub colour: Colour,
    /// The player, once the seat is taken.
    pub user: Option<UserRef>,
}

/// A move the game accepted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayedMove {
    /// The move.
    pub mv: Move,
    /// When it was stored.
    pub at: Millis,
    /// Whether the server played it for a player out of time (a `resign`).
    pub on_time: bool,
}

/// What a change did, for the store and the watchers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Change {
    /// A seat was taken; `started` when it was the last one.
    Joined {
        /// The seat's colour.
        colour: Colour,
        /// Who took it.
        user: UserRef,
        /// Whether the game started.
        started: bool,
    },
    /// A move was played (ply is 1-based).
    Moved {
        /// The ply.
        ply: usize,
    },
    /// The game ended.
    Ended,
    /// The game was given up before any move.
    Aborted,
}

/// A game: its settings, seats, moves, clocks and result.
#[derive(Clone, Debug)]
pub struct GameState {
    /// The game's id (8 letters and digits).
    pub id: String,
    /// When it was created.
    pub created: Millis,
    /// Who created it.
    pub creator: UserRef,
    /// The rules edition.
    pub rules: RulesEdition,
    /// The clock setting.
    pub time_control: TimeControl,
    /// Whether the result counts for ratings.
    pub rated: bool,
    /// Where the game is in its life.
    pub status: GameStatus,
    /// The seats in order of play.
    pub seats: Vec<SeatState>,
    /// The users invited (empty: open in the lobby).
    pub invited: Vec<UserRef>,
    /// The moves, in order.
    pub moves: Vec<PlayedMove>,
    /// The position after the moves.
    pub position: Position,
    /// Milliseconds left per seat as of `turn_started` (`None` without a clock).
    pub clocks: Option<Vec<Millis>>,
    /// When the player to move began to think (the start, or the last move).
    pub turn_started: Millis,
    /// When the last seat was taken.
    pub started: Option<Millis>,
    /// When the game ended.
    pub ended: Option<Millis>,
    /// The result, once over (`*` before).
    pub result: GameResult,
    /// Why it ended.
    pub termination: Option<Termination>,
}

/// The longest move text the server reads, in bytes.
pub const MAX_MOVE_BYTES: usize = 64;

impl GameState {
    /// A new open game with `players` seats; the creator sits in `seat`.
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        id: String,
        now: Millis,
        creator: UserRef,
        players: usize,
        rules: RulesEdition,
        time_control: TimeControl,
        rated: bool,
        seat: Option<Colour>,
        invited: Vec<UserRef>,
    ) -> Result<GameState, ApiError> {
        let position = Position::standard(players)
            .map_err(|e| ApiError::BadRequest(format!("players: {e}")))?
            .with_rules(rules);
        let colours: Vec<Colour> = position.players().iter().collect();
        let seat = seat.unwrap_or(colours[0]);
        if !colours.contains(&seat) {
            return Err(ApiError::BadRequest(format!(
                "seat: {} is not a seat of a {players}-player game",
                seat.letter()
            )));
        }
        if invited.iter().any(|u| u.id == creator.id) {
            return Err(ApiError::BadRequest(
                "invite: you cannot invite yourself".into(),
            ));
        }
        if invited.len() >= players {
            let seats = match players - 1 {
                1 => "1 seat".to_owned(),
                others => format!("{others} seats"),
            };
            return Err(ApiError::BadRequest(format!(
                "invite: a {players}-player game has {seats} to offer, {} invited",
                invited.len()
            )));
        }
        // Only the invited may join: fewer of them than seats, and the game
        // could never start.
        if !invited.is_empty() && invited.len() < players - 1 {
            return Err(ApiError::BadRequest(format!(
                "invite: a {players}-player game needs {} invited users to fill its seats, {} given",
                players - 1,
                invited.len()
            )));
        }
        let seats = colours
            .iter()
            .map(|&colour| SeatState {
                colour,
                user: (colour == seat).then(|| creator.clone()),
            })
            .collect();
        Ok(GameState {
            id,
            created: now,
            creator,
            rules,
            time_control,
            rated,
            status: GameStatus::Open,
            seats,
            invited,
            moves: Vec::new(),
            position,
            clocks: None,
            turn_started: now,
            started: None,
            ended: None,
            result: GameResult::Unfinished,
            termination: None,
        })
    }

    /// A game with every seat taken, `players` in seat order, started at
    /// `now` (a table of an event: `creator` is its arbiter).
    pub fn seated(
        id: String,
        now: Millis,
        creator: UserRef,
        players: Vec<UserRef>,
        rules: RulesEdition,
        time_control: TimeControl,
        rated: bool,
    ) -> Result<GameState, ApiError> {
        let mut game = GameState::new(
            id,
            now,
            creator,
            players.len(),
            rules,
            time_control,
            rated,
            None,
            Vec::new(),
        )?;
        for (seat, user) in game.seats.iter_mut().zip(players) {
            seat.user = Some(user);
        }
        game.start(now);
        Ok(game)
    }

    /// Every seat is taken: the game and its clocks start.
    fn start(&mut self, now: Millis) {
        self.status = GameStatus::Playing;
        self.started = Some(now);
        self.turn_started = now;
        self.clocks = self
            .time_control
            .start_ms()
            .map(|ms| vec![ms; self.seats.len()]);
    }

    /// The game is called off, moves or not (its event's arbiter undid the
    /// round's pairing).
    pub fn cancel(&mut self, now: Millis) -> Result<Change, ApiError> {
        if matches!(self.status, GameStatus::Finished | GameStatus::Aborted) {
            return Err(ApiError::conflict("game over"));
        }
        self.status = GameStatus::Aborted;
        self.ended = Some(now);
        self.termination = Some(Termination::Abandoned);
        Ok(Change::Aborted)
    }

    /// The seat `user` holds, if any.
    pub fn seat_of(&self, user: i64) -> Option<Colour> {
        self.seats
            .iter()
            .find(|s| s.user.as_ref().is_some_and(|u| u.id == user))
            .map(|s| s.colour)
    }

    /// The player to move while the game runs.
    pub fn to_move(&self) -> Option<Colour> {
        (self.status == GameStatus::Playing).then(|| self.position.to_move())
    }

    fn slot(&self, colour: Colour) -> usize {
        self.position.players().slot_of(colour).unwrap_or(0)
    }

    /// Milliseconds left per seat at `now` (the mover's running down).
    pub fn clocks_at(&self, now: Millis) -> Option<Vec<Millis>> {
        let mut clocks = self.clocks.clone()?;
        if let Some(mover) = self.to_move() {
            let slot = self.slot(mover);
            clocks[slot] = (clocks[slot] - charged(now - self.turn_started)).max(0);
        }
        Some(clocks)
    }

    /// When the player to move runs out of time, if the game runs on a clock.
    pub fn deadline(&self) -> Option<Millis> {
        let mover = self.to_move()?;
        let left = self.clocks.as_ref()?[self.slot(mover)];
        Some(self.turn_started + left + super::time_control::LAG_ALLOWANCE_MS)
    }

    /// `user` takes a seat (`seat`, or the first free one).
    pub fn join(
        &mut self,
        user: &UserRef,
        seat: Option<Colour>,
        now: Millis,
    ) -> Result<Change, ApiError> {
        if self.status != GameStatus::Open {
            return Err(ApiError::conflict("game not open"));
        }
        if self.seat_of(user.id).is_some() {
            return Err(ApiError::conflict("already seated"));
        }
        let invited = self.invited.iter().any(|u| u.id == user.id);
        if !self.invited.is_empty() && !invited {
            return Err(ApiError::Forbidden(
                "this game is open to invited players only".into(),
            ));
        }
        if user.bot && !invited {
            return Err(ApiError::Forbidden(
                "a bot account joins only games it is invited to".into(),
            ));
        }
        let index = match seat {
            Some(colour) => {
                let index = self
                    .seats
                    .iter()
                    .position(|s| s.colour == colour)
                    .ok_or_else(|| {
                        ApiError::BadRequest(format!(
                            "seat: {} is not a seat of this game",
                            colour.letter()
                        ))
                    })?;
                if self.seats[index].user.is_some() {
                    return Err(ApiError::conflict("seat taken"));
                }
                index
            }
            None => self
                .seats
                .iter()
                .position(|s| s.user.is_none())
                .ok_or_else(|| ApiError::conflict("game full"))?,
        };
        self.seats[index].user = Some(user.clone());
        let started = self.seats.iter().all(|s| s.user.is_some());
        if started {
            self.start(now);
        }
        Ok(Change::Joined {
            colour: self.seats[index].colour,
            user: user.clone(),
            started,
        })
    }

    /// Plays out of time the player to move if their clock ran out by `now`:
    /// in a 2-player game the game ends on time; in a 3-4 player game the
    /// player leaves as by `resign` and the game goes on, the next player's
    /// time running from `now`, when that `resign` is stored, as after any
    /// move: a flag played out late (it fell while the server was down) does
    /// not flag in turn players who could not have moved meanwhile.
    pub fn flag(&mut self, now: Millis) -> Vec<Change> {
        let mut changes = Vec::new();
        if let Some(deadline) = self.deadline().filter(|&d| d <= now) {
            let mover = self.position.to_move();
            let slot = self.slot(mover);
            if let Some(clocks) = &mut self.clocks {
                clocks[slot] = 0;
            }
            if self.position.players().len() == 2 {
                let winner = self.position.players().iter().find(|&c| c != mover);
                self.finish(
                    winner.map_or(GameResult::Draw, GameResult::Winner),
                    Termination::Time,
                    deadline,
                );
                changes.push(Change::Ended);
                return changes;
            }
            self.position.play_unchecked(&Move::Resign);
            self.moves.push(PlayedMove {
                mv: Move::Resign,
                at: deadline,
                on_time: true,
            });
            self.turn_started = now;
            changes.push(Change::Moved {
                ply: self.moves.len(),
            });
            if self.position.is_finished() {
                self.finish_by_rules(Termination::Time, deadline);
                changes.push(Change::Ended);
            }
        }
        changes
    }

    /// `user` plays `text` as ply `ply` (when given), refereed by the rules.
    pub fn play(
        &mut self,
        user: i64,
        text: &str,
        ply: Option<usize>,
        now: Millis,
        abortable: bool,
    ) -> Result<Vec<Change>, ApiError> {
        if text.len() > MAX_MOVE_BYTES {
            return Err(ApiError::BadRequest(format!(
                "a move is at most {MAX_MOVE_BYTES} bytes"
            )));
        }
        let seat = self
            .seat_of(user)
            .ok_or_else(|| ApiError::Forbidden("you hold no seat in this game".into()))?;
        let mut changes = self.flag(now);
        match self.status {
            GameStatus::Playing => {}
            // No seat is to move before the last seat fills: the contract's
            // "not your turn", saying why.
            GameStatus::Open => {
                return Err(ApiError::ConflictBecause {
                    error: "not your turn",
                    message: "the game has not started: it waits for its seats to fill".into(),
                });
            }
            GameStatus::Finished | GameStatus::Aborted => {
                return Err(ApiError::conflict("game over"));
            }
        }
        if ply.is_some_and(|p| p != self.moves.len() + 1) {
            return Err(ApiError::conflict("stale"));
        }
        if self.position.to_move() != seat {
            return Err(ApiError::conflict("not your turn"));
        }
        // `pass` stands in records for a player removed as blocked, whom the
        // server passes over itself: from the player to move it is illegal,
        // as the referee says.
        if text.eq_ignore_ascii_case("pass") {
            return Err(self.refusal(pacru_referee::pass_refused()));
        }
        let mv: Move = text
            .parse()
            .map_err(|e: pacru_core::MoveSyntaxError| ApiError::Syntax(e.to_string()))?;
        if let Err(e) = self.position.validate(&mv) {
            return Err(self.refusal(e));
        }
        if mv == Move::Resign && abortable && self.unplayed() {
            changes.push(self.abort_unchecked(now)?);
            return Ok(changes);
        }
        let slot = self.slot(seat);
        let spent = charged(now - self.turn_started);
        let time_control = self.time_control;
        if let Some(clocks) = &mut self.clocks {
            clocks[slot] = time_control.after_move(clocks[slot], spent);
        }
        self.position.play_unchecked(&mv);
        let resigned = mv == Move::Resign;
        self.moves.push(PlayedMove {
            mv,
            at: now,
            on_time: false,
        });
        self.turn_started = now;
        changes.push(Change::Moved {
            ply: self.moves.len(),
        });
        if self.position.is_finished() {
            let why = if resigned {
                Termination::Resignation
            } else {
                Termination::Rules
            };
            self.finish_by_rules(why, now);
            changes.push(Change::Ended);
        }
        Ok(changes)
    }

    /// `user` resigns: the `resign` move when it is their turn; in a 2-player
    /// game also out of turn (the game ends by resignation, no move recorded).
    /// A 2-player game given up so before any move, when `abortable` (it is no
    /// event's), is aborted instead, as `abort` does: nobody wins, no rating
    /// changes.
    pub fn resign(
        &mut self,
        user: i64,
        now: Millis,
        abortable: bool,
    ) -> Result<Vec<Change>, ApiError> {
        let seat = self
            .seat_of(user)
            .ok_or_else(|| ApiError::Forbidden("you hold no seat in this game".into()))?;
        let mut changes = self.flag(now);
        if abortable && self.unplayed() {
            changes.push(self.abort_unchecked(now)?);
            return Ok(changes);
        }
        if self.status == GameStatus::Playing
            && self.position.to_move() != seat
            && self.position.players().len() == 2
        {
            self.finish(
                GameResult::Winner(self.position.to_move()),
                Termination::Resignation,
                now,
            );
            changes.push(Change::Ended);
            return Ok(changes);
        }
        if !changes.is_empty() && self.status != GameStatus::Playing {
            return Ok(changes);
        }
        changes.extend(self.play(user, "resign", None, now, abortable)?);
        Ok(changes)
    }

    /// Whether a resignation now gives up a 2-player game in play before any
    /// move: the game's status is then `aborted`.
    fn unplayed(&self) -> bool {
        self.status == GameStatus::Playing
            && self.moves.is_empty()
            && self.position.players().len() == 2
    }

    /// The refusal of an illegal move: the rule, the referee's reason and the
    /// legal moves of the position.
    fn refusal(&self, illegal: IllegalMove) -> ApiError {
        ApiError::Illegal {
            rule: illegal.rule.to_string(),
            message: illegal.reason,
            allowed: self
                .position
                .sorted_legal_moves()
                .iter()
                .map(Move::to_string)
                .collect(),
        }
    }

    /// A seated player gives the game up before any move.
    pub fn abort(&mut self, user: i64, now: Millis) -> Result<Change, ApiError> {
        if self.seat_of(user).is_none() {
            return Err(ApiError::Forbidden("you hold no seat in this game".into()));
        }
        self.abort_unchecked(now)
    }

    /// An invited user declines: the game cannot fill and is aborted.
    pub fn decline(&mut self, user: i64, now: Millis) -> Result<Change, ApiError> {
        if !self.invited.iter().any(|u| u.id == user) {
            return Err(ApiError::Forbidden(
                "you are not invited to this game".into(),
            ));
        }
        if self.status != GameStatus::Open {
            return Err(ApiError::conflict("game not open"));
        }
        self.abort_unchecked(now)
    }

    fn abort_unchecked(&mut self, now: Millis) -> Result<Change, ApiError> {
        match self.status {
            GameStatus::Open => {}
            GameStatus::Playing if self.moves.is_empty() => {}
            GameStatus::Playing => return Err(ApiError::conflict("moves were made")),
            GameStatus::Finished | GameStatus::Aborted => {
                return Err(ApiError::conflict("game over"));
            }
        }
        self.status = GameStatus::Aborted;
        self.ended = Some(now);
        self.termination = Some(Termination::Abandoned);
        Ok(Change::Aborted)
    }

    fn finish_by_rules(&mut self, why: Termination, at: Millis) {
        let result = self
            .position
            .winner()
            .map_or(GameResult::Draw, GameResult::Winner);
        self.finish(result, why, at);
    }

    fn finish(&mut self, result: GameResult, why: Termination, at: Millis) {
        // The clocks as they stand, the mover's charged up to the end.
        self.clocks = self.clocks_at(at);
        self.status = GameStatus::Finished;
        self.result = result;
        self.termination = Some(why);
        self.ended = Some(at);
    }

    /// The winner, once the game is over.
    pub fn winner(&self) -> Option<Colour> {
        self.result.winner()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn user(id: i64) -> UserRef {
        UserRef {
            id,
            name: format!("player{id}"),
            bot: false,
        }
    }

    fn three_players(initial: u32) -> GameState {
        GameState::seated(
            "AbCd1234".into(),
            0,
            user(1),
            vec![user(1), user(2), user(3)],
            RulesEdition::default(),
            TimeControl::RealTime {
                initial,
                increment: 0,
            },
            false,
        )
        .unwrap()
    }

    #[test]
    fn a_flag_played_out_at_its_moment_starts_the_next_players_clock() {
        let mut game = three_players(30);
        assert_eq!(game.deadline(), Some(30_250));
        assert!(game.flag(30_249).is_empty());
        assert_eq!(game.flag(30_250), vec![Change::Moved { ply: 1 }]);
        assert_eq!(game.to_move(), Some(Colour::Red));
        assert_eq!(game.moves[0].mv, Move::Resign);
        assert!(game.moves[0].on_time);
        assert_eq!(game.clocks_at(30_250), Some(vec![0, 30_000, 30_000]));
        assert_eq!(game.deadline(), Some(60_500));
    }

    #[test]
    fn a_flag_played_out_late_charges_only_the_player_who_was_to_move() {
        // Black's flag fell at 30.25 s; nothing played it out until 100 s (the
        // server was down). Red's turn begins when the resign is stored: Red
        // has lost no time, and is not flagged in turn.
        let mut game = three_players(30);
        assert_eq!(game.flag(100_000), vec![Change::Moved { ply: 1 }]);
        assert_eq!(game.status, GameStatus::Playing);
        assert_eq!(game.moves.len(), 1);
        assert_eq!(game.moves[0].at, 30_250, "the flag fell at its deadline");
        assert_eq!(game.to_move(), Some(Colour::Red));
        assert_eq!(game.clocks_at(100_000), Some(vec![0, 30_000, 30_000]));
        assert_eq!(game.deadline(), Some(130_250));
        assert!(game.flag(130_249).is_empty());
    }

    #[test]
    fn a_two_player_flag_ends_the_game_on_time() {
        let mut game = GameState::seated(
            "AbCd1234".into(),
            0,
            user(1),
            vec![user(1), user(2)],
            RulesEdition::default(),
            TimeControl::RealTime {
                initial: 5,
                increment: 0,
            },
            false,
        )
        .unwrap();
        assert_eq!(game.flag(60_000), vec![Change::Ended]);
        assert_eq!(game.status, GameStatus::Finished);
        assert_eq!(game.termination, Some(Termination::Time));
        assert_eq!(game.winner(), Some(Colour::Red));
        assert_eq!(game.ended, Some(5_250));
        assert_eq!(game.clocks, Some(vec![0, 5_000]));
    }
}

//! Building game records from moves, for tools that play games (selfplay,
//! tournaments): the record is always legal and its result consistent.

use super::{Game, GameResult, MoveEntry, SetupError, Tags};
use pacru_core::{IllegalMove, Move, Position, RulesEdition};
use thiserror::Error;

/// Why [`Game::from_moves`] could not build a record.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RecordError {
    /// The tags describe no start position.
    #[error(transparent)]
    Setup(#[from] SetupError),
    /// A move is illegal.
    #[error("ply {ply}: {mv}: {error}")]
    Illegal {
        /// The 1-based index of the move.
        ply: usize,
        /// The move, canonically written.
        mv: String,
        /// Why it is illegal.
        error: IllegalMove,
    },
}

/// Records a game as it is played: each move is checked against the position,
/// and [`GameRecorder::finish`] sets a result consistent with the rules.
///
/// ```
/// use pacru_notation::pgr::{GameRecorder, write_game};
/// use pacru_core::RulesEdition;
/// let mut rec = GameRecorder::standard(2, RulesEdition::Pacru2004);
/// rec.tags_mut().set("Event", "Selfplay");
/// let mv = rec.position().legal_moves().next().unwrap();
/// rec.play(&mv).unwrap();
/// let game = rec.finish();
/// assert_eq!(game.result, "*");
/// assert!(write_game(&game).starts_with("[Event \"Selfplay\"]\n"));
/// ```
#[derive(Clone, Debug)]
pub struct GameRecorder {
    game: Game,
    position: Position,
    result: Option<(GameResult, Option<String>)>,
}

impl GameRecorder {
    /// A recorder starting from the position the tags describe (`Players`,
    /// `Seats`, `Rules`, `Position`).
    pub fn new(tags: Tags) -> Result<GameRecorder, SetupError> {
        let mut game = Game::new();
        game.tags = tags;
        let position = game.start_position()?;
        Ok(GameRecorder {
            game,
            position,
            result: None,
        })
    }

    /// A recorder for the standard start with `players` players (2 to 4, default
    /// colours and seats; clamped into 2..=4) under `rules`.
    pub fn standard(players: usize, rules: RulesEdition) -> GameRecorder {
        let players = players.clamp(2, 4);
        let letters: String = ["K", "R", "Y", "G"][..players].concat();
        let mut tags = Tags::new();
        tags.set("Players", &letters);
        tags.set("Rules", rules.year());
        match GameRecorder::new(tags) {
            Ok(rec) => rec,
            // The standard start always exists; keep the type total anyway.
            Err(_) => GameRecorder {
                game: Game::new(),
                position: Position::standard(2).unwrap_or_else(|_| unreachable_position()),
                result: None,
            },
        }
    }

    /// The tags, to add `Event`, player names and so on.
    pub fn tags_mut(&mut self) -> &mut Tags {
        &mut self.game.tags
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The game recorded so far.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Plays `mv` if it is legal here and records it; otherwise nothing changes.
    pub fn play(&mut self, mv: &Move) -> Result<(), IllegalMove> {
        self.position.validate(mv)?;
        self.position.play_unchecked(mv);
        self.game.moves.push(MoveEntry::new(mv.clone()));
        Ok(())
    }

    /// Adds a comment after the last move (before the first move if there is none).
    pub fn comment(&mut self, text: &str) {
        match self.game.moves.last_mut() {
            Some(last) => last.comments.push(text.to_string()),
            None => self.game.leading_comments.push(text.to_string()),
        }
    }

    /// Adds an annotation glyph to the last move (ignored before the first move).
    pub fn glyph(&mut self, glyph: &str) {
        if let Some(last) = self.game.moves.last_mut() {
            last.glyphs.push(glyph.to_string());
        }
    }

    /// Sets the result for a game the rules have not ended (`draw`, `*`, or a
    /// winner with a `Termination` such as `time` or `adjudication`). Ignored by
    /// [`GameRecorder::finish`] when the rules have ended the game.
    pub fn set_result(&mut self, result: GameResult, termination: Option<&str>) {
        self.result = Some((result, termination.map(str::to_string)));
    }

    /// The finished record, in canonical form. If the rules have ended the game,
    /// `Result` is the rules' winner (and `Termination`, if set, is left as set);
    /// otherwise the result given to [`GameRecorder::set_result`], else `*`.
    pub fn finish(mut self) -> Game {
        match self.position.winner() {
            Some(winner) if self.position.is_finished() => {
                self.game.set_result(GameResult::Winner(winner));
            }
            _ => match self.result.take() {
                Some((result, termination)) => {
                    self.game.set_result(result);
                    if let Some(t) = termination {
                        self.game.tags.set("Termination", &t);
                    }
                }
                None => self.game.set_result(GameResult::Unfinished),
            },
        }
        self.game.canonicalize();
        self.game
    }
}

fn unreachable_position() -> Position {
    // Position::standard(2) cannot fail; this only satisfies the types.
    Position::standard(2).unwrap_or_else(|_| unreachable_position())
}

impl Game {
    /// A canonical record of `moves` played from the start the tags describe; its
    /// result is set as by [`GameRecorder::finish`] (`*` when the rules have not
    /// ended the game).
    pub fn from_moves(tags: Tags, moves: &[Move]) -> Result<Game, RecordError> {
        let mut rec = GameRecorder::new(tags)?;
        for (i, mv) in moves.iter().enumerate() {
            rec.play(mv).map_err(|error| RecordError::Illegal {
                ply: i + 1,
                mv: mv.to_string(),
                error,
            })?;
        }
        Ok(rec.finish())
    }
}

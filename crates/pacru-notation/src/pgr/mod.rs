//! Game records (PGR): reading, writing, recording.
//!
//! A PGR file holds any number of games, each made of tag pairs, a blank line and
//! movetext (`docs/notation.md`, "Game records"). [`Reader`] streams games from any
//! [`std::io::Read`] in bounded memory, as [`Game`]s or through a [`Visitor`];
//! [`write_game`] writes the canonical text; [`GameRecorder`] builds records
//! from played moves. Legality is the referee's business (the `pacru-referee` crate).

mod analysis;
mod error;
mod game;
mod movers;
mod quote;
mod reader;
mod recorder;
mod result;
mod tags;
mod visitor;
mod writer;

pub use analysis::{AnalysisComment, Mark, Scores};
pub use error::{ErrorPlace, PgrError};
pub use game::{Game, MoveEntry, SetupError, is_result_token};
pub use reader::{
    DEFAULT_MAX_COMMENT_BYTES, DEFAULT_MAX_GAME_BYTES, GameBuilder, MAX_TAGS, Reader,
};
pub use recorder::{GameRecorder, RecordError};
pub use result::{GameResult, ParseGameResultError, ResultTagError};
pub use tags::{SETUP_TAGS, Tags};
pub use visitor::{GameStart, MoveToken, Skip, Visitor};
pub use writer::{LINE_WIDTH, canonical_tags, write_game, write_games};

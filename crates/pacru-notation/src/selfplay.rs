//! Self-play: games between random players, recorded as game records.
//!
//! The same settings and game number always give the same game, whatever the
//! machine, the thread or the order in which games are played: each game has a
//! random stream of its own ([`game_rng`]). `pacru selfplay` and the Python
//! package write their records with [`play_random_game`], so both give the same
//! bytes for the same arguments.
//!
//! ```
//! use pacru_notation::pgr::write_game;
//! use pacru_notation::selfplay::{SelfplaySettings, play_random_game};
//!
//! let settings = SelfplaySettings::new(3, 42).max_plies(Some(12));
//! let game = play_random_game(&settings, 1).unwrap();
//! assert_eq!(game.moves.len(), 12);
//! assert!(write_game(&game).starts_with("[Event \"pacru selfplay\"]"));
//! ```

use crate::pgr::{Game, GameRecorder, write_game};
use pacru_core::{IllegalMove, Move, RulesEdition, SplitMix64};
use thiserror::Error;

/// How self-play games are played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SelfplaySettings {
    /// Players per game: 2, 3 or 4.
    pub players: usize,
    /// The rules edition.
    pub rules: RulesEdition,
    /// The seed of the whole run; each game derives its own stream from it.
    pub seed: u64,
    /// The most plies of a game (it is then unfinished, result `*`); `None`: no limit.
    pub max_plies: Option<u32>,
    /// Whether to write the seed in a `Seed` tag, so that the run can be repeated
    /// (for a seed that was drawn at random rather than given).
    pub seed_tag: bool,
}

impl SelfplaySettings {
    /// Games of `players` players from `seed`, under the 2004 rules, with no ply limit
    /// and no `Seed` tag.
    pub fn new(players: usize, seed: u64) -> SelfplaySettings {
        SelfplaySettings {
            players,
            rules: RulesEdition::default(),
            seed,
            max_plies: None,
            seed_tag: false,
        }
    }

    /// The same settings under `rules`.
    #[must_use]
    pub fn rules(mut self, rules: RulesEdition) -> SelfplaySettings {
        self.rules = rules;
        self
    }

    /// The same settings with games cut after `max_plies` plies (`None`: no limit).
    #[must_use]
    pub fn max_plies(mut self, max_plies: Option<u32>) -> SelfplaySettings {
        self.max_plies = max_plies;
        self
    }

    /// The same settings, writing the seed in a `Seed` tag or not.
    #[must_use]
    pub fn seed_tag(mut self, seed_tag: bool) -> SelfplaySettings {
        self.seed_tag = seed_tag;
        self
    }
}

/// A random player chose a move the rules refuse: a bug of the move generator.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("game {game}: the random player chose an illegal move {mv}: {illegal}")]
pub struct SelfplayError {
    /// The game's number.
    pub game: u64,
    /// The move, in notation.
    pub mv: String,
    /// Why the rules refused it.
    pub illegal: IllegalMove,
}

/// The random generator of game `number` (1-based) of a run seeded with `seed`: the
/// first output of SplitMix64(seed + number * golden ratio) seeds it, so that
/// neighbouring games and seeds get unrelated streams.
pub fn game_rng(seed: u64, number: u64) -> SplitMix64 {
    let mut mixer = SplitMix64::new(seed.wrapping_add(number.wrapping_mul(0x9E37_79B9_7F4A_7C15)));
    SplitMix64::new(mixer.next_u64())
}

/// Plays game `number` (1-based; it is the `Round` tag) between random players
/// ([`pacru_core::Position::random_move`]) from the standard start, and returns its
/// record: every move checked by the recorder, the result set by the rules, and
/// `Termination "rules"` when the rules ended the game.
pub fn play_random_game(settings: &SelfplaySettings, number: u64) -> Result<Game, SelfplayError> {
    let mut rng = game_rng(settings.seed, number);
    let mut recorder = GameRecorder::standard(settings.players, settings.rules);
    let tags = recorder.tags_mut();
    tags.set("Event", "pacru selfplay");
    tags.set("Site", "?");
    tags.set("Date", "?");
    tags.set("Round", &number.to_string());
    let colours: Vec<_> = recorder.position().players().iter().collect();
    for colour in colours {
        recorder.tags_mut().set(colour.word(), "random");
    }
    if settings.seed_tag {
        recorder.tags_mut().set("Seed", &settings.seed.to_string());
    }
    let mut plies = 0u32;
    while settings.max_plies.is_none_or(|max| plies < max) {
        let Some(mv) = recorder.position().random_move(&mut rng) else {
            break;
        };
        recorder
            .play(&mv)
            .map_err(|illegal| refused(number, &mv, illegal))?;
        plies += 1;
    }
    if recorder.position().is_finished() {
        recorder.tags_mut().set("Termination", "rules");
    }
    Ok(recorder.finish())
}

/// Game `number` of a self-play run as the run's text holds it: its canonical
/// record, after a blank line unless it is the first game. The texts of games 1 to
/// `n`, one after the other, are what `pacru selfplay --games n` writes, byte for
/// byte, whatever order and threads they were played in; the command, the Python
/// and the JavaScript packages all write them so.
///
/// ```
/// use pacru_notation::selfplay::{SelfplaySettings, run_record};
///
/// let settings = SelfplaySettings::new(2, 7).max_plies(Some(10));
/// let run: String = (1..=3).map(|n| run_record(&settings, n).unwrap()).collect();
/// assert!(run.starts_with("[Event \"pacru selfplay\"]"));
/// assert_eq!(run.matches("\n\n[Event ").count(), 2);
/// ```
pub fn run_record(settings: &SelfplaySettings, number: u64) -> Result<String, SelfplayError> {
    let record = write_game(&play_random_game(settings, number)?);
    Ok(if number > 1 {
        format!("\n{record}")
    } else {
        record
    })
}

#[cold]
fn refused(game: u64, mv: &Move, illegal: IllegalMove) -> SelfplayError {
    SelfplayError {
        game,
        mv: mv.to_string(),
        illegal,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_is_the_same_whatever_was_played_before() {
        let settings = SelfplaySettings::new(4, 7).max_plies(Some(40));
        let third = write_game(&play_random_game(&settings, 3).unwrap());
        for n in 1..=5 {
            play_random_game(&settings, n).unwrap();
        }
        assert_eq!(write_game(&play_random_game(&settings, 3).unwrap()), third);
        assert_ne!(write_game(&play_random_game(&settings, 4).unwrap()), third);
    }

    #[test]
    fn no_limit_plays_to_the_end_and_the_seed_tag_is_written_on_request() {
        let settings = SelfplaySettings::new(2, 1).seed_tag(true);
        let game = play_random_game(&settings, 1).unwrap();
        assert_eq!(game.tags.get("Termination"), Some("rules"));
        assert_eq!(game.tags.get("Seed"), Some("1"));
        let cut = play_random_game(&settings.max_plies(Some(0)), 1).unwrap();
        assert!(cut.moves.is_empty());
        assert_eq!(cut.result, "*");
    }
}

//! The analysis of one game: every position judged by the search, then each
//! move's loss and mark from the judgements before and after it.

use crate::options::AnalysisOptions;
use pacru_core::{Colour, Move, Position};
use pacru_notation::pgr::{Game, Mark, SetupError};
use pacru_search::{Evaluation, Rewards};
use serde::{Serialize, Serializer};

/// A loss of the mover's expected score from which a move is a mistake, in
/// thousandths (0.100).
pub const MISTAKE_LOSS: u16 = 100;

/// A loss of the mover's expected score from which a move is a blunder, in
/// thousandths (0.200).
pub const BLUNDER_LOSS: u16 = 200;

/// The most moves of the principal line kept for each ply.
pub const PV_PLIES: usize = 8;

/// The mark a move earns with this loss (in thousandths), if any.
pub fn mark_for(loss: u16) -> Option<Mark> {
    if loss >= BLUNDER_LOSS {
        Some(Mark::Blunder)
    } else if loss >= MISTAKE_LOSS {
        Some(Mark::Mistake)
    } else {
        None
    }
}

/// The analysis of a game: one entry per ply the rules accept (up to the first
/// illegal move, if any), and the scores after the last of them.
///
/// Scores are expected scores, one per player in order of play, in thousandths
/// (1000: a sure win); they serialise as fractions (612 as `0.612`), and so
/// does the loss.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GameAnalysis {
    /// The players in order of play.
    pub players: Vec<Colour>,
    /// What the analysis was made with (the `Annotator` tag it writes).
    pub annotator: String,
    /// The plies, in order.
    pub plies: Vec<PlyAnalysis>,
    /// Each player's expected score after the last ply analysed (at the start
    /// when there is none): the result when the game is over.
    #[serde(serialize_with = "fractions")]
    pub after: Vec<u16>,
}

/// The analysis of one ply.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PlyAnalysis {
    /// The ply's number, from 1 (`pass`es are not plies).
    pub ply: usize,
    /// The player who moved.
    pub mover: Colour,
    /// The move played.
    #[serde(rename = "move", serialize_with = "text")]
    pub played: Move,
    /// Each player's expected score before the move, in thousandths.
    #[serde(serialize_with = "fractions")]
    pub scores: Vec<u16>,
    /// The engine's best move before the move.
    #[serde(serialize_with = "optional_text")]
    pub best: Option<Move>,
    /// The engine's principal line from there (starting with `best`), at most
    /// [`PV_PLIES`] moves.
    #[serde(serialize_with = "texts")]
    pub pv: Vec<Move>,
    /// How much the move cost its mover, in thousandths: the mover's expected
    /// score before the move less the one after it (0 when the move is the
    /// engine's best, never below 0).
    #[serde(serialize_with = "fraction")]
    pub loss: u16,
    /// `mistake` or `blunder` past the thresholds ([`MISTAKE_LOSS`],
    /// [`BLUNDER_LOSS`]).
    #[serde(serialize_with = "optional_mark")]
    pub mark: Option<Mark>,
    /// The simulations the search ran on the position before the move.
    pub simulations: u64,
}

/// The positions of `game` the rules reach: the start, then the position after
/// each legal move, up to the first illegal one; with the moves played.
pub(crate) fn replay(game: &Game) -> Result<(Vec<Position>, Vec<Move>), SetupError> {
    let mut position = game.start_position()?;
    let mut positions = vec![position.clone()];
    let mut moves = Vec::new();
    for mv in game.moves.iter().filter_map(|entry| entry.mv.as_ref()) {
        match position.play(mv) {
            Ok(next) => position = next,
            Err(_) => break,
        }
        positions.push(position.clone());
        moves.push(mv.clone());
    }
    Ok((positions, moves))
}

/// Judges one position.
pub(crate) fn evaluate(position: &Position, options: &AnalysisOptions) -> Evaluation {
    options
        .searcher()
        .evaluate(position, options.budget.limits(), &|| false)
}

/// Thousandths of a score in 0..=1.
fn milli(score: f32) -> u16 {
    (score.clamp(0.0, 1.0) * 1000.0).round() as u16
}

/// The scores of the players of `position`, in order of play, in thousandths.
fn scores_of(position: &Position, rewards: &Rewards) -> Vec<u16> {
    (0..position.players().len())
        .map(|slot| milli(rewards.get(slot).copied().unwrap_or(0.0)))
        .collect()
}

/// The analysis from the positions of a game, the moves between them and the
/// judgement of each position (one more position and judgement than moves).
pub(crate) fn assemble(
    positions: &[Position],
    moves: &[Move],
    judged: Vec<Evaluation>,
    options: &AnalysisOptions,
) -> GameAnalysis {
    debug_assert_eq!(positions.len(), moves.len() + 1);
    debug_assert_eq!(judged.len(), positions.len());
    let players: Vec<Colour> = positions[0].players().iter().collect();
    let scores: Vec<Vec<u16>> = positions
        .iter()
        .zip(&judged)
        .map(|(p, e)| scores_of(p, &e.scores))
        .collect();
    let mut plies = Vec::with_capacity(moves.len());
    for (i, (played, judgement)) in moves.iter().zip(judged).enumerate() {
        let mover_colour = positions[i].to_move();
        let mover = positions[i].players().slot_of(mover_colour).unwrap_or(0);
        let loss = if judgement.best.as_ref() == Some(played) {
            0
        } else {
            scores[i][mover].saturating_sub(scores[i + 1][mover])
        };
        plies.push(PlyAnalysis {
            ply: i + 1,
            mover: mover_colour,
            played: played.clone(),
            scores: scores[i].clone(),
            best: judgement.best,
            pv: judgement.pv.into_iter().take(PV_PLIES).collect(),
            loss,
            mark: mark_for(loss),
            simulations: judgement.simulations,
        });
    }
    GameAnalysis {
        players,
        annotator: options.annotator(),
        plies,
        after: scores.last().cloned().unwrap_or_default(),
    }
}

/// Analyses `game`: judges the start and the position after every legal move
/// with the search, one after the other, then works out each move's loss and
/// mark. Deterministic for a node budget and a seed. `on_position` is called
/// after each position is judged (for progress bars).
///
/// A game whose setup tags give no start position cannot be analysed.
///
/// ```
/// use pacru_analysis::{AnalysisOptions, Budget, analyse_game};
/// use pacru_notation::pgr::Reader;
///
/// let text = "[Players \"KR\"]\n[Result \"*\"]\n\n1. e1-e2 e9-e8 2. a3-b4(b4) *\n";
/// let game = Reader::new(text.as_bytes()).read_game().unwrap().unwrap();
/// let options = AnalysisOptions { budget: Budget::Nodes(200), seed: 1 };
/// let analysis = analyse_game(&game, &options, &mut || {}).unwrap();
/// assert_eq!(analysis.plies.len(), 3);
/// assert_eq!(analysis.plies[2].played.to_string(), "a3-b4(b4)");
/// assert_eq!(analysis, analyse_game(&game, &options, &mut || {}).unwrap());
/// ```
pub fn analyse_game(
    game: &Game,
    options: &AnalysisOptions,
    on_position: &mut dyn FnMut(),
) -> Result<GameAnalysis, SetupError> {
    let analysis = analyse_game_while(game, options, &mut || {
        on_position();
        true
    })?;
    Ok(analysis.expect("an analysis that always goes on is finished"))
}

/// [`analyse_game`] that can be stopped: `go_on` is asked after each position
/// is judged, and when it says `false` the analysis stops there and gives
/// `Ok(None)` (for callers that stop on Ctrl-C, or when a caller goes away).
///
/// ```
/// use pacru_analysis::{AnalysisOptions, Budget, analyse_game, analyse_game_while};
/// use pacru_notation::pgr::Reader;
///
/// let text = "[Result \"*\"]\n\n1. e1-e2 e9-e8 *\n";
/// let game = Reader::new(text.as_bytes()).read_game().unwrap().unwrap();
/// let options = AnalysisOptions { budget: Budget::Nodes(100), seed: 0 };
/// let mut judged = 0;
/// let stopped = analyse_game_while(&game, &options, &mut || { judged += 1; judged < 2 });
/// assert_eq!(stopped.unwrap(), None);
/// assert_eq!(judged, 2);
/// let whole = analyse_game_while(&game, &options, &mut || true).unwrap();
/// assert_eq!(whole, Some(analyse_game(&game, &options, &mut || {}).unwrap()));
/// ```
pub fn analyse_game_while(
    game: &Game,
    options: &AnalysisOptions,
    go_on: &mut dyn FnMut() -> bool,
) -> Result<Option<GameAnalysis>, SetupError> {
    let (positions, moves) = replay(game)?;
    let mut judged = Vec::with_capacity(positions.len());
    for position in &positions {
        judged.push(evaluate(position, options));
        if !go_on() {
            return Ok(None);
        }
    }
    Ok(Some(assemble(&positions, &moves, judged, options)))
}

fn fraction<S: Serializer>(value: &u16, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_f64(f64::from(*value) / 1000.0)
}

fn fractions<S: Serializer>(values: &[u16], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(values.iter().map(|v| f64::from(*v) / 1000.0))
}

fn text<S: Serializer>(mv: &Move, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(mv)
}

fn optional_text<S: Serializer>(mv: &Option<Move>, s: S) -> Result<S::Ok, S::Error> {
    match mv {
        Some(mv) => s.collect_str(mv),
        None => s.serialize_none(),
    }
}

fn texts<S: Serializer>(moves: &[Move], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(moves.iter().map(ToString::to_string))
}

fn optional_mark<S: Serializer>(mark: &Option<Mark>, s: S) -> Result<S::Ok, S::Error> {
    match mark {
        Some(m) => s.serialize_str(m.word()),
        None => s.serialize_none(),
    }
}

//! The analysis of one game: every position judged by the search, then each
//! move's loss and mark from the judgements before and after it.

use crate::options::AnalysisOptions;
use pacru_core::{Colour, Move, Position, RulesEdition};
use pacru_notation::pgr::{Game, Mark, SetupError};
use pacru_referee::{Observer, PlyStep, replay_game};
use pacru_search::{Evaluation, Rewards};
use serde::{Serialize, Serializer};
use std::cell::Cell;

/// A loss of the mover's expected score from which a move is a mistake, in
/// thousandths (0.100).
pub const MISTAKE_LOSS: u16 = 100;

/// A loss of the mover's expected score from which a move is a blunder, in
/// thousandths (0.200).
pub const BLUNDER_LOSS: u16 = 200;

/// The most moves of the principal line kept for each ply.
pub const PV_PLIES: usize = 8;

/// The most searches that judge a position. Every position is searched once;
/// while a move's loss lies within [`NEAR_THRESHOLD`] of a mark's threshold, the
/// positions before and after it are searched again (up to this many times) and
/// judged by all their searches together.
pub const MOST_SEARCHES: usize = 3;

/// How near a mark's threshold (in thousandths, either side) a move's loss lies
/// for its positions to be searched again: its mark then depends on the seed.
pub const NEAR_THRESHOLD: u16 = 10;

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
    /// The simulations of the searches of the position before the move: one
    /// search, or up to [`MOST_SEARCHES`] when the loss of a move next to it
    /// lies near a threshold.
    pub simulations: u64,
}

/// The positions of `game` the rules reach: the start, then the position after
/// each move the referee accepts, up to the first it refuses (a `pass` for a
/// player who can move among them, as `pacru check` refuses it); with the moves
/// played.
pub(crate) fn replay(game: &Game) -> Result<(Vec<Position>, Vec<Move>), SetupError> {
    /// The positions and moves of the plies the referee accepts.
    struct Accepted {
        positions: Vec<Position>,
        moves: Vec<Move>,
    }
    impl Observer for Accepted {
        fn ply(&mut self, step: &PlyStep<'_>) {
            self.positions.push(step.after.clone());
            self.moves.push(step.mv.clone());
        }
    }
    let start = game.start_position()?;
    let mut accepted = Accepted {
        positions: vec![start],
        moves: Vec::new(),
    };
    replay_game(game, 1, RulesEdition::default(), &mut accepted);
    Ok((accepted.positions, accepted.moves))
}

/// The `search`-th search of a position (from 0), each with its own seed. It
/// ends early when `stop` returns true (asked every few simulations); its result
/// is then that of a shorter search.
pub(crate) fn evaluate(
    position: &Position,
    options: &AnalysisOptions,
    search: usize,
    stop: &dyn Fn() -> bool,
) -> Evaluation {
    options
        .searcher(search)
        .evaluate(position, options.budget.limits(), stop)
}

/// The judgement of a position: the searches made of it, one or more, each with
/// the whole budget and its own seed.
#[derive(Clone, Debug)]
pub(crate) struct Judgement {
    searches: Vec<Evaluation>,
}

impl Judgement {
    /// The judgement of one search.
    pub(crate) fn new(first: Evaluation) -> Judgement {
        Judgement {
            searches: vec![first],
        }
    }

    /// The searches made so far.
    pub(crate) fn searches(&self) -> usize {
        self.searches.len()
    }

    /// Adds a search.
    pub(crate) fn add(&mut self, search: Evaluation) {
        self.searches.push(search);
    }

    /// Whether another search could say something else: not for a finished game
    /// or one the first search decided without simulating.
    fn open(&self) -> bool {
        self.searches[0].simulations > 0
    }

    /// Each player's expected score: the mean over the searches.
    fn scores(&self) -> Rewards {
        let n = self.searches.len() as f32;
        let mut mean = [0.0; 4];
        for search in &self.searches {
            for (m, s) in mean.iter_mut().zip(search.scores) {
                *m += s / n;
            }
        }
        mean
    }

    /// The search whose best move is the judgement's: the best move most of the
    /// searches chose, the earliest search's on a tie.
    fn chosen(&self) -> &Evaluation {
        let votes = |best: &Option<Move>| self.searches.iter().filter(|e| &e.best == best).count();
        let mut chosen = &self.searches[0];
        let mut most = votes(&chosen.best);
        for search in &self.searches[1..] {
            let n = votes(&search.best);
            if n > most {
                (chosen, most) = (search, n);
            }
        }
        chosen
    }

    /// The simulations of all the searches.
    fn simulations(&self) -> u64 {
        self.searches.iter().map(|e| e.simulations).sum()
    }
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

/// The loss of `played` from `before` (judged `judged`, the mover's score
/// `from`) to a position where the mover's score is `to`: 0 when the move is the
/// judgement's best.
fn loss_of(played: &Move, judged: &Judgement, from: u16, to: u16) -> u16 {
    if judged.chosen().best.as_ref() == Some(played) {
        0
    } else {
        from.saturating_sub(to)
    }
}

/// The mover of `position`'s slot in order of play.
fn mover_slot(position: &Position) -> usize {
    position.players().slot_of(position.to_move()).unwrap_or(0)
}

/// The positions of a game to search once more, given their judgements so far:
/// those before and after each move whose loss lies within [`NEAR_THRESHOLD`]
/// of a mark's threshold, unless [`MOST_SEARCHES`] judge them already or another
/// search could not say otherwise. In order, each once.
pub(crate) fn to_search_again(
    positions: &[Position],
    moves: &[Move],
    judged: &[Judgement],
) -> Vec<usize> {
    let mut again = Vec::new();
    for (i, played) in moves.iter().enumerate() {
        let mover = mover_slot(&positions[i]);
        let score = |j: usize| scores_of(&positions[j], &judged[j].scores())[mover];
        let loss = loss_of(played, &judged[i], score(i), score(i + 1));
        let near = [MISTAKE_LOSS, BLUNDER_LOSS]
            .iter()
            .any(|&t| loss.abs_diff(t) < NEAR_THRESHOLD);
        if !near {
            continue;
        }
        for j in [i, i + 1] {
            let judgement = &judged[j];
            if judgement.open() && judgement.searches() < MOST_SEARCHES && again.last() != Some(&j)
            {
                again.push(j);
            }
        }
    }
    again
}

/// Searches positions again ([`to_search_again`]), round after round, until no
/// move is left near a threshold with a position that may be searched again: a
/// round's searches can move a neighbouring move's loss into the band. Each
/// round searches some position once more and none more than [`MOST_SEARCHES`]
/// times, so the rounds end. `search(i, n)` is position `i`'s search after its
/// `n` first, or `None` to stop (then false).
pub(crate) fn search_again_until_settled(
    positions: &[Position],
    moves: &[Move],
    judged: &mut [Judgement],
    search: &mut dyn FnMut(usize, usize) -> Option<Evaluation>,
) -> bool {
    loop {
        let again = to_search_again(positions, moves, judged);
        if again.is_empty() {
            return true;
        }
        for i in again {
            let Some(evaluation) = search(i, judged[i].searches()) else {
                return false;
            };
            judged[i].add(evaluation);
        }
    }
}

/// The analysis from the positions of a game, the moves between them and the
/// judgement of each position (one more position and judgement than moves).
pub(crate) fn assemble(
    positions: &[Position],
    moves: &[Move],
    judged: Vec<Judgement>,
    options: &AnalysisOptions,
) -> GameAnalysis {
    debug_assert_eq!(positions.len(), moves.len() + 1);
    debug_assert_eq!(judged.len(), positions.len());
    let players: Vec<Colour> = positions[0].players().iter().collect();
    let scores: Vec<Vec<u16>> = positions
        .iter()
        .zip(&judged)
        .map(|(p, j)| scores_of(p, &j.scores()))
        .collect();
    let mut plies = Vec::with_capacity(moves.len());
    for (i, (played, judgement)) in moves.iter().zip(&judged).enumerate() {
        let mover_colour = positions[i].to_move();
        let mover = mover_slot(&positions[i]);
        let loss = loss_of(played, judgement, scores[i][mover], scores[i + 1][mover]);
        let chosen = judgement.chosen();
        plies.push(PlyAnalysis {
            ply: i + 1,
            mover: mover_colour,
            played: played.clone(),
            scores: scores[i].clone(),
            best: chosen.best.clone(),
            pv: chosen.pv.iter().take(PV_PLIES).cloned().collect(),
            loss,
            mark: mark_for(loss),
            simulations: judgement.simulations(),
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
/// with the search, one after the other, searches again the positions of the
/// moves whose loss lies near a mark's threshold ([`MOST_SEARCHES`]), then works
/// out each move's loss and mark. Deterministic for a node budget and a seed.
/// `on_position` is called after the first search of each position (for
/// progress bars).
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
    let analysis = analyse(game, options, &|| false, &mut |first| {
        if first {
            on_position();
        }
        true
    })?;
    Ok(analysis.expect("an analysis that always goes on is finished"))
}

/// [`analyse_game`] that can be stopped: `go_on` is asked after each search of
/// a position (every position is searched once, then some again), and when it
/// says `false` the analysis stops there and gives `Ok(None)` (for callers that
/// stop on Ctrl-C, or when a caller goes away).
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
    analyse(game, options, &|| false, &mut |_| go_on())
}

/// [`analyse_game`] that can be stopped in the middle of a search: `stop` is
/// asked every few simulations of every search, and once it returns true the
/// analysis ends there and gives `Ok(None)` (for callers that stop on Ctrl-C
/// while a search runs, however large its budget).
///
/// ```
/// use pacru_analysis::{AnalysisOptions, Budget, analyse_game, analyse_game_until};
/// use pacru_notation::pgr::Reader;
/// use std::sync::atomic::{AtomicU32, Ordering};
///
/// let text = "[Result \"*\"]\n\n1. e1-e2 e9-e8 *\n";
/// let game = Reader::new(text.as_bytes()).read_game().unwrap().unwrap();
/// // A budget no analysis finishes, stopped after a few questions.
/// let endless = AnalysisOptions { budget: Budget::Nodes(u64::MAX), seed: 0 };
/// let asked = AtomicU32::new(0);
/// let stopped = analyse_game_until(&game, &endless, &|| asked.fetch_add(1, Ordering::Relaxed) >= 10);
/// assert_eq!(stopped.unwrap(), None);
/// let options = AnalysisOptions { budget: Budget::Nodes(100), seed: 0 };
/// let whole = analyse_game_until(&game, &options, &|| false).unwrap();
/// assert_eq!(whole, Some(analyse_game(&game, &options, &mut || {}).unwrap()));
/// ```
pub fn analyse_game_until(
    game: &Game,
    options: &AnalysisOptions,
    stop: &dyn Fn() -> bool,
) -> Result<Option<GameAnalysis>, SetupError> {
    analyse(game, options, stop, &mut |_| true)
}

/// [`analyse_game_while`] whose `go_on` is told whether the search just made
/// was the position's first, and whose searches end early when `stop` returns
/// true (the analysis then gives `Ok(None)`).
fn analyse(
    game: &Game,
    options: &AnalysisOptions,
    stop: &dyn Fn() -> bool,
    go_on: &mut dyn FnMut(bool) -> bool,
) -> Result<Option<GameAnalysis>, SetupError> {
    let (positions, moves) = replay(game)?;
    // Once `stop` has said yes, every search after is cut short as well, and the
    // cut search's result is not used.
    let stopped = Cell::new(false);
    let stop = || {
        if !stopped.get() && stop() {
            stopped.set(true);
        }
        stopped.get()
    };
    let mut judged = Vec::with_capacity(positions.len());
    for position in &positions {
        judged.push(Judgement::new(evaluate(position, options, 0, &stop)));
        if stop() || !go_on(true) {
            return Ok(None);
        }
    }
    let settled = search_again_until_settled(&positions, &moves, &mut judged, &mut |i, n| {
        let search = evaluate(&positions[i], options, n, &stop);
        (!stop() && go_on(false)).then_some(search)
    });
    if !settled {
        return Ok(None);
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A search's judgement with these scores and best move.
    fn search(scores: [f32; 2], best: Option<Move>, simulations: u64) -> Evaluation {
        Evaluation {
            scores: [scores[0], scores[1], 0.0, 0.0],
            best: best.clone(),
            pv: best.into_iter().collect(),
            simulations,
        }
    }

    /// The first two positions of a game and the move between them.
    fn opening() -> (Vec<Position>, Vec<Move>) {
        let start = Position::standard(2).unwrap();
        let moves: Vec<Move> = start.legal_moves().take(2).collect();
        let next = start.play(&moves[0]).unwrap();
        (vec![start, next], vec![moves[0].clone()])
    }

    #[test]
    fn the_plies_analysed_are_those_the_referee_accepts() {
        let game = |movetext: &str| {
            let text = format!("[Players \"KR\"]\n[Result \"*\"]\n\n{movetext}\n");
            pacru_notation::pgr::Reader::new(text.as_bytes())
                .read_game()
                .unwrap()
                .unwrap()
        };
        // A `pass` for a player who can move is refused under R2, as an illegal
        // move is: the analysis ends before it.
        for (movetext, plies) in [
            ("1. e1-e2 pass e9-e8 2. a3-b4(b4) *", 1),
            ("pass 1. e1-e2 e9-e8 *", 0),
            ("1. e1-e2 e1-e3 e9-e8 *", 1),
            ("1. e1-e2 e9-e8 2. e2-e3 *", 3),
        ] {
            let (positions, moves) = replay(&game(movetext)).unwrap();
            assert_eq!(moves.len(), plies, "{movetext}");
            assert_eq!(positions.len(), plies + 1, "{movetext}");
        }
    }

    #[test]
    fn a_judgement_of_several_searches_is_their_mean_and_their_most_chosen_move() {
        let (_, moves) = opening();
        let (a, b) = (Some(moves[0].clone()), None);
        let mut judged = Judgement::new(search([0.6, 0.4], a.clone(), 100));
        assert_eq!(judged.scores(), [0.6, 0.4, 0.0, 0.0]);
        judged.add(search([0.5, 0.5], b.clone(), 100));
        // A tie: the earlier search's move.
        assert_eq!(judged.chosen().best, a);
        judged.add(search([0.4, 0.6], b.clone(), 100));
        assert_eq!(judged.chosen().best, b);
        let scores = judged.scores();
        assert!((scores[0] - 0.5).abs() < 1e-6 && (scores[1] - 0.5).abs() < 1e-6);
        assert_eq!(judged.simulations(), 300);
    }

    #[test]
    fn the_positions_of_a_move_near_a_threshold_are_searched_again() {
        let (positions, moves) = opening();
        let other = positions[0].legal_moves().find(|m| m != &moves[0]).unwrap();
        let judge = |before: f32, after: f32, best: &Move| {
            vec![
                Judgement::new(search([before, 1.0 - before], Some(best.clone()), 50)),
                Judgement::new(search([after, 1.0 - after], None, 50)),
            ]
        };
        // Losses of 0.095 and 0.205: near a threshold, both positions again.
        for after in [0.405, 0.295] {
            let judged = judge(0.5, after, &other);
            assert_eq!(to_search_again(&positions, &moves, &judged), [0, 1]);
        }
        // Losses of 0.150 and 0.050, far from both; and the best move, no loss.
        for after in [0.35, 0.45] {
            let judged = judge(0.5, after, &other);
            assert!(to_search_again(&positions, &moves, &judged).is_empty());
        }
        let judged = judge(0.5, 0.4, &moves[0]);
        assert!(to_search_again(&positions, &moves, &judged).is_empty());
        // Up to the most searches; and a position decided at once only once.
        let mut judged = judge(0.5, 0.4, &other);
        for _ in 1..MOST_SEARCHES {
            judged[1].add(search([0.4, 0.6], None, 50));
        }
        assert_eq!(to_search_again(&positions, &moves, &judged), [0]);
        judged[0] = Judgement::new(search([0.5, 0.5], Some(other.clone()), 0));
        assert!(to_search_again(&positions, &moves, &judged).is_empty());
    }

    /// The judgement of a position searched again is the mean of its searches,
    /// the first of them the search of an analysis that searches once.
    #[test]
    fn searching_again_goes_on_while_a_search_moves_a_neighbour_into_the_band() {
        // Four positions of a game, three moves (Black, Red, Black), no best move
        // named: a move's loss is its mover's score before less after.
        let mut positions = vec![Position::standard(2).unwrap()];
        let mut moves = Vec::new();
        for _ in 0..3 {
            let last = positions.last().unwrap();
            let mv = last.legal_moves().next().unwrap();
            positions.push(last.play(&mv).unwrap());
            moves.push(mv);
        }
        let black = |score: f32| search([score, 1.0 - score], None, 100);
        // Black's score: 0.5, 0.405, 0.4, 0.35: the first move loses 0.095.
        let mut judged: Vec<Judgement> = [0.5, 0.405, 0.4, 0.35]
            .into_iter()
            .map(|s| Judgement::new(black(s)))
            .collect();
        // Round 1 (positions 0, 1) takes the first move out of the band and puts
        // the second in (0.45, 0.30, 0.40: Red loses 0.100); round 2 (1, 2) takes
        // it out and puts the third in (0.30, 0.45, 0.35: Black loses 0.100);
        // only a third round (2, 3) settles it (0.45, 0.30).
        let script = [
            ((0, 1), 0.40),
            ((1, 1), 0.195),
            ((1, 2), 0.30),
            ((2, 1), 0.50),
            ((2, 2), 0.45),
            ((3, 1), 0.25),
        ];
        let mut asked = Vec::new();
        let settled = search_again_until_settled(&positions, &moves, &mut judged, &mut |i, n| {
            asked.push((i, n));
            let score = script
                .iter()
                .find(|(key, _)| *key == (i, n))
                .map(|(_, s)| *s);
            Some(black(score.expect("a search the script has")))
        });
        assert!(settled);
        assert_eq!(asked, script.map(|(key, _)| key));
        let searches: Vec<usize> = judged.iter().map(Judgement::searches).collect();
        assert_eq!(searches, [2, 3, 3, 2]);
        assert!(to_search_again(&positions, &moves, &judged).is_empty());
    }

    #[test]
    fn a_position_searched_again_is_judged_by_all_its_searches() {
        let (positions, _) = opening();
        let options = AnalysisOptions {
            budget: crate::Budget::Nodes(300),
            seed: 4,
        };
        let first = evaluate(&positions[1], &options, 0, &|| false);
        let again = evaluate(&positions[1], &options, 1, &|| false);
        assert_ne!(first, again);
        assert_eq!(
            first,
            options
                .searcher(0)
                .evaluate(&positions[1], options.budget.limits(), &|| false)
        );
        let mut judged = Judgement::new(first.clone());
        judged.add(again.clone());
        let mover = mover_slot(&positions[0]);
        let mean = (first.scores[mover] + again.scores[mover]) / 2.0;
        assert!((judged.scores()[mover] - mean).abs() < 1e-6);
    }
}

//! Many games analysed on every core.

use crate::analyse::{GameAnalysis, assemble, evaluate, replay};
use crate::options::AnalysisOptions;
use pacru_notation::pgr::{Game, SetupError};
use rayon::prelude::*;

/// Analyses `games` like [`analyse_game`](crate::analyse_game), on every core of
/// rayon's pool: the positions of all the games are judged in parallel, so one
/// long game keeps every core busy too. The result is the same as one game after
/// the other, in the order of `games`. `on_position` is called (from any thread)
/// after each position is judged.
///
/// ```
/// use pacru_analysis::{AnalysisOptions, Budget, analyse_game, analyse_games};
/// use pacru_notation::pgr::Reader;
///
/// let text = "[Result \"*\"]\n\n1. e1-e2 *\n\n[Players \"KRY\"]\n[Result \"*\"]\n\n1. e1-e2 *\n";
/// let games: Vec<_> = Reader::new(text.as_bytes()).map(Result::unwrap).collect();
/// let options = AnalysisOptions { budget: Budget::Nodes(50), seed: 3 };
/// let all = analyse_games(&games, &options, &|| {});
/// assert_eq!(all[1].as_ref().unwrap(), &analyse_game(&games[1], &options, &mut || {}).unwrap());
/// ```
pub fn analyse_games(
    games: &[Game],
    options: &AnalysisOptions,
    on_position: &(dyn Fn() + Sync),
) -> Vec<Result<GameAnalysis, SetupError>> {
    let replays: Vec<_> = games.iter().map(replay).collect();
    let jobs: Vec<(usize, usize)> = replays
        .iter()
        .enumerate()
        .filter_map(|(g, r)| r.as_ref().ok().map(|(positions, _)| (g, positions.len())))
        .flat_map(|(g, n)| (0..n).map(move |i| (g, i)))
        .collect();
    let judged: Vec<_> = jobs
        .par_iter()
        .map(|&(g, i)| {
            let (positions, _) = replays[g].as_ref().expect("only replayed games have jobs");
            let e = evaluate(&positions[i], options);
            on_position();
            e
        })
        .collect();
    let mut judged = judged.into_iter();
    replays
        .into_iter()
        .map(|r| {
            r.map(|(positions, moves)| {
                let mine = judged.by_ref().take(positions.len()).collect();
                assemble(&positions, &moves, mine, options)
            })
        })
        .collect()
}

//! Many games analysed on every core.

use crate::analyse::{GameAnalysis, Judgement, assemble, evaluate, replay, to_search_again};
use crate::options::AnalysisOptions;
use pacru_notation::pgr::{Game, SetupError};
use rayon::prelude::*;

/// What [`analyse_games`] reports as it goes, for a progress bar.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Progress {
    /// A search of a position is done.
    Searched,
    /// This many more searches are to come: the positions searched again in
    /// the next round (the first searches, one a position, are known from the
    /// games).
    More(usize),
}

/// Analyses `games` like [`analyse_game`](crate::analyse_game), on every core of
/// rayon's pool: the positions of all the games are judged in parallel, so one
/// long game keeps every core busy too, and so are the positions searched again.
/// The result is the same as one game after the other, in the order of `games`.
/// `on_progress` is told (from any thread) of each search made, and before each
/// round of searches again, of how many there will be: with the positions of
/// the games (one first search each), that is the whole work so far known.
///
/// ```
/// use pacru_analysis::{AnalysisOptions, Budget, analyse_game, analyse_games};
/// use pacru_notation::pgr::Reader;
///
/// let text = "[Result \"*\"]\n\n1. e1-e2 *\n\n[Players \"KRY\"]\n[Result \"*\"]\n\n1. e1-e2 *\n";
/// let games: Vec<_> = Reader::new(text.as_bytes()).map(Result::unwrap).collect();
/// let options = AnalysisOptions { budget: Budget::Nodes(50), seed: 3 };
/// let all = analyse_games(&games, &options, &|_| {});
/// assert_eq!(all[1].as_ref().unwrap(), &analyse_game(&games[1], &options, &mut || {}).unwrap());
/// ```
pub fn analyse_games(
    games: &[Game],
    options: &AnalysisOptions,
    on_progress: &(dyn Fn(Progress) + Sync),
) -> Vec<Result<GameAnalysis, SetupError>> {
    let replays: Vec<_> = games.iter().map(replay).collect();
    let jobs: Vec<(usize, usize)> = replays
        .iter()
        .enumerate()
        .filter_map(|(g, r)| r.as_ref().ok().map(|(positions, _)| (g, positions.len())))
        .flat_map(|(g, n)| (0..n).map(move |i| (g, i)))
        .collect();
    let first: Vec<Judgement> = jobs
        .par_iter()
        .map(|&(g, i)| {
            let (positions, _) = replays[g].as_ref().expect("only replayed games have jobs");
            let e = evaluate(&positions[i], options, 0, &|| false);
            on_progress(Progress::Searched);
            Judgement::new(e)
        })
        .collect();
    let mut first = first.into_iter();
    let mut judged: Vec<Vec<Judgement>> = replays
        .iter()
        .map(|r| match r {
            Ok((positions, _)) => first.by_ref().take(positions.len()).collect(),
            Err(_) => Vec::new(),
        })
        .collect();
    // Rounds until no move is left near a threshold with a position that may be
    // searched again (see `analyse`); each ends with some position searched
    // once more, none more than `MOST_SEARCHES` times.
    loop {
        let again: Vec<(usize, usize)> = replays
            .iter()
            .enumerate()
            .filter_map(|(g, r)| r.as_ref().ok().map(|r| (g, r)))
            .flat_map(|(g, (positions, moves))| {
                to_search_again(positions, moves, &judged[g])
                    .into_iter()
                    .map(move |i| (g, i))
            })
            .collect();
        if again.is_empty() {
            break;
        }
        on_progress(Progress::More(again.len()));
        let searched: Vec<_> = again
            .par_iter()
            .map(|&(g, i)| {
                let (positions, _) = replays[g].as_ref().expect("only replayed games have jobs");
                let e = evaluate(&positions[i], options, judged[g][i].searches(), &|| false);
                on_progress(Progress::Searched);
                e
            })
            .collect();
        for ((g, i), search) in again.into_iter().zip(searched) {
            judged[g][i].add(search);
        }
    }
    replays
        .into_iter()
        .zip(judged)
        .map(|(r, mine)| r.map(|(positions, moves)| assemble(&positions, &moves, mine, options)))
        .collect()
}

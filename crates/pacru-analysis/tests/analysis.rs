//! The analysis of whole records: what each ply holds, how it is written into
//! the record, and that the parallel run is the sequential one.

use pacru_analysis::{
    AnalysisOptions, BLUNDER_LOSS, Budget, GameAnalysis, MISTAKE_LOSS, MOST_SEARCHES, Mark,
    NEAR_THRESHOLD, PV_PLIES, Progress, analyse_game, analyse_games, annotate, mark_for,
};
use pacru_core::{Position, Status};
use pacru_notation::pgr::{AnalysisComment, Game, Reader, write_game};
use pacru_referee::check_game;
use std::path::PathBuf;

/// Every game of a record file of the workspace.
fn games(path: &str) -> Vec<Game> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join(path);
    let text = std::fs::read(&path).unwrap();
    Reader::new(text.as_slice())
        .map(|g| g.unwrap_or_else(|e| panic!("{}: {e}", path.display())))
        .collect()
}

fn game(text: &str) -> Game {
    Reader::new(text.as_bytes()).read_game().unwrap().unwrap()
}

/// Few simulations: these tests are about the bookkeeping, not the judgement.
const QUICK: AnalysisOptions = AnalysisOptions {
    budget: Budget::Nodes(40),
    seed: 5,
};

/// The positions of a game, replayed independently of the analysis.
fn positions(game: &Game) -> Vec<Position> {
    let mut position = game.start_position().unwrap();
    let mut out = vec![position.clone()];
    for mv in game.moves.iter().filter_map(|e| e.mv.as_ref()) {
        let Ok(next) = position.play(mv) else { break };
        position = next;
        out.push(position.clone());
    }
    // Up to the plies the referee accepts (it refuses a `pass` for a player
    // who can move, which playing the moves alone skips).
    out.truncate(check_game(game).plies + 1);
    out
}

/// Checks every ply of `analysis` of `game` against the definitions.
fn check_plies(game: &Game, analysis: &GameAnalysis) {
    let positions = positions(game);
    assert_eq!(analysis.plies.len(), positions.len() - 1);
    assert_eq!(
        analysis.players,
        positions[0].players().iter().collect::<Vec<_>>()
    );
    let mut scores_after: Vec<&[u16]> = analysis.plies[1..]
        .iter()
        .map(|p| p.scores.as_slice())
        .collect();
    scores_after.push(&analysis.after);
    for (i, ply) in analysis.plies.iter().enumerate() {
        let before = &positions[i];
        assert_eq!(ply.ply, i + 1);
        assert_eq!(ply.mover, before.to_move());
        assert_eq!(before.play(&ply.played).unwrap(), positions[i + 1]);
        assert_eq!(ply.scores.len(), analysis.players.len());
        // The expected scores of a game in progress share one point.
        let total: u32 = ply.scores.iter().map(|&s| u32::from(s)).sum();
        assert!((997..=1003).contains(&total), "ply {}: {total}", ply.ply);
        let best = ply
            .best
            .as_ref()
            .expect("a game in progress has a best move");
        assert!(before.legal_moves().any(|m| &m == best), "ply {}", ply.ply);
        assert_eq!(ply.pv.first(), Some(best));
        assert!(ply.pv.len() <= PV_PLIES);
        // A position the search proves at once needs no simulation; one it proves
        // on the way stops the search there, with a winner's score of 1000. Each
        // search of a position runs the budget.
        let decided = ply.scores.contains(&1000);
        let most = 40 * MOST_SEARCHES as u64;
        assert!(
            (ply.simulations % 40 == 0 && ply.simulations <= most)
                || (ply.simulations < most && decided),
            "ply {}: {} simulations, scores {:?}",
            ply.ply,
            ply.simulations,
            ply.scores
        );
        let mover = analysis
            .players
            .iter()
            .position(|&c| c == ply.mover)
            .unwrap();
        let expected_loss = if &ply.played == best {
            0
        } else {
            ply.scores[mover].saturating_sub(scores_after[i][mover])
        };
        assert_eq!(ply.loss, expected_loss, "ply {}", ply.ply);
        assert_eq!(ply.mark, mark_for(ply.loss));
    }
}

#[test]
fn thresholds_of_the_marks() {
    assert_eq!(mark_for(0), None);
    assert_eq!(mark_for(MISTAKE_LOSS - 1), None);
    assert_eq!(mark_for(MISTAKE_LOSS), Some(Mark::Mistake));
    assert_eq!(mark_for(BLUNDER_LOSS - 1), Some(Mark::Mistake));
    assert_eq!(mark_for(BLUNDER_LOSS), Some(Mark::Blunder));
    assert_eq!(mark_for(1000), Some(Mark::Blunder));
}

#[test]
fn every_ply_of_finished_games_is_judged() {
    for game in games("examples/round1.pgr") {
        let analysis = analyse_game(&game, &QUICK, &mut || {}).unwrap();
        check_plies(&game, &analysis);
        // The game is over: the scores after it are its result.
        let last = positions(&game).pop().unwrap();
        let Status::Won { winner, .. } = last.status() else {
            panic!("round 1 games are finished")
        };
        for (colour, score) in analysis.players.iter().zip(&analysis.after) {
            assert_eq!(*score, if *colour == winner { 1000 } else { 0 });
        }
    }
}

#[test]
fn the_analysis_depends_on_the_seed_and_the_budget_only() {
    let game = &games("examples/round1.pgr")[0];
    let mut calls = 0;
    let first = analyse_game(game, &QUICK, &mut || calls += 1).unwrap();
    assert_eq!(calls, first.plies.len() + 1);
    assert_eq!(first, analyse_game(game, &QUICK, &mut || {}).unwrap());
    let other_seed = AnalysisOptions { seed: 6, ..QUICK };
    assert_ne!(first, analyse_game(game, &other_seed, &mut || {}).unwrap());
}

/// Whether a move's loss lies near a mark's threshold.
fn near_a_threshold(loss: u16) -> bool {
    [MISTAKE_LOSS, BLUNDER_LOSS]
        .iter()
        .any(|&t| loss.abs_diff(t) < NEAR_THRESHOLD)
}

#[test]
fn the_positions_of_moves_near_a_threshold_are_searched_again() {
    let nodes = 200;
    let options = AnalysisOptions {
        budget: Budget::Nodes(nodes),
        seed: 2,
    };
    let (mut near, mut again) = (0, 0);
    for game in games("examples/round1.pgr") {
        let analysis = analyse_game(&game, &options, &mut || {}).unwrap();
        let simulations: Vec<u64> = analysis.plies.iter().map(|p| p.simulations).collect();
        for (i, ply) in analysis.plies.iter().enumerate() {
            assert!(ply.simulations <= nodes * MOST_SEARCHES as u64);
            again += usize::from(ply.simulations > nodes);
            let Some(&after) = simulations.get(i + 1) else {
                continue;
            };
            // A loss is near a threshold only if the searches of a position of
            // its move were repeated (a loss changes with them alone).
            if near_a_threshold(ply.loss) && ply.best.as_ref() != Some(&ply.played) {
                near += 1;
                assert!(
                    ply.simulations > nodes || after > nodes,
                    "ply {}: loss {}, simulations {} then {after}",
                    ply.ply,
                    ply.loss,
                    ply.simulations
                );
            }
        }
    }
    assert!(
        near > 0 && again > near,
        "{near} plies near, {again} searched again"
    );
}

#[test]
fn games_in_parallel_are_the_games_one_after_the_other() {
    let mut all = games("examples/round1.pgr");
    all.extend(games("tests/data/pass-blocked.pgr"));
    all.push(without_start());
    let searched = std::sync::atomic::AtomicUsize::new(0);
    let more = std::sync::atomic::AtomicUsize::new(0);
    let parallel = analyse_games(&all, &QUICK, &|progress| {
        let counter = match progress {
            Progress::Searched => &searched,
            Progress::More(n) => {
                more.fetch_add(n, std::sync::atomic::Ordering::Relaxed);
                return;
            }
        };
        counter.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    });
    assert_eq!(parallel.len(), all.len());
    let mut positions_judged = 0;
    for (game, analysis) in all.iter().zip(&parallel) {
        let alone = analyse_game(game, &QUICK, &mut || {});
        assert_eq!(analysis, &alone);
        if let Ok(a) = analysis {
            positions_judged += a.plies.len() + 1;
        }
    }
    assert!(parallel.last().unwrap().is_err());
    // Every search is told: one a position, and those announced as more.
    assert_eq!(searched.into_inner(), positions_judged + more.into_inner());
}

#[test]
fn passes_are_not_plies() {
    for game in games("tests/data/pass-blocked.pgr") {
        assert!(game.moves.iter().any(|e| e.is_pass()));
        // The plies the referee accepts: a `pass` for a player who can move is
        // refused (R2) as an illegal move is, and the analysis ends there.
        let accepted = check_game(&game).plies;
        let analysis = analyse_game(&game, &QUICK, &mut || {}).unwrap();
        assert_eq!(analysis.plies.len(), accepted, "{:?}", game.tags);
        check_plies(&game, &analysis);
        let annotated = annotate(&game, &analysis);
        let mut ply = 0;
        for entry in &annotated.moves {
            let analysed = entry
                .comments
                .first()
                .and_then(|c| AnalysisComment::from_comment(c));
            let expected = !entry.is_pass() && ply < accepted;
            assert_eq!(analysed.is_some(), expected, "{}", entry.text);
            ply += usize::from(!entry.is_pass());
        }
    }
}

#[test]
fn a_game_is_analysed_up_to_its_first_illegal_move() {
    for game in games("tests/data/illegal.pgr") {
        let verdict = check_game(&game);
        let analysis = analyse_game(&game, &QUICK, &mut || {}).unwrap();
        assert_eq!(analysis.plies.len(), verdict.plies, "{:?}", game.tags);
        check_plies(&game, &analysis);
        let annotated = annotate(&game, &analysis);
        let analysed = annotated
            .moves
            .iter()
            .filter(|e| {
                e.comments
                    .first()
                    .is_some_and(|c| AnalysisComment::from_comment(c).is_some())
            })
            .count();
        assert_eq!(analysed, verdict.plies);
        let again = check_game(&reread(&annotated));
        assert_eq!(again.status, verdict.status);
        assert_eq!(again.error.map(|e| e.rule), verdict.error.map(|e| e.rule));
    }
}

/// A game whose `Players` tag names no players.
fn without_start() -> Game {
    let mut bad = game("[Result \"*\"]\n\n1. e1-e2 *\n");
    bad.tags.set("Players", "KX");
    bad
}

#[test]
fn a_game_without_a_start_position_is_not_analysed() {
    let err = analyse_game(&without_start(), &QUICK, &mut || {}).unwrap_err();
    assert_eq!(err.tag, "Players");
}

/// `game` written and read back.
fn reread(game: &Game) -> Game {
    let text = write_game(game);
    let back = Reader::new(text.as_bytes()).read_game().unwrap().unwrap();
    assert_eq!(write_game(&back), text, "the writing is canonical");
    back
}

#[test]
fn the_annotated_record_reads_back_with_the_analysis_and_the_same_verdict() {
    for game in games("examples/round1.pgr")
        .into_iter()
        .chain(games("tests/data/legal-4p.pgr"))
    {
        let analysis = analyse_game(&game, &QUICK, &mut || {}).unwrap();
        let annotated = reread(&annotate(&game, &analysis));
        assert_eq!(
            annotated.tags.get("Annotator"),
            Some(QUICK.annotator().as_str())
        );
        let before = check_game(&game);
        let after = check_game(&annotated);
        assert_eq!(
            (
                after.status,
                after.plies,
                after.winner,
                after.final_position
            ),
            (
                before.status,
                before.plies,
                before.winner,
                before.final_position
            )
        );
        let last = analysis.plies.len();
        let entries = annotated.moves.iter().filter(|e| !e.is_pass());
        for (entry, ply) in entries.zip(&analysis.plies) {
            let comment = AnalysisComment::from_comment(&entry.comments[0])
                .unwrap_or_else(|| panic!("ply {}: {:?}", ply.ply, entry.comments));
            let colours: Vec<_> = comment.scores.iter().map(|&(c, _)| c).collect();
            let scores: Vec<_> = comment.scores.iter().map(|&(_, s)| s).collect();
            assert_eq!(colours, analysis.players);
            assert_eq!(scores, ply.scores);
            assert_eq!(comment.best, ply.best);
            assert_eq!(comment.line, ply.pv);
            assert_eq!(comment.loss, ply.loss);
            assert_eq!(comment.mark, ply.mark);
            let after = comment
                .after
                .map(|s| s.into_iter().map(|(_, s)| s).collect());
            assert_eq!(after, (ply.ply == last).then(|| analysis.after.clone()));
            assert_eq!(
                entry.glyphs.last().map(String::as_str),
                ply.mark.map(Mark::glyph)
            );
        }
    }
}

#[test]
fn a_new_analysis_replaces_the_old_one_and_keeps_the_rest() {
    let text = "[Players \"KR\"]\n[Result \"*\"]\n\n1. e1-e2! {mine} e9-e8 {[%eval K 0.100 R 0.900] [%loss 0.300] [%mark blunder]} ?? {theirs} *\n";
    let original = game(text);
    // The old analysis says blunder, whatever the engine says now.
    let old_mark = AnalysisComment::from_comment(&original.moves[1].comments[0]).unwrap();
    assert_eq!(old_mark.mark, Some(Mark::Blunder));
    let analysis = analyse_game(&original, &QUICK, &mut || {}).unwrap();
    let annotated = annotate(&original, &analysis);
    let first = &annotated.moves[0];
    assert_eq!(first.glyphs[0], "!");
    assert_eq!(first.comments[1..], ["mine".to_string()]);
    let second = &annotated.moves[1];
    assert_eq!(second.comments.len(), 2);
    assert_eq!(second.comments[1], "theirs");
    let new = AnalysisComment::from_comment(&second.comments[0]).unwrap();
    assert_eq!(new.loss, analysis.plies[1].loss);
    let glyphs: Vec<&str> = analysis.plies[1]
        .mark
        .map(Mark::glyph)
        .into_iter()
        .collect();
    assert_eq!(second.glyphs, glyphs);
    // Annotating again with the same analysis changes nothing.
    assert_eq!(annotate(&annotated, &analysis), annotated);
}

#[test]
fn an_eval_comment_of_other_players_is_an_ordinary_comment_and_stays() {
    // In a game of Black and Red: an analysis comment of the game's players is
    // replaced; one naming one player, an extra one or the players out of order
    // is an ordinary comment (notation.md) and is kept.
    let ours = "[%eval K 0.500 R 0.500] [%loss 0.000]";
    let others = [
        "[%eval K 0.500] [%loss 0.000]",
        "[%eval K 0.500 R 0.500 Y 0.000] [%loss 0.000]",
        "[%eval R 0.500 K 0.500] [%loss 0.000]",
        "[%eval K 0.500 R 0.500] [%loss 0.000] [%after R 0.500 K 0.500]",
    ];
    for other in others {
        let text = format!(
            "[Players \"KR\"]\n[Result \"*\"]\n\n1. e1-e2 {{{ours}}} {{{other}}} e9-e8 *\n"
        );
        let game = Reader::new(text.as_bytes()).read_game().unwrap().unwrap();
        let analysis = analyse_game(&game, &QUICK, &mut || {}).unwrap();
        let annotated = annotate(&game, &analysis);
        let comments = &annotated.moves[0].comments;
        assert_eq!(comments.len(), 2, "{other}: {comments:?}");
        assert_ne!(comments[0], ours, "{other}: replaced by the new analysis");
        assert_eq!(comments[1], other);
    }
}

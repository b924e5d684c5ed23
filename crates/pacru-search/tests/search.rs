//! The search's promises: legal moves everywhere, wins in one taken, losses in one
//! avoided, the same answer for the same seed and budget.

use pacru_core::{Move, Position, RulesEdition, SplitMix64, Status, WinReason};
use pacru_search::{Limits, SearchConfig, SearchTree, Searcher, candidate_moves};

fn budget(simulations: u64) -> Limits {
    Limits {
        simulations: Some(simulations),
        time: None,
    }
}

fn search(position: &Position, seed: u64, simulations: u64) -> pacru_search::SearchResult {
    let config = SearchConfig {
        seed,
        ..SearchConfig::default()
    };
    Searcher::new(config).search(position, budget(simulations), &|| false, &mut |_| {})
}

/// Positions of random games for 2, 3 and 4 players under both editions, every
/// `every`-th ply, `games` games per setting.
fn random_positions(games: u64, every: u32) -> Vec<Position> {
    let mut out = Vec::new();
    for players in 2..=4 {
        for rules in [RulesEdition::Pacru2004, RulesEdition::Pacru2011] {
            for game in 0..games {
                let mut pos = Position::standard(players).unwrap().with_rules(rules);
                let mut rng = SplitMix64::new(game * 31 + players as u64);
                let mut ply = 0;
                while let Some(mv) = pos.random_move(&mut rng) {
                    if ply % every == 0 {
                        out.push(pos.clone());
                    }
                    pos.play_unchecked(&mv);
                    ply += 1;
                }
            }
        }
    }
    out
}

/// The winner of `position` after `mv`, if the move ends the game.
fn wins_with(position: &Position, mv: &Move) -> Option<Status> {
    let after = position.play(mv).expect("candidates are legal");
    after.is_finished().then(|| after.status())
}

/// Whether the player to move after `mv` can win at once.
fn gives_a_win_in_one(position: &Position, mv: &Move) -> bool {
    let after = position.play(mv).expect("legal");
    if after.is_finished() {
        return false;
    }
    let mut replies = Vec::new();
    candidate_moves(&after, &mut replies);
    replies.iter().any(|r| {
        let end = after.play(r).expect("legal");
        end.winner() == Some(after.to_move())
    })
}

#[test]
fn moves_are_legal_on_thousands_of_random_positions() {
    let positions = random_positions(8, 2);
    assert!(
        positions.len() >= 2000,
        "only {} positions",
        positions.len()
    );
    for (i, pos) in positions.iter().enumerate() {
        let result = search(pos, i as u64, 12);
        let best = result.best.expect("an unfinished game has a move");
        pos.play(&best)
            .unwrap_or_else(|e| panic!("illegal {best} in position {i}: {e}"));
        assert_eq!(result.pv.first(), Some(&best));
        // The whole principal line is playable.
        let mut line = pos.clone();
        for mv in &result.pv {
            line = line.play(mv).expect("the principal line is legal");
        }
    }
}

/// Whether `mv` wins at once in the way `reason` names: the target reached, or
/// the last opponent pincered.
fn wins_by(position: &Position, mv: &Move, reason: WinReason) -> bool {
    match wins_with(position, mv) {
        Some(Status::Won { reason: r, winner }) if winner == position.to_move() => {
            r == reason
                && (reason == WinReason::Target || matches!(mv, Move::Movement(m) if m.pincer))
        }
        _ => false,
    }
}

/// Positions where Black is one field short of the target and only a crossing
/// from c5 to d6 gains one (2 and 4 players).
const ONE_SHORT: [&str; 2] = [
    "6KKK/KK4KKK/KKK3KKK/6KKK/6KKK/6KKK/3KKKKKK/3KKKKKK/3KKKKKK Kb2N,Ka4N,Kc5N,Ke8N,Rd5S,Rc9S K KR",
    "9/9/9/9/6KK1/6KKK/3KKKKKK/3KKKKKK/3KKKKKK Kb2N,Ka4N,Kc5N,Ke8N,Ri9S,Ya9S,Gf5S K KRYG",
];

/// Checks that `positions` have a win of the kind `reason` among fewer than
/// half the candidate moves, and that the search takes one at every budget.
fn wins_at_every_budget(positions: &[&str], reason: WinReason) {
    for ppn in positions {
        for rules in [RulesEdition::Pacru2004, RulesEdition::Pacru2011] {
            let pos = pacru_core::Position::from_ppn(ppn, rules).unwrap();
            let mut moves = Vec::new();
            candidate_moves(&pos, &mut moves);
            let winning = moves.iter().filter(|m| wins_by(&pos, m, reason)).count();
            let any_win = moves
                .iter()
                .filter(|m| wins_with(&pos, m).is_some())
                .count();
            assert!(
                winning >= 1 && any_win == winning && winning * 2 < moves.len(),
                "{ppn}: {winning} of {}",
                moves.len()
            );
            for (seed, budget) in [(1, 1), (2, 50), (3, 400)] {
                let best = search(&pos, seed, budget).best.unwrap();
                assert!(wins_by(&pos, &best, reason), "{ppn}: {best} does not win");
            }
        }
    }
}

#[test]
fn takes_a_win_in_one_by_the_target() {
    wins_at_every_budget(&ONE_SHORT, WinReason::Target);
}

/// Positions where Black can pincer the last opponent chevron left (2, 3 and 4
/// players; the others are out), among many other moves.
const LAST_OPPONENT: [&str; 3] = [
    "9/9/9/9/9/9/9/9/9 Ka1N,Kd4NE,Kf4NW,Re5S K KR",
    "KK5KK/9/9/9/9/9/9/9/9 Kb2N,Kc7E,Kg7W,Re7N K KRY",
    "8Y/9/9/9/9/9/9/9/3KK4 Ke3N,Kd6SE,Ka9E,Ge5N K KRYG",
];

#[test]
fn takes_a_win_in_one_by_pincering_the_last_opponent() {
    wins_at_every_budget(&LAST_OPPONENT, WinReason::LastStanding);
}

#[test]
fn avoids_a_loss_in_one() {
    let mut checked = 0;
    let mut moves = Vec::new();
    for seed in 0..3000u64 {
        let players = 2 + (seed % 3) as usize;
        let mut pos = Position::standard(players).unwrap();
        let mut rng = SplitMix64::new(seed + 10_000);
        while let Some(mv) = pos.random_move(&mut rng) {
            candidate_moves(&pos, &mut moves);
            // No win of our own, some moves hand the next player a win, others not.
            let own_win = moves.iter().any(|m| wins_with(&pos, m).is_some());
            if !own_win {
                let losing = moves.iter().filter(|m| gives_a_win_in_one(&pos, m)).count();
                if losing > 0 && losing < moves.len() {
                    for budget in [1, 30, 300] {
                        let best = search(&pos, seed, budget).best.unwrap();
                        assert!(
                            !gives_a_win_in_one(&pos, &best),
                            "{best} hands over a win ({losing} of {} moves do), budget {budget}",
                            moves.len()
                        );
                    }
                    checked += 1;
                    break;
                }
            }
            pos.play_unchecked(&mv);
        }
        if checked >= 15 {
            break;
        }
    }
    assert_eq!(checked, 15);
}

#[test]
fn the_same_seed_and_budget_give_the_same_search() {
    let positions = random_positions(1, 23);
    for (i, pos) in positions.iter().enumerate().take(30) {
        let a = search(pos, 7, 150);
        let b = search(pos, 7, 150);
        assert_eq!(a, b, "position {i}");
    }
}

#[test]
fn a_finished_game_has_no_move() {
    let mut pos = Position::standard(2).unwrap();
    let mut rng = SplitMix64::new(5);
    while let Some(mv) = pos.random_move(&mut rng) {
        pos.play_unchecked(&mv);
    }
    assert!(pos.is_finished());
    let result = search(&pos, 0, 100);
    assert_eq!(result.best, None);
    assert!(result.pv.is_empty());
}

#[test]
fn a_full_tree_stops_growing_but_the_search_goes_on() {
    let pos = Position::standard(3).unwrap();
    let config = SearchConfig {
        max_tree_nodes: 500,
        ..SearchConfig::default()
    };
    let result = Searcher::new(config).search(&pos, budget(400), &|| false, &mut |_| {});
    assert_eq!(result.simulations, 400);
    pos.play(&result.best.unwrap()).unwrap();
}

#[test]
fn the_stop_callback_ends_an_unlimited_search() {
    let pos = Position::standard(2).unwrap();
    let calls = std::cell::Cell::new(0);
    let stop = || {
        calls.set(calls.get() + 1);
        calls.get() > 5
    };
    let result = Searcher::default().search(&pos, Limits::default(), &stop, &mut |_| {});
    assert!(
        result.simulations > 0 && result.simulations <= 6 * 16,
        "{}",
        result.simulations
    );
    pos.play(&result.best.unwrap()).unwrap();
}

#[test]
fn every_player_gets_a_score_and_the_movers_is_the_score() {
    for (i, position) in random_positions(2, 20).iter().enumerate() {
        let result = search(position, i as u64, 60);
        if position.is_finished() {
            assert!(result.scores.is_empty());
            continue;
        }
        let players = position.players();
        assert_eq!(result.scores.len(), players.len(), "{}", position.to_ppn());
        let mover = players.slot_of(position.to_move()).unwrap();
        assert_eq!(result.scores[mover], result.score, "{}", position.to_ppn());
        assert!(
            result.scores.iter().all(|s| (0..=1000).contains(s)),
            "{:?} {}",
            result.scores,
            position.to_ppn()
        );
        // The rewards of a position share 1 among the players, so their means do
        // too, up to rounding (or a proven win, which gives the mover everything).
        let total: i64 = result.scores.iter().sum();
        assert!(
            (1000 - players.len() as i64..=1000 + players.len() as i64).contains(&total),
            "{:?} {}",
            result.scores,
            position.to_ppn()
        );
    }
}

/// Two-player positions of random games where the player to move has a choice,
/// no move wins and every move lets the opponent win at once: lost positions.
fn lost_in_two_positions(wanted: usize) -> Vec<Position> {
    let mut found = Vec::new();
    let mut moves = Vec::new();
    for seed in 0..20_000u64 {
        let mut pos = Position::standard(2).unwrap();
        let mut rng = SplitMix64::new(seed + 50_000);
        while let Some(mv) = pos.random_move(&mut rng) {
            candidate_moves(&pos, &mut moves);
            if moves.len() > 1
                && moves
                    .iter()
                    .all(|m| wins_with(&pos, m).is_none() && gives_a_win_in_one(&pos, m))
            {
                found.push(pos);
                break;
            }
            pos.play_unchecked(&mv);
        }
        if found.len() == wanted {
            break;
        }
    }
    found
}

/// Every move loses at once: the search proves the root lost after expanding each
/// move once, stops before its budget and gives the mover nothing.
#[test]
fn a_lost_position_is_proven_and_ends_the_search() {
    let positions = lost_in_two_positions(5);
    assert_eq!(positions.len(), 5);
    for pos in positions {
        let mut moves = Vec::new();
        candidate_moves(&pos, &mut moves);
        let budget = 20 * moves.len() as u64 + 100;
        let result = search(&pos, 3, budget);
        assert!(
            result.simulations < budget,
            "{} simulations of {budget} in {}",
            result.simulations,
            pos.to_ppn()
        );
        assert_eq!(result.score, 0, "{}", pos.to_ppn());
        pos.play(&result.best.unwrap()).unwrap();
    }
}

fn searched_in(
    tree: &mut SearchTree,
    position: &Position,
    seed: u64,
    simulations: u64,
) -> pacru_search::SearchResult {
    let config = SearchConfig {
        seed,
        ..SearchConfig::default()
    };
    Searcher::new(config).search_in(tree, position, budget(simulations), &|| false, &mut |_| {})
}

/// A kept tree: the position two plies on (2 players) or four (4 players) starts
/// with the simulations the last search made through it; a position the tree
/// never reached, or the same search in a new tree, starts from nothing.
#[test]
fn a_kept_tree_carries_the_simulations_of_the_position_reached() {
    for players in [2, 4] {
        let mut tree = SearchTree::new();
        let mut pos = Position::standard(players).unwrap();
        let first = searched_in(&mut tree, &pos, 1, 3000);
        assert_eq!(first.kept, 0);
        // Follow the principal line a round of play deep.
        for mv in first.pv.iter().take(players) {
            pos.play_unchecked(mv);
        }
        let again = searched_in(&mut tree, &pos, 1, 300);
        assert!(again.kept > 0, "{players} players: nothing kept");
        assert_eq!(again.simulations, 300);
        pos.play(&again.best.unwrap()).unwrap();
        assert_eq!(searched_in(&mut SearchTree::new(), &pos, 1, 300).kept, 0);

        // The same position again keeps every simulation through it.
        let before = again.kept + again.simulations;
        let same = searched_in(&mut tree, &pos, 1, 10);
        assert_eq!(same.kept, before, "{players} players");

        // Another game: nothing to keep.
        let other = Position::standard(players)
            .unwrap()
            .with_rules(RulesEdition::Pacru2011);
        assert_eq!(searched_in(&mut tree, &other, 1, 10).kept, 0);
    }
}

/// Keeping a tree is work in proportion to the tree, charged to the search's
/// time: it may take a quarter of it. With no time at all the tree is dropped
/// rather than searched for the position; with time to spare it is kept.
#[test]
fn keeping_a_tree_gives_way_to_a_short_time_limit() {
    let mut tree = SearchTree::new();
    let mut pos = Position::standard(2).unwrap();
    let first = searched_in(&mut tree, &pos, 1, 3000);
    for mv in first.pv.iter().take(2) {
        pos.play_unchecked(mv);
    }
    let mut kept_tree = tree.clone();
    let no_time = Limits {
        simulations: Some(10),
        time: Some(std::time::Duration::ZERO),
    };
    let searcher = Searcher::new(SearchConfig {
        seed: 1,
        ..SearchConfig::default()
    });
    let hurried = searcher.search_in(&mut tree, &pos, no_time, &|| false, &mut |_| {});
    assert_eq!(hurried.kept, 0);
    assert!(hurried.best.is_some_and(|mv| pos.play(&mv).is_ok()));
    let ample = Limits {
        simulations: Some(10),
        time: Some(std::time::Duration::from_secs(3600)),
    };
    let unhurried = searcher.search_in(&mut kept_tree, &pos, ample, &|| false, &mut |_| {});
    assert!(unhurried.kept > 0);
}

/// A kept tree makes the search stronger but no less exact: the same sequence of
/// searches gives the same results, and every move is legal.
#[test]
fn searches_in_a_kept_tree_are_repeatable_and_legal() {
    let play = || {
        let mut tree = SearchTree::new();
        let mut pos = Position::standard(3).unwrap();
        let mut results = Vec::new();
        while !pos.is_finished() && results.len() < 60 {
            let result = searched_in(&mut tree, &pos, 9, 200);
            pos = pos.play(result.best.as_ref().unwrap()).expect("legal");
            results.push(result);
        }
        results
    };
    let first = play();
    assert!(first.iter().filter(|r| r.kept > 0).count() > first.len() / 2);
    assert_eq!(first, play());
}

/// A finished game leaves nothing in the tree: the next search starts afresh.
#[test]
fn a_search_of_a_finished_game_empties_the_tree() {
    let mut finished = Position::standard(2).unwrap();
    let mut rng = SplitMix64::new(4);
    while let Some(mv) = finished.random_move(&mut rng) {
        finished.play_unchecked(&mv);
    }
    assert!(finished.is_finished());
    let mut tree = SearchTree::new();
    let start = Position::standard(2).unwrap();
    searched_in(&mut tree, &start, 1, 200);
    let over = searched_in(&mut tree, &finished, 1, 200);
    assert_eq!((over.best, over.simulations, over.kept), (None, 0, 0));
    assert!(tree.is_empty());
    let next = searched_in(&mut tree, &start, 1, 200);
    assert_eq!((next.kept, next.simulations), (0, 200));
    assert!(start.play(&next.best.unwrap()).is_ok());
}

//! The three ways to make a move (`play`, `try_play`, `play_unchecked`) end the turn
//! alike: along random games they give the same position, and what `explain` says
//! of a move is what playing it did. Above all where the next player is blocked
//! and is removed at the end of the turn (R15).

use pacru_core::{Colour, Move, Position, RulesEdition, SplitMix64};

/// Plays random games three ways side by side and compares them at every ply.
/// Returns how many plies removed a blocked player.
fn compare_along_random_games(players: usize, rules: RulesEdition, games: u64) -> usize {
    let mut blocked_plies = 0;
    for seed in 0..games {
        let mut rng = SplitMix64::new(seed * 31 + players as u64);
        let mut unchecked = Position::standard(players).unwrap().with_rules(rules);
        let mut in_place = unchecked.clone();
        while let Some(mv) = unchecked.random_move(&mut rng) {
            let copied = unchecked.play(&mv).expect("a legal move");
            let effects = unchecked.explain(&mv).expect("a legal move");
            let before = unchecked.clone();
            unchecked.play_unchecked(&mv);
            let played = in_place.try_play(&mv).expect("a legal move");
            assert_eq!(unchecked, in_place, "after {mv}");
            assert_eq!(unchecked, copied, "after {mv}");
            assert_eq!(unchecked.to_ppn(), copied.to_ppn());
            assert_eq!(effects.status, unchecked.status(), "after {mv}");
            assert_eq!(effects.mover, before.to_move());
            let left: Vec<Colour> = effects.out.iter().map(|&(colour, _)| colour).collect();
            let expected: Vec<Colour> = before
                .players()
                .as_slice()
                .iter()
                .copied()
                .filter(|&c| before.is_in_game(c) && !unchecked.is_in_game(c))
                .collect();
            let mut sorted = left.clone();
            sorted.sort_by_key(|c| c.index());
            let mut expected_sorted = expected;
            expected_sorted.sort_by_key(|c| c.index());
            assert_eq!(sorted, expected_sorted, "who left after {mv}");
            if played.blocked > 0 {
                blocked_plies += 1;
                // The player removed is not the one to move, and the one to move can move.
                assert!(
                    unchecked.is_finished() || unchecked.can_move(),
                    "after {mv}"
                );
                // Every reply, and a resignation, plays alike in place and on a copy.
                let resign = (!unchecked.is_finished()).then_some(Move::Resign);
                for reply in unchecked.legal_moves().chain(resign) {
                    let mut a = unchecked.clone();
                    a.play_unchecked(&reply);
                    let b = unchecked.play(&reply).expect("a legal reply");
                    assert_eq!(a, b, "{mv} then {reply}");
                }
            }
        }
        assert!(unchecked.is_finished());
        assert!(in_place.is_finished());
    }
    blocked_plies
}

#[test]
fn every_way_of_making_a_move_ends_the_turn_alike() {
    let mut blocked = 0;
    for players in 2..=4 {
        for rules in [RulesEdition::Pacru2004, RulesEdition::Pacru2011] {
            blocked += compare_along_random_games(players, rules, 12);
        }
    }
    // The comparison must have met the case it is most about.
    assert!(blocked >= 20, "only {blocked} plies left a player blocked");
}

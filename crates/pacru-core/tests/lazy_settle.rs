//! `play_unchecked` leaves the end of the turn (the win test, the removal of a
//! blocked next player) to the first look at the new position. Whatever is
//! asked of such a position must be answered as for the position settled at
//! once, which `play` gives; above all when the next player is blocked.

use pacru_core::{Colour, Field, Move, Position, RulesEdition, SplitMix64, format_ppn, parse_ppn};
use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

fn hash_of(pos: &Position) -> u64 {
    let mut hasher = DefaultHasher::new();
    pos.hash(&mut hasher);
    hasher.finish()
}

/// Everything a caller can ask of a position, in a form that can be compared.
fn observe(pos: &Position) -> Vec<String> {
    let mut seen = vec![
        format!("{:?}", pos.to_move()),
        format!("{:?}", pos.status()),
        format!("{}", pos.is_finished()),
        format!("{:?}", pos.winner()),
        format!("{}", pos.players_in_game()),
        format!("{:?}", pos.occupied()),
        format!("{:?}", pos.chevrons().collect::<Vec<_>>()),
        format!("{}", pos.hash_key()),
        format!("{:?}", pos.to_setup()),
        format_ppn(pos),
        pos.to_ppn().to_string(),
        format!("{pos:?}"),
        pos.diagram(),
        format!("{}", pos.legal_move_count()),
        format!("{}", pos.legal_moves().len()),
        format!("{:?}", pos.legal_moves().collect::<Vec<_>>()),
        format!("{:?}", pos.movement_skeletons().collect::<Vec<_>>()),
        format!("{:?}", pos.reorientation_skeletons().collect::<Vec<_>>()),
        format!("{}", pos.can_move()),
        format!("{}", pos.perft(2)),
        format!("{}", pos.derived_state_is_consistent()),
        format!("{:?}", pos.random_move(&mut SplitMix64::new(9))),
    ];
    for colour in Colour::ALL {
        seen.push(format!(
            "{} {:?}",
            pos.is_in_game(colour),
            pos.chevrons_of(colour)
        ));
    }
    for field in Field::all() {
        seen.push(format!("{:?}", pos.chevron_at(field)));
    }
    for sk in pos.movement_skeletons() {
        seen.push(format!(
            "{:?}",
            pos.meeting_fields(&sk, sk.first_items().next())
        ));
    }
    if let Some(mv) = pos.legal_moves().last() {
        seen.push(format!("{:?}", pos.validate(&mv)));
        seen.push(format!("{:?}", pos.play(&mv).map(|next| format_ppn(&next))));
        seen.push(format!("{:?}", pos.play_explained(&mv).map(|(_, e)| e)));
    }
    seen
}

/// Plays random games with `play_unchecked` and, at every ply, compares the
/// position so reached with the one `try_play` settles at once. Returns how
/// many plies left a blocked player to be removed.
fn compare_along_random_games(players: usize, rules: RulesEdition, games: u64) -> usize {
    let mut blocked_plies = 0;
    for seed in 0..games {
        let mut rng = SplitMix64::new(seed * 31 + players as u64);
        let mut lazy = Position::standard(players).unwrap().with_rules(rules);
        let mut eager = lazy.clone();
        loop {
            // Random moves are drawn alike from both.
            let mut same_rng = rng.clone();
            let Some(mv) = lazy.random_move(&mut rng) else {
                assert_eq!(eager.random_move(&mut same_rng), None);
                break;
            };
            assert_eq!(eager.random_move(&mut same_rng), Some(mv.clone()));
            lazy.play_unchecked(&mv);
            let played = eager.try_play(&mv).expect("a legal move");
            if played.blocked > 0 {
                blocked_plies += 1;
                // The position as asked is the settled one...
                assert_eq!(observe(&lazy), observe(&eager), "after {mv}");
                assert_eq!(lazy, eager);
                assert_eq!(hash_of(&lazy), hash_of(&eager));
                // ...and every move of it plays alike on the stored form.
                for reply in eager.legal_moves() {
                    let mut from_lazy = lazy.clone();
                    from_lazy.play_unchecked(&reply);
                    let mut from_eager = eager.clone();
                    from_eager.play_unchecked(&reply);
                    assert_eq!(from_lazy, from_eager, "{mv} then {reply}");
                    assert_eq!(format_ppn(&from_lazy), format_ppn(&from_eager));
                }
                // A resignation too.
                let mut from_lazy = lazy.clone();
                from_lazy.play_unchecked(&Move::Resign);
                let mut from_eager = eager.clone();
                from_eager.play_unchecked(&Move::Resign);
                assert_eq!(format_ppn(&from_lazy), format_ppn(&from_eager));
            } else {
                assert_eq!(lazy, eager, "after {mv}");
                assert_eq!(format_ppn(&lazy), format_ppn(&eager));
            }
            if rng.next_u64().is_multiple_of(16) {
                assert_eq!(observe(&lazy), observe(&eager), "after {mv}");
            }
        }
        assert!(lazy.is_finished());
        assert_eq!(observe(&lazy), observe(&eager));
    }
    blocked_plies
}

#[test]
fn a_position_played_into_answers_as_the_settled_one() {
    let mut blocked = 0;
    for players in 2..=4 {
        for rules in [RulesEdition::Pacru2004, RulesEdition::Pacru2011] {
            blocked += compare_along_random_games(players, rules, 12);
        }
    }
    // The comparison must have met the case it is about.
    assert!(blocked >= 20, "only {blocked} plies left a player blocked");
}

/// `settle` makes the stored form the settled one, and is idempotent.
#[test]
fn settling_in_place_gives_the_settled_position() {
    let mut rng = SplitMix64::new(5);
    let mut pos = Position::standard(3).unwrap();
    while let Some(mv) = pos.random_move(&mut rng) {
        let eager = pos.play(&mv).unwrap();
        pos.play_unchecked(&mv);
        let before = format_ppn(&pos);
        pos.settle();
        assert_eq!(format_ppn(&pos), before);
        assert_eq!(pos, eager);
        pos.settle();
        assert_eq!(pos, eager);
        assert_eq!(parse_ppn(&before).unwrap(), pos);
    }
}

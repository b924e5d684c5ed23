//! Property tests over random reachable positions (seeded random play of random
//! length from a random standard start, random rules edition).

mod common;
mod naive;

use common::{below, chance, naive_rules, ppn_of};
use pacru_core::{
    Bitboard, Field, Item, Items, Move, Movement, Position, Reorientation, Rotation, Rule,
    RulesEdition, SplitMix64,
};
use proptest::prelude::*;

/// Above this many legal moves the naive oracle is skipped (too slow in debug).
const NAIVE_LIMIT: u64 = 1500;

/// A position reached by seeded random play; movements with items are preferred so
/// that markers accumulate, and reorientations happen now and then.
fn reach(seed: u64, players: usize, plies: usize, y2011: bool) -> Position {
    let mut rng = SplitMix64::new(seed);
    let mut p = Position::standard(players).unwrap();
    if y2011 {
        p = p.with_rules(RulesEdition::Pacru2011);
    }
    for _ in 0..plies {
        let moves: Vec<Move> = p.legal_moves().collect();
        if moves.is_empty() {
            break;
        }
        let rich: Vec<&Move> = moves
            .iter()
            .filter(|m| matches!(m, Move::Movement(mv) if !mv.items.is_empty()))
            .collect();
        let m = if !rich.is_empty() && chance(&mut rng, 70) {
            rich[below(&mut rng, rich.len())].clone()
        } else {
            moves[below(&mut rng, moves.len())].clone()
        };
        p = p.play(&m).unwrap();
    }
    p
}

fn random_field(rng: &mut SplitMix64) -> Field {
    Field::from_index(below(rng, 81) as u8).unwrap()
}

fn random_item(rng: &mut SplitMix64) -> Item {
    if chance(rng, 20) {
        Item::Connection
    } else {
        Item::Field(random_field(rng))
    }
}

/// A syntactically valid move: random fields, items, rotations; sometimes a legal
/// move with its items disturbed.
fn random_move(p: &Position, rng: &mut SplitMix64) -> Move {
    let own: Vec<Field> = p.chevrons_of(p.to_move()).iter().collect();
    let from = if !own.is_empty() && chance(rng, 70) {
        own[below(rng, own.len())]
    } else {
        random_field(rng)
    };
    match below(rng, 10) {
        0 => Move::Resign,
        1 | 2 => {
            let mine = p.fields_of(p.to_move());
            let mut returned = Bitboard::EMPTY;
            for _ in 0..below(rng, 6) {
                let mine_list: Vec<Field> = mine.iter().collect();
                if !mine_list.is_empty() && chance(rng, 80) {
                    returned.insert(mine_list[below(rng, mine_list.len())]);
                } else {
                    returned.insert(random_field(rng));
                }
            }
            Move::Reorientation(Reorientation {
                field: from,
                rotation: Rotation::ALL[below(rng, 4)],
                returned,
            })
        }
        3..=5 => {
            // Disturb a legal movement: drop, add, or replace an item.
            let legal: Vec<Move> = p
                .legal_moves()
                .filter(|m| matches!(m, Move::Movement(_)))
                .take(400)
                .collect();
            let Some(Move::Movement(mut m)) = legal.get(below(rng, legal.len().max(1))).cloned()
            else {
                return Move::Resign;
            };
            let mut items: Vec<Item> = m.items.iter().collect();
            match below(rng, 4) {
                0 => {
                    items.pop();
                }
                1 => items.push(random_item(rng)),
                2 => {
                    if let Some(i) = items.first_mut() {
                        *i = random_item(rng);
                    }
                }
                _ => m.pincer = !m.pincer,
            }
            m.items = Items::from_slice(&items);
            Move::Movement(m)
        }
        _ => {
            let to = random_field(rng);
            let items: Vec<Item> = (0..below(rng, 4)).map(|_| random_item(rng)).collect();
            Move::Movement(Movement {
                from,
                to,
                pincer: chance(rng, 20),
                items: Items::from_slice(&items),
            })
        }
    }
}

/// The players `mv` removed as blocked on its way from `before` to `after`: those who
/// lost their chevrons without resigning or losing their last one to a pincer.
fn blocked_by(before: &Position, mv: &Move, after: &Position) -> u32 {
    let captured = match mv {
        Move::Movement(m) if m.pincer => before.chevron_at(m.to).map(|c| c.colour),
        _ => None,
    };
    before
        .players()
        .iter()
        .filter(|&c| before.is_in_game(c) && !after.is_in_game(c))
        .filter(|&c| !(matches!(mv, Move::Resign) && c == before.to_move()))
        .filter(|&c| !(Some(c) == captured && before.chevrons_of(c).count() == 1))
        .count() as u32
}

/// The invariants every position the core returns must satisfy.
fn check_invariants(p: &Position) -> Result<(), TestCaseError> {
    let ppn = ppn_of(p);
    for (colour, field, _) in p.chevrons() {
        let marker = p.colour_at(field);
        prop_assert!(
            marker.is_none() || marker == Some(colour),
            "chevron on a foreign colour in {}",
            ppn
        );
    }
    let reread = Position::from_ppn(&ppn, p.rules()).expect("the position's own PPN");
    prop_assert_eq!(p.hash_key(), reread.hash_key(), "hash in {}", ppn);
    // What the position keeps up to date (field counts, the unions of fields and
    // of chevrons, the players in the game) agrees with a recount.
    let playing = p.players().as_slice();
    let mut coloured = Bitboard::EMPTY;
    let mut occupied = Bitboard::EMPTY;
    for &colour in playing {
        prop_assert_eq!(
            p.field_count(colour),
            p.fields_of(colour).count(),
            "count in {}",
            ppn
        );
        coloured |= p.fields_of(colour);
        occupied |= p.chevrons_of(colour);
    }
    prop_assert_eq!(p.coloured(), coloured, "coloured fields in {}", ppn);
    prop_assert_eq!(p.occupied(), occupied, "occupied fields in {}", ppn);
    let in_game = playing.iter().filter(|&&c| p.chevrons_of(c).any()).count();
    prop_assert_eq!(
        p.players_in_game(),
        in_game,
        "players in the game in {}",
        ppn
    );
    // Settled: finished, or the player to move has chevrons and a legal movement.
    if !p.is_finished() {
        prop_assert!(p.is_in_game(p.to_move()), "player to move is out: {}", ppn);
        prop_assert!(
            p.movement_skeletons().next().is_some(),
            "player to move is blocked: {}",
            ppn
        );
    } else {
        prop_assert_eq!(p.legal_move_count(), 0);
        prop_assert!(p.legal_moves().next().is_none());
    }
    let back = Position::from_setup(&p.to_setup()).expect("round trip");
    prop_assert_eq!(&back, p, "to_setup/from_setup round trip of {}", ppn);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    /// Every generated move is accepted by `play`, the count equals the enumeration,
    /// and every resulting position satisfies the invariants.
    #[test]
    fn generated_moves_are_legal(
        seed in any::<u64>(),
        players in 2usize..=4,
        plies in 0usize..90,
        y2011 in any::<bool>(),
    ) {
        let p = reach(seed, players, plies, y2011);
        check_invariants(&p)?;
        let moves: Vec<Move> = p.legal_moves().collect();
        prop_assert_eq!(moves.len() as u64, p.legal_move_count());
        let mut names: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
        names.sort();
        names.dedup();
        prop_assert_eq!(names.len(), moves.len(), "duplicate moves");
        let mut rng = SplitMix64::new(seed ^ 0x5555);
        let step = (moves.len() / 200).max(1);
        for m in moves.iter().skip(below(&mut rng, step)).step_by(step) {
            let next = p.play(m);
            prop_assert!(next.is_ok(), "{} rejected in {}: {:?}", m, ppn_of(&p), next.err());
            let next = next.unwrap();
            check_invariants(&next)?;
            let mut unchecked = p.clone();
            unchecked.play_unchecked(m);
            prop_assert_eq!(&unchecked, &next);
            let mut in_place = p.clone();
            let played = in_place.try_play(m);
            prop_assert_eq!(&in_place, &next, "try_play of {} in {}", m, ppn_of(&p));
            prop_assert_eq!(played.map(|r| r.blocked), Ok(blocked_by(&p, m, &next)));
        }
    }

    /// The skeleton APIs describe exactly the complete moves: every movement's
    /// (origin, destination, pincer) comes from one skeleton, each skeleton stands
    /// for (first items or one) x (meeting fields or one) moves, and the
    /// reorientation skeletons account for every reorientation.
    #[test]
    fn skeletons_agree_with_moves(
        seed in any::<u64>(),
        players in 2usize..=4,
        plies in 0usize..90,
        y2011 in any::<bool>(),
    ) {
        use std::collections::BTreeMap;
        let p = reach(seed, players, plies, y2011);
        let mut per_skeleton: BTreeMap<(Field, Field, bool), u64> = BTreeMap::new();
        let mut reorientations = 0u64;
        for m in p.legal_moves() {
            match m {
                Move::Movement(mv) => {
                    *per_skeleton.entry((mv.from, mv.to, mv.pincer)).or_default() += 1;
                }
                Move::Reorientation(_) => reorientations += 1,
                Move::Resign => prop_assert!(false, "resign listed"),
            }
        }
        let mut seen = 0;
        for sk in p.movement_skeletons() {
            let pincer = sk.kind() == pacru_core::MovementKind::Pincer;
            let firsts: Vec<Option<Item>> = if sk.needs_first_item() {
                sk.first_items().map(Some).collect()
            } else {
                vec![None]
            };
            prop_assert_eq!(firsts.len() as u32, sk.first_item_count().max(1));
            let expected: u64 = firsts
                .iter()
                .map(|&first| u64::from(p.meeting_fields(&sk, first).count().max(1)))
                .sum();
            prop_assert_eq!(
                per_skeleton.get(&(sk.from(), sk.to(), pincer)).copied(),
                Some(expected),
                "skeleton {}-{} in {}",
                sk.from(),
                sk.to(),
                ppn_of(&p)
            );
            seen += 1;
        }
        prop_assert_eq!(seen, per_skeleton.len(), "movements without a skeleton");
        let choose = |n: u64, k: u64| -> u64 {
            (0..k).fold(1u64, |acc, i| acc * (n - i) / (i + 1))
        };
        let from_skeletons: u64 = p
            .reorientation_skeletons()
            .map(|r| {
                let n = u64::from(r.returnable().count());
                let k = u64::from(r.rotation().returned_count());
                if n >= k { choose(n, k) } else { 0 }
            })
            .sum();
        prop_assert_eq!(from_skeletons, reorientations);
        prop_assert_eq!(p.can_move(), !p.is_finished() && seen > 0);
    }

    /// Random syntactically valid moves never panic; a rejected move leaves the
    /// position unchanged and names a rule; an accepted one gives a valid position.
    /// Where the position is small enough, the naive implementation must agree on
    /// legality and on the result.
    #[test]
    fn random_moves_never_panic(
        seed in any::<u64>(),
        players in 2usize..=4,
        plies in 0usize..90,
        y2011 in any::<bool>(),
    ) {
        let p = reach(seed, players, plies, y2011);
        let before = p.clone();
        let mut rng = SplitMix64::new(seed.rotate_left(17));
        let use_naive = p.legal_move_count() <= NAIVE_LIMIT;
        let ppn = ppn_of(&p);
        let rules = naive_rules(p.rules());
        for _ in 0..40 {
            let m = random_move(&p, &mut rng);
            let result = p.play(&m);
            prop_assert_eq!(&p, &before, "play changed the position");
            let mut in_place = p.clone();
            match (in_place.try_play(&m), &result) {
                (Ok(played), Ok(next)) => {
                    prop_assert_eq!(&in_place, next, "try_play of {} in {}", m, ppn);
                    prop_assert_eq!(played.blocked, blocked_by(&p, &m, next));
                }
                (Err(e), Err(expected)) => {
                    prop_assert_eq!(&e, expected);
                    prop_assert_eq!(&in_place, &before, "a rejected try_play changed the position");
                }
                (got, _) => prop_assert!(false, "try_play of {} in {}: {:?}, play: {:?}", m, ppn, got, result),
            }
            let mut unchecked = p.clone();
            // Must not panic even for illegal input; the outcome is unspecified.
            if result.is_err() {
                unchecked.play_unchecked(&m);
            }
            match &result {
                Ok(next) => {
                    check_invariants(next)?;
                    prop_assert!(!p.is_finished());
                }
                Err(e) => {
                    prop_assert!((1..=16).contains(&e.rule.number()));
                    prop_assert!(!e.reason.is_empty());
                    if p.is_finished() {
                        prop_assert_eq!(e.rule, Rule::R16);
                    }
                }
            }
            let surplus = matches!(&m, Move::Movement(mv) if mv.items.surplus() > 0);
            if use_naive && !surplus {
                let text = m.to_string();
                let naive_result = naive::naive_apply(&ppn, rules, &text);
                prop_assert_eq!(
                    result.as_ref().ok().map(ppn_of),
                    naive_result,
                    "{} in {}: core {:?}",
                    text,
                    ppn,
                    result.as_ref().err()
                );
            } else if surplus {
                prop_assert!(result.is_err(), "surplus items accepted");
            }
        }
    }
}

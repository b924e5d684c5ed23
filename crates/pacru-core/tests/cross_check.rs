//! Cross-checks pacru-core against the naive reference implementation (`naive/`):
//! for many positions, the sorted canonical move lists, the legal move count and the
//! PPN after every move must agree.

mod common;
mod naive;

use common::{below, chance, naive_rules, ppn_of};
use pacru_core::{
    Colour, Move, MovementKind, OutReason, Position, RulesEdition, Seat, SplitMix64, Status,
};
use std::collections::BTreeMap;

/// Above this many legal moves, reorientations are sampled instead of listed in full
/// (the naive oracle would take too long in a debug build).
const FULL_LIST_LIMIT: u64 = 2500;

#[derive(Default, Debug)]
struct Coverage {
    positions: u64,
    moves_checked: u64,
    plain: u64,
    crossing_change: u64,
    crossing_on_destination: u64,
    transformation: u64,
    connection_change: u64,
    connection_nothing: u64,
    connection_choice_positions: u64,
    chose_crossing_over_connection: u64,
    jump: u64,
    jump_crossing: u64,
    pincer: u64,
    pincer_crossing: u64,
    meeting: u64,
    meeting_empty: u64,
    editions_differ: u64,
    reorient45: u64,
    reorient90: u64,
    last_chevron_taken: u64,
    blocked: u64,
    win_target: u64,
    win_last_standing: u64,
    sampled_positions: u64,
    // Movements compared with the naive implementation, by kind (from the skeletons
    // of every checked position).
    checked_pincer: u64,
    checked_pincer_crossing: u64,
    checked_jump: u64,
    checked_jump_crossing: u64,
    checked_connection_change: u64,
    checked_connection_choice: u64,
    checked_connection_nothing: u64,
    checked_transformation: u64,
    checked_meeting: u64,
}

fn diff(a: &[String], b: &[String]) -> String {
    let only_a: Vec<&String> = a.iter().filter(|x| b.binary_search(x).is_err()).collect();
    let only_b: Vec<&String> = b.iter().filter(|x| a.binary_search(x).is_err()).collect();
    format!(
        "only in core ({}): {:?}\nonly in naive ({}): {:?}",
        only_a.len(),
        &only_a[..only_a.len().min(20)],
        only_b.len(),
        &only_b[..only_b.len().min(20)]
    )
}

/// Checks one position against the naive implementation; returns the core's legal moves.
fn check_position(p: &Position, rng: &mut SplitMix64, cov: &mut Coverage) -> Vec<Move> {
    let ppn = ppn_of(p);
    let rules = naive_rules(p.rules());
    assert_eq!(
        naive::naive_settle_ppn(&ppn),
        ppn,
        "core position is not settled per naive"
    );
    let reread = Position::from_ppn(&ppn, p.rules()).expect("the position's own PPN");
    assert_eq!(p.hash_key(), reread.hash_key(), "{ppn}");
    let core_moves: Vec<Move> = p.legal_moves().collect();
    let count = p.legal_move_count();
    assert_eq!(
        count,
        core_moves.len() as u64,
        "count vs enumeration: {ppn}"
    );
    let mut core_names: Vec<String> = core_moves.iter().map(|m| m.to_string()).collect();
    core_names.sort();
    let n = core_names.len();
    core_names.dedup();
    assert_eq!(n, core_names.len(), "core lists a move twice: {ppn}");
    let board = naive::load(&ppn);
    cov.positions += 1;

    let full = count <= FULL_LIST_LIMIT;
    let naive_list = if full {
        naive::complete_moves(&board, rules)
    } else {
        cov.sampled_positions += 1;
        naive::complete_movements(&board, rules)
    };
    let naive_map: BTreeMap<String, String> = naive_list
        .iter()
        .map(|(name, b)| (name.clone(), naive::write_ppn(b)))
        .collect();
    assert_eq!(
        naive_map.len(),
        naive_list.len(),
        "naive lists a move twice"
    );
    let naive_names: Vec<String> = naive_map.keys().cloned().collect();
    let core_compare: Vec<String> = if full {
        core_names.clone()
    } else {
        core_names
            .iter()
            .filter(|m| !m.contains('>') && !m.contains('<'))
            .cloned()
            .collect()
    };
    assert!(
        core_compare == naive_names,
        "move lists differ in {ppn} (rules {:?})\n{}",
        p.rules(),
        diff(&core_compare, &naive_names)
    );
    if !full {
        // Count of reorientations by the naive rule: C(n,2) and C(n,4) per chevron and way.
        let reo = naive::reorientation_count(&board);
        assert_eq!(count, naive_names.len() as u64 + reo, "{ppn}");
    }
    for m in &core_moves {
        let name = m.to_string();
        let is_reo = matches!(m, Move::Reorientation(_));
        let expected = if full || !is_reo {
            naive_map.get(&name).cloned()
        } else {
            // Sample about 1 in 200 reorientations in big positions.
            if below(rng, 200) != 0 {
                continue;
            }
            naive::naive_apply_reorientation(&board, &name).map(|b| naive::write_ppn(&b))
        };
        let expected = expected.unwrap_or_else(|| panic!("naive rejects {name} in {ppn}"));
        let next = p
            .play(m)
            .unwrap_or_else(|e| panic!("core rejects its own move {name} in {ppn}: {e}"));
        assert_eq!(ppn_of(&next), expected, "after {name} in {ppn}");
        let mut unchecked = p.clone();
        unchecked.play_unchecked(m);
        assert_eq!(unchecked, next, "play_unchecked vs play: {name} in {ppn}");
        let reread = Position::from_ppn(&expected, next.rules()).expect("naive's PPN");
        assert_eq!(next.hash_key(), reread.hash_key(), "hash after {name}");
        cov.moves_checked += 1;
    }
    // Resignation too.
    let resigned = p.play(&Move::Resign);
    match &resigned {
        Ok(_) => assert!(!p.is_finished(), "resign accepted in a finished game {ppn}"),
        Err(e) => {
            assert!(p.is_finished(), "resign rejected in {ppn}: {e}");
            assert_eq!(e.rule, pacru_core::Rule::R16);
        }
    }
    assert_eq!(
        resigned.ok().map(|n| ppn_of(&n)),
        naive::naive_apply(&ppn, rules, "resign"),
        "resign in {ppn}"
    );
    core_moves
}

fn note_skeletons(p: &Position, cov: &mut Coverage) {
    let mut choice = false;
    for sk in p.movement_skeletons() {
        match sk.kind() {
            MovementKind::Pincer => {
                cov.checked_pincer += 1;
                if sk.crossing() {
                    cov.checked_pincer_crossing += 1;
                }
            }
            MovementKind::ConnectionJump => {
                cov.checked_jump += 1;
                if sk.crossing() {
                    cov.checked_jump_crossing += 1;
                }
            }
            MovementKind::Connection if sk.connection_change_available() => {
                cov.checked_connection_change += 1;
            }
            MovementKind::Connection => cov.checked_connection_nothing += 1,
            MovementKind::Plain => {}
        }
        if sk.connection_change_available() && sk.crossing_fields().any() {
            cov.checked_connection_choice += 1;
            choice = true;
        }
        if sk.transformation() && sk.crossing_fields().any() {
            cov.checked_transformation += 1;
        }
        let firsts: Vec<Option<pacru_core::Item>> = if sk.needs_first_item() {
            sk.first_items().map(Some).collect()
        } else {
            vec![None]
        };
        if firsts
            .into_iter()
            .any(|first| p.meeting_fields(&sk, first).any())
        {
            cov.checked_meeting += 1;
        }
    }
    if choice {
        cov.connection_choice_positions += 1;
    }
}

/// Classifies a played move for coverage, and says how rare it is (higher = rarer).
fn rarity(p: &Position, m: &Move) -> u32 {
    let e = p.explain(m).expect("legal");
    let mut r = 0;
    if let Move::Reorientation(_) = m {
        return 1;
    }
    match e.kind {
        Some(MovementKind::Pincer) => r += 5,
        Some(MovementKind::ConnectionJump) => r += 3,
        Some(MovementKind::Connection) => r += 2,
        _ => {}
    }
    if e.meeting_field.is_some() || e.empty_meeting {
        r += 5;
    }
    if let Some((_, true)) = e.crossing_field {
        r += 3;
    }
    if e.connection_fields.any() {
        r += 2;
    }
    if e.kind == Some(MovementKind::Connection) && e.crossing_field.is_some() {
        // A connection taking the crossing benefit (perhaps instead of `*`).
        r += 4;
    }
    r
}

fn record(p: &Position, m: &Move, cov: &mut Coverage) {
    let e = p.explain(m).expect("legal");
    let next = p.play(m).expect("legal");
    match m {
        Move::Reorientation(r) => {
            if r.rotation.returned_count() == 2 {
                cov.reorient45 += 1;
            } else {
                cov.reorient90 += 1;
            }
        }
        Move::Movement(mv) => {
            let crossing = mv.from.borderland() != mv.to.borderland();
            match e.kind {
                Some(MovementKind::Pincer) => {
                    cov.pincer += 1;
                    if crossing {
                        cov.pincer_crossing += 1;
                    }
                }
                Some(MovementKind::ConnectionJump) => {
                    cov.jump += 1;
                    if crossing {
                        cov.jump_crossing += 1;
                    }
                }
                Some(MovementKind::Connection) => {
                    if e.connection_fields.any() {
                        cov.connection_change += 1;
                    } else if e.crossing_field.is_some() && !e.connection_fields.any() {
                        let sk = p
                            .movement_skeletons()
                            .find(|s| s.from() == mv.from && s.to() == mv.to)
                            .unwrap();
                        if sk.connection_change_available() {
                            cov.chose_crossing_over_connection += 1;
                        } else {
                            cov.connection_nothing += 1;
                        }
                    } else {
                        cov.connection_nothing += 1;
                    }
                }
                _ => cov.plain += 1,
            }
            match e.crossing_field {
                Some((_, true)) => cov.transformation += 1,
                Some((f, false)) => {
                    cov.crossing_change += 1;
                    if f == mv.to {
                        cov.crossing_on_destination += 1;
                    }
                }
                None => {}
            }
            if e.meeting_field.is_some() {
                cov.meeting += 1;
            }
            if e.empty_meeting {
                cov.meeting_empty += 1;
            }
        }
        Move::Resign => {}
    }
    for (_, why) in &e.out {
        match why {
            OutReason::LastChevronTaken => cov.last_chevron_taken += 1,
            OutReason::Blocked => cov.blocked += 1,
            OutReason::Resigned => {}
        }
    }
    match next.status() {
        Status::Won {
            reason: pacru_core::WinReason::Target,
            ..
        } => cov.win_target += 1,
        Status::Won {
            reason: pacru_core::WinReason::LastStanding,
            ..
        } => cov.win_last_standing += 1,
        _ => {}
    }
}

/// Picks a move: often the rarest kind available, sometimes a reorientation (more
/// often when many own fields would make the move list huge), otherwise uniformly.
fn choose(p: &Position, moves: &[Move], rng: &mut SplitMix64) -> Move {
    let movements: Vec<&Move> = moves
        .iter()
        .filter(|m| matches!(m, Move::Movement(_)))
        .collect();
    let reos: Vec<&Move> = moves
        .iter()
        .filter(|m| matches!(m, Move::Reorientation(_)))
        .collect();
    let own = p.field_count(p.to_move());
    let reo_chance = if own > 16 { 45 } else { 6 };
    if !reos.is_empty() && (movements.is_empty() || chance(rng, reo_chance)) {
        // Prefer 90-degree ones when fields pile up.
        let big: Vec<&&Move> = reos
            .iter()
            .filter(|m| matches!(m, Move::Reorientation(r) if r.rotation.returned_count() == 4))
            .collect();
        if own > 16 && !big.is_empty() {
            return (*big[below(rng, big.len())]).clone();
        }
        return reos[below(rng, reos.len())].clone();
    }
    if chance(rng, 55) {
        let scored: Vec<(u32, &Move)> = movements.iter().map(|m| (rarity(p, m), *m)).collect();
        let best = scored.iter().map(|s| s.0).max().unwrap_or(0);
        if best > 0 {
            // The rarest kind, or any unusual one.
            let floor = if chance(rng, 50) { best } else { 1 };
            let top: Vec<&Move> = scored
                .iter()
                .filter(|s| s.0 >= floor)
                .map(|s| s.1)
                .collect();
            return top[below(rng, top.len())].clone();
        }
    }
    movements[below(rng, movements.len())].clone()
}

fn starts() -> Vec<Position> {
    use Colour::*;
    use Seat::*;
    vec![
        Position::standard(2).unwrap(),
        Position::standard(3).unwrap(),
        Position::standard(4).unwrap(),
        Position::standard_with(&[Black, Red, Yellow], &[E, W, N]).unwrap(),
        Position::standard_with(&[Black, Red, Yellow, Green], &[E, W, N, S]).unwrap(),
        Position::standard_with(&[Red, Blue], &[W, E]).unwrap(),
    ]
}

/// Checks both editions of `p` (and counts positions where they differ).
fn check_both(p: &Position, rng: &mut SplitMix64, cov: &mut Coverage) -> Vec<Move> {
    let other = p.clone().with_rules(match p.rules() {
        RulesEdition::Pacru2004 => RulesEdition::Pacru2011,
        RulesEdition::Pacru2011 => RulesEdition::Pacru2004,
    });
    let a = check_position(p, rng, cov);
    let b = check_position(&other, rng, cov);
    let mut sa: Vec<String> = a.iter().map(|m| m.to_string()).collect();
    let mut sb: Vec<String> = b.iter().map(|m| m.to_string()).collect();
    sa.sort();
    sb.sort();
    if sa != sb {
        cov.editions_differ += 1;
    }
    note_skeletons(p, cov);
    a
}

/// The hand-made mid-game positions of `tests/data/perft/midgame.txt`.
fn midgame_positions() -> Vec<Position> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/perft/midgame.txt");
    let text = std::fs::read_to_string(path).expect("tests/data/perft/midgame.txt");
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let mut parts = l.split(';').map(str::trim);
            let ppn = parts.next().unwrap();
            let rules = match parts.next().unwrap() {
                "rules 2011" => RulesEdition::Pacru2011,
                _ => RulesEdition::Pacru2004,
            };
            common::pos(ppn, rules)
        })
        .collect()
}

fn random_games(
    seed: u64,
    starts: &[Position],
    games: usize,
    max_plies: usize,
    cov: &mut Coverage,
) {
    let mut rng = SplitMix64::new(seed);
    for g in 0..games {
        let mut p = starts[g % starts.len()].clone();
        if chance(&mut rng, 50) {
            p = p.with_rules(RulesEdition::Pacru2011);
        }
        for _ in 0..max_plies {
            let moves = check_both(&p, &mut rng, cov);
            if moves.is_empty() {
                assert!(p.is_finished());
                break;
            }
            let m = choose(&p, &moves, &mut rng);
            record(&p, &m, cov);
            p = p.play(&m).unwrap();
        }
    }
}

#[test]
fn standard_starts_agree() {
    let mut cov = Coverage::default();
    let mut rng = SplitMix64::new(1);
    for p in starts() {
        check_both(&p, &mut rng, &mut cov);
    }
    assert_eq!(cov.positions, 12);
}

#[test]
fn random_play_two_players() {
    let mut cov = Coverage::default();
    let start = [Position::standard(2).unwrap()];
    for seed in 0..2 {
        random_games(0x2000 + seed, &start, 1, 120, &mut cov);
    }
    eprintln!("{cov:#?}");
    assert!(cov.positions > 100);
}

#[test]
fn random_play_three_and_four_players() {
    let mut cov = Coverage::default();
    random_games(0x3434, &starts()[1..5], 4, 60, &mut cov);
    eprintln!("{cov:#?}");
    assert!(cov.positions > 100);
}

#[test]
fn random_play_all_starts_with_coverage() {
    let mut cov = Coverage::default();
    random_games(0xC0FFEE, &starts(), 3, 50, &mut cov);
    // Some plies from each hand-made mid-game position too (transformations and
    // meetings are rare in random play from the start).
    let midgame = midgame_positions();
    assert!(midgame.len() >= 8);
    random_games(0xBEEF, &midgame, midgame.len(), 8, &mut cov);
    eprintln!("{cov:#?}");
    // Kinds of movement compared with the naive implementation (all legal moves of
    // every visited position are compared, so these count compared movements).
    let required = [
        ("checked_pincer", cov.checked_pincer),
        ("checked_pincer_crossing", cov.checked_pincer_crossing),
        ("checked_jump", cov.checked_jump),
        ("checked_jump_crossing", cov.checked_jump_crossing),
        ("checked_connection_change", cov.checked_connection_change),
        ("checked_connection_choice", cov.checked_connection_choice),
        ("checked_connection_nothing", cov.checked_connection_nothing),
        ("checked_transformation", cov.checked_transformation),
        ("checked_meeting", cov.checked_meeting),
        ("editions_differ", cov.editions_differ),
        // Moves actually played by the random games.
        ("plain", cov.plain),
        ("crossing_change", cov.crossing_change),
        ("crossing_on_destination", cov.crossing_on_destination),
        ("pincer", cov.pincer),
        (
            "connection_change",
            cov.connection_change + cov.chose_crossing_over_connection,
        ),
        ("meeting", cov.meeting),
        ("reorient45", cov.reorient45),
        ("reorient90", cov.reorient90),
        ("blocked", cov.blocked),
    ];
    for (name, n) in required {
        assert!(n > 0, "random play never produced: {name}\n{cov:#?}");
    }
}

/// A long soak, not run by default: `CROSS_CHECK_GAMES=40 cargo test --test
/// cross_check soak -- --ignored --nocapture` (seed from `CROSS_CHECK_SEED`).
#[test]
#[ignore]
fn soak() {
    let games: usize = std::env::var("CROSS_CHECK_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(20);
    let seed: u64 = std::env::var("CROSS_CHECK_SEED")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(7);
    let mut cov = Coverage::default();
    random_games(seed, &starts(), games, 150, &mut cov);
    random_games(seed + 1, &midgame_positions(), games, 30, &mut cov);
    eprintln!("{cov:#?}");
}

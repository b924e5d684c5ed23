//! The order in which `legal_moves` lists the moves is part of what callers see
//! (`pacru moves`, engines that take the first move, recorded listings). This pins
//! it: a fingerprint of the ordered lists along random games must not change, and
//! the list must be, move for move, the plain expansion of the movement skeletons'
//! choices followed by the reorientations, which the iterator's shortcuts (steps
//! without choices, crossing fields given without building a skeleton) must not
//! change.

use pacru_core::{Bitboard, Item, Move, Position, Reorientation, SplitMix64};

/// FNV-1a over the canonical text of every legal move, in the order given, of every
/// position along `games` random games.
fn fingerprint(players: usize, seed: u64, games: u32) -> (u64, u64) {
    let mut rng = SplitMix64::new(seed);
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let mut moves = 0;
    for _ in 0..games {
        let mut pos = Position::standard(players).expect("standard start");
        for _ in 0..120 {
            for mv in pos.legal_moves().take(5_000) {
                for byte in mv.to_string().bytes().chain([b' ']) {
                    hash = (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
                }
                moves += 1;
            }
            hash = (hash ^ u64::from(b'\n')).wrapping_mul(0x0100_0000_01b3);
            let Some(mv) = pos.random_move(&mut rng) else {
                break;
            };
            pos.play_unchecked(&mv);
        }
    }
    (hash, moves)
}

#[test]
fn legal_moves_keep_their_order() {
    let got = [
        fingerprint(2, 1, 6),
        fingerprint(3, 2, 4),
        fingerprint(4, 3, 4),
    ];
    let expected = [
        (6_595_464_446_603_771_011, 38_409),
        (7_298_755_126_342_187_108, 11_516),
        (17_161_736_170_632_574_815, 10_894),
    ];
    assert_eq!(got, expected);
}

/// Every legal move the slow, plain way: each movement skeleton in order, each of
/// its first items (`*` then the crossing fields, or none), each meeting field (or
/// none); then each reorientation option with every subset of fields to return,
/// in ascending order.
fn expanded(pos: &Position) -> Vec<Move> {
    let mut moves = Vec::new();
    for sk in pos.movement_skeletons() {
        let firsts: Vec<Option<Item>> = if sk.needs_first_item() {
            sk.first_items().map(Some).collect()
        } else {
            vec![None]
        };
        for first in firsts {
            let meeting = pos.meeting_fields(&sk, first);
            if meeting.is_empty() {
                moves.push(sk.complete(first, None));
            }
            for field in meeting {
                moves.push(sk.complete(first, Some(field)));
            }
        }
    }
    for option in pos.reorientation_skeletons() {
        let fields: Vec<_> = option.returnable().iter().collect();
        for subset in subsets(fields.len(), option.rotation().returned_count() as usize) {
            let returned: Bitboard = subset.iter().map(|&i| fields[i]).collect();
            moves.push(Move::Reorientation(Reorientation {
                field: option.field(),
                rotation: option.rotation(),
                returned,
            }));
        }
    }
    moves
}

/// The `k`-subsets of `0..n` as index lists, in lexicographic order.
fn subsets(n: usize, k: usize) -> Vec<Vec<usize>> {
    if k == 0 {
        return vec![Vec::new()];
    }
    (0..n)
        .flat_map(|first| {
            subsets(n - first - 1, k - 1).into_iter().map(move |rest| {
                std::iter::once(first)
                    .chain(rest.into_iter().map(|i| i + first + 1))
                    .collect()
            })
        })
        .collect()
}

#[test]
fn legal_moves_are_the_skeletons_choices_in_order() {
    let mut rng = SplitMix64::new(17);
    let mut positions = 0;
    for players in 2..=4 {
        for _ in 0..30 {
            let mut pos = Position::standard(players).expect("standard start");
            while let Some(mv) = pos.random_move(&mut rng) {
                if pos.legal_move_count() <= 20_000 {
                    let listed: Vec<Move> = pos.legal_moves().collect();
                    assert_eq!(listed, expanded(&pos), "{}", pos.to_ppn());
                    positions += 1;
                }
                pos.play_unchecked(&mv);
            }
        }
    }
    assert!(positions > 5_000, "only {positions} positions compared");
}

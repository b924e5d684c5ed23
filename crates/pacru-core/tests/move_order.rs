//! The order in which `legal_moves` lists the moves is part of what callers see
//! (`pacru moves`, engines that take the first move, recorded listings). This pins
//! it: a fingerprint of the ordered lists along random games, taken from the
//! generator before its speed-ups, must not change.

use pacru_core::{Position, SplitMix64};

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

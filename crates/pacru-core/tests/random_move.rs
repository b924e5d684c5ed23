//! `Position::random_move` against a slow reference written on the public API: the
//! same weighted choice over every movement skeleton and reorientation option, then
//! the same uniform choices, so the same generator state must give the same move and
//! leave the generator in the same state. Self-play records depend on this sequence.

use pacru_core::{
    Bitboard, Colour, Field, Move, MovementKind, MovementSkeleton, Position, Reorientation,
    RulesEdition, SplitMix64,
};

// The weights `Position::random_move` documents.
const REORIENTATION_WEIGHT: u64 = 1;
const PLAIN_WEIGHT: u64 = 4;
const SPECIAL_WEIGHT: u64 = 32;
const MEETING_WEIGHT: u64 = 512;

/// The `i`-th field (ascending) of `set`.
fn nth(set: Bitboard, i: u64) -> Field {
    set.iter()
        .nth(i as usize)
        .expect("index below the set's size")
}

/// Whether the chevron arriving by `sk` faces one of the mover's chevrons that faces
/// back and stands on the mover's colour.
fn faces_partner(pos: &Position, mover: Colour, sk: &MovementSkeleton) -> bool {
    let Some(ahead) = sk.to().offset(sk.travel(), 1) else {
        return false;
    };
    pos.chevron_at(ahead)
        .is_some_and(|c| c.colour == mover && c.facing == sk.travel().opposite())
        && pos.colour_at(ahead) == Some(mover)
}

fn weight(pos: &Position, mover: Colour, sk: &MovementSkeleton) -> u64 {
    if faces_partner(pos, mover, sk) {
        MEETING_WEIGHT
    } else if sk.kind() == MovementKind::Plain {
        PLAIN_WEIGHT
    } else {
        SPECIAL_WEIGHT
    }
}

/// The documented choice, done the slow way: list every option with its weight.
fn reference(pos: &Position, rng: &mut SplitMix64) -> Option<Move> {
    if pos.is_finished() {
        return None;
    }
    let mover = pos.to_move();
    let skeletons: Vec<MovementSkeleton> = pos.movement_skeletons().collect();
    let reorientations: Vec<_> = pos.reorientation_skeletons().collect();
    let movements: u64 = skeletons.iter().map(|sk| weight(pos, mover, sk)).sum();
    let total = movements + reorientations.len() as u64 * REORIENTATION_WEIGHT;
    if total == 0 {
        return None;
    }
    let mut pick = rng.below(total);
    for sk in &skeletons {
        let w = weight(pos, mover, sk);
        if pick >= w {
            pick -= w;
            continue;
        }
        let first = if sk.needs_first_item() {
            let options = u64::from(sk.first_item_count());
            sk.first_items().nth(rng.below(options) as usize)
        } else {
            None
        };
        let meeting = pos.meeting_fields(sk, first);
        let meeting = meeting
            .any()
            .then(|| nth(meeting, rng.below(u64::from(meeting.count()))));
        return Some(sk.complete(first, meeting));
    }
    let option = reorientations[(pick / REORIENTATION_WEIGHT) as usize];
    let mut remaining = option.returnable();
    let mut returned = Bitboard::EMPTY;
    for _ in 0..option.rotation().returned_count() {
        let field = nth(remaining, rng.below(u64::from(remaining.count())));
        returned.insert(field);
        remaining.remove(field);
    }
    Some(Move::Reorientation(Reorientation {
        field: option.field(),
        rotation: option.rotation(),
        returned,
    }))
}

/// Whether a chevron of the mover stands on the mover's colour facing a field
/// of the board: a chevron arriving there could meet it. `random_move` is
/// written out twice, for positions with such a chevron and without.
fn may_meet(pos: &Position) -> bool {
    let mover = pos.to_move();
    Field::all().any(|field| {
        pos.chevron_at(field).is_some_and(|c| {
            c.colour == mover
                && pos.colour_at(field) == Some(mover)
                && field.offset(c.facing, 1).is_some()
        })
    })
}

/// Plays random games and compares every choice with the reference: how many
/// choices, and how many of them in a position where a meeting may be made.
fn compare_games(players: usize, rules: RulesEdition, seed: u64, games: u32) -> (u64, u64) {
    let start = Position::standard(players)
        .expect("standard start")
        .with_rules(rules);
    compare_games_from(&start, seed, games)
}

/// [`compare_games`] from `start`.
fn compare_games_from(start: &Position, seed: u64, games: u32) -> (u64, u64) {
    let mut rng = SplitMix64::new(seed);
    let (mut compared, mut meeting_positions) = (0, 0);
    for _ in 0..games {
        let mut pos = start.clone();
        loop {
            let mut expected_rng = rng.clone();
            let expected = reference(&pos, &mut expected_rng);
            let got = pos.random_move(&mut rng);
            assert_eq!(got, expected, "{pos:?}");
            assert_eq!(
                rng.clone().next_u64(),
                expected_rng.next_u64(),
                "generator state differs after {got:?} in {pos:?}"
            );
            compared += 1;
            meeting_positions += u64::from(may_meet(&pos));
            let Some(mv) = got else { break };
            pos.play_unchecked(&mv);
        }
    }
    (compared, meeting_positions)
}

/// At least `min` choices compared, and a tenth of them or more in
/// positions where a meeting may be made.
fn assert_compared((compared, meeting_positions): (u64, u64), min: u64) {
    assert!(compared > min, "only {compared} choices compared");
    assert!(
        meeting_positions * 10 > compared,
        "only {meeting_positions} of {compared} choices where a meeting may be made"
    );
}

#[test]
fn random_move_makes_the_reference_choice_in_two_player_games() {
    assert_compared(compare_games(2, RulesEdition::default(), 1, 150), 10_000);
}

#[test]
fn random_move_makes_the_reference_choice_in_three_and_four_player_games() {
    assert_compared(compare_games(3, RulesEdition::default(), 2, 100), 5_000);
    assert_compared(compare_games(4, RulesEdition::default(), 3, 100), 5_000);
}

#[test]
fn random_move_makes_the_reference_choice_under_the_2011_rules() {
    assert_compared(compare_games(2, RulesEdition::Pacru2011, 4, 60), 3_000);
    assert_compared(compare_games(4, RulesEdition::Pacru2011, 5, 60), 3_000);
}

/// `random_move` remembers the weights of a player's first four chevrons (a
/// player starts with at most four) and weighs any further ones again when the
/// pick falls beyond them: a player may have any number of chevrons (a PPN may
/// place them).
#[test]
fn random_move_makes_the_reference_choice_with_more_than_four_chevrons() {
    let start: Position = "9/9/9/9/9/9/9/9/9 Ka1N,Kb1N,Kc1N,Kd1N,Ke1N,Kf1N,Kg1N,Kh1N,Ki1N,\
         Ka2NE,Kc2NW,Ke2N,Kg2NE,Ki2NW,Re9S,Ra9SE,Ri9SW,Rd8S,Rf8S,Rb7SE,Rh7SW,Re7S,Rc9S,Rg9S K KR"
        .parse()
        .expect("valid PPN");
    let mut beyond = 0;
    let mut rng = SplitMix64::new(6);
    for _ in 0..200 {
        // The pick falls on a chevron past the fourth (of the 14 or 10 a
        // side has) in most of the first moves.
        let mut pos = start.clone();
        for _ in 0..4 {
            let Some(mv) = pos.random_move(&mut rng) else {
                break;
            };
            if let Move::Movement(movement) = &mv {
                let mine = pos.chevrons_of(pos.to_move());
                beyond += u32::from(mine.iter().position(|f| f == movement.from) >= Some(4));
            }
            pos.play_unchecked(&mv);
        }
    }
    assert!(
        beyond > 100,
        "only {beyond} moves of a chevron past the fourth"
    );
    assert!(compare_games_from(&start, 7, 40).0 > 2_000);
}

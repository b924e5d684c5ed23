//! The built-in engines, `random` and `greedy`, and their protocol entry points.
//!
//! Both are deterministic: the move they choose depends only on their seed and the
//! position (not on earlier requests), so a restarted engine plays the same game.

use crate::engine::{Clock, Engine, EngineRunOptions, StopFlag, run_engine_blocking};
use crate::message::{OptionSpec, OptionValue};
use pacru_core::{
    Bitboard, Colour, Field, Item, Move, MovementKind, MovementSkeleton, Position, Reorientation,
    ReorientationSkeleton, SplitMix64, Status,
};
use std::io::{self, BufRead, Write};

/// The engines' seedable pseudo-random generator: the core's SplitMix64 with
/// helpers for picking indices and fields. Not for cryptography.
#[derive(Clone, Debug)]
pub struct Rng(SplitMix64);

impl Rng {
    /// A generator from a seed.
    pub fn new(seed: u64) -> Rng {
        Rng(SplitMix64::new(seed))
    }

    /// A generator for choosing in `position`: mixes the seed with the position's hash.
    pub fn for_position(seed: u64, position: &Position) -> Rng {
        let mut rng = Rng::new(seed ^ position.hash_key().rotate_left(17));
        rng.next_u64();
        rng
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
    }

    /// A uniform index below `n` (`n` > 0).
    pub fn below(&mut self, n: usize) -> usize {
        self.0.below(n as u64) as usize
    }

    /// A uniformly chosen field of `set`, if any.
    pub fn field_of(&mut self, set: Bitboard) -> Option<Field> {
        let n = set.count() as usize;
        if n == 0 {
            return None;
        }
        set.iter().nth(self.below(n))
    }
}

/// The kinds of move [`random_move`] chooses between first.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    Plain,
    Crossing,
    ConnectionChange,
    ConnectionJump,
    Pincer,
    Meeting,
}

fn kind_of(position: &Position, sk: &MovementSkeleton) -> Kind {
    let meeting = if sk.needs_first_item() {
        sk.first_items()
            .any(|item| position.meeting_fields(sk, Some(item)).any())
    } else {
        position.meeting_fields(sk, None).any()
    };
    if meeting {
        Kind::Meeting
    } else if sk.kind() == MovementKind::Pincer {
        Kind::Pincer
    } else if sk.connection_change_available() {
        Kind::ConnectionChange
    } else if sk.kind() == MovementKind::ConnectionJump {
        Kind::ConnectionJump
    } else if sk.crossing_fields().any() {
        Kind::Crossing
    } else {
        Kind::Plain
    }
}

/// A random legal move that gives every kind of move its chance: first a kind
/// (plain movement, border crossing with a benefit, connection change, connection
/// jump, pincer, meeting, reorientation) uniformly among the kinds available, then a
/// skeleton of that kind uniformly, then each choice uniformly (crossing field or
/// `*`, meeting field, returned fields). Uniform play over complete moves would be
/// all reorientations, and uniform play over skeletons almost never makes a
/// connection change or a meeting (measured: about one chance in 20 games), so this
/// is what `random` plays. `None` when the game is over.
pub fn random_move(position: &Position, rng: &mut Rng) -> Option<Move> {
    if position.is_finished() {
        return None;
    }
    let mut groups: Vec<(Option<Kind>, Vec<MovementSkeleton>)> = Vec::new();
    for sk in position.movement_skeletons() {
        let kind = Some(kind_of(position, &sk));
        match groups.iter_mut().find(|(k, _)| *k == kind) {
            Some((_, list)) => list.push(sk),
            None => groups.push((kind, vec![sk])),
        }
    }
    let reorientations: Vec<_> = position.reorientation_skeletons().collect();
    let kinds = groups.len() + usize::from(!reorientations.is_empty());
    if kinds == 0 {
        return None;
    }
    let pick = rng.below(kinds);
    match groups.get(pick) {
        Some((_, list)) => {
            let sk = list[rng.below(list.len())];
            Some(complete_movement(position, &sk, rng))
        }
        None => {
            let sk = reorientations[rng.below(reorientations.len())];
            Some(complete_reorientation(&sk, rng))
        }
    }
}

/// A random legal move chosen uniformly over skeletons (movements and
/// reorientations alike), then uniformly over each choice. `None` when the game is
/// over. See [`random_move`] for the kind-first variant the `random` engine plays.
pub fn random_move_uniform(position: &Position, rng: &mut Rng) -> Option<Move> {
    if position.is_finished() {
        return None;
    }
    let movements: Vec<MovementSkeleton> = position.movement_skeletons().collect();
    let reorientations: Vec<_> = position.reorientation_skeletons().collect();
    let total = movements.len() + reorientations.len();
    if total == 0 {
        return None;
    }
    let pick = rng.below(total);
    match movements.get(pick) {
        Some(sk) => Some(complete_movement(position, sk, rng)),
        None => Some(complete_reorientation(
            &reorientations[pick - movements.len()],
            rng,
        )),
    }
}

fn complete_movement(position: &Position, sk: &MovementSkeleton, rng: &mut Rng) -> Move {
    let first = if sk.needs_first_item() {
        let items: Vec<Item> = sk.first_items().collect();
        items.get(rng.below(items.len().max(1))).copied()
    } else {
        None
    };
    let meeting = rng.field_of(position.meeting_fields(sk, first));
    sk.complete(first, meeting)
}

fn complete_reorientation(sk: &ReorientationSkeleton, rng: &mut Rng) -> Move {
    let mut pool: Vec<Field> = sk.returnable().iter().collect();
    let k = sk.rotation().returned_count() as usize;
    let mut returned = Bitboard::EMPTY;
    for i in 0..k.min(pool.len()) {
        let j = i + rng.below(pool.len() - i);
        pool.swap(i, j);
        returned.insert(pool[i]);
    }
    Move::Reorientation(Reorientation {
        field: sk.field(),
        rotation: sk.rotation(),
        returned,
    })
}

/// The greedy evaluation of a position for `me`: own fields minus the most fields of
/// any other player; a won game scores `WIN` (or `-WIN` when another player won).
pub fn field_balance(position: &Position, me: Colour) -> i64 {
    const WIN: i64 = 1_000_000;
    match position.status() {
        Status::Won { winner, .. } if winner == me => return WIN,
        Status::Won { .. } => return -WIN,
        _ => {}
    }
    let own = i64::from(position.field_count(me));
    let best_other = position
        .players()
        .iter()
        .filter(|&c| c != me)
        .map(|c| i64::from(position.field_count(c)))
        .max()
        .unwrap_or(0);
    own - best_other
}

/// The greedy engine's choice: the movement that maximises [`field_balance`] one ply
/// ahead, with a penalty for leaving itself few movements (see [`mobility`]), ties
/// broken by `seed` (and the position). Every skeleton and first item is
/// tried; a meeting field is chosen without trying them all: a field of the strongest
/// opponent if there is one, else any (seeded). Reorientations only return fields, so
/// they never beat a movement and are not considered. `None` when the game is over.
pub fn greedy_move(position: &Position, seed: u64) -> Option<Move> {
    if position.is_finished() {
        return None;
    }
    let me = position.to_move();
    let mut rng = Rng::for_position(seed, position);
    let mut best_score = i64::MIN;
    let mut best: Vec<Move> = Vec::new();
    // Opponents by field count, strongest first, to aim meetings at.
    let mut opponents: Vec<Colour> = position.players().iter().filter(|&c| c != me).collect();
    opponents.sort_by_key(|&c| std::cmp::Reverse(position.field_count(c)));
    for sk in position.movement_skeletons() {
        let firsts: Vec<Option<Item>> = if sk.needs_first_item() {
            sk.first_items().map(Some).collect()
        } else {
            vec![None]
        };
        for first in firsts {
            let meeting_fields = position.meeting_fields(&sk, first);
            let meeting = if meeting_fields.any() {
                let target = opponents
                    .iter()
                    .map(|&c| meeting_fields & position.fields_of(c))
                    .find(|set| set.any())
                    .unwrap_or(meeting_fields);
                rng.field_of(target)
            } else {
                None
            };
            let mv = sk.complete(first, meeting);
            let mut after = position.clone();
            after.play_unchecked(&mv);
            let score = greedy_score(&after, me);
            if score > best_score {
                best_score = score;
                best.clear();
            }
            if score == best_score {
                best.push(mv);
            }
        }
    }
    if best.is_empty() {
        return random_move(position, &mut rng);
    }
    let pick = rng.below(best.len());
    Some(best.swap_remove(pick))
}

/// How many movements `me` would have if it were their turn in `position` (0 when
/// they would be blocked, or are out).
pub fn mobility(position: &Position, me: Colour) -> usize {
    if !position.is_in_game(me) {
        return 0;
    }
    if position.to_move() == me {
        return position.movement_skeletons().count();
    }
    let mut setup = position.to_setup();
    setup.to_move = me;
    match Position::from_setup(&setup) {
        Ok(mine) if mine.to_move() == me && mine.is_in_game(me) => {
            mine.movement_skeletons().count()
        }
        _ => 0,
    }
}

/// The greedy engine's score of the position after its move: ten times the
/// [`field_balance`], less a penalty when the mover is left with few movements (a
/// player who cannot move at the start of their turn is out, and one-ply play
/// otherwise walks into that).
fn greedy_score(after: &Position, me: Colour) -> i64 {
    let balance = field_balance(after, me);
    if balance.abs() >= 1_000_000 {
        return balance * 10;
    }
    let penalty = match mobility(after, me) {
        0 => 500,
        1 => 40,
        2 => 20,
        3 => 8,
        4 => 3,
        _ => 0,
    };
    balance * 10 - penalty
}

const SEED_MAX: i64 = i64::MAX;

fn seed_option(seed: u64) -> OptionSpec {
    OptionSpec::spin("Seed", (seed & (SEED_MAX as u64)) as i64, 0, SEED_MAX)
}

/// The `random` engine: [`random_move`] with a seed.
#[derive(Clone, Debug)]
pub struct RandomEngine {
    /// The seed (option `Seed`).
    pub seed: u64,
    /// Choose uniformly over skeletons ([`random_move_uniform`]) instead of kind
    /// first (option `Choice`: `kind` or `skeleton`).
    pub uniform_skeletons: bool,
}

impl RandomEngine {
    /// The engine with a seed, choosing kind first.
    pub fn new(seed: u64) -> RandomEngine {
        RandomEngine {
            seed,
            uniform_skeletons: false,
        }
    }
}

impl Engine for RandomEngine {
    fn name(&self) -> String {
        "pacru random".to_owned()
    }
    fn author(&self) -> String {
        "The pacru developers".to_owned()
    }
    fn version(&self) -> String {
        env!("CARGO_PKG_VERSION").to_owned()
    }
    fn options(&self) -> Vec<OptionSpec> {
        let choice = if self.uniform_skeletons {
            "skeleton"
        } else {
            "kind"
        };
        vec![
            seed_option(self.seed),
            OptionSpec::combo("Choice", choice, &["kind", "skeleton"]),
        ]
    }
    fn set_option(&mut self, name: &str, value: &OptionValue) -> Result<(), String> {
        match (name, value) {
            ("Seed", OptionValue::Spin(n)) => {
                self.seed = *n as u64;
                Ok(())
            }
            ("Choice", OptionValue::Combo(choice)) => {
                self.uniform_skeletons = choice == "skeleton";
                Ok(())
            }
            _ => Err(format!("unknown option {name}")),
        }
    }
    fn choose_move(
        &mut self,
        position: &Position,
        history: &[Move],
        _: &Clock,
        _: &StopFlag,
    ) -> Move {
        let mut rng = Rng::for_position(self.seed ^ history.len() as u64, position);
        let chosen = if self.uniform_skeletons {
            random_move_uniform(position, &mut rng)
        } else {
            random_move(position, &mut rng)
        };
        chosen.unwrap_or(Move::Resign)
    }
}

/// The `greedy` engine: [`greedy_move`] with a seed.
#[derive(Clone, Debug)]
pub struct GreedyEngine {
    /// The seed for tie-breaking (option `Seed`).
    pub seed: u64,
}

impl Engine for GreedyEngine {
    fn name(&self) -> String {
        "pacru greedy".to_owned()
    }
    fn author(&self) -> String {
        "The pacru developers".to_owned()
    }
    fn version(&self) -> String {
        env!("CARGO_PKG_VERSION").to_owned()
    }
    fn options(&self) -> Vec<OptionSpec> {
        vec![seed_option(self.seed)]
    }
    fn set_option(&mut self, name: &str, value: &OptionValue) -> Result<(), String> {
        match (name, value) {
            ("Seed", OptionValue::Spin(n)) => {
                self.seed = *n as u64;
                Ok(())
            }
            _ => Err(format!("unknown option {name}")),
        }
    }
    fn choose_move(&mut self, position: &Position, _: &[Move], _: &Clock, _: &StopFlag) -> Move {
        greedy_move(position, self.seed).unwrap_or(Move::Resign)
    }
}

/// Runs the `random` engine over the protocol (for `pacru engine random`) until
/// `quit` or the end of `input`. Its moves come at once, so it reads and answers on
/// the calling thread.
pub fn run_random(seed: u64, input: impl BufRead, output: impl Write) -> io::Result<()> {
    run_engine_blocking(
        RandomEngine::new(seed),
        input,
        output,
        &EngineRunOptions::default(),
    )
}

/// Runs the `greedy` engine over the protocol (for `pacru engine greedy`) until
/// `quit` or the end of `input`.
pub fn run_greedy(seed: u64, input: impl BufRead, output: impl Write) -> io::Result<()> {
    run_engine_blocking(
        GreedyEngine { seed },
        input,
        output,
        &EngineRunOptions::default(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn random_play_is_legal_and_varied() {
        let mut kinds = [false; 6]; // plain, crossing item, *, pincer, meeting, reorientation
        for players in 2..=4 {
            for game in 0..20u64 {
                let mut pos = Position::standard(players).unwrap();
                let mut rng = Rng::new(game * 7 + players as u64);
                for _ in 0..1000 {
                    let Some(mv) = random_move(&pos, &mut rng) else {
                        break;
                    };
                    pos = pos.play(&mv).expect("random moves are legal");
                    match mv {
                        Move::Movement(m) => {
                            kinds[0] = true;
                            if m.pincer {
                                kinds[3] = true;
                            }
                            match m.items.get(0) {
                                Some(Item::Connection) => kinds[2] = true,
                                Some(Item::Field(_)) => kinds[1] = true,
                                None => {}
                            }
                            if m.items.len() == 2 {
                                kinds[4] = true;
                            }
                        }
                        Move::Reorientation(_) => kinds[5] = true,
                        Move::Resign => {}
                    }
                }
            }
        }
        assert_eq!(
            kinds, [true; 6],
            "plain, crossing, *, pincer, meeting, reorientation"
        );
    }

    #[test]
    fn uniform_random_play_is_legal() {
        for players in 2..=4 {
            let mut pos = Position::standard(players).unwrap();
            let mut rng = Rng::new(players as u64);
            for _ in 0..300 {
                let Some(mv) = random_move_uniform(&pos, &mut rng) else {
                    break;
                };
                pos = pos.play(&mv).expect("uniform random moves are legal");
            }
        }
        // Black has 45 fields, more than the 42 needed.
        let finished = Position::from_ppn(
            "9/9/9/9/KKKKKKKKK/KKKKKKKKK/KKKKKKKKK/KKKKKKKKK/KKKKKKKKK Ke1N,Re9S R KR",
            pacru_core::RulesEdition::Pacru2004,
        )
        .unwrap();
        assert_eq!(random_move_uniform(&finished, &mut Rng::new(1)), None);
        assert_eq!(random_move(&finished, &mut Rng::new(1)), None);
        assert_eq!(greedy_move(&finished, 1), None);
    }

    #[test]
    fn greedy_is_legal_deterministic_and_better_than_random() {
        let mut greedy_wins = 0;
        for game in 0..6u64 {
            let mut pos = Position::standard(2).unwrap();
            let greedy_colour = pos.players().as_slice()[(game % 2) as usize];
            let mut rng = Rng::new(game);
            for _ in 0..400 {
                if pos.is_finished() {
                    break;
                }
                let mv = if pos.to_move() == greedy_colour {
                    let mv = greedy_move(&pos, game).unwrap();
                    assert_eq!(greedy_move(&pos, game).as_ref(), Some(&mv));
                    mv
                } else {
                    random_move(&pos, &mut rng).unwrap()
                };
                pos = pos.play(&mv).expect("legal");
            }
            if pos.winner() == Some(greedy_colour) {
                greedy_wins += 1;
            }
        }
        assert!(greedy_wins >= 5, "greedy won only {greedy_wins} of 6 games");
    }
}

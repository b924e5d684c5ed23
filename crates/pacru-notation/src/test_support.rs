//! Record files for tests and benchmarks of programs that read records (feature
//! `test-support`; not part of the stable API).

use crate::pgr::{Game, Tags, write_game, write_games};
use crate::selfplay::{SelfplaySettings, play_random_game};
use pacru_core::{Move, Position, RulesEdition, SplitMix64};
use std::io::Write as _;

/// `games` random games of 2, 3 and 4 players in turn, under both editions in
/// turn, at most 120 plies each, a blank line apart.
pub fn mixed_records(games: u64) -> String {
    let mut out = String::new();
    for i in 0..games {
        let rules = if i % 2 == 0 {
            RulesEdition::Pacru2004
        } else {
            RulesEdition::Pacru2011
        };
        let settings = SelfplaySettings::new(2 + (i % 3) as usize, 7)
            .rules(rules)
            .max_plies(Some(120));
        let game = play_random_game(&settings, i + 1).expect("a random game");
        if i > 0 {
            out.push('\n');
        }
        out.push_str(&write_game(&game));
    }
    out
}

/// [`mixed_records`] with traps for a reader that starts at a tag line after a
/// blank line: a comment that holds a blank line and lines that look like tags,
/// and a blank line inside a tag section.
pub fn records_with_traps(games: u64) -> String {
    let mut text = mixed_records(games);
    if let Some(at) = text.find("\n\n[Event") {
        text.insert_str(
            at.saturating_sub(2),
            " {a comment\n\n[Event \"inside\"]\n\n[Round \"1\"]\n}",
        );
    }
    if let Some(at) = text.rfind("\n[Site") {
        text.insert(at, '\n');
    }
    text
}

/// Cuts of `text` at every tag line, at every movetext line starting with round
/// 1 and in the middle of movetext lines (before round 7): most are not game
/// starts.
pub fn cuts_everywhere(text: &[u8]) -> Vec<u64> {
    let mut cuts = offsets(text, b"\n[", 1);
    cuts.extend(offsets(text, b"\n1. ", 1));
    cuts.extend(offsets(text, b" 7. ", 1));
    cuts.sort_unstable();
    cuts.dedup();
    cuts
}

/// `data` with `count` bytes replaced by braces, brackets, line breaks, result
/// tokens and bytes that are not text, at places drawn from `seed`.
pub fn damaged(mut data: Vec<u8>, seed: u64, count: usize) -> Vec<u8> {
    let noise = b"{}[]\n\r*;\"ab1.-\x00\xff ";
    let mut state = seed;
    for _ in 0..count {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        if let Some(len) = std::num::NonZeroUsize::new(data.len()) {
            let i = (state >> 33) as usize % len;
            data[i] = noise[(state >> 20) as usize % noise.len()];
        }
    }
    data
}

/// Every offset of `needle` in `text`, plus `delta` (offsets that would fall
/// before the start are left out).
pub fn offsets(text: &[u8], needle: &[u8], delta: i64) -> Vec<u64> {
    (0..text.len().saturating_sub(needle.len()))
        .filter(|&i| &text[i..i + needle.len()] == needle)
        .filter_map(|i| u64::try_from(i as i64 + delta).ok())
        .collect()
}

/// A temporary file holding `bytes`.
pub fn file_with(bytes: &[u8]) -> tempfile::NamedTempFile {
    let mut file = tempfile::NamedTempFile::new().expect("a temporary file");
    file.write_all(bytes).expect("writing a temporary file");
    file.flush().expect("writing a temporary file");
    file
}

/// The corpus of the reading benchmarks (the `read` and `check` benches, the
/// `read_speed` example): `games` random games (2, 3 and 4 players in turn, at most `max_plies` plies,
/// mostly movements, now and then any legal move), canonically written.
pub fn bench_corpus(games: usize, max_plies: usize) -> String {
    let mut state: u64 = 0x5EED_1234_ABCD_0001;
    let mut below = |n: usize| {
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        (state.wrapping_mul(0x2545_F491_4F6C_DD1D) % n.max(1) as u64) as usize
    };
    let mut out = Vec::with_capacity(games);
    for i in 0..games {
        let players = 2 + i % 3;
        let mut pos = Position::standard(players).expect("standard start");
        let mut moves = Vec::new();
        while moves.len() < max_plies && !pos.is_finished() {
            let legal: Vec<Move> = pos.legal_moves().collect();
            let movements: Vec<&Move> = legal
                .iter()
                .filter(|m| matches!(m, Move::Movement(_)))
                .collect();
            let mv = if below(10) == 0 || movements.is_empty() {
                legal[below(legal.len())].clone()
            } else {
                movements[below(movements.len())].clone()
            };
            pos.play_unchecked(&mv);
            moves.push(mv);
        }
        let mut tags = Tags::new();
        tags.set("Event", "Benchmark");
        tags.set("Round", &(i + 1).to_string());
        tags.set("Players", &"KRYG"[..players]);
        out.push(Game::from_moves(tags, &moves).expect("legal moves"));
    }
    write_games(&out)
}

/// Up to `max_plies` random legal moves from `start`, drawn from `rng`: mostly
/// movements, a reorientation (where there is one) seven times in a hundred, a resignation one time
/// in a hundred (more of each than [`Position::random_move`] plays).
pub fn random_moves(start: &Position, rng: &mut SplitMix64, max_plies: usize) -> Vec<Move> {
    let mut pos = start.clone();
    let mut moves = Vec::new();
    while moves.len() < max_plies && !pos.is_finished() {
        let legal: Vec<Move> = pos.legal_moves().collect();
        if legal.is_empty() {
            break;
        }
        let roll = rng.below(100);
        let mv = if roll == 0 {
            Move::Resign
        } else {
            let (reorientations, movements): (Vec<&Move>, Vec<&Move>) = legal
                .iter()
                .partition(|m| matches!(m, Move::Reorientation(_)));
            let pick = |list: &[&Move], rng: &mut SplitMix64| {
                list[rng.below(list.len() as u64) as usize].clone()
            };
            if roll < 8 && !reorientations.is_empty() || movements.is_empty() {
                pick(&reorientations, rng)
            } else {
                pick(&movements, rng)
            }
        };
        pos = pos.play(&mv).expect("generated moves are legal");
        moves.push(mv);
    }
    moves
}

//! The benchmark corpus, shared by the `read` benchmark and the `read_speed`
//! example: deterministic random games, written canonically.

use pacru_core::{Move, Position};
use pacru_notation::pgr::{Game, Tags, write_games};

/// `games` random games (2, 3 and 4 players in turn, at most `max_plies` plies,
/// mostly movements, now and then any legal move), canonically written.
pub fn corpus(games: usize, max_plies: usize) -> String {
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

//! Reads PGR from standard input, prints each game's verdict and canonical text.

use pacru_notation::pgr::{Reader, write_game};
use pacru_notation::referee::{check_game, malformed};

fn main() {
    let stdin = std::io::stdin();
    for (i, game) in Reader::new(stdin.lock()).lenient().enumerate() {
        let verdict = match &game {
            Ok(g) => check_game(g, i + 1, None),
            Err(e) => {
                eprintln!("{e}");
                malformed(e)
            }
        };
        println!(
            "game {}: {} plies {} error {:?}",
            verdict.game, verdict.status, verdict.plies, verdict.error
        );
        if let Ok(g) = game {
            print!("{}", write_game(&g));
        }
    }
}

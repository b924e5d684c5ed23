//! Lists the legal moves of a position given in PPN, then plays the first one.
//!
//! ```sh
//! cargo run -p pacru-core --example list_moves -- \
//!     "9/9/9/9/9/9/9/9/9 Ke1N,Ka3E,Ki3W,Ki9SW,Ra1NE,Ra7E,Ri7W,Re9S K KR"
//! ```
//!
//! Without an argument it starts from the standard 2-player position.

use pacru_core::{Position, RulesEdition};
use std::error::Error;

fn main() -> Result<(), Box<dyn Error>> {
    let position = match std::env::args().nth(1) {
        Some(text) => Position::from_ppn(&text, RulesEdition::Pacru2004)?,
        None => Position::standard(2)?,
    };
    let moves: Vec<_> = position.legal_moves().collect();
    println!(
        "{} to move, {} legal moves:",
        position.to_move(),
        moves.len()
    );
    for mv in &moves {
        println!("  {mv}");
    }
    match moves.first() {
        Some(first) => {
            let next = position.play(first)?;
            println!("after {first}: {}", next.to_ppn());
        }
        None => println!("the game is finished"),
    }
    Ok(())
}

//! Replays every game of a PGR file and prints its verdict and final position.
//!
//! ```sh
//! cargo run -p pacru-referee --example final_positions -- examples/round1.pgr
//! ```

use pacru_notation::pgr::Reader;
use pacru_referee::check_game;
use std::error::Error;
use std::fs::File;

fn main() -> Result<(), Box<dyn Error>> {
    let path = std::env::args()
        .nth(1)
        .ok_or("usage: final_positions FILE.pgr")?;
    for (number, game) in Reader::new(File::open(&path)?).enumerate() {
        let number = number + 1;
        match game {
            Ok(game) => {
                let verdict = check_game(&game);
                let position = verdict
                    .final_position
                    .as_ref()
                    .map_or_else(|| "-".to_string(), |p| p.to_ppn().to_string());
                println!(
                    "game {number}: {}, {} plies, {position}",
                    verdict.status, verdict.plies
                );
            }
            Err(error) => println!("game {number}: malformed: {error}"),
        }
    }
    Ok(())
}

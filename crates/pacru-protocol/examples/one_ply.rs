//! A complete engine in a few lines: one-ply look-ahead with the engine SDK.
//!
//! Build and check it:
//!
//! ```sh
//! cargo build -p pacru-protocol --examples
//! pacru engine-check -- target/debug/examples/one_ply
//! ```
//!
//! It tries every legal movement (reorientations only give fields back), keeps the
//! one after which its colour is furthest ahead of the strongest opponent, and
//! breaks ties by the order of generation (or at random, with the option
//! `Shuffle`). Everything else (handshake, options, replaying the history, clocks,
//! `stop`, `quit`, failure replies) is done by `run_engine`.

use pacru_core::{Move, Position};
use pacru_protocol::engines::{Rng, field_balance};
use pacru_protocol::{Clock, Engine, OptionSpec, OptionValue, StopFlag, run_engine};
use std::io::{self, BufReader};

struct OnePly {
    shuffle: bool,
}

impl Engine for OnePly {
    fn name(&self) -> String {
        "one-ply example".to_owned()
    }

    fn author(&self) -> String {
        "The pacru developers".to_owned()
    }

    fn options(&self) -> Vec<OptionSpec> {
        vec![OptionSpec::check("Shuffle", false)]
    }

    fn set_option(&mut self, name: &str, value: &OptionValue) -> Result<(), String> {
        // The run loop has checked the name and the type already.
        if let ("Shuffle", OptionValue::Check(on)) = (name, value) {
            self.shuffle = *on;
        }
        Ok(())
    }

    fn choose_move(
        &mut self,
        position: &Position,
        _history: &[Move],
        _clock: &Clock,
        stop: &StopFlag,
    ) -> Move {
        let me = position.to_move();
        let mut rng = Rng::for_position(0, position);
        let mut best: Option<(i64, u64, Move)> = None;
        for mv in position.legal_moves() {
            if matches!(mv, Move::Reorientation(_)) {
                // Movements come first; a reorientation never gains anything.
                break;
            }
            let Ok(after) = position.play(&mv) else {
                continue;
            };
            let score = field_balance(&after, me);
            let tie = if self.shuffle { rng.next_u64() } else { 0 };
            if best
                .as_ref()
                .is_none_or(|(s, t, _)| (score, tie) > (*s, *t))
            {
                best = Some((score, tie, mv));
            }
            if stop.should_stop() && best.is_some() {
                break;
            }
        }
        match best {
            Some((_, _, mv)) => mv,
            // Unreachable in a settled position, but never panic: any legal move.
            None => position.legal_moves().next().unwrap_or(Move::Resign),
        }
    }
}

fn main() -> io::Result<()> {
    run_engine(
        OnePly { shuffle: false },
        BufReader::new(io::stdin()),
        io::stdout(),
    )
}

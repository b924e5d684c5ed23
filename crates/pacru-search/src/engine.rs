//! The search as a PEP engine: options, clock management and `info`.

use crate::search::{Limits, Progress, SearchConfig, Searcher};
use pacru_core::{Move, Position};
use pacru_notation::format_move;
use pacru_protocol::{Clock, Engine, Info, OptionSpec, OptionValue, StopFlag, run_engine};
use std::io::{self, BufReader, Write};

/// The largest simulation budget the `Nodes` option accepts.
const MAX_NODES: i64 = 1_000_000_000;

/// The `search` engine: [`Searcher`] with a simulation budget and a clock.
///
/// Options: `Seed`, `Nodes` (simulations per move, 0: no budget), `Exploration`
/// (the UCT constant in hundredths) and `PlayoutPlies`. With `Nodes` set and no
/// clock the move depends only on the position, the budget and the seed.
/// Untimed and without a budget it thinks until `stop` (or until its tree is full).
#[derive(Clone, Debug)]
pub struct SearchEngine {
    /// The search settings.
    pub config: SearchConfig,
    /// Simulations per move; 0 for no budget.
    pub nodes: u64,
}

impl SearchEngine {
    /// The engine with a seed and the default settings.
    pub fn new(seed: u64) -> SearchEngine {
        SearchEngine {
            config: SearchConfig {
                seed,
                ..SearchConfig::default()
            },
            nodes: 0,
        }
    }

    /// The limits of one move: the node budget, and the clock's suggested time.
    fn limits(&self, clock: &Clock) -> Limits {
        Limits {
            simulations: (self.nodes > 0).then_some(self.nodes),
            time: clock.budget().map(|budget| {
                // The time since the request arrived is already spent.
                budget.saturating_sub(clock.received.elapsed())
            }),
        }
    }
}

fn info_of(progress: &Progress) -> Info {
    Info {
        depth: Some(progress.depth),
        nodes: Some(progress.simulations),
        score: Some(progress.score),
        pv: progress.pv.iter().map(format_move).collect(),
        text: None,
    }
}

impl Engine for SearchEngine {
    fn name(&self) -> String {
        "pacru search".to_owned()
    }
    fn author(&self) -> String {
        "The pacru developers".to_owned()
    }
    fn version(&self) -> String {
        env!("CARGO_PKG_VERSION").to_owned()
    }
    fn options(&self) -> Vec<OptionSpec> {
        vec![
            OptionSpec::spin(
                "Seed",
                (self.config.seed & i64::MAX as u64) as i64,
                0,
                i64::MAX,
            ),
            OptionSpec::spin(
                "Nodes",
                self.nodes.min(MAX_NODES as u64) as i64,
                0,
                MAX_NODES,
            ),
            OptionSpec::spin(
                "Exploration",
                (self.config.exploration * 100.0).round() as i64,
                0,
                1000,
            ),
            OptionSpec::spin("PlayoutPlies", i64::from(self.config.playout_plies), 0, 200),
        ]
    }
    fn set_option(&mut self, name: &str, value: &OptionValue) -> Result<(), String> {
        let OptionValue::Spin(n) = value else {
            return Err(format!("option {name} takes a number"));
        };
        let n = *n;
        match name {
            "Seed" => self.config.seed = n as u64,
            "Nodes" => self.nodes = n as u64,
            "Exploration" => self.config.exploration = n as f32 / 100.0,
            "PlayoutPlies" => self.config.playout_plies = n as u32,
            _ => return Err(format!("unknown option {name}")),
        }
        Ok(())
    }
    fn choose_move(
        &mut self,
        position: &Position,
        history: &[Move],
        clock: &Clock,
        stop: &StopFlag,
    ) -> Move {
        self.search(position, history, clock, stop, &mut |_| {})
    }
    fn search(
        &mut self,
        position: &Position,
        _history: &[Move],
        clock: &Clock,
        stop: &StopFlag,
        report: &mut dyn FnMut(Info),
    ) -> Move {
        let searcher = Searcher::new(self.config.clone());
        let limits = self.limits(clock);
        let result = searcher.search(position, limits, &|| stop.should_stop(), &mut |p| {
            report(info_of(p))
        });
        report(info_of(&result));
        result
            .best
            .or_else(|| position.legal_moves().next())
            .unwrap_or(Move::Resign)
    }
}

/// Runs the `search` engine over the protocol (for `pacru engine search`) until
/// `quit` or the end of the input. Input is read on its own thread so that `stop`
/// reaches a running search.
pub fn run_search(seed: u64, output: impl Write) -> io::Result<()> {
    run_engine(SearchEngine::new(seed), BufReader::new(io::stdin()), output)
}

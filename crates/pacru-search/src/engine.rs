//! The search as a PEP engine: options, clock management and `info`.

use crate::search::{Limits, Progress, SearchConfig, SearchTree, Searcher};
use pacru_core::{Move, Position};
use pacru_protocol::{Clock, Engine, Info, OptionSpec, OptionValue, StopFlag, run_engine};
use std::io::{self, BufReader, Write};
use std::time::Duration;

/// The largest simulation budget the `Nodes` option accepts.
const MAX_NODES: i64 = 1_000_000_000;

/// The largest `MoveTime` option, in milliseconds (one day).
const MAX_MOVE_TIME_MS: i64 = 86_400_000;

/// The `search` engine: [`Searcher`] with a simulation budget and a clock.
///
/// Options: `Seed`, `Nodes` (simulations per move, 0: no budget), `Exploration`
/// (the UCT constant in hundredths), `PlayoutPlies`, `PriorWeight`, `ExpandAfter`
/// ([`SearchConfig`]'s fields) and `MoveTime` (the most milliseconds to think per
/// move, 0: as the clock allows). With `Nodes` set and no
/// clock the move depends only on the position, the budget and the seed.
/// Untimed and without a budget it thinks until `stop`.
#[derive(Clone, Debug)]
pub struct SearchEngine {
    /// The search settings.
    pub config: SearchConfig,
    /// Simulations per move; 0 for no budget.
    pub nodes: u64,
    /// The most time to spend on a move, whatever the clock allows; `None` for no cap.
    pub move_time: Option<Duration>,
    /// The tree of the last search, kept for the next move of the same game.
    tree: SearchTree,
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
            move_time: None,
            tree: SearchTree::new(),
        }
    }

    /// The limits of one move: the node budget, and a time of the clock's suggested
    /// budget but never more than two thirds of a per-move limit nor a third of
    /// the clock left, less the time already gone since the request arrived.
    ///
    /// The referee allows the limit plus its margin (100 ms by default) and
    /// measures the time itself: the third of a per-move limit left over, with the
    /// margin, is for the pipes and for the process kept waiting on a busy machine
    /// (docs/engines.md, clock safety). A clock keeps two thirds in reserve, since
    /// running it out loses the game.
    fn limits(&self, clock: &Clock) -> Limits {
        let per_move_share = clock.clocks.move_time.map(|limit| limit * 2 / 3);
        let clock_share = clock.remaining().map(|left| left / 3);
        let time = [clock.budget(), per_move_share, clock_share]
            .into_iter()
            .flatten()
            .min();
        let time = match (time, self.move_time) {
            (Some(t), Some(cap)) => Some(t.min(cap)),
            (t, cap) => t.or(cap),
        };
        Limits {
            simulations: (self.nodes > 0).then_some(self.nodes),
            time: time.map(|t| t.saturating_sub(clock.received.elapsed())),
        }
    }
}

fn info_of(progress: &Progress) -> Info {
    Info {
        depth: Some(progress.depth),
        nodes: Some(progress.simulations),
        score: Some(progress.score),
        pv: progress.pv.iter().map(ToString::to_string).collect(),
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
            OptionSpec::spin(
                "PriorWeight",
                self.config.prior_weight.round() as i64,
                0,
                1000,
            ),
            OptionSpec::spin("ExpandAfter", i64::from(self.config.expand_after), 0, 1000),
            OptionSpec::spin(
                "MoveTime",
                self.move_time.map_or(0, |t| t.as_millis() as i64),
                0,
                MAX_MOVE_TIME_MS,
            ),
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
            "PriorWeight" => self.config.prior_weight = n as f32,
            "ExpandAfter" => self.config.expand_after = n as u32,
            "MoveTime" => self.move_time = (n > 0).then(|| Duration::from_millis(n as u64)),
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
        let result = searcher.search_in(
            &mut self.tree,
            position,
            limits,
            &|| stop.should_stop(),
            &mut |p| report(info_of(p)),
        );
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

#[cfg(test)]
mod tests {
    use super::*;
    use pacru_protocol::{Clocks, EngineRunOptions, run_engine_blocking};

    fn session(input: &str) -> String {
        let mut output = Vec::new();
        run_engine_blocking(
            SearchEngine::new(0),
            input.as_bytes(),
            &mut output,
            &EngineRunOptions::default(),
        )
        .unwrap();
        String::from_utf8(output).unwrap()
    }

    /// With a node budget and no clock, the same requests give the same answers,
    /// `info` included; another seed may answer otherwise but legally.
    #[test]
    fn a_node_budget_makes_the_engine_deterministic() {
        let input = "hello 1 protocol=1\nsetoption 2 name=Nodes value=300\n\
                     setoption 3 name=Seed value=42\n\
                     go 4 players=KRY moves=\"e1-e2 a5-b5 i5-h5\"\n\
                     go 5 players=KR rules=2011\nquit 6\n";
        let first = session(input);
        assert_eq!(first, session(input));
        assert!(first.contains("\ninfo 4 depth="), "{first}");
        assert!(first.contains(" nodes=300 "), "{first}");
        assert!(first.contains("\n= 4 move="), "{first}");
        assert!(first.contains("\n= 5 move="), "{first}");
        assert!(!first.contains("\n? "), "{first}");
    }

    fn clock(clocks: Clocks) -> Clock {
        Clock {
            clocks,
            me: 0,
            received: std::time::Instant::now(),
        }
    }

    /// Clocks of two players with the engine first: its clock and the other's
    /// (milliseconds), the increment and the per-move limit.
    fn clocks(mine: u64, other: u64, increment: u64, move_time: Option<u64>) -> Clocks {
        let ms = Duration::from_millis;
        Clocks {
            remaining: vec![ms(mine), ms(other)],
            increment: ms(increment),
            move_time: move_time.map(ms),
        }
    }

    /// A per-move limit: the engine thinks two thirds of it; a clock: a thirtieth
    /// of it and three quarters of the increment, within a third of what is left;
    /// both: the smaller; `MoveTime` caps them all.
    #[test]
    fn the_engine_thinks_within_its_share_of_the_limit() {
        let ms = Duration::from_millis;
        let mut engine = SearchEngine::new(0);
        let thinks = |engine: &SearchEngine, clocks: Clocks| {
            engine.limits(&clock(clocks)).time.unwrap().as_millis()
        };
        let per_move = thinks(&engine, Clocks::per_move(ms(300)));
        assert!((190..=200).contains(&per_move), "{per_move}");
        // A per-move limit and a short clock: a third of the clock.
        let both = thinks(&engine, clocks(150, 10_000, 1000, Some(300)));
        assert!((40..=50).contains(&both), "{both}");
        // A per-move limit and a long clock: two thirds of the per-move limit.
        let roomy = thinks(&engine, clocks(60_000, 60_000, 1000, Some(300)));
        assert!((190..=200).contains(&roomy), "{roomy}");
        let timed = clocks(10_000, 10_000, 100, None);
        let budget = thinks(&engine, timed.clone());
        assert!((395..=408).contains(&budget), "{budget}");
        // 300 ms left with a second of increment: the budget would be 760 ms.
        let left = thinks(&engine, clocks(300, 10_000, 1000, None));
        assert!((90..=100).contains(&left), "{left}");
        assert_eq!(engine.limits(&clock(Clocks::untimed())).time, None);
        engine.move_time = Some(ms(50));
        assert!(thinks(&engine, timed) <= 50);
    }

    #[test]
    fn options_are_advertised_and_set() {
        let out = session(
            "hello 1 protocol=1\nsetoption 2 name=exploration value=120\n\
             setoption 3 name=Nodes value=-1\nsetoption 4 name=PlayoutPlies value=0\n",
        );
        for name in [
            "Seed",
            "Nodes",
            "Exploration",
            "PlayoutPlies",
            "PriorWeight",
            "ExpandAfter",
            "MoveTime",
        ] {
            assert!(out.contains(&format!("name={name} ")), "{out}");
        }
        assert!(out.contains("\n= 2\n"), "{out}");
        assert!(out.contains("\n? 3 "), "{out}");
        assert!(out.contains("\n= 4"), "{out}");
    }
}

//! The Monte Carlo tree search: selection by UCT with priors, expansion of every
//! candidate move at once, informed playouts, max-n backup of rewards per seat.

use crate::candidates::candidate_moves;
use crate::evaluate::{Rewards, rewards};
use crate::playout::playout;
use crate::tree::{NO_WINNER, Node, Proof, proven_rewards};
use pacru_core::{Move, Position, SplitMix64, Status};
use std::time::Duration;
// std's `Instant` panics in WebAssembly in a browser or Node.js; web-time's is
// std's elsewhere and reads `performance.now()` there.
use web_time::Instant;

/// How the search plays.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchConfig {
    /// The UCT exploration constant.
    pub exploration: f32,
    /// How many visits the prior (the one-ply evaluation of a move) is worth.
    pub prior_weight: f32,
    /// Plies of informed playout after a new leaf (0: evaluate the leaf at once).
    pub playout_plies: u32,
    /// Percentage of random moves in playouts.
    pub random_percent: u32,
    /// The seed of every random choice.
    pub seed: u64,
    /// The most nodes the tree may hold; past it leaves are no longer expanded
    /// (simulations go on, judged by playouts from the leaves).
    pub max_tree_nodes: usize,
    /// The simulations a leaf is judged by playouts from it alone before it is
    /// expanded (0: expanded the first time a simulation reaches it). Most leaves
    /// are reached once; making and evaluating their children is then saved.
    pub expand_after: u32,
}

impl Default for SearchConfig {
    fn default() -> SearchConfig {
        SearchConfig {
            exploration: 0.15,
            prior_weight: 4.0,
            playout_plies: 12,
            random_percent: 20,
            seed: 0,
            max_tree_nodes: 2_000_000,
            expand_after: 1,
        }
    }
}

/// When the search stops (whichever comes first). With neither a simulation
/// budget nor a time, only the `stop` callback ends it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// The most simulations to run.
    pub simulations: Option<u64>,
    /// The time to spend, from the start of the search.
    pub time: Option<Duration>,
}

/// What a search found.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult {
    /// The move to play; `None` only when the game is over.
    pub best: Option<Move>,
    /// Simulations run.
    pub simulations: u64,
    /// Simulations of earlier searches kept in the tree ([`Searcher::search_in`]);
    /// 0 for a search in a new tree.
    pub kept: u64,
    /// The expected reward of `best` for the mover, in thousandths (1000: a sure win).
    pub score: i64,
    /// The expected reward of `best` for every player, in order of play, in
    /// thousandths: the rewards of the simulations through it, with its one-ply
    /// evaluation counted as `prior_weight` simulations. The mover's is `score`.
    /// Empty when the game is over.
    pub scores: Vec<i64>,
    /// The expected line of play, starting with `best`.
    pub pv: Vec<Move>,
    /// The deepest node reached, in plies from the root.
    pub depth: u32,
}

/// Progress of a running search (for `info`).
pub type Progress = SearchResult;

/// A Monte Carlo tree searcher.
#[derive(Clone, Debug, Default)]
pub struct Searcher {
    config: SearchConfig,
}

/// The tree of a search, kept so that the search of a later position of the same
/// game starts from what this one learnt ([`Searcher::search_in`]).
///
/// A tree holds the nodes of the last search made in it, rooted at its position.
/// The next search in it keeps the part of the tree under its own position when
/// that position was reached in the tree within four plies of the old root (a
/// round of play), and starts afresh otherwise.
///
/// ```
/// use pacru_core::Position;
/// use pacru_search::{Limits, SearchTree, Searcher};
///
/// let searcher = Searcher::default();
/// let limits = Limits { simulations: Some(500), time: None };
/// let mut tree = SearchTree::new();
/// let mut position = Position::standard(2).unwrap();
/// for _ in 0..2 {
///     let found = searcher.search_in(&mut tree, &position, limits, &|| false, &mut |_| {});
///     position.play_unchecked(&found.best.unwrap());
/// }
/// // The reply was searched as part of the first move's tree.
/// let reply = searcher.search_in(&mut tree, &position, limits, &|| false, &mut |_| {});
/// assert!(reply.kept > 0);
/// ```
#[derive(Clone, Debug, Default)]
pub struct SearchTree {
    /// The position of the root, when the tree holds one.
    root: Option<Position>,
    /// The nodes; the root is the first.
    nodes: Vec<Node>,
}

impl SearchTree {
    /// An empty tree.
    pub fn new() -> SearchTree {
        SearchTree::default()
    }

    /// The nodes the tree holds.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether the tree holds no node.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// Forgets every node (the memory stays).
    pub fn clear(&mut self) {
        self.root = None;
        self.nodes.clear();
    }

    /// Makes `position` the root, keeping its subtree if the tree reached it
    /// within [`KEPT_PLIES`] plies of the old root through visited nodes; otherwise
    /// empties the tree. Returns the simulations kept (the new root's visits).
    /// Looking for the subtree and copying it take time in proportion to the
    /// tree; past `give_up` the tree is emptied instead, so that a large tree
    /// does not eat the time of a short search.
    fn root_at(&mut self, position: &Position, give_up: Option<Instant>) -> u32 {
        let mut work = Work::new(give_up);
        let found = match &self.root {
            Some(old) => self.find(old, position, &mut work),
            None => None,
        };
        self.root = Some(position.clone());
        let found = match found {
            None => {
                self.empty();
                return 0;
            }
            Some(0) => return self.nodes[0].visits,
            Some(found) => found,
        };
        // Copy the subtree breadth first, so that children stay contiguous; the old
        // tree's memory is given back.
        let mut kept = vec![self.nodes[found].clone()];
        let mut next = 0;
        while next < kept.len() {
            if work.over() {
                self.empty();
                return 0;
            }
            let node = &kept[next];
            if node.child_count > 0 {
                let first = kept.len() as u32;
                let old_children = node.children();
                kept.extend_from_slice(&self.nodes[old_children]);
                kept[next].first_child = first;
            }
            next += 1;
        }
        discard(std::mem::replace(&mut self.nodes, kept));
        self.nodes[0].mv = Move::Resign;
        self.nodes[0].visits
    }

    /// Empties the tree for a fresh search: a small one in place, keeping its
    /// memory; a large one with [`discard`].
    fn empty(&mut self) {
        if self.nodes.len() < DISCARD_APART {
            self.nodes.clear();
        } else {
            discard(std::mem::take(&mut self.nodes));
        }
    }

    /// The node standing for `position`, among the root (whose position is
    /// `root`) and the visited nodes within [`KEPT_PLIES`] plies of it; `None`
    /// also when `work` runs out first.
    fn find(&self, root: &Position, position: &Position, work: &mut Work) -> Option<usize> {
        if self.nodes.is_empty() {
            return None;
        }
        if root == position {
            return Some(0);
        }
        let mut layer = vec![(0usize, root.clone())];
        for _ in 0..KEPT_PLIES {
            let mut next = Vec::new();
            for (index, at) in &layer {
                for child in self.nodes[*index].children() {
                    if work.over() {
                        return None;
                    }
                    if self.nodes[child].visits == 0 {
                        continue;
                    }
                    let mut reached = at.clone();
                    reached.play_unchecked(&self.nodes[child].mv);
                    if reached == *position {
                        return Some(child);
                    }
                    if self.nodes[child].expanded {
                        next.push((child, reached));
                    }
                }
            }
            layer = next;
        }
        None
    }
}

/// Trees of this many nodes or more are dropped apart from the search.
const DISCARD_APART: usize = 1 << 16;

/// Drops nodes that are no longer needed. Dropping millions of them reads all
/// their memory (some 30 ms for a full tree), time that a search with a short
/// limit does not have: where there are threads, a large tree is dropped on a
/// thread of its own.
fn discard(nodes: Vec<Node>) {
    #[cfg(not(target_family = "wasm"))]
    {
        if nodes.len() >= DISCARD_APART {
            // Should no thread start, the closure and the nodes are dropped here.
            let _ = std::thread::Builder::new().spawn(move || drop(nodes));
            return;
        }
    }
    drop(nodes);
}

/// Steps of work counted against a moment to give up at, the clock read every
/// [`Work::EVERY`] steps (the first included).
struct Work {
    give_up: Option<Instant>,
    steps: u32,
}

impl Work {
    const EVERY: u32 = 1024;

    fn new(give_up: Option<Instant>) -> Work {
        Work { give_up, steps: 0 }
    }

    /// Counts a step; whether the moment to give up has passed.
    fn over(&mut self) -> bool {
        let check = self.steps.is_multiple_of(Work::EVERY);
        self.steps = self.steps.wrapping_add(1);
        check && self.give_up.is_some_and(|at| Instant::now() >= at)
    }
}

/// How many plies past its old root a tree is searched for the next position: a
/// round of a four-player game.
const KEPT_PLIES: usize = 4;

/// Everything one search works on.
struct Run<'a> {
    config: &'a SearchConfig,
    root: &'a Position,
    nodes: &'a mut Vec<Node>,
    rng: SplitMix64,
    candidates: Vec<Move>,
    path: Vec<usize>,
    depth: u32,
}

impl Searcher {
    /// A searcher with these settings.
    pub fn new(config: SearchConfig) -> Searcher {
        Searcher { config }
    }

    /// The settings.
    pub fn config(&self) -> &SearchConfig {
        &self.config
    }

    /// Searches `position` within `limits`, or until `stop` returns true (asked every
    /// few simulations). `report` gets the progress about once a second. With a
    /// simulation budget and no time limit the result depends only on the position,
    /// the budget and the seed.
    pub fn search(
        &self,
        position: &Position,
        limits: Limits,
        stop: &dyn Fn() -> bool,
        report: &mut dyn FnMut(&Progress),
    ) -> SearchResult {
        self.search_in(&mut SearchTree::new(), position, limits, stop, report)
    }

    /// Searches `position` as [`Searcher::search`] does, in `tree`: the part of
    /// the tree's last search under `position`, if it reached `position`, is kept
    /// and searched further (`limits` counts the new simulations only), and the
    /// tree holds this search afterwards. Keeping it counts against the time of
    /// `limits`, and gives way to a fresh tree past a quarter of it. With a simulation budget and no time
    /// limit the result depends only on the position, the budget, the seed and
    /// the searches made before in the tree.
    pub fn search_in(
        &self,
        tree: &mut SearchTree,
        position: &Position,
        limits: Limits,
        stop: &dyn Fn() -> bool,
        report: &mut dyn FnMut(&Progress),
    ) -> SearchResult {
        let start = Instant::now();
        if position.status() != Status::Ongoing {
            tree.clear();
            return Run::new(&self.config, position, &mut tree.nodes).result(0, 0);
        }
        // Keeping the last search's tree may take a quarter of the time, no more.
        let kept = tree.root_at(position, limits.time.map(|t| start + t / 4));
        let mut run = Run::new(&self.config, position, &mut tree.nodes);
        run.start();
        // Nothing to think about: a won game in one move, or a single choice.
        if run.nodes[0].proven.is_some() || run.nodes[0].child_count <= 1 {
            return run.result(0, kept);
        }
        let mut next_report = start + Duration::from_secs(1);
        let simulations = run.simulate_within(limits, Some(start), stop, &mut |run, done| {
            let now = Instant::now();
            if now >= next_report {
                report(&run.result(done, kept));
                next_report = now + Duration::from_secs(1);
            }
        });
        run.look_one_ply_past_the_choice();
        run.result(simulations, kept)
    }

    /// Judges `position`: every player's expected score under the best play the
    /// search finds within `limits` (or until `stop` returns true), with the best
    /// move and the principal line. Unlike [`Searcher::search`] it searches even
    /// a position with a single move, so that the scores mean the same everywhere;
    /// a finished game is judged by its result. With a simulation budget and no
    /// time limit it reads no clock, and the result depends only on the position,
    /// the budget and the seed.
    ///
    /// ```
    /// use pacru_core::Position;
    /// use pacru_search::{Limits, Searcher};
    ///
    /// let position = Position::standard(3).unwrap();
    /// let limits = Limits { simulations: Some(300), time: None };
    /// let judged = Searcher::default().evaluate(&position, limits, &|| false);
    /// let total: f32 = judged.scores.iter().sum();
    /// assert!((total - 1.0).abs() < 1e-3);
    /// assert_eq!(judged.pv.first(), judged.best.as_ref());
    /// ```
    pub fn evaluate(
        &self,
        position: &Position,
        limits: Limits,
        stop: &dyn Fn() -> bool,
    ) -> Evaluation {
        let start = limits.time.map(|_| Instant::now());
        let mut nodes = Vec::new();
        let mut run = Run::new(&self.config, position, &mut nodes);
        if position.status() != Status::Ongoing {
            return Evaluation {
                scores: rewards(position),
                best: None,
                pv: Vec::new(),
                simulations: 0,
            };
        }
        run.start();
        let simulations = if run.nodes[0].proven.is_some() {
            0
        } else {
            run.simulate_within(limits, start, stop, &mut |_, _| {})
        };
        run.look_one_ply_past_the_choice();
        let result = run.result(simulations, 0);
        let scores = match run.best_child(0) {
            Some(child) => run.scores_of(child),
            None => rewards(position),
        };
        Evaluation {
            scores,
            best: result.best,
            pv: result.pv,
            simulations,
        }
    }
}

/// What [`Searcher::evaluate`] found: each player's expected score and the best
/// line of play.
#[derive(Clone, Debug, PartialEq)]
pub struct Evaluation {
    /// Each player's expected score (0 to 1) under the best play found, by slot in
    /// order of play (slots beyond the players are 0): the mean of the rewards
    /// of the simulations through the best move, 1 for the winner of a game
    /// decided whatever happens.
    pub scores: Rewards,
    /// The best move; `None` only when the game is over.
    pub best: Option<Move>,
    /// The expected line of play, starting with `best`.
    pub pv: Vec<Move>,
    /// Simulations run.
    pub simulations: u64,
}

/// The slot in order of play of the player to move.
fn slot_of_mover(position: &Position) -> u8 {
    position
        .players()
        .slot_of(position.to_move())
        .unwrap_or_default() as u8
}

/// The winner's slot of a finished game ([`NO_WINNER`] without one).
fn winner_slot(position: &Position) -> u8 {
    position
        .winner()
        .and_then(|w| position.players().slot_of(w))
        .map_or(NO_WINNER, |s| s as u8)
}

impl<'a> Run<'a> {
    /// A search of `root` with these settings in `nodes` (empty, or a tree
    /// rooted at `root`), not started.
    fn new(config: &'a SearchConfig, root: &'a Position, nodes: &'a mut Vec<Node>) -> Run<'a> {
        Run {
            config,
            root,
            nodes,
            rng: SplitMix64::new(config.seed ^ root.hash_key().rotate_left(23)),
            candidates: Vec::new(),
            path: Vec::new(),
            depth: 0,
        }
    }

    /// Makes the root (an unfinished game) and its children, unless a kept tree
    /// has them.
    fn start(&mut self) {
        if self.nodes.is_empty() {
            let to_move = slot_of_mover(self.root);
            self.nodes.push(Node::new(Move::Resign, 0.0, to_move, None));
        }
        if !self.nodes[0].expanded {
            self.expand(0, self.root);
        }
    }

    /// Runs simulations until the budget of `limits` is spent, the time of
    /// `limits` has passed since `start`, `stop` returns true or the root is
    /// decided; calls `tick` every few simulations. Returns the simulations run.
    fn simulate_within(
        &mut self,
        limits: Limits,
        start: Option<Instant>,
        stop: &dyn Fn() -> bool,
        tick: &mut dyn FnMut(&Run<'a>, u64),
    ) -> u64 {
        let mut simulations = 0u64;
        loop {
            if limits.simulations.is_some_and(|n| simulations >= n) {
                break;
            }
            if simulations.is_multiple_of(16) {
                let late = match (limits.time, start) {
                    (Some(t), Some(start)) => start.elapsed() >= t,
                    _ => false,
                };
                if late || stop() {
                    break;
                }
                tick(self, simulations);
            }
            self.simulate();
            simulations += 1;
            if self.nodes[0].proven.is_some() {
                break;
            }
        }
        simulations
    }

    /// Every player's expected score after the root's child `index`.
    fn scores_of(&self, index: usize) -> Rewards {
        let child = &self.nodes[index];
        if let Some(proof) = child.proven {
            return proven_rewards(proof.winner);
        }
        if child.visits == 0 {
            let mut position = self.root.clone();
            position.play_unchecked(&child.mv);
            return rewards(&position);
        }
        let visits = child.visits as f32;
        child.sums.map(|sum| sum / visits)
    }

    /// Generates the children of `index`, whose position is `position`, each with
    /// its one-ply evaluation as prior; marks the node proven if a move wins (or
    /// every move ends the game).
    fn expand(&mut self, index: usize, position: &Position) {
        let mover = usize::from(self.nodes[index].to_move);
        candidate_moves(position, &mut self.candidates);
        let first = self.nodes.len();
        for mv in self.candidates.drain(..) {
            let mut child = position.clone();
            // Looked at at once, and more than once: settled as it is played.
            child.play_unchecked(&mv);
            let (prior, proven) = if child.is_finished() {
                let winner = winner_slot(&child);
                let proof = Proof { winner, plies: 0 };
                (f32::from(usize::from(winner) == mover), Some(proof))
            } else {
                (rewards(&child)[mover], None)
            };
            self.nodes
                .push(Node::new(mv, prior, slot_of_mover(&child), proven));
        }
        let count = (self.nodes.len() - first) as u32;
        let node = &mut self.nodes[index];
        node.first_child = first as u32;
        node.child_count = count;
        node.expanded = true;
        self.nodes[index].proven = self.decided(index);
    }

    /// Makes sure the move chosen at the root lets no one win at once when another
    /// move would not: expands the chosen child until the choice is a node whose
    /// replies are known (a child found to give a player a win in one is then
    /// passed over by [`Run::best_child`]). Expands at most every root child once.
    fn look_one_ply_past_the_choice(&mut self) {
        while let Some(best) = self.best_child(0) {
            if self.nodes[best].expanded || self.nodes[best].proven.is_some() {
                return;
            }
            let mut position = self.root.clone();
            position.play_unchecked(&self.nodes[best].mv);
            self.expand(best, &position);
        }
    }

    /// The child of `index` to follow: a winning move if there is one, else the
    /// best by UCT with the prior blended into the mean.
    fn select(&self, index: usize) -> usize {
        let node = &self.nodes[index];
        let mover = usize::from(node.to_move);
        let log_n = ((node.visits + 1) as f32).ln();
        let c = self.config.exploration;
        let w = self.config.prior_weight;
        let mut best = node.first_child as usize;
        let mut best_score = f32::NEG_INFINITY;
        for i in node.children() {
            let child = &self.nodes[i];
            if child.won_by(mover as u8) {
                return i;
            }
            let score = child.value(mover, w) + c * (log_n / (child.visits as f32 + 1.0)).sqrt();
            if score > best_score {
                best_score = score;
                best = i;
            }
        }
        best
    }

    /// One simulation: select down the tree, expand a leaf, play out, back up.
    fn simulate(&mut self) {
        let mut position = self.root.clone();
        self.path.clear();
        self.path.push(0);
        let mut index = 0;
        let rewards: Rewards = loop {
            if let Some(proof) = self.nodes[index].proven {
                break proven_rewards(proof.winner);
            }
            if !self.nodes[index].expanded {
                if self.nodes.len() >= self.config.max_tree_nodes
                    || self.nodes[index].visits < self.config.expand_after
                {
                    // A leaf not yet visited enough, or the tree is full: judge
                    // the leaf by a playout from it.
                    break self.playout_rewards(&mut position);
                }
                self.expand(index, &position);
                if let Some(proof) = self.nodes[index].proven {
                    break proven_rewards(proof.winner);
                }
                if self.nodes[index].child_count == 0 {
                    break rewards(&position);
                }
                let child = self.select(index);
                position.play_unchecked(&self.nodes[child].mv);
                self.path.push(child);
                if let Some(proof) = self.nodes[child].proven {
                    break proven_rewards(proof.winner);
                }
                break self.playout_rewards(&mut position);
            }
            if self.nodes[index].child_count == 0 {
                // No candidate here (not reached in a settled game): judge the node.
                break rewards(&position);
            }
            let child = self.select(index);
            position.play_unchecked(&self.nodes[child].mv);
            self.path.push(child);
            index = child;
        };
        self.depth = self.depth.max(self.path.len() as u32 - 1);
        for &i in &self.path {
            let node = &mut self.nodes[i];
            node.visits += 1;
            for (sum, r) in node.sums.iter_mut().zip(rewards) {
                *sum += r;
            }
        }
        self.prove_up_the_path();
    }

    /// After a simulation that ended in a decided node: decides the nodes above it
    /// on its path as far as the decision reaches.
    fn prove_up_the_path(&mut self) {
        let mut at = self.path.len() - 1;
        while at > 0 && self.nodes[self.path[at]].proven.is_some() {
            at -= 1;
            let index = self.path[at];
            if self.nodes[index].proven.is_some() {
                return;
            }
            match self.decided(index) {
                Some(proof) => self.nodes[index].proven = Some(proof),
                None => return,
            }
        }
    }

    /// Whether the expanded node `index` is decided by its children: for its mover
    /// when a child is won by the mover (the quickest such win), for another
    /// player (or for no one) when every child is (the slowest such end).
    fn decided(&self, index: usize) -> Option<Proof> {
        let node = &self.nodes[index];
        let mut quickest_win: Option<u8> = None;
        let mut every: Option<Proof> = None;
        let mut all_decided = node.child_count > 0;
        for child in node.children() {
            match self.nodes[child].proven {
                Some(p) if p.winner == node.to_move => {
                    quickest_win = Some(quickest_win.map_or(p.plies, |q| q.min(p.plies)));
                }
                Some(p) if every.is_none_or(|e| e.winner == p.winner) => {
                    let plies = every.map_or(p.plies, |e| e.plies.max(p.plies));
                    every = Some(Proof { plies, ..p });
                }
                _ => all_decided = false,
            }
        }
        let after_one_ply = |proof: Proof| Proof {
            plies: proof.plies.saturating_add(1),
            ..proof
        };
        match quickest_win {
            Some(plies) => Some(after_one_ply(Proof {
                winner: node.to_move,
                plies,
            })),
            None => every.filter(|_| all_decided).map(after_one_ply),
        }
    }

    /// Judges `position` by a random playout from it.
    fn playout_rewards(&mut self, position: &mut Position) -> Rewards {
        playout(
            position,
            &mut self.rng,
            self.config.playout_plies,
            self.config.random_percent,
        );
        rewards(position)
    }

    /// The child of `index` to play: the quickest proven win for the mover, else
    /// the most visited child not proven lost for the mover, else the lost child
    /// that holds out longest (ties: the better mean, then the earlier move).
    fn best_child(&self, index: usize) -> Option<usize> {
        let node = &self.nodes[index];
        let mover = node.to_move;
        let w = self.config.prior_weight;
        // Wins for the mover first (the quickest), then undecided moves, then
        // moves decided against the mover (the slowest end first).
        let rank = |i: usize| {
            let child = &self.nodes[i];
            let rank = match child.proven {
                Some(p) if p.winner == mover => (2, u8::MAX - p.plies),
                None => (1, 0),
                Some(p) => (0, p.plies),
            };
            (rank, child.visits)
        };
        let mut best: Option<usize> = None;
        for i in node.children() {
            best = match best {
                None => Some(i),
                Some(b) => {
                    let (rb, ri) = (rank(b), rank(i));
                    let better_value = || {
                        self.nodes[i].value(usize::from(mover), w)
                            > self.nodes[b].value(usize::from(mover), w)
                    };
                    if ri > rb || (ri == rb && better_value()) {
                        Some(i)
                    } else {
                        Some(b)
                    }
                }
            };
        }
        best
    }

    /// The expected reward of every player after the root's child `index`, in
    /// thousandths, by slot in order of play; `score` is the mover's, as
    /// [`Run::result`] works it out.
    fn scores(&self, index: usize, score: i64) -> Vec<i64> {
        let child = &self.nodes[index];
        let mover = usize::from(self.nodes[0].to_move);
        let mut position = self.root.clone();
        position.play_unchecked(&child.mv);
        // The prior of every player, as `expand` works out the mover's.
        let prior = rewards(&position);
        let weight = self.config.prior_weight;
        (0..self.root.players().len().min(prior.len()))
            .map(|slot| {
                if slot == mover {
                    score
                } else if let Some(proof) = child.proven {
                    (proven_rewards(proof.winner)[slot] * 1000.0).round() as i64
                } else {
                    (child.value_with(slot, weight, prior[slot]) * 1000.0).round() as i64
                }
            })
            .collect()
    }

    /// The result after `simulations` new simulations in a tree that kept `kept`.
    fn result(&self, simulations: u64, kept: u32) -> SearchResult {
        let mut pv = Vec::new();
        let mut score = 0;
        let mut scores = Vec::new();
        let mut index = 0;
        if let Some(first) = self.nodes.first().and_then(|_| self.best_child(0)) {
            let mover = usize::from(self.nodes[0].to_move);
            let child = &self.nodes[first];
            let reward = match child.proven {
                Some(proof) => proven_rewards(proof.winner)[mover],
                None => child.value(mover, self.config.prior_weight),
            };
            score = (reward * 1000.0).round() as i64;
            scores = self.scores(first, score);
            while pv.len() < 16 && self.nodes[index].expanded {
                let Some(next) = self.best_child(index) else {
                    break;
                };
                pv.push(self.nodes[next].mv.clone());
                if self.nodes[next].visits == 0 {
                    break;
                }
                index = next;
            }
        }
        SearchResult {
            best: pv.first().cloned(),
            simulations,
            kept: u64::from(kept),
            score,
            scores,
            pv,
            depth: self.depth,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The tree after `simulations` simulations of the standard start with
    /// `expand_after`.
    fn tree_after(players: usize, simulations: u64, expand_after: u32) -> Vec<Node> {
        let config = SearchConfig {
            expand_after,
            ..SearchConfig::default()
        };
        let position = Position::standard(players).unwrap();
        let mut nodes = Vec::new();
        let mut run = Run::new(&config, &position, &mut nodes);
        run.start();
        for _ in 0..simulations {
            run.simulate();
        }
        nodes
    }

    /// A leaf is expanded on the simulation after the `expand_after`-th that
    /// reached it: every expanded node below the root was reached more often than
    /// that, and a leaf not expanded was reached at most that often (or once, as
    /// the move a simulation played after expanding its parent).
    #[test]
    fn a_leaf_is_expanded_after_its_first_visits() {
        for expand_after in [0, 1, 3] {
            let nodes = tree_after(2, 600, expand_after);
            let below_root = &nodes[1..];
            assert!(
                below_root
                    .iter()
                    .filter(|n| n.expanded)
                    .all(|n| n.visits > expand_after),
                "expand_after {expand_after}"
            );
            let waiting = below_root
                .iter()
                .filter(|n| !n.expanded && n.proven.is_none() && n.visits > 0)
                .collect::<Vec<_>>();
            assert!(
                waiting.iter().all(|n| n.visits <= expand_after.max(1)),
                "expand_after {expand_after}"
            );
            if expand_after > 1 {
                assert!(waiting.iter().any(|n| n.visits == expand_after));
            }
        }
        // Fewer expansions, fewer nodes for the same simulations.
        assert!(tree_after(3, 600, 1).len() < tree_after(3, 600, 0).len());
    }
}

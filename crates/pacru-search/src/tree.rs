//! The search tree: a flat arena of nodes, children stored contiguously.

use crate::evaluate::Rewards;
use pacru_core::Move;

/// A [`Proof`] winner meaning the game ended without a winner.
pub(crate) const NO_WINNER: u8 = u8::MAX;

/// A node's game decided whatever happens.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Proof {
    /// The winner's slot ([`NO_WINNER`] for a game that ends without one).
    pub winner: u8,
    /// Plies from the node to the end of the game when the winner wins as soon as
    /// possible and the others hold out as long as possible (0: the game is over).
    pub plies: u8,
}

/// One node: the position reached by `mv` from its parent.
#[derive(Clone, Debug)]
pub(crate) struct Node {
    /// The move from the parent (`Resign` for the root, which has none).
    pub mv: Move,
    /// The evaluation of this node's position for the player who made `mv`.
    pub prior: f32,
    /// Simulations through this node.
    pub visits: u32,
    /// Summed rewards of those simulations, by slot.
    pub sums: Rewards,
    /// Index of the first child (children are contiguous).
    pub first_child: u32,
    /// Number of children (0 until expanded).
    pub child_count: u32,
    /// Whether the children have been generated.
    pub expanded: bool,
    /// The slot of the player to move here.
    pub to_move: u8,
    /// How the game ends if it is decided here whatever happens.
    pub proven: Option<Proof>,
}

impl Node {
    /// A new, unvisited node.
    pub fn new(mv: Move, prior: f32, to_move: u8, proven: Option<Proof>) -> Node {
        Node {
            mv,
            prior,
            visits: 0,
            sums: [0.0; 4],
            first_child: 0,
            child_count: 0,
            expanded: false,
            to_move,
            proven,
        }
    }

    /// Whether the game is decided here for the slot `slot`.
    pub fn won_by(&self, slot: u8) -> bool {
        self.proven.is_some_and(|p| p.winner == slot)
    }

    /// The indices of the children.
    pub fn children(&self) -> std::ops::Range<usize> {
        let first = self.first_child as usize;
        first..first + self.child_count as usize
    }

    /// The mean reward of `slot` over the visits, blending in the prior as if it
    /// were `weight` visits.
    pub fn value(&self, slot: usize, weight: f32) -> f32 {
        self.value_with(slot, weight, self.prior)
    }

    /// The mean reward of `slot` over the visits, blending in `prior` (the
    /// evaluation of this node's position for `slot`) as if it were `weight` visits.
    pub fn value_with(&self, slot: usize, weight: f32, prior: f32) -> f32 {
        (self.sums[slot] + weight * prior) / (self.visits as f32 + weight)
    }
}

/// The rewards of a decided game: 1 for the winner, 0 for the others.
pub(crate) fn proven_rewards(winner: u8) -> Rewards {
    let mut rewards = [0.0; 4];
    if let Some(r) = rewards.get_mut(usize::from(winner)) {
        *r = 1.0;
    }
    rewards
}

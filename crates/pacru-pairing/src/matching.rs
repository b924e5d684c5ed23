//! Maximum matchings among players: how many pairs of a kind (players who have
//! not met, say) the players can form at once. The pairing asks it before each
//! choice, so that a choice never makes an avoidable rematch unavoidable.

use petgraph::algo::maximum_matching;
use petgraph::graph::{NodeIndex, UnGraph};

/// A maximum matching of `players` using only the pairs `allowed` accepts:
/// `mate[i]` is the position in `players` of the partner of `players[i]`.
pub(crate) fn maximum(
    players: &[usize],
    allowed: &dyn Fn(usize, usize) -> bool,
) -> Vec<Option<usize>> {
    let mut graph: UnGraph<(), ()> = UnGraph::with_capacity(players.len(), 0);
    let nodes: Vec<NodeIndex> = players.iter().map(|_| graph.add_node(())).collect();
    for (i, &a) in players.iter().enumerate() {
        for (j, &b) in players.iter().enumerate().skip(i + 1) {
            if allowed(a, b) {
                graph.add_edge(nodes[i], nodes[j], ());
            }
        }
    }
    let matching = maximum_matching(&graph);
    nodes
        .iter()
        .map(|&n| matching.mate(n).map(NodeIndex::index))
        .collect()
}

/// The number of pairs in a maximum matching of `players` over `allowed` pairs.
pub(crate) fn size(players: &[usize], allowed: &dyn Fn(usize, usize) -> bool) -> usize {
    maximum(players, allowed).iter().flatten().count() / 2
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_perfect_matching_a_greedy_choice_would_miss() {
        // 0-1 is allowed, but taking it leaves 2 and 3, who may not meet.
        let allowed = |a: usize, b: usize| {
            let (a, b) = (a.min(b), a.max(b));
            matches!((a, b), (0, 1) | (0, 2) | (1, 3))
        };
        let mate = maximum(&[0, 1, 2, 3], &allowed);
        assert_eq!(mate, [Some(2), Some(3), Some(0), Some(1)]);
        assert_eq!(size(&[0, 1, 2, 3], &allowed), 2);
        assert_eq!(size(&[1, 2, 3], &allowed), 1);
        assert_eq!(size(&[], &allowed), 0);
    }
}

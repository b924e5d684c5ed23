//! Shards: one event's games split between machines.
//!
//! A match, round-robin or gauntlet is cut into *units*: the games one table plays
//! from one opening, one per rotation of its order of play (in a 2-engine match,
//! a pair of games with the seats swapped). Units are never split. Shard `I` of
//! `N` plays the units whose number (from 0, in schedule order) is `I` modulo
//! `N`, so the shards are disjoint, cover the event, and each plays games from
//! the whole schedule (the early units of every shard come first). A Swiss event
//! cannot be sharded: its rounds are paired from the results of the rounds
//! before.
//!
//! Each shard keeps its own journal in `shard-I-of-N/` inside a folder the
//! shards share ([`Shard::dir_name`]); [`crate::merge`] adds the journals up.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// Shard `index` of `count` (the index from 0, as `SLURM_ARRAY_TASK_ID` with
/// `--array=0-(N-1)` and Kubernetes' `JOB_COMPLETION_INDEX` give it).
///
/// ```
/// use pacru_arena::shard::Shard;
/// let shard: Shard = "1/4".parse().unwrap();
/// assert_eq!((shard.index(), shard.count()), (1, 4));
/// assert_eq!(shard.dir_name(), "shard-1-of-4");
/// // In a 2-player event, games 3 and 4 are unit 1: shard 1's.
/// assert!(shard.owns_game(3, 2) && shard.owns_game(4, 2) && !shard.owns_game(5, 2));
/// assert!("4/4".parse::<Shard>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "RawShard", into = "RawShard")]
pub struct Shard {
    index: u32,
    count: u32,
}

/// The serialized form of a [`Shard`], checked when read.
#[derive(Serialize, Deserialize)]
struct RawShard {
    index: u32,
    count: u32,
}

impl TryFrom<RawShard> for Shard {
    type Error = ShardError;
    fn try_from(raw: RawShard) -> Result<Shard, ShardError> {
        Shard::new(raw.index, raw.count)
    }
}

impl From<Shard> for RawShard {
    fn from(shard: Shard) -> RawShard {
        RawShard {
            index: shard.index,
            count: shard.count,
        }
    }
}

/// Why a shard is not one.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct ShardError(String);

impl Shard {
    /// Shard `index` (from 0) of `count`; `index` must be below `count`.
    pub fn new(index: u32, count: u32) -> Result<Shard, ShardError> {
        if count == 0 {
            return Err(ShardError("the number of shards must be at least 1".into()));
        }
        if index >= count {
            return Err(ShardError(format!(
                "shard {index} of {count}: shards are numbered from 0 to {} (as SLURM_ARRAY_TASK_ID with --array=0-{} and JOB_COMPLETION_INDEX give them)",
                count - 1,
                count - 1
            )));
        }
        Ok(Shard { index, count })
    }

    /// The shard's number, from 0.
    pub fn index(self) -> u32 {
        self.index
    }

    /// The number of shards.
    pub fn count(self) -> u32 {
        self.count
    }

    /// The name of the shard's output directory inside the shared folder:
    /// `shard-I-of-N`.
    pub fn dir_name(self) -> String {
        format!("shard-{}-of-{}", self.index, self.count)
    }

    /// The shard whose output directory is called `name` (`shard-I-of-N`).
    pub fn from_dir_name(name: &str) -> Option<Shard> {
        let (index, count) = name.strip_prefix("shard-")?.split_once("-of-")?;
        let shard = Shard::new(index.parse().ok()?, count.parse().ok()?).ok()?;
        (shard.dir_name() == name).then_some(shard)
    }

    /// Whether unit `unit` (from 0) is this shard's.
    pub fn owns_unit(self, unit: u64) -> bool {
        unit % u64::from(self.count) == u64::from(self.index)
    }

    /// Whether game `game` (from 1) of an event with `players` players a game is
    /// this shard's.
    pub fn owns_game(self, game: u64, players: usize) -> bool {
        self.owns_unit(unit_of(game, players))
    }

    /// How many of the first `total` games of an event with `players` players a
    /// game are this shard's.
    pub fn games_of(self, total: u64, players: usize) -> u64 {
        let size = players.max(1) as u64;
        let (whole, rest) = (total / size, total % size);
        let (index, count) = (u64::from(self.index), u64::from(self.count));
        let whole_units = if whole > index {
            (whole - index).div_ceil(count)
        } else {
            0
        };
        let last = if rest > 0 && self.owns_unit(whole) {
            rest
        } else {
            0
        };
        whole_units * size + last
    }
}

/// The unit (from 0) of game `game` (from 1): every table of a fixed schedule
/// plays `players` consecutive games from one opening.
pub fn unit_of(game: u64, players: usize) -> u64 {
    game.saturating_sub(1) / players.max(1) as u64
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl FromStr for Shard {
    type Err = ShardError;

    /// `I/N`: shard `I` (from 0) of `N`.
    fn from_str(text: &str) -> Result<Shard, ShardError> {
        let bad = || ShardError(format!("`{text}`: expected I/N, shard I (from 0) of N"));
        let (index, count) = text.split_once('/').ok_or_else(bad)?;
        let index = index.trim().parse().map_err(|_| bad())?;
        let count = count.trim().parse().map_err(|_| bad())?;
        Shard::new(index, count)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_are_disjoint_cover_everything_and_never_split_a_unit() {
        for players in 2..=4 {
            for total in 0..40u64 {
                for count in 1..=5 {
                    let shards: Vec<Shard> =
                        (0..count).map(|i| Shard::new(i, count).unwrap()).collect();
                    for game in 1..=total {
                        let owners: Vec<_> = shards
                            .iter()
                            .filter(|s| s.owns_game(game, players))
                            .collect();
                        assert_eq!(owners.len(), 1, "game {game}");
                        // The games of a unit share their shard.
                        let first = (game - 1) / players as u64 * players as u64 + 1;
                        assert!(owners[0].owns_game(first, players));
                    }
                    for s in &shards {
                        let counted = (1..=total).filter(|&g| s.owns_game(g, players)).count();
                        assert_eq!(s.games_of(total, players), counted as u64, "{s} of {total}");
                    }
                }
            }
        }
    }

    #[test]
    fn shards_read_and_refuse() {
        assert_eq!("0/1".parse::<Shard>().unwrap(), Shard::new(0, 1).unwrap());
        assert_eq!("3/4".parse::<Shard>().unwrap().to_string(), "3/4");
        for bad in ["4/4", "1/0", "a/4", "1", "-1/4", "1/4/2", ""] {
            assert!(bad.parse::<Shard>().is_err(), "{bad}");
        }
        assert!(
            "4/4"
                .parse::<Shard>()
                .unwrap_err()
                .to_string()
                .contains("from 0 to 3")
        );
        assert_eq!(
            Shard::from_dir_name("shard-2-of-4"),
            Some(Shard::new(2, 4).unwrap())
        );
        for bad in ["shard-4-of-4", "shard-02-of-4", "shard-1-of-", "x-1-of-2"] {
            assert_eq!(Shard::from_dir_name(bad), None, "{bad}");
        }
        let forged: Result<Shard, _> = serde_json::from_str(r#"{"index":5,"count":2}"#);
        assert!(forged.is_err());
    }
}

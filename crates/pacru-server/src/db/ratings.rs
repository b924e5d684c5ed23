//! Ratings in the database: updated in the transaction that stores a rated
//! game's end, and read for profiles, leaderboards and histories.

use super::Db;
use crate::error::ApiResult;
use crate::game::GameState;
use crate::rating::{self, Rating};
use rusqlite::{Connection, OptionalExtension, params};

/// An account's rating in a pool, as stored.
#[derive(Clone, Debug)]
pub struct RatingRow {
    /// The account's user name.
    pub username: String,
    /// The rating.
    pub rating: Rating,
}

/// One rated game in an account's history.
#[derive(Clone, Debug)]
pub struct HistoryRow {
    /// The pool (player count).
    pub pool: usize,
    /// The game's id.
    pub game: String,
    /// When the game ended (milliseconds since the Unix epoch).
    pub at: i64,
    /// The account's finishing place (1 best).
    pub place: usize,
    /// The rating after the game.
    pub rating: f64,
    /// The deviation after the game.
    pub deviation: f64,
}

pub(super) fn stored(conn: &Connection, user: i64, pool: usize) -> ApiResult<Rating> {
    Ok(conn
        .query_row(
            "SELECT rating, deviation, volatility, games FROM rating WHERE user = ?1 AND pool = ?2",
            params![user, pool as i64],
            |r| {
                Ok(Rating {
                    rating: r.get(0)?,
                    deviation: r.get(1)?,
                    volatility: r.get(2)?,
                    games: r.get(3)?,
                })
            },
        )
        .optional()?
        .unwrap_or(Rating::INITIAL))
}

/// Rates finished `game` (the caller checked that it counts): each seat's
/// rating row and a history row, in the caller's transaction.
pub(super) fn rate(tx: &Connection, game: &GameState) -> ApiResult<()> {
    let pool = game.seats.len();
    let mut users = Vec::new();
    for seat in &game.seats {
        match &seat.user {
            Some(u) => users.push(u.id),
            None => return Ok(()),
        }
    }
    let before = users
        .iter()
        .map(|&u| stored(tx, u, pool))
        .collect::<ApiResult<Vec<_>>>()?;
    let Some(after) = rating::rate_game(game, &before) else {
        tracing::warn!("game {}: places cannot be told; not rated", game.id);
        return Ok(());
    };
    let at = game.ended.unwrap_or(game.turn_started);
    for (user, (r, place)) in users.iter().zip(after) {
        tx.execute(
            "INSERT INTO rating (user, pool, rating, deviation, volatility, games)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6)
             ON CONFLICT (user, pool) DO UPDATE SET rating = ?3, deviation = ?4,
             volatility = ?5, games = ?6",
            params![
                user,
                pool as i64,
                r.rating,
                r.deviation,
                r.volatility,
                r.games
            ],
        )?;
        tx.execute(
            "INSERT INTO rating_history (user, pool, game, at, place, rating, deviation)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
            params![
                user,
                pool as i64,
                game.id,
                at,
                place as i64,
                r.rating,
                r.deviation
            ],
        )?;
    }
    Ok(())
}

impl Db {
    /// Account `user`'s ratings in the pools 2, 3 and 4 (the start rating
    /// where it has no rated game).
    pub async fn ratings_of(&self, user: i64) -> ApiResult<[Rating; 3]> {
        self.call(move |conn| {
            Ok([
                stored(conn, user, 2)?,
                stored(conn, user, 3)?,
                stored(conn, user, 4)?,
            ])
        })
        .await
    }

    /// The leaderboard of pool `pool`: accounts with a rated game there,
    /// non-provisional first, then by rating, highest first; at most `limit`.
    pub async fn leaderboard(&self, pool: usize, limit: usize) -> ApiResult<Vec<RatingRow>> {
        self.call(move |conn| {
            let mut stmt = conn.prepare(
                "SELECT user.username, rating, deviation, volatility, games
                 FROM rating JOIN user ON user.id = rating.user
                 WHERE pool = ?1
                 ORDER BY (deviation > ?2), rating DESC, user.username_key
                 LIMIT ?3",
            )?;
            let rows = stmt
                .query_map(
                    params![pool as i64, rating::PROVISIONAL_DEVIATION, limit as i64],
                    |r| {
                        Ok(RatingRow {
                            username: r.get(0)?,
                            rating: Rating {
                                rating: r.get(1)?,
                                deviation: r.get(2)?,
                                volatility: r.get(3)?,
                                games: r.get(4)?,
                            },
                        })
                    },
                )?
                .collect::<Result<Vec<_>, _>>()?;
            Ok(rows)
        })
        .await
    }

    /// Account `user`'s rated games, oldest first.
    pub async fn rating_history(&self, user: i64) -> ApiResult<Vec<HistoryRow>> {
        self.call(move |conn| {
            let mut stmt = conn.prepare(
                "SELECT pool, game, at, place, rating, deviation FROM rating_history
                 WHERE user = ?1 ORDER BY at, rowid",
            )?;
            let rows = stmt
                .query_map([user], |r| {
                    Ok(HistoryRow {
                        pool: r.get::<_, i64>(0)? as usize,
                        game: r.get(1)?,
                        at: r.get(2)?,
                        place: r.get::<_, i64>(3)? as usize,
                        rating: r.get(4)?,
                        deviation: r.get(5)?,
                    })
                })?
                .collect::<Result<Vec<_>, _>>()?;
            Ok(rows)
        })
        .await
    }
}

//! Games in the database: created, changed (each change committed before it
//! returns, so that a move is stored before it is acknowledged), loaded and
//! listed.

use super::Db;
use crate::error::{ApiError, ApiResult};
use crate::game::{
    GameState, GameStatus, PlayedMove, SeatState, Termination, TimeControl, UserRef,
};
use crate::rating;
use pacru_core::{Move, Position, RulesEdition};
use pacru_notation::pgr::GameResult;
use rusqlite::{Connection, OptionalExtension, params};

/// A game of a listing.
#[derive(Clone, Debug)]
pub struct GameRow {
    /// The game's id.
    pub id: String,
}

fn clocks_text(game: &GameState) -> Option<String> {
    game.clocks
        .as_ref()
        .map(|c| c.iter().map(i64::to_string).collect::<Vec<_>>().join(","))
}

fn clocks_from_text(text: Option<String>) -> ApiResult<Option<Vec<i64>>> {
    text.map(|t| {
        t.split(',')
            .map(|n| {
                n.parse::<i64>()
                    .map_err(|e| ApiError::Internal(format!("stored clocks: {e}")))
            })
            .collect()
    })
    .transpose()
}

/// Writes the game's row, seats and the moves from index `stored_moves` on
/// (inside the caller's transaction); when the change finishes a rated game,
/// its players' ratings too.
pub(super) fn write(tx: &Connection, game: &GameState, stored_moves: usize) -> ApiResult<()> {
    let was: Option<String> = tx
        .query_row("SELECT status FROM game WHERE id = ?1", [&game.id], |r| {
            r.get(0)
        })
        .optional()?;
    let finishing = game.status == GameStatus::Finished
        && was.as_deref() != Some(GameStatus::Finished.as_str());
    tx.execute(
        "UPDATE game SET status = ?2, clocks = ?3, turn_started = ?4, started = ?5,
         ended = ?6, result = ?7, termination = ?8 WHERE id = ?1",
        params![
            game.id,
            game.status.as_str(),
            clocks_text(game),
            game.turn_started,
            game.started,
            game.ended,
            (game.status == GameStatus::Finished).then(|| game.result.token()),
            game.termination.map(Termination::as_str),
        ],
    )?;
    for seat in &game.seats {
        tx.execute(
            "UPDATE seat SET user = ?3 WHERE game = ?1 AND colour = ?2",
            params![
                game.id,
                seat.colour.letter().to_string(),
                seat.user.as_ref().map(|u| u.id)
            ],
        )?;
    }
    for (i, played) in game.moves.iter().enumerate().skip(stored_moves) {
        tx.execute(
            "INSERT INTO move (game, ply, text, at, on_time) VALUES (?1, ?2, ?3, ?4, ?5)",
            params![
                game.id,
                i64::try_from(i + 1).unwrap_or(i64::MAX),
                played.mv.to_string(),
                played.at,
                played.on_time
            ],
        )?;
    }
    if finishing && rating::counts(game) {
        super::ratings::rate(tx, game)?;
    }
    Ok(())
}

/// Inserts the new game `game` with its seats and invitations (inside the
/// caller's transaction); false when its id is taken.
pub(super) fn insert(tx: &Connection, game: &GameState) -> ApiResult<bool> {
    let (initial, increment, days) = game.time_control.columns();
    let inserted = tx.execute(
        "INSERT INTO game (id, created, creator, players, rules, clock_initial,
         clock_increment, clock_days, rated, status, turn_started)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)
         ON CONFLICT (id) DO NOTHING",
        params![
            game.id,
            game.created,
            game.creator.id,
            i64::try_from(game.seats.len()).unwrap_or(0),
            game.rules.year(),
            initial,
            increment,
            days,
            game.rated,
            game.status.as_str(),
            game.turn_started,
        ],
    )?;
    if inserted == 0 {
        return Ok(false);
    }
    for seat in &game.seats {
        tx.execute(
            "INSERT INTO seat (game, colour, user) VALUES (?1, ?2, ?3)",
            params![
                game.id,
                seat.colour.letter().to_string(),
                seat.user.as_ref().map(|u| u.id)
            ],
        )?;
    }
    for user in &game.invited {
        tx.execute(
            "INSERT INTO invite (game, user) VALUES (?1, ?2)",
            params![game.id, user.id],
        )?;
    }
    write(tx, game, 0)?;
    Ok(true)
}

impl Db {
    /// Stores a new game; false when its id is taken (the caller draws another).
    pub async fn insert_game(&self, game: GameState) -> ApiResult<bool> {
        self.call(move |conn| {
            let tx = conn.transaction()?;
            let inserted = insert(&tx, &game)?;
            tx.commit()?;
            Ok(inserted)
        })
        .await
    }

    /// Stores a change to `game`: its row, seats and the moves after the first
    /// `stored_moves`, committed when this returns. Changes of several games
    /// that wait at the same moment share one commit (one `fsync`; see
    /// [`Db::open`]), each in its own savepoint.
    pub async fn save_game(&self, game: GameState, stored_moves: usize) -> ApiResult<()> {
        let (done, answer) = tokio::sync::oneshot::channel();
        self.saves
            .send(super::SaveJob {
                game,
                stored_moves,
                done,
            })
            .map_err(|_| ApiError::Internal("the database writer stopped".into()))?;
        answer
            .await
            .map_err(|_| ApiError::Internal("the database writer stopped".into()))?
    }

    /// The game `id`, as stored.
    pub async fn load_game(&self, id: String) -> ApiResult<Option<GameState>> {
        self.call(move |conn| load(conn, &id)).await
    }

    /// Every game in play or open (loaded at start-up, so that clocks run on).
    pub fn live_game_ids(&self) -> ApiResult<Vec<String>> {
        self.call_blocking(|conn| {
            let mut stmt =
                conn.prepare("SELECT id FROM game WHERE status IN ('open', 'playing')")?;
            let ids = stmt
                .query_map([], |r| r.get(0))?
                .collect::<Result<Vec<String>, _>>()?;
            Ok(ids)
        })
    }

    /// Games newest first: of `status` (any when `None`), of `player` (by
    /// account id) when given, created before game `before` when given; at most
    /// `limit`. A `before` that names no game is [`ApiError::NotFound`]: the
    /// first page in its place would send a client that pages on for ever.
    pub async fn list_games(
        &self,
        status: Option<GameStatus>,
        player: Option<i64>,
        before: Option<String>,
        limit: usize,
    ) -> ApiResult<Vec<GameRow>> {
        self.call(move |conn| {
            let cursor: Option<(i64, String)> = match before {
                Some(id) => {
                    let found = conn
                        .query_row("SELECT created, id FROM game WHERE id = ?1", [&id], |r| {
                            Ok((r.get(0)?, r.get(1)?))
                        })
                        .optional()?;
                    Some(found.ok_or(ApiError::NotFound)?)
                }
                None => None,
            };
            let mut stmt = conn.prepare(
                "SELECT id FROM game
                 WHERE (?1 IS NULL OR status = ?1)
                   AND (?2 IS NULL OR id IN (SELECT game FROM seat WHERE user = ?2))
                   AND (?3 IS NULL OR created < ?3 OR (created = ?3 AND id < ?4))
                 ORDER BY created DESC, id DESC LIMIT ?5",
            )?;
            let rows = stmt
                .query_map(
                    params![
                        status.map(GameStatus::as_str),
                        player,
                        cursor.as_ref().map(|c| c.0),
                        cursor.as_ref().map(|c| c.1.clone()),
                        i64::try_from(limit).unwrap_or(100),
                    ],
                    |r| Ok(GameRow { id: r.get(0)? }),
                )?
                .collect::<Result<Vec<_>, _>>()?;
            Ok(rows)
        })
        .await
    }

    /// The ids of the open games account `user` is invited to, oldest first.
    pub async fn open_invitations(&self, user: i64) -> ApiResult<Vec<String>> {
        self.call(move |conn| {
            let mut stmt = conn.prepare(
                "SELECT game.id FROM game JOIN invite ON invite.game = game.id
                 WHERE invite.user = ?1 AND game.status = 'open' ORDER BY game.created",
            )?;
            let ids = stmt
                .query_map([user], |r| r.get(0))?
                .collect::<Result<Vec<String>, _>>()?;
            Ok(ids)
        })
        .await
    }

    /// The number of unfinished games (open or in play) in which account
    /// `user` holds a seat.
    pub async fn unfinished_count(&self, user: i64) -> ApiResult<u64> {
        self.call(move |conn| {
            let count: i64 = conn.query_row(
                "SELECT COUNT(DISTINCT game.id) FROM game JOIN seat ON seat.game = game.id
                 WHERE seat.user = ?1 AND game.status IN ('open', 'playing')",
                [user],
                |r| r.get(0),
            )?;
            Ok(u64::try_from(count).unwrap_or_default())
        })
        .await
    }

    /// The name of the event and the round that game `game` is a table of, if
    /// it is one.
    pub async fn event_round_of(&self, game: String) -> ApiResult<Option<(String, u32)>> {
        self.call(move |conn| {
            Ok(conn
                .query_row(
                    "SELECT event.name, event_game.round FROM event_game
                     JOIN event ON event.id = event_game.event WHERE event_game.game = ?1",
                    [game],
                    |r| Ok((r.get(0)?, r.get(1)?)),
                )
                .optional()?)
        })
        .await
    }

    /// The ids of the games of account `user` with `status`.
    pub async fn games_of(&self, user: i64, status: GameStatus) -> ApiResult<Vec<String>> {
        self.call(move |conn| {
            let mut stmt = conn.prepare(
                "SELECT game.id FROM game JOIN seat ON seat.game = game.id
                 WHERE seat.user = ?1 AND game.status = ?2 ORDER BY game.created",
            )?;
            let ids = stmt
                .query_map(params![user, status.as_str()], |r| r.get(0))?
                .collect::<Result<Vec<String>, _>>()?;
            Ok(ids)
        })
        .await
    }
}

fn user_by_id(conn: &Connection, id: i64) -> ApiResult<UserRef> {
    Ok(conn.query_row(
        "SELECT id, username, bot FROM user WHERE id = ?1",
        [id],
        |r| {
            Ok(UserRef {
                id: r.get(0)?,
                name: r.get(1)?,
                bot: r.get(2)?,
            })
        },
    )?)
}

fn corrupt(what: &str) -> ApiError {
    ApiError::Internal(format!("stored game: {what}"))
}

/// Loads game `id` with its seats, invitations and moves (replayed).
pub(crate) fn load(conn: &Connection, id: &str) -> ApiResult<Option<GameState>> {
    #[allow(clippy::type_complexity)]
    let row: Option<(
        i64,
        i64,
        i64,
        String,
        Option<u32>,
        Option<u32>,
        Option<u32>,
        bool,
        String,
        Option<String>,
        i64,
        Option<i64>,
        Option<i64>,
        Option<String>,
        Option<String>,
    )> = conn
        .query_row(
            "SELECT created, creator, players, rules, clock_initial, clock_increment, clock_days,
             rated, status, clocks, turn_started, started, ended, result, termination
             FROM game WHERE id = ?1",
            [id],
            |r| {
                Ok((
                    r.get(0)?,
                    r.get(1)?,
                    r.get(2)?,
                    r.get(3)?,
                    r.get(4)?,
                    r.get(5)?,
                    r.get(6)?,
                    r.get(7)?,
                    r.get(8)?,
                    r.get(9)?,
                    r.get(10)?,
                    r.get(11)?,
                    r.get(12)?,
                    r.get(13)?,
                    r.get(14)?,
                ))
            },
        )
        .optional()?;
    let Some((
        created,
        creator,
        players,
        rules,
        initial,
        increment,
        days,
        rated,
        status,
        clocks,
        turn_started,
        started,
        ended,
        result,
        termination,
    )) = row
    else {
        return Ok(None);
    };
    let rules: RulesEdition = rules.parse().map_err(|_| corrupt("rules"))?;
    let players = usize::try_from(players).map_err(|_| corrupt("players"))?;
    let mut position = Position::standard(players)
        .map_err(|_| corrupt("players"))?
        .with_rules(rules);
    let mut seats = Vec::new();
    {
        let mut stmt = conn.prepare("SELECT colour, user FROM seat WHERE game = ?1")?;
        let rows = stmt
            .query_map([id], |r| {
                Ok((r.get::<_, String>(0)?, r.get::<_, Option<i64>>(1)?))
            })?
            .collect::<Result<Vec<_>, _>>()?;
        for colour in position.players().iter() {
            let user = rows
                .iter()
                .find(|(c, _)| c.starts_with(colour.letter()))
                .ok_or_else(|| corrupt("seat"))?
                .1;
            seats.push(SeatState {
                colour,
                user: user.map(|u| user_by_id(conn, u)).transpose()?,
            });
        }
    }
    let invited = {
        let mut stmt = conn.prepare("SELECT user FROM invite WHERE game = ?1 ORDER BY rowid")?;
        let ids = stmt
            .query_map([id], |r| r.get::<_, i64>(0))?
            .collect::<Result<Vec<_>, _>>()?;
        ids.into_iter()
            .map(|u| user_by_id(conn, u))
            .collect::<ApiResult<Vec<_>>>()?
    };
    let mut moves = Vec::new();
    {
        let mut stmt =
            conn.prepare("SELECT text, at, on_time FROM move WHERE game = ?1 ORDER BY ply")?;
        let rows = stmt
            .query_map([id], |r| {
                Ok((
                    r.get::<_, String>(0)?,
                    r.get::<_, i64>(1)?,
                    r.get::<_, bool>(2)?,
                ))
            })?
            .collect::<Result<Vec<_>, _>>()?;
        for (text, at, on_time) in rows {
            let mv: Move = text.parse().map_err(|_| corrupt("move text"))?;
            position
                .try_play(&mv)
                .map_err(|_| corrupt("illegal stored move"))?;
            moves.push(PlayedMove { mv, at, on_time });
        }
    }
    let result = match result {
        Some(token) => GameResult::from_token(&token).ok_or_else(|| corrupt("result"))?,
        None => GameResult::Unfinished,
    };
    let creator = user_by_id(conn, creator)?;
    Ok(Some(GameState {
        id: id.to_string(),
        created,
        creator,
        rules,
        time_control: TimeControl::from_columns(initial, increment, days),
        rated,
        status: GameStatus::from_word(&status).ok_or_else(|| corrupt("status"))?,
        seats,
        invited,
        moves,
        position,
        clocks: clocks_from_text(clocks)?,
        turn_started,
        started,
        ended,
        result,
        termination: termination
            .map(|t| Termination::from_word(&t).ok_or_else(|| corrupt("termination")))
            .transpose()?,
    }))
}

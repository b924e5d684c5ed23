//! Accounts, sessions and tokens. Sessions and tokens are kept only as SHA-256
//! hashes of the secrets the clients hold.

use super::Db;
use crate::error::{ApiError, ApiResult};
use crate::game::UserRef;
use rusqlite::{OptionalExtension, params};

/// An account's stored password hash and identity.
#[derive(Clone, Debug)]
pub struct Credentials {
    /// Who.
    pub user: UserRef,
    /// The argon2id hash in PHC form.
    pub password_hash: String,
}

fn user_ref(row: &rusqlite::Row<'_>) -> rusqlite::Result<UserRef> {
    Ok(UserRef {
        id: row.get(0)?,
        name: row.get(1)?,
        bot: row.get(2)?,
    })
}

impl Db {
    /// Registers `username` (unique ignoring case); 409 when taken.
    pub async fn create_user(
        &self,
        username: String,
        password_hash: String,
        bot: bool,
        now: i64,
    ) -> ApiResult<UserRef> {
        self.call(move |conn| {
            let inserted = conn.execute(
                "INSERT INTO user (username, username_key, password_hash, bot, created)
                 VALUES (?1, ?2, ?3, ?4, ?5) ON CONFLICT (username_key) DO NOTHING",
                params![
                    username,
                    username.to_ascii_lowercase(),
                    password_hash,
                    bot,
                    now
                ],
            )?;
            if inserted == 0 {
                return Err(ApiError::conflict("username taken"));
            }
            Ok(UserRef {
                id: conn.last_insert_rowid(),
                name: username,
                bot,
            })
        })
        .await
    }

    /// The account named `username` (ignoring case).
    pub async fn user_by_name(&self, username: String) -> ApiResult<Option<UserRef>> {
        self.call(move |conn| {
            Ok(conn
                .query_row(
                    "SELECT id, username, bot FROM user WHERE username_key = ?1",
                    [username.to_ascii_lowercase()],
                    user_ref,
                )
                .optional()?)
        })
        .await
    }

    /// The stored credentials of `username` (ignoring case).
    pub async fn credentials(&self, username: String) -> ApiResult<Option<Credentials>> {
        self.call(move |conn| {
            Ok(conn
                .query_row(
                    "SELECT id, username, bot, password_hash FROM user WHERE username_key = ?1",
                    [username.to_ascii_lowercase()],
                    |row| {
                        Ok(Credentials {
                            user: user_ref(row)?,
                            password_hash: row.get(3)?,
                        })
                    },
                )
                .optional()?)
        })
        .await
    }

    /// Stores a session's hash for `user`, valid until `expires`.
    pub async fn create_session(
        &self,
        hash: Vec<u8>,
        user: i64,
        now: i64,
        expires: i64,
    ) -> ApiResult<()> {
        self.call(move |conn| {
            conn.execute(
                "INSERT INTO session (hash, user, created, expires) VALUES (?1, ?2, ?3, ?4)",
                params![hash, user, now, expires],
            )?;
            Ok(())
        })
        .await
    }

    /// The account of an unexpired session.
    pub async fn session_user(&self, hash: Vec<u8>, now: i64) -> ApiResult<Option<UserRef>> {
        self.call(move |conn| {
            Ok(conn
                .query_row(
                    "SELECT user.id, user.username, user.bot FROM session
                     JOIN user ON user.id = session.user
                     WHERE session.hash = ?1 AND session.expires > ?2",
                    params![hash, now],
                    user_ref,
                )
                .optional()?)
        })
        .await
    }

    /// Ends a session.
    pub async fn delete_session(&self, hash: Vec<u8>) -> ApiResult<()> {
        self.call(move |conn| {
            conn.execute("DELETE FROM session WHERE hash = ?1", [hash])?;
            Ok(())
        })
        .await
    }

    /// Stores a token's hash for `user`.
    pub async fn create_token(&self, hash: Vec<u8>, user: i64, now: i64) -> ApiResult<()> {
        self.call(move |conn| {
            conn.execute(
                "INSERT INTO token (hash, user, created) VALUES (?1, ?2, ?3)",
                params![hash, user, now],
            )?;
            Ok(())
        })
        .await
    }

    /// Stores a token's hash for `user` as its only token: the others are
    /// revoked in the same transaction.
    pub async fn replace_tokens(&self, hash: Vec<u8>, user: i64, now: i64) -> ApiResult<()> {
        self.call(move |conn| {
            let tx = conn.transaction()?;
            tx.execute("DELETE FROM token WHERE user = ?1", [user])?;
            tx.execute(
                "INSERT INTO token (hash, user, created) VALUES (?1, ?2, ?3)",
                params![hash, user, now],
            )?;
            tx.commit()?;
            Ok(())
        })
        .await
    }

    /// The account of a token.
    pub async fn token_user(&self, hash: Vec<u8>) -> ApiResult<Option<UserRef>> {
        self.call(move |conn| {
            Ok(conn
                .query_row(
                    "SELECT user.id, user.username, user.bot FROM token
                     JOIN user ON user.id = token.user WHERE token.hash = ?1",
                    [hash],
                    user_ref,
                )
                .optional()?)
        })
        .await
    }

    /// Revokes a token.
    pub async fn delete_token(&self, hash: Vec<u8>) -> ApiResult<()> {
        self.call(move |conn| {
            conn.execute("DELETE FROM token WHERE hash = ?1", [hash])?;
            Ok(())
        })
        .await
    }
}

//! Accounts, sessions and tokens: `/api/account`, `/api/session`, `/api/token`.

use super::body::JsonBody;
use crate::auth::{
    self, Caller, MaybeCaller, hash_password, new_secret, same_origin, secret_hash, verify_password,
};
use crate::error::{ApiError, ApiResult};
use crate::game::UserRef;
use crate::state::AppState;
use axum::Json;
use axum::extract::{ConnectInfo, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use serde_json::{Value, json};
use std::net::SocketAddr;

/// A sign-up.
#[derive(Debug, Deserialize)]
pub struct NewAccount {
    username: String,
    password: String,
    #[serde(default)]
    bot: bool,
}

/// A user name and password.
#[derive(Debug, Deserialize)]
pub struct SignIn {
    username: String,
    password: String,
}

/// `POST /api/token`'s body: credentials, unless signed in.
#[derive(Debug, Default, Deserialize)]
pub struct TokenRequest {
    username: Option<String>,
    password: Option<String>,
}

/// Whether `name` is a valid user name: 2 to 20 of `A-Z a-z 0-9 _ -`.
pub fn valid_username(name: &str) -> bool {
    (2..=20).contains(&name.len())
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
}

fn check_password(password: &str) -> ApiResult<()> {
    let chars = password.chars().count();
    if (8..=200).contains(&chars) {
        Ok(())
    } else {
        Err(ApiError::BadRequest("password: 8 to 200 characters".into()))
    }
}

/// Refuses a sign-up or sign-in sent from another site's page (login CSRF).
fn refuse_cross_site(state: &AppState, headers: &HeaderMap) -> ApiResult<()> {
    if (headers.contains_key(header::ORIGIN) || headers.contains_key(header::REFERER))
        && !same_origin(headers, &state.origin(headers))
    {
        return Err(ApiError::Forbidden("sent from another site".into()));
    }
    Ok(())
}

/// The account as the API shows it.
pub fn account_json(user: &UserRef) -> Value {
    json!({"username": user.name, "bot": user.bot})
}

async fn start_session(state: &AppState, user: &UserRef) -> ApiResult<String> {
    let secret = new_secret()?;
    let now = state.clock.now();
    state
        .db
        .create_session(secret_hash(&secret), user.id, now, now + auth::SESSION_MS)
        .await?;
    Ok(auth::session_cookie(&secret, state.secure_cookies()))
}

fn with_cookie(status: StatusCode, body: Value, cookie: String) -> Response {
    (status, [(header::SET_COOKIE, cookie)], Json(body)).into_response()
}

/// `POST /api/account`: signs up and signs in.
pub async fn create(
    State(state): State<AppState>,
    headers: HeaderMap,
    JsonBody(body): JsonBody<NewAccount>,
) -> ApiResult<Response> {
    refuse_cross_site(&state, &headers)?;
    if !valid_username(&body.username) {
        return Err(ApiError::BadRequest(
            "username: 2 to 20 of the letters A-Z a-z, digits, _ and -".into(),
        ));
    }
    check_password(&body.password)?;
    let hash = hash_password(body.password).await?;
    let user = state
        .db
        .create_user(body.username, hash, body.bot, state.clock.now())
        .await?;
    let cookie = start_session(&state, &user).await?;
    Ok(with_cookie(
        StatusCode::CREATED,
        account_json(&user),
        cookie,
    ))
}

/// `GET /api/account`: who is signed in.
pub async fn show(State(state): State<AppState>, caller: Caller) -> ApiResult<Json<Value>> {
    let mut body = account_json(&caller.user);
    body["ratings"] = super::users::ratings_json(&state, caller.user.id).await?;
    Ok(Json(body))
}

/// Checks `username` and `password`, counting failures per account and address.
async fn authenticate(
    state: &AppState,
    addr: SocketAddr,
    username: &str,
    password: String,
) -> ApiResult<UserRef> {
    let now = state.clock.now();
    // Failures are counted per account only for a name an account may have:
    // a name of 64 KiB, new with each attempt, kept its 64 KiB in the count
    // until the count was full (100,000 of them).
    let account = valid_username(username);
    let mut keys = vec![format!("ip:{}", addr.ip())];
    if account {
        keys.push(format!("user:{}", username.to_ascii_lowercase()));
    }
    state
        .limits
        .begin_sign_in(&keys, now)
        .map_err(|retry_after| ApiError::TooManyRequests { retry_after })?;
    let credentials = if account {
        state.db.credentials(username.to_string()).await?
    } else {
        None
    };
    let ok = match &credentials {
        Some(c) if password.chars().count() <= 200 => {
            verify_password(password, c.password_hash.clone()).await?
        }
        _ => false,
    };
    match credentials {
        Some(c) if ok => {
            state.limits.sign_in_succeeded(&keys, now);
            Ok(c.user)
        }
        _ => Err(ApiError::BadCredentials),
    }
}

/// `POST /api/session`: signs in.
pub async fn sign_in(
    State(state): State<AppState>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    JsonBody(body): JsonBody<SignIn>,
) -> ApiResult<Response> {
    refuse_cross_site(&state, &headers)?;
    let user = authenticate(&state, addr, &body.username, body.password).await?;
    let cookie = start_session(&state, &user).await?;
    Ok(with_cookie(StatusCode::OK, account_json(&user), cookie))
}

/// `DELETE /api/session`: signs out.
pub async fn sign_out(
    State(state): State<AppState>,
    _caller: MaybeCaller,
    headers: HeaderMap,
) -> ApiResult<Response> {
    if let Some(secret) = auth::session_secret(&headers) {
        state.db.delete_session(secret_hash(&secret)).await?;
    }
    Ok((
        StatusCode::NO_CONTENT,
        [(
            header::SET_COOKIE,
            auth::expired_cookie(state.secure_cookies()),
        )],
    )
        .into_response())
}

/// `POST /api/token`: a personal token, for the signed-in user or for the
/// credentials in the body.
pub async fn create_token(
    State(state): State<AppState>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    caller: MaybeCaller,
    JsonBody(body): JsonBody<TokenRequest>,
) -> ApiResult<(StatusCode, Json<Value>)> {
    let user = match (caller.0, body.username, body.password) {
        (_, Some(username), Some(password)) => {
            authenticate(&state, addr, &username, password).await?
        }
        (Some(caller), None, None) => caller.user,
        (None, None, None) => return Err(ApiError::Unauthorized),
        _ => {
            return Err(ApiError::BadRequest(
                "give both username and password, or neither while signed in".into(),
            ));
        }
    };
    let token = new_secret()?;
    state
        .db
        .create_token(secret_hash(&token), user.id, state.clock.now())
        .await?;
    Ok((StatusCode::CREATED, Json(json!({"token": token}))))
}

/// `DELETE /api/token`: revokes the token the request is sent with.
pub async fn revoke_token(
    State(state): State<AppState>,
    _caller: Caller,
    headers: HeaderMap,
) -> ApiResult<StatusCode> {
    let token = auth::bearer(&headers).ok_or(ApiError::BadRequest(
        "send the token to revoke as Authorization: Bearer".into(),
    ))?;
    state.db.delete_token(secret_hash(token)).await?;
    Ok(StatusCode::NO_CONTENT)
}

#[cfg(test)]
mod tests {
    use super::valid_username;

    #[test]
    fn usernames_are_2_to_20_plain_characters() {
        for good in ["ab", "Ana_B-1", "x".repeat(20).as_str()] {
            assert!(valid_username(good), "{good}");
        }
        for bad in [
            "a",
            "",
            "x".repeat(21).as_str(),
            "<b>",
            "an a",
            "ana\u{e9}",
            "a/b",
            "..",
            "a\0",
        ] {
            assert!(!valid_username(bad), "{bad:?}");
        }
    }
}

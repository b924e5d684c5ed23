//! Passwords (argon2id, computed in [`crate::password`]), secrets for
//! sessions and tokens (256 random bits, kept only as SHA-256 hashes), and who
//! is calling: a bearer token or the session cookie, with the cross-site check
//! for cookie-authenticated changes.

use crate::error::{ApiError, ApiResult};
use crate::game::UserRef;
use crate::state::AppState;
use axum::extract::{FromRef, FromRequestParts};
use axum::http::request::Parts;
use axum::http::{HeaderMap, Method, header};
use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use sha2::{Digest, Sha256};

/// The session cookie's name.
pub const SESSION_COOKIE: &str = "pacru_session";

/// How long a session lasts, in milliseconds (30 days).
pub const SESSION_MS: i64 = 30 * 86_400_000;

/// A new secret: 32 bytes from the operating system's generator, URL-safe
/// base64 (43 characters).
pub fn new_secret() -> ApiResult<String> {
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes).map_err(|e| ApiError::Internal(format!("random: {e}")))?;
    Ok(URL_SAFE_NO_PAD.encode(bytes))
}

/// What the database keeps of a secret.
pub fn secret_hash(secret: &str) -> Vec<u8> {
    Sha256::digest(secret.as_bytes()).to_vec()
}

pub use crate::password::{hash_password, verify_password};

/// The bearer token of a request, if it sends one.
pub fn bearer(headers: &HeaderMap) -> Option<&str> {
    let value = headers.get(header::AUTHORIZATION)?.to_str().ok()?;
    let (scheme, token) = value.split_once(' ')?;
    scheme.eq_ignore_ascii_case("bearer").then(|| token.trim())
}

/// The session secret of a request's cookie, if it sends one.
pub fn session_secret(headers: &HeaderMap) -> Option<String> {
    let jar = axum_extra::extract::cookie::CookieJar::from_headers(headers);
    jar.get(SESSION_COOKIE).map(|c| c.value().to_string())
}

/// The `Set-Cookie` value that starts a session.
pub fn session_cookie(secret: &str, secure: bool) -> String {
    format!(
        "{SESSION_COOKIE}={secret}; Path=/; HttpOnly; SameSite=Lax; Max-Age={}{}",
        SESSION_MS / 1000,
        if secure { "; Secure" } else { "" }
    )
}

/// The `Set-Cookie` value that ends a session.
pub fn expired_cookie(secure: bool) -> String {
    format!(
        "{SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0{}",
        if secure { "; Secure" } else { "" }
    )
}

/// Why a change authenticated by the session cookie is refused when it does
/// not come from the server's own pages (403).
pub const CROSS_SITE_CHANGE: &str =
    "a cookie-authenticated change must come from this server's pages (Origin)";

/// Whether a request comes from the server's own pages: its `Origin` (or,
/// without one, its `Referer`) is `own` (`scheme://host[:port]`).
pub fn same_origin(headers: &HeaderMap, own: &str) -> bool {
    if let Some(origin) = headers.get(header::ORIGIN) {
        return origin.to_str().is_ok_and(|o| o.eq_ignore_ascii_case(own));
    }
    headers
        .get(header::REFERER)
        .and_then(|r| r.to_str().ok())
        .is_some_and(|r| {
            r.len() >= own.len()
                && r[..own.len()].eq_ignore_ascii_case(own)
                && (r.len() == own.len() || r.as_bytes()[own.len()] == b'/')
        })
}

/// Who is calling, signed in.
#[derive(Clone, Debug)]
pub struct Caller {
    /// The account.
    pub user: UserRef,
    /// Whether the session cookie (not a token) authenticated the request.
    pub by_cookie: bool,
}

/// Who is calling, if anyone is signed in.
#[derive(Clone, Debug)]
pub struct MaybeCaller(pub Option<Caller>);

impl<S> FromRequestParts<S> for MaybeCaller
where
    S: Send + Sync,
    AppState: FromRef<S>,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let state = AppState::from_ref(state);
        // The rate limit identified the request already (`api::rate_limit`).
        let presented = match parts.extensions.get::<Presented>() {
            Some(presented) => presented.clone(),
            None => Presented::of(&state, &parts.headers).await?,
        };
        let user = match presented {
            Presented::Token(Some(user)) => {
                return Ok(MaybeCaller(Some(Caller {
                    user,
                    by_cookie: false,
                })));
            }
            Presented::Token(None) => return Err(ApiError::Unauthorized),
            Presented::Session(Some(user)) => user,
            Presented::Session(None) | Presented::Nothing => return Ok(MaybeCaller(None)),
        };
        let changes = !matches!(parts.method, Method::GET | Method::HEAD | Method::OPTIONS);
        if changes && !same_origin(&parts.headers, &state.origin(&parts.headers)) {
            return Err(ApiError::Forbidden(CROSS_SITE_CHANGE.into()));
        }
        Ok(MaybeCaller(Some(Caller {
            user,
            by_cookie: true,
        })))
    }
}

/// The credentials a request presents, looked up: a bearer token, the session
/// cookie (each with its account, `None` when unknown, revoked or expired),
/// or nothing.
#[derive(Clone, Debug)]
pub enum Presented {
    /// `Authorization: Bearer T`.
    Token(Option<UserRef>),
    /// The session cookie.
    Session(Option<UserRef>),
    /// Neither.
    Nothing,
}

impl Presented {
    /// What `headers` present, looked up in the database.
    pub async fn of(state: &AppState, headers: &HeaderMap) -> ApiResult<Presented> {
        if let Some(token) = bearer(headers) {
            return Ok(Presented::Token(
                state.db.token_user(secret_hash(token)).await?,
            ));
        }
        let Some(secret) = session_secret(headers) else {
            return Ok(Presented::Nothing);
        };
        let now = state.clock.now();
        Ok(Presented::Session(
            state.db.session_user(secret_hash(&secret), now).await?,
        ))
    }
}

impl<S> FromRequestParts<S> for Caller
where
    S: Send + Sync,
    AppState: FromRef<S>,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        MaybeCaller::from_request_parts(parts, state)
            .await?
            .0
            .ok_or(ApiError::Unauthorized)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    #[test]
    fn secrets_carry_256_bits_and_differ() {
        let a = new_secret().unwrap();
        let b = new_secret().unwrap();
        assert_eq!(a.len(), 43);
        assert_ne!(a, b);
        assert_eq!(secret_hash(&a).len(), 32);
    }

    #[test]
    fn the_origin_check_accepts_only_the_servers_own_pages() {
        let own = "http://127.0.0.1:8080";
        let with = |name, value: &str| {
            let mut h = HeaderMap::new();
            h.insert(name, HeaderValue::from_str(value).unwrap());
            h
        };
        assert!(same_origin(&with(header::ORIGIN, own), own));
        assert!(!same_origin(
            &with(header::ORIGIN, "http://evil.example"),
            own
        ));
        assert!(!same_origin(
            &with(header::ORIGIN, "http://127.0.0.1:8080.evil"),
            own
        ));
        assert!(!same_origin(&with(header::ORIGIN, "null"), own));
        assert!(same_origin(
            &with(header::REFERER, "http://127.0.0.1:8080/games/x"),
            own
        ));
        assert!(!same_origin(
            &with(header::REFERER, "http://127.0.0.1:80800/"),
            own
        ));
        assert!(!same_origin(&HeaderMap::new(), own));
    }
}

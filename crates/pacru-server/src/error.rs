//! Every refusal of the API as one type, answered as JSON with a fitting status.

use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};

/// Why a request was refused: each variant is one status and one JSON body
/// `{"error":"...", ...}`, the same in every handler.
#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    /// 400: the request is not of the documented form.
    #[error("bad request: {0}")]
    BadRequest(String),
    /// 400: the move text does not read as a move.
    #[error("syntax: {0}")]
    Syntax(String),
    /// 400: the referee refuses the move, naming the rule.
    #[error("illegal: {rule}: {message}")]
    Illegal {
        /// The rule the move breaks (`R1`..`R16`).
        rule: String,
        /// Why, as the referee says it.
        message: String,
        /// The legal moves of the position, canonical and sorted.
        allowed: Vec<String>,
    },
    /// 400: the referee does not find a record `ok` and finished; nothing
    /// was stored.
    #[error("record refused: {status}: {message}")]
    Record {
        /// The verdict (`illegal`, `malformed`, `inconsistent`, `unfinished`).
        status: String,
        /// The rule broken (`R1`..`R16`), when a move broke one.
        rule: Option<String>,
        /// The ply (from 1) the referee stopped at, if any.
        ply: Option<usize>,
        /// Why, as `pacru check` says it.
        message: String,
    },
    /// 401: nobody is signed in (or the token is unknown or revoked).
    #[error("not signed in")]
    Unauthorized,
    /// 401: the user name or password is wrong.
    #[error("wrong username or password")]
    BadCredentials,
    /// 403: the caller may not do this.
    #[error("forbidden: {0}")]
    Forbidden(String),
    /// 404: no such thing.
    #[error("not found")]
    NotFound,
    /// 405: the route exists, but not for this method.
    #[error("method not allowed")]
    MethodNotAllowed,
    /// 409: the request conflicts with the state of the game or account.
    #[error("{0}")]
    Conflict(String),
    /// 409 with one of the contract's error words and a sentence saying why.
    #[error("{error}: {message}")]
    ConflictBecause {
        /// The error word (`not your turn`, ...).
        error: &'static str,
        /// Why, in a sentence.
        message: String,
    },
    /// 413: the body is over the limit.
    #[error("request body too large")]
    TooLarge,
    /// 408: the body did not arrive in time.
    #[error("request body too slow")]
    TooSlow,
    /// 429: over a rate limit; try again after this many seconds.
    #[error("too many requests")]
    TooManyRequests {
        /// Whole seconds until a request may succeed.
        retry_after: u64,
    },
    /// 500: the server failed (logged; nothing of it is shown).
    #[error("internal error: {0}")]
    Internal(String),
}

impl ApiError {
    /// A 409 with this error word (`not your turn`, `stale`, `game over`, ...).
    pub fn conflict(what: impl Into<String>) -> ApiError {
        ApiError::Conflict(what.into())
    }

    /// The status this refusal is answered with.
    pub fn status(&self) -> StatusCode {
        match self {
            ApiError::BadRequest(_)
            | ApiError::Syntax(_)
            | ApiError::Illegal { .. }
            | ApiError::Record { .. } => StatusCode::BAD_REQUEST,
            ApiError::Unauthorized | ApiError::BadCredentials => StatusCode::UNAUTHORIZED,
            ApiError::Forbidden(_) => StatusCode::FORBIDDEN,
            ApiError::NotFound => StatusCode::NOT_FOUND,
            ApiError::MethodNotAllowed => StatusCode::METHOD_NOT_ALLOWED,
            ApiError::Conflict(_) | ApiError::ConflictBecause { .. } => StatusCode::CONFLICT,
            ApiError::TooLarge => StatusCode::PAYLOAD_TOO_LARGE,
            ApiError::TooSlow => StatusCode::REQUEST_TIMEOUT,
            ApiError::TooManyRequests { .. } => StatusCode::TOO_MANY_REQUESTS,
            ApiError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    /// The JSON body of the refusal.
    pub fn body(&self) -> Value {
        match self {
            ApiError::BadRequest(message) => json!({"error": "bad request", "message": message}),
            ApiError::Syntax(message) => json!({"error": "syntax", "message": message}),
            ApiError::Illegal {
                rule,
                message,
                allowed,
            } => json!({"error": "illegal", "rule": rule, "message": message, "allowed": allowed}),
            ApiError::Record {
                status,
                rule,
                ply,
                message,
            } => json!({
                "error": "record refused",
                "status": status,
                "rule": rule,
                "ply": ply,
                "message": message,
            }),
            ApiError::Unauthorized => json!({"error": "not signed in"}),
            ApiError::BadCredentials => json!({"error": "wrong username or password"}),
            ApiError::Forbidden(message) => json!({"error": "forbidden", "message": message}),
            ApiError::NotFound => json!({"error": "not found"}),
            ApiError::MethodNotAllowed => json!({"error": "method not allowed"}),
            ApiError::Conflict(what) => json!({"error": what}),
            ApiError::ConflictBecause { error, message } => {
                json!({"error": error, "message": message})
            }
            ApiError::TooLarge => json!({
                "error": "too large",
                "message": "the request body is over the limit (64 KiB; 8 MiB for an event's desk file)"
            }),
            ApiError::TooSlow => json!({
                "error": "too slow",
                "message": "the request body did not arrive within 30 s"
            }),
            ApiError::TooManyRequests { retry_after } => {
                json!({"error": "too many requests", "retry_after": retry_after})
            }
            ApiError::Internal(_) => json!({"error": "internal error"}),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        if let ApiError::Internal(message) = &self {
            tracing::error!("internal error: {message}");
        }
        let mut response = (self.status(), axum::Json(self.body())).into_response();
        if let ApiError::TooManyRequests { retry_after } = self
            && let Ok(value) = HeaderValue::from_str(&retry_after.max(1).to_string())
        {
            response.headers_mut().insert(header::RETRY_AFTER, value);
        }
        response
    }
}

impl From<rusqlite::Error> for ApiError {
    fn from(e: rusqlite::Error) -> ApiError {
        ApiError::Internal(format!("database: {e}"))
    }
}

/// What handlers return.
pub type ApiResult<T> = Result<T, ApiError>;

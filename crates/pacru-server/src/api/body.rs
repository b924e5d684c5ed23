//! Request bodies and query strings read into typed values, every failure
//! answered as the API's JSON error (413 over the limit, 400 otherwise).

use crate::error::ApiError;
use axum::body::Bytes;
use axum::extract::{FromRequest, Request};
use axum::http::StatusCode;
use serde::de::DeserializeOwned;

/// The largest request body, in bytes.
pub const MAX_BODY_BYTES: usize = 64 * 1024;

/// A JSON body; an empty body reads as `{}`.
#[derive(Debug)]
pub struct JsonBody<T>(pub T);

impl<S, T> FromRequest<S> for JsonBody<T>
where
    S: Send + Sync,
    T: DeserializeOwned,
{
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        let bytes = Bytes::from_request(req, state).await.map_err(|e| {
            if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
                ApiError::TooLarge
            } else {
                ApiError::BadRequest(e.body_text())
            }
        })?;
        let text: &[u8] = if bytes.iter().all(u8::is_ascii_whitespace) {
            b"{}"
        } else {
            &bytes
        };
        serde_json::from_slice(text)
            .map(JsonBody)
            .map_err(|e| ApiError::BadRequest(format!("the body is not the JSON expected: {e}")))
    }
}

/// A query string read into `T` (unknown keys ignored).
#[derive(Debug)]
pub struct QueryArgs<T>(pub T);

impl<S, T> axum::extract::FromRequestParts<S> for QueryArgs<T>
where
    S: Send + Sync,
    T: DeserializeOwned,
{
    type Rejection = ApiError;

    async fn from_request_parts(
        parts: &mut axum::http::request::Parts,
        state: &S,
    ) -> Result<Self, Self::Rejection> {
        axum::extract::Query::<T>::from_request_parts(parts, state)
            .await
            .map(|q| QueryArgs(q.0))
            .map_err(|e| ApiError::BadRequest(format!("query: {}", e.body_text())))
    }
}

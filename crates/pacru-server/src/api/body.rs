//! Request bodies, paths and query strings read into typed values, every
//! failure answered as the API's JSON error (413 over the limit, 408 for a
//! body that does not arrive in time, 400 otherwise).

use crate::error::ApiError;
use axum::body::{Body, Bytes};
use axum::extract::{FromRequest, FromRequestParts, Path, Request};
use axum::http::{StatusCode, header, request::Parts};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use futures_util::StreamExt;
use serde::de::DeserializeOwned;
use std::time::Duration;

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

impl<S, T> FromRequestParts<S> for QueryArgs<T>
where
    S: Send + Sync,
    T: DeserializeOwned,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        axum::extract::Query::<T>::from_request_parts(parts, state)
            .await
            .map(|q| QueryArgs(q.0))
            .map_err(|e| ApiError::BadRequest(format!("query: {}", e.body_text())))
    }
}

/// How long a request's body may take to arrive.
pub const BODY_DEADLINE: Duration = Duration::from_secs(30);

/// Reads every request's body before its handler runs, so that a body over
/// [`MAX_BODY_BYTES`] is refused (413) and changes nothing even where the
/// handler never reads its body (a resignation, a move, a sign-out), and a
/// body that trickles in is given up after [`BODY_DEADLINE`] (408).
pub async fn whole_body(request: Request, next: Next) -> Response {
    match read_whole(request, MAX_BODY_BYTES).await {
        Ok(request) => next.run(request).await,
        Err(e) => e.into_response(),
    }
}

/// `request` with its whole body read, at most `limit` bytes within
/// [`BODY_DEADLINE`].
pub async fn read_whole(request: Request, limit: usize) -> Result<Request, ApiError> {
    let declared = request
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    if declared.is_some_and(|n| n > limit as u64) {
        return Err(ApiError::TooLarge);
    }
    let (parts, body) = request.into_parts();
    let read = async {
        let mut chunks = body.into_data_stream();
        let mut bytes = Vec::new();
        while let Some(chunk) = chunks.next().await {
            match chunk {
                Ok(chunk) if bytes.len() + chunk.len() > limit => return Err(ApiError::TooLarge),
                Ok(chunk) => bytes.extend_from_slice(&chunk),
                Err(e) => {
                    return Err(ApiError::BadRequest(format!(
                        "the body could not be read: {e}"
                    )));
                }
            }
        }
        Ok(bytes)
    };
    let bytes = tokio::time::timeout(BODY_DEADLINE, read)
        .await
        .map_err(|_| ApiError::TooSlow)??;
    Ok(Request::from_parts(parts, Body::from(bytes)))
}

/// The parameters of a route's path read into `T`: a path that does not read
/// (a percent-encoded byte that is not UTF-8) is a 400 of the API, as JSON.
#[derive(Debug)]
pub struct PathArgs<T>(pub T);

impl<S, T> FromRequestParts<S> for PathArgs<T>
where
    S: Send + Sync,
    T: DeserializeOwned + Send,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        Path::<T>::from_request_parts(parts, state)
            .await
            .map(|p| PathArgs(p.0))
            .map_err(|e| ApiError::BadRequest(format!("path: {}", e.body_text())))
    }
}

//! The server's HTTP API as the bot account: bounded JSON answers and NDJSON
//! streams with a read timeout.

use crate::BotError;
use serde_json::Value;
use std::io::{BufRead, BufReader, Read};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// The largest answer or stream line read from the server, in bytes; anything
/// longer is treated as a failed request.
pub const MAX_BODY_BYTES: u64 = 1 << 20;

/// The server's API, as the bot account (cheap to clone).
#[derive(Clone, Debug)]
pub struct Api {
    base: String,
    token: String,
    http: reqwest::blocking::Client,
    streams: reqwest::blocking::Client,
    /// Raised (for every clone) when the server answers 401 to a request
    /// with the token: the token is unknown or was revoked, and no retry
    /// can succeed.
    refused: Arc<AtomicBool>,
}

/// An answer of the server: its status and its body as JSON (`Null` when the
/// body is not JSON).
pub type Answer = (u16, Value);

impl Api {
    /// A client of the server at `base` with `token`, whose requests fail
    /// when unanswered for `silence`, and whose streams fail when silent for
    /// that long (a read that long without a byte, the server's keep-alive
    /// lines included). `base` must be an `http://` or `https://` URL with a
    /// host: anything else could never be reached, however often retried.
    pub fn new(base: &str, token: &str, silence: Duration) -> Result<Api, BotError> {
        let base = base.trim_end_matches('/');
        let bad = |why: &str| BotError::BadUrl(base.escape_debug().to_string(), why.to_string());
        let url = reqwest::Url::parse(base).map_err(|e| bad(&e.to_string()))?;
        if !matches!(url.scheme(), "http" | "https") {
            return Err(bad(&format!("scheme `{}`", url.scheme().escape_debug())));
        }
        if url.host_str().is_none_or(str::is_empty) {
            return Err(bad("no host"));
        }
        // Every request would fail before it is sent, retried for ever.
        if reqwest::header::HeaderValue::from_str(&format!("Bearer {token}")).is_err() {
            return Err(BotError::BadToken);
        }
        Ok(Api {
            base: base.to_string(),
            token: token.to_string(),
            // A fresh connection for every request: one kept from before a
            // network failure may be dead without knowing it.
            http: reqwest::blocking::Client::builder()
                .timeout(silence)
                .pool_max_idle_per_host(0)
                .build()?,
            streams: reqwest::blocking::Client::builder()
                .timeout(silence)
                .build()?,
            refused: Arc::default(),
        })
    }

    /// Whether the server refused the token (HTTP 401) since this client was
    /// made: the bridge stops rather than retry.
    pub fn refused(&self) -> bool {
        self.refused.load(Ordering::SeqCst)
    }

    /// Notes the status of an answer: a 401 means the token is refused.
    fn noted(&self, answer: Result<Answer, String>) -> Result<Answer, String> {
        if let Ok((401, _)) = answer {
            self.refused.store(true, Ordering::SeqCst);
        }
        answer
    }

    /// `GET path`.
    pub fn get(&self, path: &str) -> Result<Answer, String> {
        self.noted(answer(
            self.http
                .get(format!("{}{path}", self.base))
                .bearer_auth(&self.token),
        ))
    }

    /// `POST path` with an empty JSON object.
    pub fn post(&self, path: &str) -> Result<Answer, String> {
        self.noted(answer(
            self.http
                .post(format!("{}{path}", self.base))
                .bearer_auth(&self.token)
                .header("Content-Type", "application/json")
                .body("{}"),
        ))
    }

    /// Opens the NDJSON stream at `path`.
    pub fn stream(&self, path: &str) -> Result<LineReader, String> {
        let response = self
            .streams
            .get(format!("{}{path}", self.base))
            .bearer_auth(&self.token)
            .send()
            .map_err(|e| e.to_string())?;
        let status = response.status().as_u16();
        if status == 401 {
            self.refused.store(true, Ordering::SeqCst);
        }
        if !response.status().is_success() {
            return Err(format!("HTTP {status}"));
        }
        Ok(LineReader(BufReader::new(Box::new(response))))
    }
}

/// Sends `request` and reads at most [`MAX_BODY_BYTES`] of its answer.
fn answer(request: reqwest::blocking::RequestBuilder) -> Result<Answer, String> {
    let response = request.send().map_err(|e| e.to_string())?;
    let status = response.status().as_u16();
    let mut body = Vec::new();
    response
        .take(MAX_BODY_BYTES + 1)
        .read_to_end(&mut body)
        .map_err(|e| e.to_string())?;
    if body.len() as u64 > MAX_BODY_BYTES {
        return Err(format!("an answer over {MAX_BODY_BYTES} bytes"));
    }
    Ok((status, serde_json::from_slice(&body).unwrap_or(Value::Null)))
}

/// The lines of an NDJSON stream.
pub struct LineReader(BufReader<Box<dyn Read + Send>>);

impl LineReader {
    /// A reader of the lines of `input` (for tests and other transports).
    pub fn new(input: impl Read + Send + 'static) -> LineReader {
        LineReader(BufReader::new(Box::new(input)))
    }

    /// The next line: `Ok(Some(Value::Null))` for a keep-alive (empty) line or a
    /// line that is not JSON, `Ok(None)` at the end of the stream, `Err` when
    /// the connection failed, stayed silent too long or sent a line over
    /// [`MAX_BODY_BYTES`].
    pub fn next_line(&mut self) -> Result<Option<Value>, String> {
        let mut line = Vec::new();
        let read = (&mut self.0)
            .take(MAX_BODY_BYTES + 1)
            .read_until(b'\n', &mut line)
            .map_err(|e| e.to_string())?;
        if read == 0 {
            return Ok(None);
        }
        if line.last() != Some(&b'\n') {
            return if read as u64 > MAX_BODY_BYTES {
                Err(format!("a stream line over {MAX_BODY_BYTES} bytes"))
            } else {
                // The stream ended in the middle of a line.
                Ok(None)
            };
        }
        Ok(Some(serde_json::from_slice(&line).unwrap_or(Value::Null)))
    }
}

/// Whether `id` looks like a game id of the server (letters, digits, `_`, `-`;
/// 1 to 64 of them), and so can be put in a path and a log line as it is.
pub fn valid_id(id: &str) -> bool {
    (1..=64).contains(&id.len())
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_bounded_and_garbage_is_null() {
        let mut r = LineReader::new(&b"{\"a\":1}\n\n\x1b[2Jnot json\n{\"cut"[..]);
        assert_eq!(r.next_line().unwrap(), Some(serde_json::json!({"a": 1})));
        assert_eq!(r.next_line().unwrap(), Some(Value::Null));
        assert_eq!(r.next_line().unwrap(), Some(Value::Null));
        assert_eq!(r.next_line().unwrap(), None);
        let long = vec![b'x'; MAX_BODY_BYTES as usize + 10];
        assert!(
            LineReader::new(std::io::Cursor::new(long))
                .next_line()
                .is_err()
        );
        assert!(valid_id("Xb3kQ9aZ"));
        assert!(!valid_id("../x"));
        assert!(!valid_id("a\u{1b}b"));
        assert!(!valid_id(""));
    }

    #[test]
    fn a_token_no_header_can_carry_is_refused_at_once() {
        let silence = Duration::from_secs(1);
        let url = "http://127.0.0.1:8080";
        assert!(Api::new(url, "-Jq4Yx_09", silence).is_ok());
        for bad in ["abc\u{1b}[2J", "tökén", "a\nb", "a\0b"] {
            assert!(
                matches!(Api::new(url, bad, silence), Err(BotError::BadToken)),
                "{bad:?}"
            );
        }
    }

    #[test]
    fn only_http_and_https_addresses_with_a_host_are_taken() {
        let silence = Duration::from_secs(1);
        for good in [
            "http://127.0.0.1:8080",
            "https://pacru.example.org/",
            "http://[::1]:80",
        ] {
            assert!(Api::new(good, "t", silence).is_ok(), "{good}");
        }
        // Each of these would be retried forever: none can ever be reached.
        for bad in [
            "127.0.0.1:8080",
            "localhost:8080",
            "ftp://example.org",
            "http://",
            "",
            "not a url",
        ] {
            let refused = Api::new(bad, "t", silence).map_err(|e| e.to_string());
            assert!(
                refused
                    .as_ref()
                    .is_err_and(|e| e.contains("is not the http:// or https:// address")),
                "{bad}: {refused:?}"
            );
        }
    }
}

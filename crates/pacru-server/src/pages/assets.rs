//! The script and the style of the lobby, the profile and the event page,
//! served from the binary.

use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};

/// Where the site's script is served.
pub const SCRIPT_PATH: &str = "/assets/site.js";
/// Where the site's style is served.
pub const STYLE_PATH: &str = "/assets/site.css";

const SCRIPT: &str = include_str!("site.js");
const STYLE: &str = include_str!("site.css");

pub(super) fn asset(content_type: &'static str, text: &'static str) -> Response {
    let mut response = text.into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    response
}

/// `GET /assets/site.js`.
pub async fn script() -> Response {
    asset("text/javascript; charset=utf-8", SCRIPT)
}

/// `GET /assets/site.css`.
pub async fn style() -> Response {
    asset("text/css; charset=utf-8", STYLE)
}

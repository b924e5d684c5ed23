//! The pages people open (`docs/server-pages.md`): the lobby ([`lobby`]), a
//! game's board ([`board`]), a player's profile ([`profile`]) and an event
//! ([`event`]), with the
//! script and style they share ([`assets`]). Every page is made here from the
//! database and the binary alone; every user-written string in it is escaped,
//! and every page is sent with a Content-Security-Policy.

mod assets;
mod board;
mod event;
mod lobby;
mod profile;

use crate::auth::MaybeCaller;
use crate::game::GameState;
use crate::state::AppState;
use axum::Router;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use pacru_view::page::escape_html;

/// The pages' routes.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/", get(lobby::page))
        .route("/games/{id}", get(board::page))
        .route("/@/{username}", get(profile::page))
        .route("/events/{id}", get(event::page))
        .route("/events/{id}/board", get(event::board))
        .route(event::SCRIPT_PATH, get(event::script))
        .route(assets::SCRIPT_PATH, get(assets::script))
        .route(assets::STYLE_PATH, get(assets::style))
}

/// The policy of the lobby and the profile: the site's own script and style
/// (served from the binary), requests only to the server itself.
const SITE_POLICY: &str = "default-src 'none'; script-src 'self'; style-src 'self'; \
connect-src 'self'; img-src 'none'; font-src 'none'; object-src 'none'; frame-src 'none'; \
base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/// An HTML answer sent with `policy` as its Content-Security-Policy.
fn html(status: StatusCode, policy: &str, body: String) -> Response {
    let mut response = (status, body).into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/html; charset=utf-8"),
    );
    if let Ok(value) = HeaderValue::from_str(policy) {
        headers.insert(header::CONTENT_SECURITY_POLICY, value);
    }
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("same-origin"),
    );
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    response
}

/// A page of the site: `title` (escaped here) and `main`, HTML already escaped.
fn site_page(status: StatusCode, title: &str, caller: &MaybeCaller, main: &str) -> Response {
    let account = match &caller.0 {
        Some(c) => {
            let name = escape_html(&c.user.name);
            format!(
                "<span id=\"signed-in\" data-username=\"{name}\">signed in as <a href=\"/@/{name}\">{name}</a></span> \
<button type=\"button\" id=\"btn-sign-out\">Sign out</button>"
            )
        }
        None => "<span id=\"signed-out\">not signed in</span>".to_string(),
    };
    let body = format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
<title>{} — pacru</title>\n<link rel=\"stylesheet\" href=\"{}\">\n\
<script src=\"{}\" defer></script>\n</head>\n<body>\n\
<header><a href=\"/\" id=\"home\">pacru</a> <span id=\"account\">{account}</span></header>\n\
<p id=\"site-message\" role=\"status\" aria-live=\"polite\"></p>\n<main>\n{main}</main>\n</body>\n</html>\n",
        escape_html(title),
        assets::STYLE_PATH,
        assets::SCRIPT_PATH,
    );
    html(status, SITE_POLICY, body)
}

/// The page that says `what` is not here.
fn not_found(caller: &MaybeCaller, what: &str) -> Response {
    site_page(
        StatusCode::NOT_FOUND,
        "not found",
        caller,
        &format!(
            "<h1>Not found</h1>\n<p id=\"not-found\">{} does not exist.</p>\n",
            escape_html(what)
        ),
    )
}

/// A game's clock in words: `5+3` (minutes and seconds), `2 days a move`, `no clock`.
fn clock_words(game: &GameState) -> String {
    let clock = game.time_control.to_json();
    if let (Some(initial), Some(increment)) =
        (clock["initial"].as_u64(), clock["increment"].as_u64())
    {
        if initial % 60 == 0 {
            format!("{}+{increment}", initial / 60)
        } else {
            format!("{initial} s+{increment}")
        }
    } else if let Some(days) = clock["days"].as_u64() {
        format!("{days} day{} a move", if days == 1 { "" } else { "s" })
    } else {
        "no clock".to_string()
    }
}

/// The players of `game`, escaped, each linked to their profile (free seats
/// said as such).
fn players_html(game: &GameState) -> String {
    game.seats
        .iter()
        .map(|seat| match &seat.user {
            Some(user) => {
                let name = escape_html(&user.name);
                format!(
                    "<span class=\"player\" data-seat=\"{}\">{}: <a href=\"/@/{name}\">{name}</a></span>",
                    seat.colour.letter(),
                    seat.colour.word()
                )
            }
            None => format!(
                "<span class=\"player free\" data-seat=\"{}\">{}: free</span>",
                seat.colour.letter(),
                seat.colour.word()
            ),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// A form that opens a game: players, rules, clock and rated, plus `extra`
/// fields (HTML, trusted), under `heading`; the site's script sends it.
fn game_form(id: &str, heading: &str, extra: &str, button: &str) -> String {
    format!(
        r#"<section aria-labelledby="{id}-h">
<h2 id="{id}-h">{heading}</h2>
<form id="{id}">
<label>Players <select name="players"><option>2</option><option>3</option><option>4</option></select></label>
<label>Rules <select name="rules"><option>2004</option><option>2011</option></select></label>
<label>Clock <select name="clock"><option value="live">minutes + seconds a move</option><option value="days">days a move</option><option value="none">no clock</option></select></label>
<label>Minutes <input name="initial" type="number" required min="1" max="1440" value="5"></label>
<label>Increment (s) <input name="increment" type="number" required min="0" max="600" value="3"></label>
<label>Days <input name="days" type="number" required min="1" max="30" value="3" disabled></label>
<label><input name="rated" type="checkbox" checked> rated</label>
{extra}<button type="submit">{button}</button>
</form>
</section>
"#
    )
}

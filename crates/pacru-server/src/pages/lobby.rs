//! `/`: the lobby. Signing up, in and out; the open games (with Join), the
//! games in play (with Watch) and the games just finished; a form to open a
//! game; the newest events.

use super::{clock_words, game_form, players_html, site_page};
use crate::auth::MaybeCaller;
use crate::error::ApiResult;
use crate::game::{GameState, GameStatus};
use crate::state::AppState;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;
use pacru_view::page::escape_html;
use std::fmt::Write as _;

/// Games each list shows at most.
const SHOWN: usize = 50;

/// `GET /`.
pub async fn page(State(state): State<AppState>, caller: MaybeCaller) -> ApiResult<Response> {
    let me = caller.0.as_ref().map(|c| c.user.name.clone());
    let mut main = String::from("<h1>Lobby</h1>\n");
    if me.is_none() {
        main.push_str(ACCOUNT_FORMS);
    } else {
        main.push_str(&game_form("create-form", "New game", "", "Open the game"));
    }
    for (status, heading, id) in [
        (GameStatus::Open, "Open games", "open-games"),
        (GameStatus::Playing, "Games in play", "playing-games"),
        (GameStatus::Finished, "Finished games", "finished-games"),
    ] {
        let games = games(&state, status).await?;
        let _ = write!(
            main,
            "<section aria-labelledby=\"{id}-h\">\n<h2 id=\"{id}-h\">{heading}</h2>\n<table id=\"{id}\">\n<tbody>\n"
        );
        if games.is_empty() {
            main.push_str("<tr class=\"none\"><td>none</td></tr>\n");
        }
        for game in &games {
            main.push_str(&row(game, me.as_deref()));
        }
        main.push_str("</tbody>\n</table>\n</section>\n");
    }
    let events = state
        .db
        .call(|conn| crate::db::events::list(conn, SHOWN))
        .await?;
    main.push_str(
        "<section aria-labelledby=\"events-h\">\n<h2 id=\"events-h\">Events</h2>\n<table id=\"events\">\n<tbody>\n",
    );
    if events.is_empty() {
        main.push_str("<tr class=\"none\"><td>none</td></tr>\n");
    }
    for (id, name, arbiter, _) in events {
        let id = escape_html(&id);
        let arbiter = escape_html(&arbiter);
        let _ = writeln!(
            main,
            "<tr data-event=\"{id}\"><td><a href=\"/events/{id}\">{}</a></td><td>arbiter <a href=\"/@/{arbiter}\">{arbiter}</a></td></tr>",
            escape_html(&name)
        );
    }
    main.push_str("</tbody>\n</table>\n</section>\n");
    Ok(site_page(StatusCode::OK, "lobby", &caller, &main))
}

async fn games(state: &AppState, status: GameStatus) -> ApiResult<Vec<GameState>> {
    let rows = state.db.list_games(Some(status), None, None, SHOWN).await?;
    let mut games = Vec::with_capacity(rows.len());
    for row in rows {
        games.push(state.game(&row.id).await?);
    }
    Ok(games)
}

/// A game's row: its board, players, rules and clock, and what the viewer can do.
fn row(game: &GameState, me: Option<&str>) -> String {
    let id = escape_html(&game.id);
    let seated = me.is_some_and(|me| {
        game.seats
            .iter()
            .any(|s| s.user.as_ref().is_some_and(|u| u.name == me))
    });
    // A game open to all, or a challenge that names the viewer.
    let may_join =
        me.is_some_and(|me| game.invited.is_empty() || game.invited.iter().any(|u| u.name == me));
    let action = match game.status {
        GameStatus::Open if may_join && !seated => {
            format!("<button type=\"button\" class=\"join\" data-game=\"{id}\">Join</button>")
        }
        GameStatus::Open | GameStatus::Playing if seated => {
            format!("<a class=\"play\" href=\"/games/{id}\">Play</a>")
        }
        GameStatus::Playing => format!("<a class=\"watch\" href=\"/games/{id}\">Watch</a>"),
        _ => format!("<a class=\"view\" href=\"/games/{id}\">View</a>"),
    };
    format!(
        "<tr data-game=\"{id}\"><td><a href=\"/games/{id}\">{id}</a></td><td>{} players</td><td>{}</td>\
<td>rules {}</td><td>{}</td><td>{action}</td></tr>\n",
        game.seats.len(),
        players_html(game),
        escape_html(game.rules.year()),
        escape_html(&clock_words(game)),
    )
}

const ACCOUNT_FORMS: &str = r#"<section aria-labelledby="account-h">
<h2 id="account-h">Account</h2>
<form id="sign-up-form" autocomplete="off"><strong>Sign up</strong>
<label>Username <input name="username" required minlength="2" maxlength="20" pattern="[A-Za-z0-9_\-]+"></label>
<label>Password <input name="password" type="password" required minlength="8" maxlength="200"></label>
<button type="submit">Sign up</button></form>
<form id="sign-in-form"><strong>Sign in</strong>
<label>Username <input name="username" required maxlength="20"></label>
<label>Password <input name="password" type="password" required maxlength="200"></label>
<button type="submit">Sign in</button></form>
<p>Watching needs no account.</p>
</section>
"#;

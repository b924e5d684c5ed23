//! `/@/{username}`: a player's ratings (one pool per player count) and games.

use super::{clock_words, game_form, not_found, players_html, site_page};
use crate::api::body::PathArgs;
use crate::api::users::{POOLS, ratings_json};
use crate::auth::MaybeCaller;
use crate::error::ApiResult;
use crate::state::AppState;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;
use pacru_view::page::escape_html;
use std::fmt::Write as _;

/// Games the profile lists at most.
const SHOWN: usize = 100;

/// `GET /@/{username}`.
pub async fn page(
    State(state): State<AppState>,
    PathArgs(name): PathArgs<String>,
    caller: MaybeCaller,
) -> ApiResult<Response> {
    let Some(user) = state.db.user_by_name(name.clone()).await? else {
        return Ok(not_found(&caller, &format!("the player {name}")));
    };
    let username = escape_html(&user.name);
    let ratings = ratings_json(&state, user.id).await?;
    let mut main = format!(
        "<h1 id=\"profile-name\">{username}</h1>\n<p id=\"profile-kind\">{}</p>\n\
<section aria-labelledby=\"ratings-h\">\n<h2 id=\"ratings-h\">Ratings</h2>\n<table id=\"ratings\">\n\
<thead><tr><th>players</th><th>rating</th><th>deviation</th><th>games</th></tr></thead>\n<tbody>\n",
        if user.bot {
            "A bot: this account is played by a program."
        } else {
            "A player."
        }
    );
    for pool in POOLS {
        let r = &ratings[pool.to_string()];
        let rating = r["rating"].as_f64().unwrap_or(0.0);
        let _ = writeln!(
            main,
            "<tr data-pool=\"{pool}\"><td>{pool}</td><td>{rating:.0}{}</td><td>{:.0}</td><td>{}</td></tr>",
            if r["provisional"].as_bool() == Some(true) {
                "?"
            } else {
                ""
            },
            r["deviation"].as_f64().unwrap_or(0.0),
            r["games"].as_u64().unwrap_or(0),
        );
    }
    main.push_str("</tbody>\n</table>\n</section>\n");
    // A signed-in person may invite a bot to a game (3 and 4 players: with
    // the other people invited too, since only the invited may join).
    let me = caller.0.as_ref().map(|c| c.user.id);
    if user.bot && me.is_some() && me != Some(user.id) {
        main.push_str(&game_form(
            "invite-form",
            &format!("Play {username}"),
            &format!(
                "<input type=\"hidden\" name=\"bot\" value=\"{username}\">\n\
<label>Also invite <input name=\"others\" maxlength=\"100\" placeholder=\"names, for 3 or 4 players\"></label>\n"
            ),
            "Invite",
        ));
    }
    main.push_str(
        "<section aria-labelledby=\"games-h\">\n\
<h2 id=\"games-h\">Games</h2>\n<table id=\"profile-games\">\n<tbody>\n",
    );
    let rows = state
        .db
        .list_games(None, Some(user.id), None, SHOWN)
        .await?;
    if rows.is_empty() {
        main.push_str("<tr class=\"none\"><td>none</td></tr>\n");
    }
    for row in rows {
        let game = state.game(&row.id).await?;
        let id = escape_html(&game.id);
        let outcome = if game.status == crate::game::GameStatus::Finished {
            escape_html(game.result.token())
        } else {
            escape_html(game.status.as_str())
        };
        let _ = writeln!(
            main,
            "<tr data-game=\"{id}\"><td><a href=\"/games/{id}\">{id}</a></td><td>{}</td><td>rules {}</td><td>{}</td><td class=\"outcome\">{outcome}</td></tr>",
            players_html(&game),
            escape_html(game.rules.year()),
            escape_html(&clock_words(&game)),
        );
    }
    main.push_str("</tbody>\n</table>\n</section>\n");
    Ok(site_page(StatusCode::OK, &user.name, &caller, &main))
}

//! The bot accounts a server runs itself (`pacru serve --bot NAME=COMMAND`):
//! the account is made when missing, and a token is made for the bridge.

use crate::api::account::valid_username;
use crate::auth::{hash_password, new_secret, secret_hash};
use crate::error::ApiError;
use crate::{Server, ServerError};

impl Server {
    /// A new API token for the bot account `name`, made (with a random
    /// password nobody knows) when there is no account of that name, and
    /// made its only token: a bot the server runs is played by the server
    /// alone, and the tokens of its earlier starts stop working. An existing
    /// account of that name must be a bot account.
    pub async fn bot_token(&self, name: &str) -> Result<String, ServerError> {
        let refuse = |why: String| ServerError::Bot(name.escape_debug().to_string(), why);
        if !valid_username(name) {
            return Err(refuse(
                "a user name is 2 to 20 of the letters A-Z a-z, digits, _ and -".into(),
            ));
        }
        let api = |e: ApiError| refuse(e.to_string());
        let db = &self.state.db;
        let user = match db.user_by_name(name.to_string()).await.map_err(&api)? {
            Some(user) if user.bot => user,
            Some(_) => return Err(refuse("the account is a person's, not a bot's".into())),
            None => {
                let password = hash_password(new_secret().map_err(&api)?)
                    .await
                    .map_err(&api)?;
                db.create_user(name.to_string(), password, true, self.state.clock.now())
                    .await
                    .map_err(&api)?
            }
        };
        let token = new_secret().map_err(&api)?;
        db.replace_tokens(secret_hash(&token), user.id, self.state.clock.now())
            .await
            .map_err(&api)?;
        Ok(token)
    }
}

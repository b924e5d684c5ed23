//! [`GameBuilder`], the visitor that builds a [`Game`].

use crate::pgr::visitor::{GameStart, MoveToken, Visitor};
use crate::pgr::{Game, GameResult, MoveEntry};

/// The visitor behind [`Reader::read_game`](super::Reader::read_game): builds a [`Game`].
#[derive(Debug, Default)]
pub struct GameBuilder {
    pub(super) game: Option<Game>,
    pub(super) moves_hint: usize,
}

impl GameBuilder {
    fn game(&mut self) -> &mut Game {
        self.game.get_or_insert_with(Game::new)
    }
}

impl Visitor for GameBuilder {
    type Output = Game;

    fn begin_game(&mut self, start: GameStart) {
        let mut game = Game::new();
        game.moves.reserve(self.moves_hint);
        game.line = start.line;
        game.offset = start.offset;
        self.game = Some(game);
    }

    fn tag(&mut self, name: &str, value: &str, _line: usize) {
        self.game().tags.push(name.to_string(), value.to_string());
    }

    fn move_token(&mut self, token: MoveToken<'_>) {
        self.game().moves.push(MoveEntry {
            text: token.text.to_string(),
            mv: token.mv.cloned(),
            line: token.line,
            column: token.column,
            glyphs: Vec::new(),
            comments: Vec::new(),
        });
    }

    fn glyph(&mut self, glyph: &str) {
        if let Some(last) = self.game().moves.last_mut() {
            last.glyphs.push(glyph.to_string());
        }
    }

    fn comment_before_tags(&mut self, text: &str) {
        self.game().comments_before_tags.push(text.to_string());
    }

    fn comment(&mut self, text: &str) {
        let game = self.game();
        match game.moves.last_mut() {
            Some(last) => last.comments.push(text.to_string()),
            None => game.leading_comments.push(text.to_string()),
        }
    }

    fn result(&mut self, result: GameResult, line: usize, column: usize) {
        let game = self.game();
        game.result = result;
        game.result_line = line;
        game.result_column = column;
    }

    fn end_game(&mut self) -> Game {
        self.game.take().unwrap_or_default()
    }
}

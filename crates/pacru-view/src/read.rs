//! Reading game records into [`GameView`]s, one game at a time: each game is
//! refereed as `pacru check` referees it and replayed, a malformed one up to its
//! syntax error.

use crate::model::{GameView, SyntaxError};
use crate::replay::{Context, build};
use pacru_core::RulesEdition;
use pacru_notation::pgr::{
    Game, GameBuilder, GameResult, GameStart, MoveToken, Reader, Skip, Visitor,
};
use pacru_referee::{Checker, Verdict};
use std::cell::RefCell;
use std::io::{self, Read};
use std::rc::Rc;

/// The games of a record, replayed: an iterator of [`GameView`]s in input order.
///
/// Reading is lenient (a malformed game is reported and reading goes on with the
/// next one) and bounded as the PGR reader is (16 MiB per game). The only error is
/// an I/O error of the input, after which the iterator ends.
///
/// ```
/// use pacru_view::Games;
/// let text = "[Result \"*\"]\n\n1. e1-e2 e9-e8 *\n\n[Result \"*\"]\n\n1. e1-e2 e9-e8 2. z9 *\n";
/// let games: Vec<_> = Games::new(text.as_bytes()).source("two.pgr")
///     .collect::<Result<_, _>>().unwrap();
/// assert_eq!(games[0].verdict.status.as_str(), "ok");
/// assert_eq!(games[1].verdict.status.as_str(), "malformed");
/// assert_eq!(games[1].plies.len(), 2); // what could be read before the error
/// assert_eq!(games[1].syntax_error.as_ref().unwrap().column, 19);
/// ```
pub struct Games<R> {
    reader: Reader<Spy<R>>,
    io_error: Rc<RefCell<Option<io::Error>>>,
    visitor: Collect,
    source: Option<String>,
    default_rules: RulesEdition,
    done: bool,
}

impl<R: Read> Games<R> {
    /// The games of `input`.
    pub fn new(input: R) -> Games<R> {
        let io_error = Rc::new(RefCell::new(None));
        let spy = Spy {
            inner: input,
            error: Rc::clone(&io_error),
        };
        Games {
            reader: Reader::new(spy).lenient(),
            io_error,
            visitor: Collect::new(RulesEdition::default()),
            source: None,
            default_rules: RulesEdition::default(),
            done: false,
        }
    }

    /// Names the input (a file name, `-` for standard input) in every view.
    #[must_use]
    pub fn source(mut self, name: impl Into<String>) -> Games<R> {
        self.source = Some(name.into());
        self
    }

    /// The rules edition of games without a `Rules` tag (as `pacru check --rules`).
    #[must_use]
    pub fn default_rules(mut self, rules: RulesEdition) -> Games<R> {
        self.default_rules = rules;
        self.visitor = Collect::new(rules);
        self
    }

    fn context(&self, syntax_error: Option<SyntaxError>) -> Context {
        Context {
            source: self.source.clone(),
            default_rules: self.default_rules,
            syntax_error,
        }
    }
}

impl<R: Read> Iterator for Games<R> {
    type Item = io::Result<GameView>;

    fn next(&mut self) -> Option<io::Result<GameView>> {
        if self.done {
            return None;
        }
        let item = self.reader.read_with(&mut self.visitor);
        if let Some(e) = self.io_error.borrow_mut().take() {
            self.done = true;
            return Some(Err(e));
        }
        match item {
            Ok(None) => {
                self.done = true;
                None
            }
            Ok(Some((game, verdict))) => Some(Ok(build(&game, &verdict, &self.context(None)))),
            Err(error) => {
                let (game, in_movetext) = self.visitor.partial();
                let verdict = self.visitor.checker.malformed(&error);
                let syntax = SyntaxError {
                    line: error.line,
                    column: error.column,
                    message: error.message.clone(),
                    in_movetext,
                };
                Some(Ok(build(&game, &verdict, &self.context(Some(syntax)))))
            }
        }
    }
}

/// The input, keeping its I/O error: the reader reports it as a malformed game.
struct Spy<R> {
    inner: R,
    error: Rc<RefCell<Option<io::Error>>>,
}

impl<R: Read> Read for Spy<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let result = self.inner.read(buf);
        if let Err(e) = &result
            && e.kind() != io::ErrorKind::Interrupted
        {
            *self.error.borrow_mut() = Some(io::Error::new(e.kind(), e.to_string()));
        }
        result
    }
}

/// Builds the game and referees it in one reading: the game for the view, the
/// verdict exactly as `pacru check` (its [`Checker`]) gives it.
struct Collect {
    builder: GameBuilder,
    checker: Checker,
    in_movetext: bool,
}

impl Collect {
    fn new(rules: RulesEdition) -> Collect {
        Collect {
            builder: GameBuilder::default(),
            checker: Checker::with_default_rules(rules),
            in_movetext: false,
        }
    }

    /// What was read of a game that turned out malformed, and whether its
    /// movetext was reached.
    fn partial(&mut self) -> (Game, bool) {
        let in_movetext = std::mem::take(&mut self.in_movetext);
        (self.builder.end_game(), in_movetext)
    }
}

impl Visitor for Collect {
    type Output = (Game, Verdict);

    fn begin_game(&mut self, start: GameStart) {
        self.in_movetext = false;
        self.builder.begin_game(start);
        self.checker.begin_game(start);
    }

    fn comment_before_tags(&mut self, text: &str) {
        self.builder.comment_before_tags(text);
    }

    fn tag(&mut self, name: &str, value: &str, line: usize) {
        self.builder.tag(name, value, line);
        self.checker.tag(name, value, line);
    }

    fn begin_movetext(&mut self) -> Skip {
        self.in_movetext = true;
        self.builder.begin_movetext();
        self.checker.begin_movetext();
        Skip(false)
    }

    fn move_token(&mut self, token: MoveToken<'_>) {
        self.builder.move_token(token.clone());
        self.checker.move_token(token);
    }

    fn glyph(&mut self, glyph: &str) {
        self.builder.glyph(glyph);
        self.checker.glyph(glyph);
    }

    fn comment(&mut self, text: &str) {
        self.builder.comment(text);
        self.checker.comment(text);
    }

    fn result(&mut self, result: GameResult, line: usize, column: usize) {
        self.builder.result(result, line, column);
        self.checker.result(result, line, column);
    }

    fn end_game(&mut self) -> (Game, Verdict) {
        (self.builder.end_game(), self.checker.end_game())
    }
}

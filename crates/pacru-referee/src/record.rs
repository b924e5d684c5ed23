//! Every game of a record with its tags and its verdict, in one call.

use crate::checker::Checker;
use crate::verdict::Verdict;
use pacru_core::RulesEdition;
use pacru_notation::pgr::{GameResult, GameStart, MoveToken, Reader, Skip, Tags, Visitor};
use std::io::Read;

/// One game of a record as the referee saw it: its tags and its verdict.
#[derive(Clone, Debug)]
pub struct CheckedGame {
    /// The game's tag pairs in the order written. For a game that does not
    /// parse, the tags read before its syntax error (none when the error is in
    /// its first tag line).
    pub tags: Tags,
    /// The verdict, whatever its status: for a malformed game, refereed up to
    /// its syntax error, with the plies, the position and the winner so far (as
    /// [`Checker::malformed`] gives it).
    pub verdict: Verdict,
}

/// The games of a record, each with its tags and verdict, in input order: every
/// game is reported, whatever its status (the record is read leniently, going on
/// after a game that does not parse), in bounded memory. A read error ends the
/// iteration with a malformed verdict that says so.
///
/// Made by [`check_record`]; see there for an example.
pub struct CheckedGames<R> {
    reader: Reader<R>,
    visitor: TagsAndVerdict,
}

/// Referees every game of the record `input` as it is read, giving each game's
/// tags with its verdict ([`CheckedGame`]); games without a `Rules` tag are
/// played under the 2004 rules ([`CheckedGames::with_default_rules`] to choose).
///
/// ```
/// use pacru_referee::{VerdictStatus, check_record};
///
/// let record = "[Event \"Club night\"]\n[Round \"1\"]\n[Result \"*\"]\n\n1. e1-e2 e9-e8 *\n\n\
///               [Event \"Club night\"]\n[Round \"2\"]\n[Result \"*\"]\n\n1. e1-e2 0-1\n";
/// for game in check_record(record.as_bytes()) {
///     let round = game.tags.get("Round").unwrap_or("?");
///     println!("round {round}: {:?}, {} plies", game.verdict.status, game.verdict.plies);
/// }
/// let games: Vec<_> = check_record(record.as_bytes()).collect();
/// assert_eq!(games[1].tags.get("Round"), Some("2"));
/// assert_eq!(games[1].verdict.status, VerdictStatus::Malformed);
/// assert_eq!(games[1].verdict.plies, 1); // e1-e2 was played before '0-1'
/// ```
pub fn check_record<R: Read>(input: R) -> CheckedGames<R> {
    CheckedGames::with_default_rules(input, RulesEdition::default())
}

impl<R: Read> CheckedGames<R> {
    /// As [`check_record`], playing games without a `Rules` tag under
    /// `default_rules` (the meaning of `pacru check --rules`).
    pub fn with_default_rules(input: R, default_rules: RulesEdition) -> CheckedGames<R> {
        CheckedGames::with_reader(Reader::new(input), default_rules)
    }

    /// As [`check_record`], with a reader set up by the caller (size limits,
    /// line numbers); it is made lenient, so that every game is reported.
    pub fn with_reader(reader: Reader<R>, default_rules: RulesEdition) -> CheckedGames<R> {
        CheckedGames {
            reader: reader.lenient(),
            visitor: TagsAndVerdict {
                tags: Tags::new(),
                checker: Checker::with_default_rules(default_rules),
            },
        }
    }
}

impl<R: Read> Iterator for CheckedGames<R> {
    type Item = CheckedGame;

    fn next(&mut self) -> Option<CheckedGame> {
        let verdict = match self.reader.read_with(&mut self.visitor) {
            Ok(verdict) => verdict?,
            Err(error) => self.visitor.checker.malformed(&error),
        };
        Some(CheckedGame {
            tags: std::mem::take(&mut self.visitor.tags),
            verdict,
        })
    }
}

/// The referee's visitor, keeping the tags of the game being read.
struct TagsAndVerdict {
    tags: Tags,
    checker: Checker,
}

impl Visitor for TagsAndVerdict {
    type Output = Verdict;

    fn begin_game(&mut self, start: GameStart) {
        self.tags = Tags::new();
        self.checker.begin_game(start);
    }

    fn comment_before_tags(&mut self, text: &str) {
        self.checker.comment_before_tags(text);
    }

    fn tag(&mut self, name: &str, value: &str, line: usize) {
        self.tags.set(name, value);
        self.checker.tag(name, value, line);
    }

    fn begin_movetext(&mut self) -> Skip {
        self.checker.begin_movetext()
    }

    fn move_token(&mut self, token: MoveToken<'_>) {
        self.checker.move_token(token);
    }

    fn glyph(&mut self, glyph: &str) {
        self.checker.glyph(glyph);
    }

    fn comment(&mut self, text: &str) {
        self.checker.comment(text);
    }

    fn result(&mut self, result: GameResult, line: usize, column: usize) {
        self.checker.result(result, line, column);
    }

    fn end_game(&mut self) -> Verdict {
        self.checker.end_game()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::VerdictStatus;

    /// The tags and verdict of every game of `examples/round2.pgr` (one game of
    /// each status), as `pacru check` gives the verdicts.
    #[test]
    fn every_game_of_every_status_comes_with_its_tags() {
        let record = include_str!("../../../examples/round2.pgr");
        let games: Vec<CheckedGame> = check_record(record.as_bytes()).collect();
        let statuses: Vec<VerdictStatus> = games.iter().map(|g| g.verdict.status).collect();
        assert_eq!(
            statuses,
            [
                VerdictStatus::Ok,
                VerdictStatus::Illegal,
                VerdictStatus::Malformed,
                VerdictStatus::Inconsistent
            ]
        );
        let rounds: Vec<Option<&str>> = games.iter().map(|g| g.tags.get("Round")).collect();
        assert_eq!(rounds, [Some("2.1"), Some("2.2"), Some("2.3"), Some("2.4")]);
        // The malformed game keeps its plies, position and winner so far.
        let malformed = &games[2].verdict;
        assert_eq!((malformed.plies, malformed.line), (82, 64));
        assert_eq!(malformed.winner.map(|p| p.word()), Some("Red"));
        assert!(malformed.final_position.is_some());
        // The same verdicts as the checker alone gives.
        let mut reader = Reader::new(record.as_bytes()).lenient();
        let mut checker = Checker::new();
        for game in &games {
            let verdict = match reader.read_with(&mut checker) {
                Ok(verdict) => verdict.unwrap(),
                Err(error) => checker.malformed(&error),
            };
            assert_eq!(game.verdict, verdict);
        }
        assert!(reader.read_with(&mut checker).unwrap().is_none());
    }

    #[test]
    fn a_game_broken_in_its_tags_keeps_the_tags_read_before() {
        let record = "[Event \"E\"]\n[Round \"3\"]\n[Site \"unclosed]\n[Result \"*\"]\n\n*\n\n\
                      [Round \"4\"]\n[Result \"*\"]\n\n1. e1-e2 *\n";
        let games: Vec<CheckedGame> = check_record(record.as_bytes()).collect();
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].verdict.status, VerdictStatus::Malformed);
        assert_eq!(games[0].tags.get("Round"), Some("3"));
        assert_eq!(games[0].tags.get("Site"), None);
        assert_eq!(games[1].verdict.status, VerdictStatus::Ok);
        assert_eq!(games[1].tags.get("Round"), Some("4"));
        assert_eq!(games[1].tags.get("Event"), None);
    }

    #[test]
    fn games_without_a_rules_tag_use_the_default_rules() {
        let record = "[Result \"*\"]\n\n1. e1-e2 *\n";
        let game = CheckedGames::with_default_rules(record.as_bytes(), RulesEdition::Pacru2011)
            .next()
            .unwrap();
        let rules = game.verdict.final_position.unwrap().rules();
        assert_eq!(rules, RulesEdition::Pacru2011);
    }
}

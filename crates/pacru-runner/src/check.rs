//! The compliance checker: drives an engine program through the protocol's edge
//! cases and reports each thing it got wrong (`pacru engine-check -- CMD ARGS...`).
//!
//! Every check runs against a live engine; when a check leaves the engine dead (a
//! crash, a timeout, garbage), the next check starts a fresh one, so one failure
//! does not hide the others.

use crate::client::{EngineProcess, EngineSpec};
use pacru_core::{Colour, Move, RulesEdition, Seat};
use pacru_protocol::engines::{Rng, random_move};
use pacru_protocol::message::{
    Clocks, EngineId, EngineMessage, GameSetup, Go, OptionKind, Reply, RequestBody, SetOption,
};
use pacru_protocol::wire::Framing;
use std::fmt;
use std::time::{Duration, Instant};

/// How the checker treats the engine.
#[derive(Clone, Debug, serde::Serialize)]
pub struct CheckOptions {
    /// The per-move limit for ordinary move requests.
    #[serde(rename = "move_time_ms", serialize_with = "crate::millis::serialize")]
    pub move_time: Duration,
    /// How long replies that need no thought (`ping`, `setoption`, failures) may take.
    #[serde(
        rename = "reply_timeout_ms",
        serialize_with = "crate::millis::serialize"
    )]
    pub reply_timeout: Duration,
    /// How long the handshake may take.
    #[serde(
        rename = "handshake_timeout_ms",
        serialize_with = "crate::millis::serialize"
    )]
    pub handshake_timeout: Duration,
    /// The clock given in the clock-pressure check.
    #[serde(
        rename = "pressure_time_ms",
        serialize_with = "crate::millis::serialize"
    )]
    pub pressure_time: Duration,
    /// Extra time allowed for process and pipe latency.
    #[serde(rename = "margin_ms", serialize_with = "crate::millis::serialize")]
    pub margin: Duration,
    /// Also run a session in JSON framing (with `framing` text).
    pub json: bool,
    /// The framing of the checks' sessions: text, or JSON lines for an engine
    /// that speaks only them.
    pub framing: Framing,
}

impl Default for CheckOptions {
    fn default() -> CheckOptions {
        CheckOptions {
            move_time: Duration::from_secs(2),
            reply_timeout: Duration::from_secs(2),
            handshake_timeout: Duration::from_secs(5),
            pressure_time: Duration::from_millis(200),
            margin: Duration::from_millis(150),
            json: true,
            framing: Framing::Text,
        }
    }
}

/// How one check went.
#[derive(Clone, Copy, PartialEq, Eq, Debug, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Outcome {
    /// The engine did the right thing.
    Pass,
    /// The engine got it wrong.
    Fail,
    /// Not run (the engine could not be started or handshaken).
    Skip,
}

/// One check and its outcome.
#[derive(Clone, Debug, serde::Serialize)]
pub struct CheckResult {
    /// A short stable name, e.g. `unknown-command`.
    pub name: &'static str,
    /// What is checked, in plain words.
    pub description: &'static str,
    /// How it went.
    pub outcome: Outcome,
    /// What went wrong (empty on success).
    pub detail: String,
}

/// The result of [`check_engine`]: every check with its outcome.
#[derive(Clone, Debug, serde::Serialize)]
pub struct ComplianceReport {
    /// The program checked.
    pub program: String,
    /// Its arguments.
    pub args: Vec<String>,
    /// Who the engine said it is, if the handshake worked.
    pub engine: Option<EngineId>,
    /// Every check, in the order run.
    pub checks: Vec<CheckResult>,
}

impl ComplianceReport {
    /// Whether every check passed.
    pub fn passed(&self) -> bool {
        self.checks.iter().all(|c| c.outcome == Outcome::Pass)
    }

    /// The checks that failed.
    pub fn failures(&self) -> impl Iterator<Item = &CheckResult> {
        self.checks.iter().filter(|c| c.outcome == Outcome::Fail)
    }

    /// The check named `name`, if it was run.
    pub fn check(&self, name: &str) -> Option<&CheckResult> {
        self.checks.iter().find(|c| c.name == name)
    }

    /// The outcome of the check named `name`, if it was run.
    pub fn outcome(&self, name: &str) -> Option<Outcome> {
        self.check(name).map(|c| c.outcome)
    }
}

impl fmt::Display for ComplianceReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut command = self.program.clone();
        for arg in &self.args {
            command.push(' ');
            command.push_str(arg);
        }
        writeln!(f, "engine-check: {command}")?;
        if let Some(engine) = &self.engine {
            write!(f, "engine: {}", engine.name)?;
            if !engine.version.is_empty() {
                write!(f, " {}", engine.version)?;
            }
            if !engine.author.is_empty() {
                write!(f, " by {}", engine.author)?;
            }
            writeln!(f, " (protocol {})", engine.protocol)?;
        }
        let width = self.checks.iter().map(|c| c.name.len()).max().unwrap_or(0);
        for check in &self.checks {
            let mark = match check.outcome {
                Outcome::Pass => "ok  ",
                Outcome::Fail => "FAIL",
                Outcome::Skip => "skip",
            };
            write!(f, "{mark} {:width$}  {}", check.name, check.description)?;
            if !check.detail.is_empty() {
                write!(f, "\n       -> {}", check.detail)?;
            }
            writeln!(f)?;
        }
        let failed = self.failures().count();
        let skipped = self
            .checks
            .iter()
            .filter(|c| c.outcome == Outcome::Skip)
            .count();
        if failed == 0 && skipped == 0 {
            write!(f, "all {} checks passed", self.checks.len())
        } else {
            write!(
                f,
                "{failed} of {} checks failed, {skipped} skipped",
                self.checks.len()
            )
        }
    }
}

/// A position where only pincers can move and one of them makes a meeting: under
/// the 2004 rules that pincer must name a meeting field, under the 2011 rules (Red
/// has fewer than 9 fields) it must not.
pub const PINCER_MEETING_PPN: &str = "9/9/9/4K4/3R1R3/9/9/9/9 Ke4N,Kd4NE,Ke6S,Re5S K KR";

/// [`PINCER_MEETING_PPN`] with one more Red chevron, far away: the pincer that
/// makes the meeting (`e4xe5(FIELD)` under the 2004 rules, `e4xe5` under the 2011
/// rules) takes Red's chevron on e5, and the game goes on. After the pincer in
/// the first position Red has no chevron left and the game is over, so an engine
/// would refuse to move there whatever the edition.
pub const PINCER_MEETING_PLAY_ON_PPN: &str =
    "9/9/9/4K4/3R1R3/9/9/9/9 Ke4N,Kd4NE,Ke6S,Re5S,Ri9SW K KR";

/// A position with some 200 000 reorientations and few movements.
pub const REORIENTATION_PPN: &str =
    "9/9/9/9/9/KKKKKKKKK/KKKKKKKKK/KKKKKKKKK/KKKKKKKKK Ka1NE,Ke1N,Ri9SW,Re9S K KR";

/// A finished game: Black has 45 fields, more than the 42 needed.
pub const FINISHED_PPN: &str =
    "9/9/9/9/KKKKKKKKK/KKKKKKKKK/KKKKKKKKK/KKKKKKKKK/KKKKKKKKK Ke1N,Re9S R KR";

type CheckFn = fn(&mut Checker) -> Result<(), String>;

const CHECKS: &[(&str, &str, CheckFn)] = &[
    (
        "handshake",
        "answers hello with protocol 1 and its name",
        check_handshake,
    ),
    (
        "options",
        "accepts each advertised option at its default; rejects an unknown option",
        check_options,
    ),
    ("ping", "answers ping", check_ping),
    ("ids", "echoes any request id, not only numbers", check_ids),
    (
        "unknown-command",
        "answers an unknown command with a failure reply",
        check_unknown_command,
    ),
    (
        "malformed-request",
        "answers malformed requests with failure replies",
        check_malformed,
    ),
    (
        "first-move",
        "plays a legal first move (2 players, standard start)",
        check_first_move,
    ),
    (
        "three-players",
        "plays legally in a 3-player game after a player resigned",
        check_three_players,
    ),
    (
        "four-players-seats",
        "plays legally with 4 players in non-default seats",
        check_four_players,
    ),
    (
        "start-position",
        "plays legally from a start position (PPN) with history",
        check_start_position,
    ),
    (
        "rules-2011",
        "obeys the 2011 meeting rule (only pincers can move here)",
        check_rules_2011,
    ),
    (
        "rules-2004",
        "names the meeting field under the 2004 rules in the same position",
        check_rules_2004,
    ),
    (
        "rules-in-history",
        "replays the history under the game's rules edition",
        check_rules_in_history,
    ),
    (
        "reorientations",
        "answers in time where there are ~200 000 reorientations",
        check_reorientations,
    ),
    (
        "long-history",
        "plays legally after a history of 200+ moves",
        check_long_history,
    ),
    (
        "illegal-history",
        "refuses a request whose history holds an illegal move",
        check_illegal_history,
    ),
    (
        "finished-position",
        "refuses to move in a finished game (start position)",
        check_finished_position,
    ),
    (
        "finished-history",
        "refuses to move after a history that ended the game",
        check_finished_history,
    ),
    (
        "movetime",
        "answers within the per-move limit",
        check_movetime,
    ),
    (
        "clock-pressure",
        "answers within a tiny clock",
        check_clock_pressure,
    ),
    (
        "stop",
        "answers an untimed search at once on stop, then the stop itself",
        check_stop,
    ),
    ("quit", "answers quit and exits with status 0", check_quit),
    (
        "quit-alone",
        "exits with status 0 on `quit` without an id",
        check_quit_alone,
    ),
    (
        "end-of-input",
        "exits when its input ends",
        check_end_of_input,
    ),
    ("json", "speaks the same protocol in JSON lines", check_json),
];

/// Drives the engine `program` with `args` through every check.
pub fn check_engine(program: &str, args: &[String], options: CheckOptions) -> ComplianceReport {
    check_engine_with(program, args, options, &mut |_, _| {})
}

/// What [`check_engine_with`] tells as it goes: the report so far, and the
/// check about to run (name and description; `None` once all are done).
pub type CheckProgress<'a> =
    dyn FnMut(&ComplianceReport, Option<(&'static str, &'static str)>) + 'a;

/// Drives the engine like [`check_engine`], telling `progress` before each
/// check the report so far and the check about to run (its name and
/// description), and once more at the end with no check: a caller interrupted
/// while a slow engine is checked can still show what was found.
pub fn check_engine_with(
    program: &str,
    args: &[String],
    options: CheckOptions,
    progress: &mut CheckProgress<'_>,
) -> ComplianceReport {
    let mut checker = Checker {
        spec: EngineSpec {
            program: program.to_owned(),
            args: args.to_vec(),
            handshake_timeout: options.handshake_timeout,
            margin: options.margin,
            quit_timeout: options.reply_timeout,
            // The referee's line limit (`EngineSpec::default`): an engine
            // whose lines `pacru match` and `pacru bot` refuse must not pass.
            max_output_bytes: 16 * 1024 * 1024,
            framing: options.framing,
            ..EngineSpec::default()
        },
        options,
        engine: None,
        engine_id: None,
    };
    let mut report = ComplianceReport {
        program: program.to_owned(),
        args: args.to_vec(),
        engine: None,
        checks: Vec::new(),
    };
    let mut started = true;
    for &(name, description, check) in CHECKS {
        if !started || (name == "json" && !checker.options.json) {
            report.checks.push(CheckResult {
                name,
                description,
                outcome: Outcome::Skip,
                detail: if started {
                    "JSON check not requested".to_owned()
                } else {
                    "the engine could not be started and handshaken".to_owned()
                },
            });
            continue;
        }
        progress(&report, Some((name, description)));
        let result = check(&mut checker);
        if name == "handshake" {
            report.engine = checker.engine_id.clone();
            started = result.is_ok();
        }
        report.checks.push(CheckResult {
            name,
            description,
            outcome: if result.is_ok() {
                Outcome::Pass
            } else {
                Outcome::Fail
            },
            detail: result.err().unwrap_or_default(),
        });
    }
    if let Some(engine) = checker.engine.take() {
        let _ = engine.quit();
    }
    progress(&report, None);
    report
}

struct Checker {
    spec: EngineSpec,
    options: CheckOptions,
    engine: Option<EngineProcess>,
    engine_id: Option<EngineId>,
}

impl Checker {
    /// The live, handshaken engine (started afresh if the last one died).
    fn engine(&mut self) -> Result<&mut EngineProcess, String> {
        if self.engine.as_ref().is_some_and(|e| e.failure().is_some()) {
            self.engine = None;
        }
        if self.engine.is_none() {
            let engine = EngineProcess::spawn(&self.spec).map_err(|e| format!("(restart) {e}"))?;
            self.engine_id = Some(engine.engine_id().clone());
            self.engine = Some(engine);
        }
        self.engine.as_mut().ok_or_else(|| "no engine".to_owned())
    }

    fn reply_deadline(&self) -> Instant {
        crate::millis::from_now(&[self.options.reply_timeout, self.options.margin])
    }

    /// A request the checks write as a text line, in the framing of the
    /// session: the same frame as one JSON object in a JSON session (a tag
    /// without an id, which is no frame, as an object with its type alone).
    fn in_session_framing(&self, line: &str) -> Result<String, String> {
        if self.spec.framing == Framing::Text {
            return Ok(line.to_owned());
        }
        match Framing::Text.decode(line) {
            Ok(frame) => Framing::Json
                .encode(&frame)
                .map_err(|e| format!("`{line}` cannot be sent in JSON lines: {e}")),
            // The checks' lines without an id (`go`, `quit`): a tag alone.
            Err(_) if line.bytes().all(|b| b.is_ascii_lowercase()) => {
                Ok(format!(r#"{{"type":"{line}"}}"#))
            }
            Err(e) => Err(format!("`{line}` cannot be sent in JSON lines: {e}")),
        }
    }

    /// Sends a raw line with `id` (written as text, sent in the session's
    /// framing) and expects a final reply about `id` that is a failure
    /// (`want_failure`) or a success.
    fn expect_reply(
        &mut self,
        line: &str,
        id: &str,
        want_failure: bool,
    ) -> Result<EngineMessage, String> {
        let timeout = self
            .options
            .reply_timeout
            .saturating_add(self.options.margin);
        let wire = self.in_session_framing(line)?;
        let engine = self.engine()?;
        engine.send_raw(&wire).map_err(|e| e.to_string())?;
        let deadline = crate::millis::from_now(&[timeout]);
        let (last, _) = engine
            .await_final(
                id,
                Some(deadline),
                &format!("`{}`", pacru_protocol::wire::truncate(line, 60)),
            )
            .map_err(|e| e.to_string())?;
        match (&last, want_failure) {
            (EngineMessage::Error { .. }, true) | (EngineMessage::Ok { .. }, false) => Ok(last),
            (EngineMessage::Ok { reply, .. }, true) => Err(format!(
                "expected a failure reply (`? {id} ...`) to `{}`, got success{}",
                pacru_protocol::wire::truncate(line, 60),
                match reply {
                    Reply::Move(m) => format!(" with move {m}"),
                    _ => String::new(),
                }
            )),
            (EngineMessage::Error { reason, .. }, false) => Err(format!(
                "expected success for `{}`, got failure: {reason}",
                pacru_protocol::wire::truncate(line, 60)
            )),
            _ => Err("unexpected message".to_owned()),
        }
    }

    /// Asks for a move and checks it is legal and in time.
    fn legal_move(
        &mut self,
        setup: &GameSetup,
        history: &[Move],
        clocks: &Clocks,
    ) -> Result<Move, String> {
        let engine = self.engine()?;
        engine
            .request_move(setup, history, clocks)
            .map(|(mv, _)| mv)
            .map_err(|e| e.to_string())
    }

    fn move_clocks(&self) -> Clocks {
        Clocks::per_move(self.options.move_time)
    }

    /// Sends a `go` that must be refused, by the raw path (the client itself would
    /// not send it).
    fn expect_refusal(&mut self, go: Go) -> Result<(), String> {
        let deadline = crate::millis::from_now(&[self.options.move_time, self.options.margin]);
        let engine = self.engine()?;
        let id = engine
            .send(RequestBody::Go(go))
            .map_err(|e| e.to_string())?;
        match engine
            .await_final(&id, Some(deadline), "the refusal")
            .map_err(|e| e.to_string())?
            .0
        {
            EngineMessage::Error { .. } => Ok(()),
            EngineMessage::Ok {
                reply: Reply::Move(m),
                ..
            } => Err(format!("expected a failure reply, got the move {m}")),
            _ => Err("expected a failure reply, got success".to_owned()),
        }
    }
}

fn check_handshake(c: &mut Checker) -> Result<(), String> {
    c.engine = None;
    let engine = c.engine()?;
    let id = engine.engine_id();
    if id.name.trim().is_empty() {
        return Err("the hello reply has an empty name".to_owned());
    }
    Ok(())
}

fn check_options(c: &mut Checker) -> Result<(), String> {
    let specs = c.engine()?.options().to_vec();
    let mut problems = Vec::new();
    for spec in &specs {
        let value = spec.default_text();
        let engine = c.engine()?;
        if let Err(e) = engine.set_option(&spec.name, &value) {
            problems.push(format!("{} = {value}: {e}", spec.name));
        }
    }
    let line = pacru_protocol::message::Request::new(
        "opt-unknown",
        RequestBody::SetOption(SetOption {
            name: "pep-check-no-such-option".to_owned(),
            value: "1".to_owned(),
        }),
    )
    .encode(Framing::Text)
    .expect("a fixed, valid request");
    if let Err(e) = c.expect_reply(&line, "opt-unknown", true) {
        problems.push(format!("unknown option: {e}"));
    }
    for spec in &specs {
        if let OptionKind::Spin { max, .. } = spec.kind
            && max < i64::MAX
        {
            let line = format!(
                "setoption opt-range name={} value={}",
                spec.name,
                max as i128 + 1
            );
            if let Err(e) = c.expect_reply(&line, "opt-range", true) {
                problems.push(format!("out-of-range value: {e}"));
            }
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems.join("; "))
    }
}

fn check_ping(c: &mut Checker) -> Result<(), String> {
    let timeout = c.options.reply_timeout.saturating_add(c.options.margin);
    c.engine()?
        .ping(timeout)
        .map(|_| ())
        .map_err(|e| e.to_string())
}

fn check_ids(c: &mut Checker) -> Result<(), String> {
    c.expect_reply("ping Ab.c:9-_x", "Ab.c:9-_x", false)
        .map(|_| ())
}

fn check_unknown_command(c: &mut Checker) -> Result<(), String> {
    c.expect_reply("frobnicate u1 level=9", "u1", true)
        .map(|_| ())
}

fn check_malformed(c: &mut Checker) -> Result<(), String> {
    let cases = [
        ("go m1 players=KQ", "m1", "a bad colour letter"),
        (
            "go m2 players=KR moves=\"e1-e2 zz9\"",
            "m2",
            "a history move that is not a move",
        ),
        (
            "go m3 players=KR rules=1999",
            "m3",
            "an unknown rules edition",
        ),
        ("go m4 moves=e1-e2", "m4", "no players"),
        (
            "go m5 players=KR time=\"100 100 100\"",
            "m5",
            "three clocks for two players",
        ),
        ("go m6 players=KR seats=SS", "m6", "a seat taken twice"),
        (
            "go m7 players=KR position=\"9/9 K KR\"",
            "m7",
            "a bad start position",
        ),
        ("setoption m8", "m8", "setoption without a name"),
        ("go", "-", "a line without an id"),
    ];
    let mut problems = Vec::new();
    for (line, id, what) in cases {
        if let Err(e) = c.expect_reply(line, id, true) {
            problems.push(format!("{what}: {e}"));
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems.join("; "))
    }
}

/// A game's history by random play: `plies` moves from `setup`, stopping short of
/// the end of the game (or including the last move if `finish`).
fn random_history(setup: &GameSetup, plies: usize, seed: u64, finish: bool) -> Vec<Move> {
    random_history_after(setup, Vec::new(), plies, seed, finish)
}

/// [`random_history`] going on from `history` (legal in `setup`) until it
/// holds `plies` moves.
fn random_history_after(
    setup: &GameSetup,
    mut history: Vec<Move>,
    plies: usize,
    seed: u64,
    finish: bool,
) -> Vec<Move> {
    let Ok(mut pos) = setup.replay(&history) else {
        return history;
    };
    let mut rng = Rng::new(seed);
    while history.len() < plies {
        let Some(mv) = random_move(&pos, &mut rng) else {
            break;
        };
        let Ok(next) = pos.play(&mv) else { break };
        if next.is_finished() && !finish {
            break;
        }
        history.push(mv);
        pos = next;
    }
    history
}

fn check_first_move(c: &mut Checker) -> Result<(), String> {
    let setup = GameSetup::standard(2).map_err(|e| e.to_string())?;
    let clocks = c.move_clocks();
    c.legal_move(&setup, &[], &clocks).map(|_| ())
}

fn check_three_players(c: &mut Checker) -> Result<(), String> {
    let setup = GameSetup::standard(3).map_err(|e| e.to_string())?;
    // The player to move at ply 7 resigns, and in a 3-player game only they
    // leave: the game goes on, its history holding the `resign`, as the
    // history of a server's game (`pacru bot`) does.
    let mut history = random_history(&setup, 6, 3, false);
    history.push(Move::Resign);
    let history = random_history_after(&setup, history, 17, 3, false);
    let clocks = c.move_clocks();
    c.legal_move(&setup, &history, &clocks)
        .map(|_| ())
        .map_err(|e| {
            let moves: Vec<String> = history.iter().map(Move::to_string).collect();
            format!(
                "{e} (3 players, a `resign` at ply 7: moves=\"{}\")",
                moves.join(" ")
            )
        })
}

fn check_four_players(c: &mut Checker) -> Result<(), String> {
    let setup = GameSetup {
        players: vec![Colour::Green, Colour::Blue, Colour::Red, Colour::Black],
        seats: Some(vec![Seat::E, Seat::W, Seat::N, Seat::S]),
        position: None,
        rules: RulesEdition::Pacru2004,
    };
    let history = random_history(&setup, 22, 4, false);
    let clocks = c.move_clocks();
    c.legal_move(&setup, &history, &clocks).map(|_| ())
}

fn check_start_position(c: &mut Checker) -> Result<(), String> {
    let standard = GameSetup::standard(2).map_err(|e| e.to_string())?;
    let opening = random_history(&standard, 30, 5, false);
    let start = standard.replay(&opening).map_err(|e| e.to_string())?;
    let setup = GameSetup::from_ppn(&start.to_ppn().to_string(), RulesEdition::Pacru2004)
        .map_err(|e| e.to_string())?;
    let history = random_history(&setup, 5, 6, false);
    let clocks = c.move_clocks();
    c.legal_move(&setup, &history, &clocks).map(|_| ())
}

fn check_rules_2011(c: &mut Checker) -> Result<(), String> {
    let setup = GameSetup::from_ppn(PINCER_MEETING_PPN, RulesEdition::Pacru2011)
        .map_err(|e| e.to_string())?;
    let clocks = c.move_clocks();
    c.legal_move(&setup, &[], &clocks).map(|_| ())
}

fn check_rules_2004(c: &mut Checker) -> Result<(), String> {
    let setup = GameSetup::from_ppn(PINCER_MEETING_PPN, RulesEdition::Pacru2004)
        .map_err(|e| e.to_string())?;
    let clocks = c.move_clocks();
    c.legal_move(&setup, &[], &clocks).map(|_| ())
}

/// A history move legal only under the other rules edition must be refused
/// (after it, under its own edition, the game would go on).
fn check_rules_in_history(c: &mut Checker) -> Result<(), String> {
    let mut problems = Vec::new();
    for (rules, text) in [
        (RulesEdition::Pacru2011, "e4xe5(a1)"),
        (RulesEdition::Pacru2004, "e4xe5"),
    ] {
        let setup =
            GameSetup::from_ppn(PINCER_MEETING_PLAY_ON_PPN, rules).map_err(|e| e.to_string())?;
        let mv = text.parse::<Move>().map_err(|e| e.to_string())?;
        let clocks = c.move_clocks();
        if let Err(e) = c.expect_refusal(Go {
            setup,
            moves: vec![mv],
            clocks,
        }) {
            problems.push(format!(
                "{rules} rules, history {text} (illegal under them): {e}"
            ));
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems.join("; "))
    }
}

fn check_reorientations(c: &mut Checker) -> Result<(), String> {
    let setup = GameSetup::from_ppn(REORIENTATION_PPN, RulesEdition::Pacru2004)
        .map_err(|e| e.to_string())?;
    let clocks = c.move_clocks();
    c.legal_move(&setup, &[], &clocks).map(|_| ())
}

/// A long unfinished history: the longest of a few random 4-player games, cut
/// before its end.
fn long_history() -> (GameSetup, Vec<Move>) {
    let setup = GameSetup::standard(4).unwrap_or_else(|_| GameSetup {
        players: vec![Colour::Black, Colour::Red],
        seats: None,
        position: None,
        rules: RulesEdition::Pacru2004,
    });
    let mut best = Vec::new();
    for seed in 0..20 {
        let history = random_history(&setup, 400, seed, false);
        if history.len() > best.len() {
            best = history;
        }
        if best.len() >= 200 {
            break;
        }
    }
    (setup, best)
}

fn check_long_history(c: &mut Checker) -> Result<(), String> {
    let (setup, history) = long_history();
    let clocks = c.move_clocks();
    c.legal_move(&setup, &history, &clocks).map(|_| ())
}

fn check_illegal_history(c: &mut Checker) -> Result<(), String> {
    let setup = GameSetup::standard(2).map_err(|e| e.to_string())?;
    let mut history = random_history(&setup, 6, 7, false);
    history.push("e1-e9".parse::<Move>().map_err(|e| e.to_string())?);
    let clocks = c.move_clocks();
    c.expect_refusal(Go {
        setup,
        moves: history,
        clocks,
    })
}

fn check_finished_position(c: &mut Checker) -> Result<(), String> {
    let setup =
        GameSetup::from_ppn(FINISHED_PPN, RulesEdition::Pacru2004).map_err(|e| e.to_string())?;
    let clocks = c.move_clocks();
    c.expect_refusal(Go {
        setup,
        moves: Vec::new(),
        clocks,
    })
}

fn check_finished_history(c: &mut Checker) -> Result<(), String> {
    let setup = GameSetup::standard(2).map_err(|e| e.to_string())?;
    let history = random_history(&setup, 1000, 8, true);
    match setup.replay(&history) {
        Ok(pos) if pos.is_finished() => {}
        _ => return Err("(checker) could not make a finished game".to_owned()),
    }
    let clocks = c.move_clocks();
    c.expect_refusal(Go {
        setup,
        moves: history,
        clocks,
    })
}

fn check_movetime(c: &mut Checker) -> Result<(), String> {
    let setup = GameSetup::standard(2).map_err(|e| e.to_string())?;
    let history = random_history(&setup, 12, 9, false);
    let clocks = Clocks::per_move(c.options.move_time / 4);
    c.legal_move(&setup, &history, &clocks).map(|_| ())
}

fn check_clock_pressure(c: &mut Checker) -> Result<(), String> {
    let setup = GameSetup::standard(2).map_err(|e| e.to_string())?;
    let history = random_history(&setup, 9, 10, false);
    let clocks = Clocks {
        remaining: vec![c.options.pressure_time, c.options.pressure_time],
        increment: Duration::ZERO,
        move_time: None,
    };
    c.legal_move(&setup, &history, &clocks).map(|_| ())
}

fn check_stop(c: &mut Checker) -> Result<(), String> {
    let setup = GameSetup::standard(2).map_err(|e| e.to_string())?;
    let history = random_history(&setup, 8, 11, false);
    let position = setup.replay(&history).map_err(|e| e.to_string())?;
    let reply_timeout = c.options.reply_timeout.saturating_add(c.options.margin);
    let engine = c.engine()?;
    let go_id = engine
        .send(RequestBody::Go(Go {
            setup,
            moves: history,
            clocks: Clocks::untimed(),
        }))
        .map_err(|e| e.to_string())?;
    std::thread::sleep(Duration::from_millis(150));
    let stop_id = engine.send(RequestBody::Stop).map_err(|e| e.to_string())?;
    let deadline = crate::millis::from_now(&[reply_timeout]);
    let (reply, _) = engine
        .await_final(&go_id, Some(deadline), "the move after stop")
        .map_err(|e| e.to_string())?;
    match reply {
        EngineMessage::Ok {
            reply: Reply::Move(text),
            ..
        } => {
            let mv = text
                .parse::<Move>()
                .map_err(|e| format!("`{text}` is not a move: {e}"))?;
            position
                .play(&mv)
                .map_err(|e| format!("`{text}` is illegal: {e}"))?;
        }
        EngineMessage::Error { reason, .. } => return Err(format!("the go failed: {reason}")),
        _ => return Err("the go's reply carries no move".to_owned()),
    }
    match engine
        .await_final(&stop_id, Some(deadline), "the stop reply")
        .map_err(|e| e.to_string())?
        .0
    {
        EngineMessage::Ok { .. } => Ok(()),
        EngineMessage::Error { reason, .. } => Err(format!("stop got a failure reply: {reason}")),
        _ => Err("unexpected reply to stop".to_owned()),
    }
}

fn check_quit(c: &mut Checker) -> Result<(), String> {
    c.engine()?;
    let engine = c.engine.take().ok_or("no engine")?;
    engine.quit().map_err(|e| e.to_string())
}

fn check_quit_alone(c: &mut Checker) -> Result<(), String> {
    c.engine()?;
    let quit = c.in_session_framing("quit")?;
    let mut engine = c.engine.take().ok_or("no engine")?;
    engine.send_raw(&quit).map_err(|e| e.to_string())?;
    let deadline = crate::millis::from_now(&[c.options.reply_timeout, c.options.margin]);
    match engine.wait_exit_until(deadline) {
        Some(crate::client::Exit::Success) => Ok(()),
        Some(crate::client::Exit::Failure(status)) => Err(format!("exited with {status}")),
        None => Err(format!(
            "still running {} ms after `quit` without an id",
            c.options
                .reply_timeout
                .saturating_add(c.options.margin)
                .as_millis()
        )),
    }
}

fn check_end_of_input(c: &mut Checker) -> Result<(), String> {
    c.engine()?;
    let mut engine = c.engine.take().ok_or("no engine")?;
    engine.close_input();
    let deadline = crate::millis::from_now(&[c.options.reply_timeout, c.options.margin]);
    match engine.wait_exit_until(deadline) {
        Some(crate::client::Exit::Success) => Ok(()),
        Some(crate::client::Exit::Failure(status)) => Err(format!("exited with {status}")),
        None => Err(format!(
            "still running {} ms after its input ended",
            c.options
                .reply_timeout
                .saturating_add(c.options.margin)
                .as_millis()
        )),
    }
}

fn check_json(c: &mut Checker) -> Result<(), String> {
    let spec = EngineSpec {
        framing: Framing::Json,
        ..c.spec.clone()
    };
    let mut engine = EngineProcess::spawn(&spec).map_err(|e| format!("JSON handshake: {e}"))?;
    let setup = GameSetup::standard(3).map_err(|e| e.to_string())?;
    let history = random_history(&setup, 5, 12, false);
    engine
        .request_move(&setup, &history, &c.move_clocks())
        .map_err(|e| format!("JSON go: {e}"))?;
    let deadline = c.reply_deadline();
    let line = r#"{"type":"frobnicate","id":"j1"}"#;
    engine.send_raw(line).map_err(|e| e.to_string())?;
    match engine
        .await_final("j1", Some(deadline), "the unknown JSON command")
        .map_err(|e| format!("JSON: {e}"))?
        .0
    {
        EngineMessage::Error { .. } => {}
        _ => return Err("JSON: an unknown command got a success reply".to_owned()),
    }
    engine.quit().map_err(|e| format!("JSON quit: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use pacru_core::Position;

    #[test]
    fn crafted_positions_are_what_they_claim() {
        let p2004 = Position::from_ppn(PINCER_MEETING_PPN, RulesEdition::Pacru2004).unwrap();
        let p2011 = Position::from_ppn(PINCER_MEETING_PPN, RulesEdition::Pacru2011).unwrap();
        let moves =
            |p: &Position| -> Vec<String> { p.legal_moves().map(|m| m.to_string()).collect() };
        let m2004 = moves(&p2004);
        let m2011 = moves(&p2011);
        assert!(m2004.iter().all(|m| m.contains('x')), "{m2004:?}");
        assert!(m2011.iter().all(|m| m.contains('x')), "{m2011:?}");
        assert!(m2011.contains(&"e4xe5".to_owned()), "{m2011:?}");
        assert!(!m2004.contains(&"e4xe5".to_owned()));
        assert!(m2004.iter().any(|m| m.starts_with("e4xe5(")));
        assert!(m2004.contains(&"e4xe5(a1)".to_owned()));
        assert!(!m2011.contains(&"e4xe5(a1)".to_owned()));
        // The history check's moves: each legal under one edition only, and the
        // game goes on after it.
        for (rules, legal, illegal) in [
            (RulesEdition::Pacru2004, "e4xe5(a1)", "e4xe5"),
            (RulesEdition::Pacru2011, "e4xe5", "e4xe5(a1)"),
        ] {
            let setup = GameSetup::from_ppn(PINCER_MEETING_PLAY_ON_PPN, rules).unwrap();
            let after = setup.replay(&[legal.parse().unwrap()]).unwrap();
            assert!(!after.is_finished(), "{rules} {legal}");
            assert!(after.legal_moves().next().is_some(), "{rules} {legal}");
            assert!(setup.replay(&[illegal.parse().unwrap()]).is_err());
        }
        let reo = Position::from_ppn(REORIENTATION_PPN, RulesEdition::Pacru2004).unwrap();
        assert!(!reo.is_finished());
        assert!(
            reo.legal_move_count() > 150_000,
            "{}",
            reo.legal_move_count()
        );
        let done = Position::from_ppn(FINISHED_PPN, RulesEdition::Pacru2004).unwrap();
        assert_eq!(done.winner(), Some(Colour::Black));
        let (_, history) = long_history();
        assert!(history.len() >= 200, "{}", history.len());
    }
}

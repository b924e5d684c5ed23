//! The engine SDK: implement [`Engine`] ("choose a move in this position") and hand
//! it to [`run_engine`], which speaks the protocol on the engine's behalf.
//!
//! The run loop does everything else: it detects the framing, answers the
//! handshake with the engine's name and options, checks `setoption` values against
//! the advertised types, replays every `go` request's history with `pacru-core` to
//! build the position (rejecting bad setups, illegal histories and finished games
//! with a failure reply), computes a deadline from the clocks, checks the engine's
//! move before sending it, and answers `stop`, `ping` and `quit`.

use crate::lines::{LineRead, read_line_bounded, skip_line};
use crate::message::{
    Clocks, EngineId, EngineMessage, Go, Info, OptionSpec, OptionValue, PROTOCOL_VERSION, Reply,
    Request, RequestBody,
};
use crate::wire::{Framing, UNKNOWN_ID, salvage_id};
use pacru_core::{Move, Position, Status};
use std::io::{self, BufRead, Write};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{self, TrySendError};
use std::sync::{Arc, Condvar, Mutex, PoisonError};
use std::time::{Duration, Instant};

/// The longest request line the run loop accepts, in bytes (a game of several
/// thousand moves fits easily).
pub const MAX_REQUEST_LINE: usize = 4 << 20;

/// The most requests [`run_engine`] holds read ahead of the one it is answering.
pub const MAX_BACKLOG_REQUESTS: usize = 256;

/// The most bytes of requests [`run_engine`] holds read ahead of the one it is
/// answering (a request is always taken, however long, when nothing else waits).
pub const MAX_BACKLOG_BYTES: u64 = 64 << 20;

/// A program that plays Pacru. Only [`Engine::name`] and [`Engine::choose_move`]
/// are required.
pub trait Engine {
    /// The engine's name, sent in the handshake.
    fn name(&self) -> String;

    /// The engine's author, sent in the handshake.
    fn author(&self) -> String {
        String::new()
    }

    /// The engine's version, sent in the handshake.
    fn version(&self) -> String {
        String::new()
    }

    /// The options the engine offers (advertised in the handshake).
    fn options(&self) -> Vec<OptionSpec> {
        Vec::new()
    }

    /// Sets an option. The run loop has already checked that `name` is one of
    /// [`Engine::options`] (it passes the advertised spelling) and that `value` fits
    /// its type and range; an `Err` becomes a failure reply.
    fn set_option(&mut self, name: &str, value: &OptionValue) -> Result<(), String> {
        let _ = (name, value);
        Ok(())
    }

    /// Chooses a move for the player to move in `position`, an unfinished game
    /// reached by `history` from the setup's start. The move must be legal (the run
    /// loop checks it and sends a failure reply instead of an illegal move).
    /// Long searches should look at `stop` now and then and return their best move
    /// when it is set.
    fn choose_move(
        &mut self,
        position: &Position,
        history: &[Move],
        clock: &Clock,
        stop: &StopFlag,
    ) -> Move;

    /// Like [`Engine::choose_move`], with a way to report progress: each call of
    /// `report` sends an `info` message at once. The run loop calls this method;
    /// by default it calls `choose_move` and reports nothing. Override it to send
    /// `info`.
    fn search(
        &mut self,
        position: &Position,
        history: &[Move],
        clock: &Clock,
        stop: &StopFlag,
        report: &mut dyn FnMut(Info),
    ) -> Move {
        let _ = report;
        self.choose_move(position, history, clock, stop)
    }
}

/// The clocks as the engine sees them for one move.
#[derive(Clone, Debug)]
pub struct Clock {
    /// Every player's clock, as sent by the referee.
    pub clocks: Clocks,
    /// The engine's slot in order of play (index into `clocks.remaining`).
    pub me: usize,
    /// When the request arrived.
    pub received: Instant,
}

impl Clock {
    /// The engine's own clock, if the game is timed.
    pub fn remaining(&self) -> Option<Duration> {
        self.clocks.remaining.get(self.me).copied()
    }

    /// The hard limit for this move (clock or per-move limit, whichever is smaller).
    pub fn limit(&self) -> Option<Duration> {
        self.clocks.limit_for(self.me)
    }

    /// A suggested time to spend on this move: a thirtieth of the clock plus most of
    /// the increment, never more than the hard limit minus a safety margin.
    pub fn budget(&self) -> Option<Duration> {
        let limit = self.limit()?;
        let safe = safe_limit(limit);
        let soft = match self.remaining() {
            Some(clock) => (clock / 30).saturating_add(self.clocks.increment / 4 * 3),
            None => safe,
        };
        Some(soft.min(safe))
    }

    /// The moment by which the reply must be sent, with a safety margin.
    pub fn deadline(&self) -> Option<Instant> {
        self.limit()
            .map(|limit| crate::deadline::after(self.received, &[safe_limit(limit)]))
    }
}

/// The limit minus a margin for the pipes and the referee: 10% or 50 ms, whichever
/// is smaller.
fn safe_limit(limit: Duration) -> Duration {
    let margin = (limit / 10).min(Duration::from_millis(50));
    limit.saturating_sub(margin)
}

/// Tells a searching engine when to stop: when the referee sent `stop` or `quit`,
/// the input ended, or the deadline from the clocks has passed.
#[derive(Clone, Debug)]
pub struct StopFlag {
    latest_stop: Arc<AtomicU64>,
    request_seq: u64,
    deadline: Option<Instant>,
}

impl StopFlag {
    /// A flag that is never set (until [`StopFlag::stop`] on a clone).
    pub fn new() -> StopFlag {
        StopFlag {
            latest_stop: Arc::new(AtomicU64::new(0)),
            request_seq: 0,
            deadline: None,
        }
    }

    /// The same flag, also set once `deadline` passes.
    #[must_use]
    pub fn with_deadline(mut self, deadline: Option<Instant>) -> StopFlag {
        self.deadline = deadline;
        self
    }

    /// Sets the flag (for this and every clone).
    pub fn stop(&self) {
        self.latest_stop.fetch_max(u64::MAX, Ordering::SeqCst);
    }

    /// Whether the engine should return its move now.
    pub fn should_stop(&self) -> bool {
        self.latest_stop.load(Ordering::SeqCst) > self.request_seq
            || self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// The deadline, if any.
    pub fn deadline(&self) -> Option<Instant> {
        self.deadline
    }
}

impl Default for StopFlag {
    fn default() -> StopFlag {
        StopFlag::new()
    }
}

/// Settings of the run loop.
#[derive(Clone, Debug, Default)]
pub struct EngineRunOptions {
    /// Force a framing; `None` detects it from the first line (`{` means JSON).
    pub framing: Option<Framing>,
}

/// One session's protocol state.
struct Session {
    framing: Option<Framing>,
    specs: Vec<OptionSpec>,
    spec_error: Option<String>,
}

/// What handling one request produced.
struct Step {
    messages: Vec<EngineMessage>,
    quit: bool,
}

impl Step {
    fn one(message: EngineMessage) -> Step {
        Step {
            messages: vec![message],
            quit: false,
        }
    }
}

/// A failure reply. The reason is made one line with its control characters
/// escaped, since it often quotes the rejected request.
fn failure(id: &str, reason: impl Into<String>) -> EngineMessage {
    EngineMessage::Error {
        id: id.to_owned(),
        reason: crate::wire::one_line_reason(&reason.into()),
    }
}

/// The line for `message`. A message the engine made that cannot be written
/// exactly is not changed silently: a final one becomes a failure reply that says
/// why, a progress report is left out with a note on standard error.
fn encode_line(framing: Framing, message: &EngineMessage) -> Option<String> {
    match message.encode(framing) {
        Ok(line) => Some(line),
        Err(e) if message.is_final() => {
            let reason = format!("engine error: its reply cannot be written: {e}");
            let line = failure(message.id(), &reason)
                .encode(framing)
                .or_else(|_| failure(UNKNOWN_ID, &reason).encode(framing))
                .expect("a one-line failure reply with a valid id always encodes");
            Some(line)
        }
        Err(e) => {
            eprintln!(
                "engine error: a message about request {} cannot be written: {e}",
                pacru_core::Escaped(message.id())
            );
            None
        }
    }
}

fn done(id: &str) -> EngineMessage {
    EngineMessage::Ok {
        id: id.to_owned(),
        reply: Reply::Done,
    }
}

impl Session {
    fn new<E: Engine>(engine: &E, options: &EngineRunOptions) -> Session {
        let specs = engine.options();
        let spec_error = specs.iter().find_map(|s| s.validate().err());
        Session {
            framing: options.framing,
            specs,
            spec_error,
        }
    }

    fn framing(&mut self, line: &str) -> Framing {
        *self.framing.get_or_insert_with(|| Framing::detect(line))
    }

    fn encode(&self, message: &EngineMessage) -> Option<String> {
        encode_line(self.framing.unwrap_or_default(), message)
    }

    /// Handles one raw input line. Blank lines are not requests and get no reply.
    fn handle_raw<E: Engine>(
        &mut self,
        engine: &mut E,
        (raw, received): (LineRead, Instant),
        stop: StopFlag,
        emit: &mut dyn FnMut(Framing, &EngineMessage),
    ) -> Option<Step> {
        let bytes = match raw {
            LineRead::Line(bytes) => bytes,
            LineRead::TooLong(prefix) => {
                let prefix = String::from_utf8_lossy(&prefix).into_owned();
                let framing = self.framing(&prefix);
                return Some(Step::one(failure(
                    &salvage_id(framing, &prefix),
                    format!("request line longer than {MAX_REQUEST_LINE} bytes"),
                )));
            }
            LineRead::Eof | LineRead::OverBudget => return None,
        };
        let Ok(line) = String::from_utf8(bytes) else {
            return Some(Step::one(failure(UNKNOWN_ID, "request line is not UTF-8")));
        };
        if line.trim().is_empty() {
            return None;
        }
        let framing = self.framing(&line);
        match Request::decode(framing, &line) {
            Ok(request) => {
                let mut emit = |message: &EngineMessage| emit(framing, message);
                Some(self.handle(engine, request, received, stop, &mut emit))
            }
            Err(e @ crate::message::MessageError::UnknownCommand(_)) => Some(Step::one(failure(
                &salvage_id(framing, &line),
                e.to_string(),
            ))),
            Err(e) => Some(Step::one(failure(
                &salvage_id(framing, &line),
                format!("malformed request: {e}"),
            ))),
        }
    }

    fn handle<E: Engine>(
        &mut self,
        engine: &mut E,
        request: Request,
        received: Instant,
        stop: StopFlag,
        emit: &mut dyn FnMut(&EngineMessage),
    ) -> Step {
        let id = request.id.as_str();
        match request.body {
            RequestBody::Hello(hello) => {
                if !hello.protocols.contains(&i64::from(PROTOCOL_VERSION)) {
                    return Step::one(failure(
                        id,
                        format!(
                            "unsupported protocol version(s) {:?}; this engine speaks {PROTOCOL_VERSION}",
                            hello.protocols
                        ),
                    ));
                }
                if let Some(e) = &self.spec_error {
                    return Step::one(failure(id, format!("engine error: bad option: {e}")));
                }
                let mut messages: Vec<EngineMessage> = self
                    .specs
                    .iter()
                    .map(|spec| EngineMessage::Option {
                        id: id.to_owned(),
                        spec: spec.clone(),
                    })
                    .collect();
                messages.push(EngineMessage::Ok {
                    id: id.to_owned(),
                    reply: Reply::Hello(EngineId {
                        protocol: PROTOCOL_VERSION,
                        name: engine.name(),
                        author: engine.author(),
                        version: engine.version(),
                    }),
                });
                Step {
                    messages,
                    quit: false,
                }
            }
            RequestBody::SetOption(set) => {
                let Some(spec) = self
                    .specs
                    .iter()
                    .find(|s| s.name.eq_ignore_ascii_case(&set.name))
                else {
                    return Step::one(failure(id, format!("unknown option `{}`", set.name)));
                };
                let result = spec
                    .parse_value(&set.value)
                    .and_then(|value| engine.set_option(&spec.name, &value));
                Step::one(match result {
                    Ok(()) => done(id),
                    Err(reason) => failure(id, reason),
                })
            }
            RequestBody::Go(go) => Step::one(play(engine, id, &go, received, stop, emit)),
            RequestBody::Stop | RequestBody::Ping => Step::one(done(id)),
            RequestBody::Quit => Step {
                // A `quit` without an id has nobody to answer.
                messages: if id == crate::wire::UNKNOWN_ID {
                    Vec::new()
                } else {
                    vec![done(id)]
                },
                quit: true,
            },
        }
    }
}

/// Answers a `go` read at `received`: replay, ask the engine, check its move.
fn play<E: Engine>(
    engine: &mut E,
    id: &str,
    go: &Go,
    received: Instant,
    stop: StopFlag,
    emit: &mut dyn FnMut(&EngineMessage),
) -> EngineMessage {
    let position = match go.setup.replay(&go.moves) {
        Ok(pos) => pos,
        Err(e) => return failure(id, e.to_string()),
    };
    match position.status() {
        Status::Ongoing => {}
        Status::Won { winner, .. } => {
            return failure(id, format!("the game is over: {} has won", winner.word()));
        }
        Status::NoWinner => return failure(id, "the game is over: no player has chevrons"),
    }
    let me = position
        .players()
        .slot_of(position.to_move())
        .unwrap_or_default();
    let clock = Clock {
        clocks: go.clocks.clone(),
        me,
        received,
    };
    let stop = stop.with_deadline(clock.deadline());
    let chosen = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        let mut report = |info: Info| {
            emit(&EngineMessage::Info {
                id: id.to_owned(),
                info,
            });
        };
        engine.search(&position, &go.moves, &clock, &stop, &mut report)
    }));
    match chosen {
        Ok(mv) => match position.play(&mv) {
            Ok(_) => EngineMessage::Ok {
                id: id.to_owned(),
                reply: Reply::Move(mv.to_string()),
            },
            Err(e) => failure(
                id,
                format!("engine error: it chose the illegal move {mv} ({e})"),
            ),
        },
        Err(_) => failure(
            id,
            "engine error: the engine panicked while choosing a move",
        ),
    }
}

fn write_step(session: &Session, output: &mut impl Write, step: &Step) -> io::Result<()> {
    for message in &step.messages {
        if let Some(line) = session.encode(message) {
            writeln!(output, "{line}")?;
        }
    }
    output.flush()
}

/// Runs `engine` over the protocol until `quit` or the end of the input.
///
/// Input is read on a separate (detached) thread, so `stop` and `quit` reach a
/// searching engine through its [`StopFlag`]; requests are still answered in order.
/// The thread reads at most [`MAX_BACKLOG_REQUESTS`] requests, or
/// [`MAX_BACKLOG_BYTES`], ahead of the one being answered; when it has to wait for
/// room, it sets the [`StopFlag`] of the running search, so that a `stop`, a `quit`
/// or the end of the input behind the backlog is never left unread.
/// Use [`run_engine_blocking`] when the input cannot be sent to another thread.
pub fn run_engine<E: Engine, R: BufRead + Send + 'static, W: Write>(
    engine: E,
    input: R,
    output: W,
) -> io::Result<()> {
    run_engine_with(engine, input, output, &EngineRunOptions::default())
}

/// The bytes of the requests read but not yet taken by the run loop.
#[derive(Default)]
struct Backlog {
    bytes: Mutex<u64>,
    room: Condvar,
}

impl Backlog {
    /// Waits until `size` more bytes fit (or nothing waits), calling `full` each time
    /// they do not, then counts them. False if the run loop is gone.
    fn reserve(self: &Arc<Self>, size: u64, full: impl Fn()) -> bool {
        let mut bytes = self.bytes.lock().unwrap_or_else(PoisonError::into_inner);
        while *bytes > 0 && bytes.saturating_add(size) > MAX_BACKLOG_BYTES {
            if Arc::strong_count(self) == 1 {
                return false;
            }
            full();
            bytes = self
                .room
                .wait_timeout(bytes, Duration::from_millis(100))
                .unwrap_or_else(PoisonError::into_inner)
                .0;
        }
        *bytes += size;
        true
    }

    /// The run loop took a request of `size` bytes.
    fn release(&self, size: u64) {
        let mut bytes = self.bytes.lock().unwrap_or_else(PoisonError::into_inner);
        *bytes = bytes.saturating_sub(size);
        self.room.notify_all();
    }
}

/// A line read by the input thread: its number, what was read, its size and when.
type ReadAhead = (u64, io::Result<LineRead>, u64, Instant);

/// [`run_engine`] with settings.
pub fn run_engine_with<E: Engine, R: BufRead + Send + 'static, W: Write>(
    mut engine: E,
    mut input: R,
    mut output: W,
    options: &EngineRunOptions,
) -> io::Result<()> {
    let mut session = Session::new(&engine, options);
    let latest_stop = Arc::new(AtomicU64::new(0));
    let (tx, rx) = mpsc::sync_channel::<ReadAhead>(MAX_BACKLOG_REQUESTS);
    let backlog = Arc::new(Backlog::default());
    let reader_backlog = Arc::clone(&backlog);
    let reader_stop = Arc::clone(&latest_stop);
    let mut reader_framing = options.framing;
    // Detached: after `quit` the input may stay open; the thread then ends with the
    // process, or at its next send, which fails once the receiver is gone.
    std::thread::spawn(move || {
        let mut seq = 0u64;
        loop {
            seq += 1;
            let read = read_request_line(&mut input);
            // The clock of a `go` runs from here, not from when the loop gets to it.
            let received = Instant::now();
            let end = !matches!(read, Ok(LineRead::Line(_) | LineRead::TooLong(_)));
            // The framing is chosen here as the session chooses it (`handle_raw`):
            // by the first line that is text and not blank, or the start of the
            // first line too long; a line that is not UTF-8 chooses nothing.
            match &read {
                Ok(LineRead::Line(bytes)) => {
                    if let Ok(text) = std::str::from_utf8(bytes)
                        && !text.trim().is_empty()
                    {
                        let framing = *reader_framing.get_or_insert_with(|| Framing::detect(text));
                        if let Ok(request) = Request::decode(framing, text)
                            && matches!(request.body, RequestBody::Stop | RequestBody::Quit)
                        {
                            reader_stop.fetch_max(seq, Ordering::SeqCst);
                        }
                    }
                }
                Ok(LineRead::TooLong(prefix)) => {
                    reader_framing
                        .get_or_insert_with(|| Framing::detect(&String::from_utf8_lossy(prefix)));
                }
                _ => {}
            }
            if end {
                reader_stop.store(u64::MAX, Ordering::SeqCst);
            }
            let size = match &read {
                Ok(LineRead::Line(bytes) | LineRead::TooLong(bytes)) => bytes.len() as u64,
                _ => 0,
            };
            // No room: the loop is busy with a search that the requests read so far
            // do not stop. Stop it, or a `stop` (or the end of the input) behind
            // this line would wait for it forever, unread.
            let backlog_full = || {
                reader_stop.fetch_max(seq - 1, Ordering::SeqCst);
            };
            if !reader_backlog.reserve(size, backlog_full) {
                return;
            }
            let sent = match tx.try_send((seq, read, size, received)) {
                Ok(()) => Ok(()),
                Err(TrySendError::Full(item)) => {
                    backlog_full();
                    tx.send(item).map_err(drop)
                }
                Err(TrySendError::Disconnected(_)) => Err(()),
            };
            if sent.is_err() || end {
                return;
            }
        }
    });
    while let Ok((seq, read, size, received)) = rx.recv() {
        backlog.release(size);
        let raw = read?;
        if matches!(raw, LineRead::Eof | LineRead::OverBudget) {
            return Ok(());
        }
        let stop = StopFlag {
            latest_stop: Arc::clone(&latest_stop),
            request_seq: seq,
            deadline: None,
        };
        if handle_and_answer(
            &mut session,
            &mut engine,
            (raw, received),
            stop,
            &mut output,
        )? {
            return Ok(());
        }
    }
    Ok(())
}

/// Reads one request line; of a line longer than [`MAX_REQUEST_LINE`], its start
/// (the rest is skipped).
fn read_request_line(input: &mut impl BufRead) -> io::Result<LineRead> {
    let (read, _) = read_line_bounded(input, MAX_REQUEST_LINE, u64::MAX)?;
    if matches!(read, LineRead::TooLong(_)) {
        skip_line(input, u64::MAX)?;
    }
    Ok(read)
}

/// Handles one request line and writes everything it produces, messages emitted
/// during the search first; returns whether the engine is to quit.
fn handle_and_answer<E: Engine, W: Write>(
    session: &mut Session,
    engine: &mut E,
    raw: (LineRead, Instant),
    stop: StopFlag,
    output: &mut W,
) -> io::Result<bool> {
    let mut failed = None;
    let mut emit = |framing: Framing, message: &EngineMessage| {
        if failed.is_none()
            && let Some(line) = encode_line(framing, message)
            && let Err(e) = writeln!(output, "{line}").and_then(|()| output.flush())
        {
            failed = Some(e);
        }
    };
    let step = session.handle_raw(engine, raw, stop, &mut emit);
    if let Some(e) = failed {
        return Err(e);
    }
    match step {
        Some(step) => {
            write_step(session, output, &step)?;
            Ok(step.quit)
        }
        None => Ok(false),
    }
}

/// Runs `engine` over the protocol on the calling thread only: requests are read and
/// answered one after the other, so a `stop` is only read after the search it was
/// meant for has ended (deadlines from the clocks still apply). Fine for engines
/// that answer quickly, such as the built-in ones.
pub fn run_engine_blocking<E: Engine, R: BufRead, W: Write>(
    mut engine: E,
    mut input: R,
    mut output: W,
    options: &EngineRunOptions,
) -> io::Result<()> {
    let mut session = Session::new(&engine, options);
    loop {
        let raw = read_request_line(&mut input)?;
        let received = Instant::now();
        if matches!(raw, LineRead::Eof | LineRead::OverBudget) {
            return Ok(());
        }
        if handle_and_answer(
            &mut session,
            &mut engine,
            (raw, received),
            StopFlag::new(),
            &mut output,
        )? {
            return Ok(());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::{Cursor, Read};

    /// Thinks until its `StopFlag` is set, as an untimed search does.
    struct Thinker;

    impl Engine for Thinker {
        fn name(&self) -> String {
            "thinker".into()
        }

        fn choose_move(
            &mut self,
            position: &Position,
            _: &[Move],
            _: &Clock,
            stop: &StopFlag,
        ) -> Move {
            while !stop.should_stop() {
                std::thread::sleep(Duration::from_millis(1));
            }
            position.legal_moves().next().unwrap_or(Move::Resign)
        }
    }

    /// Gives `data`, then blocks (the referee keeps the pipe open) until the test
    /// drops its sender, then ends.
    struct ThenHold {
        data: Cursor<Vec<u8>>,
        hold: mpsc::Receiver<()>,
    }

    impl Read for ThenHold {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let n = self.data.read(buf)?;
            if n == 0 {
                let _ = self.hold.recv();
            }
            Ok(n)
        }
    }

    /// Sends what the engine writes to the test.
    struct Pipe(mpsc::Sender<Vec<u8>>);

    impl Write for Pipe {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            let _ = self.0.send(buf.to_vec());
            Ok(buf.len())
        }

        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    /// Runs `Thinker` on `input` with the pipe held open after it, and returns what
    /// it wrote once `wanted` appears in it, or `None` after 20 s.
    fn answers_with_input_held_open(input: Vec<u8>, wanted: &str) -> Option<String> {
        let (hold_tx, hold) = mpsc::channel();
        let (out_tx, out) = mpsc::channel();
        let reader = io::BufReader::new(ThenHold {
            data: Cursor::new(input),
            hold,
        });
        std::thread::spawn(move || run_engine(Thinker, reader, Pipe(out_tx)));
        let until = Instant::now() + Duration::from_secs(20);
        let mut written = String::new();
        while !written.contains(wanted) {
            let left = until.checked_duration_since(Instant::now())?;
            let chunk = out.recv_timeout(left).ok()?;
            written.push_str(&String::from_utf8_lossy(&chunk));
        }
        drop(hold_tx);
        Some(written)
    }

    #[test]
    fn more_requests_than_the_backlog_holds_stop_the_search() {
        // An untimed search, then more pings than the backlog holds, then a `stop`:
        // the reader must not wait behind the search for good, or it never reads
        // the `stop`.
        let mut input = String::from("hello 1 protocol=1\ngo 2 players=KR\n");
        for i in 0..MAX_BACKLOG_REQUESTS + 50 {
            input.push_str(&format!("ping p{i}\n"));
        }
        input.push_str("stop 3\n");
        let written = answers_with_input_held_open(input.into_bytes(), "= 3\n")
            .expect("the search was never stopped");
        let last_ping = format!("= p{}\n", MAX_BACKLOG_REQUESTS + 49);
        let go = written.find("= 2 move=").expect("the go is answered");
        assert!(go < written.find(&last_ping).expect("every ping is answered"));
    }

    #[test]
    fn a_first_line_that_is_not_utf8_does_not_choose_the_framing_of_stop() {
        // The session is JSON (the first line that is text says so): the reader of
        // `stop` must see it the same way, or the stop is never heard.
        let input = b"\xff\n{\"type\":\"go\",\"id\":\"g\",\"players\":\"KR\"}\n\
                      {\"type\":\"stop\",\"id\":\"s\"}\n"
            .to_vec();
        let written = answers_with_input_held_open(input, "{\"type\":\"ok\",\"id\":\"s\"}")
            .expect("the stop was not heard");
        assert!(
            written.starts_with("? - request line is not UTF-8\n{\"type\":\"ok\",\"id\":\"g\",")
        );
    }

    #[test]
    fn more_request_bytes_than_the_backlog_holds_stop_the_search() {
        // Few requests but long ones (too long, so cheap to answer; each holds its
        // first `MAX_REQUEST_LINE` bytes): the backlog is bounded in bytes too, and
        // holding them stops the search rather than the reading.
        let mut input = b"hello 1 protocol=1\ngo 2 players=KR\n".to_vec();
        let count = (MAX_BACKLOG_BYTES / MAX_REQUEST_LINE as u64) as usize + 4;
        for i in 0..count {
            input.extend_from_slice(format!("ping p{i} pad=").as_bytes());
            input.resize(input.len() + MAX_REQUEST_LINE + 1000, b'x');
            input.push(b'\n');
        }
        let last = format!("? p{} request line longer", count - 1);
        let written =
            answers_with_input_held_open(input, &last).expect("the search was never stopped");
        assert!(written.contains("= 2 move="));
    }
}

#[cfg(test)]
mod handshake_tests {
    use super::*;

    struct Named;

    impl Engine for Named {
        fn name(&self) -> String {
            "named".into()
        }

        fn choose_move(
            &mut self,
            position: &Position,
            _: &[Move],
            _: &Clock,
            _: &StopFlag,
        ) -> Move {
            position.legal_moves().next().unwrap_or(Move::Resign)
        }
    }

    fn session(input: &str) -> String {
        let mut output = Vec::new();
        run_engine_blocking(
            Named,
            input.as_bytes(),
            &mut output,
            &EngineRunOptions::default(),
        )
        .unwrap();
        String::from_utf8(output).unwrap()
    }

    #[test]
    fn hello_passes_over_versions_beyond_32_bits() {
        // Numbers are 64-bit: a version the engine does not speak, however large,
        // is passed over, not a malformed request.
        let out =
            session("hello 1 protocol=\"4294967296 1\"\nhello 2 protocol=9223372036854775807\n");
        let lines: Vec<&str> = out.lines().collect();
        assert!(lines[0].starts_with("= 1 protocol=1 name=named"), "{out}");
        assert!(
            lines[1].starts_with("? 2 unsupported protocol version"),
            "{out}"
        );
        let out = session("{\"type\":\"hello\",\"id\":\"3\",\"protocol\":[1,4294967297]}\n");
        assert!(
            out.starts_with("{\"type\":\"ok\",\"id\":\"3\",\"protocol\":1,"),
            "{out}"
        );
    }
}

//! The referee side: start an engine program, talk to it, and turn everything that
//! can go wrong into an [`EngineFailure`].
//!
//! The referee owns the clock. [`EngineProcess::request_move`] sends the whole game
//! and waits at most the mover's limit (clock or per-move limit) plus a margin for
//! the pipes; an engine that overruns is killed and reaped. The engine's output is
//! read on a separate thread in lines of bounded length, with a cap on the total
//! volume, through a bounded channel, so no engine can make the referee hang or run
//! out of memory. Requests are written on another thread, so an engine that stops
//! reading cannot block the referee either.

use crate::pipes::{Event, Writer, spawn_reader};
use crate::process::{GroupLeader, KillSwitch, spawn_group_leader, watch_exit};
use pacru_core::{IllegalMove, Move, Position};
use pacru_protocol::message::{
    Clocks, EngineId, EngineMessage, GameSetup, Go, Hello, Info, OptionSpec, PROTOCOL_VERSION,
    Reply, Request, RequestBody, SetOption,
};
use pacru_protocol::wire::{Framing, truncate};
use std::collections::VecDeque;
use std::io::Read;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};
use thiserror::Error;

/// How much of the engine's standard error is kept for crash reports, in bytes.
const STDERR_TAIL: usize = 4096;

/// How long, once the engine process has exited, the referee still waits for lines
/// it wrote before exiting (its output pipe may be held open by a helper process,
/// so no end of input may ever come).
const AFTER_EXIT_GRACE: Duration = Duration::from_millis(100);

/// How to start an engine and how strictly to treat it. In serde form (for
/// configuration files) durations are whole milliseconds, in fields named `..._ms`.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct EngineSpec {
    /// The program to run (a path, or a name looked up in `PATH`). No shell is used.
    pub program: String,
    /// Its arguments, passed as they are.
    pub args: Vec<String>,
    /// The framing to speak (the engine detects it from the first line).
    pub framing: Framing,
    /// Options to set after the handshake: name and value as text.
    pub options: Vec<(String, String)>,
    /// The working directory; `None` for the referee's.
    pub working_dir: Option<PathBuf>,
    /// How long the handshake (and each `setoption`) may take.
    #[serde(rename = "handshake_timeout_ms", with = "crate::millis")]
    pub handshake_timeout: Duration,
    /// Extra time allowed beyond a move's limit for process and pipe latency.
    #[serde(rename = "margin_ms", with = "crate::millis")]
    pub margin: Duration,
    /// The limit for a move when the game is untimed; `None` waits as long as it takes.
    #[serde(rename = "untimed_limit_ms", with = "crate::millis::option")]
    pub untimed_limit: Option<Duration>,
    /// How long `quit` may take (the reply, then the exit).
    #[serde(rename = "quit_timeout_ms", with = "crate::millis")]
    pub quit_timeout: Duration,
    /// The longest line the engine may write, in bytes.
    pub max_line_bytes: usize,
    /// The most the engine may write in the whole session, in bytes.
    pub max_output_bytes: u64,
    /// Let the engine's standard error through to the referee's instead of keeping
    /// its last few kilobytes for crash reports.
    pub inherit_stderr: bool,
}

impl Default for EngineSpec {
    fn default() -> EngineSpec {
        EngineSpec {
            program: String::new(),
            args: Vec::new(),
            framing: Framing::Text,
            options: Vec::new(),
            working_dir: None,
            handshake_timeout: Duration::from_secs(10),
            margin: Duration::from_millis(100),
            untimed_limit: None,
            quit_timeout: Duration::from_secs(2),
            max_line_bytes: 64 * 1024,
            max_output_bytes: 64 * 1024 * 1024,
            inherit_stderr: false,
        }
    }
}

impl EngineSpec {
    /// A spec for `program` with `args` and default settings.
    pub fn new(
        program: impl Into<String>,
        args: impl IntoIterator<Item = impl Into<String>>,
    ) -> EngineSpec {
        EngineSpec {
            program: program.into(),
            args: args.into_iter().map(Into::into).collect(),
            ..EngineSpec::default()
        }
    }
}

/// Everything that can go wrong with an engine, as the referee sees it.
#[derive(Clone, Debug, PartialEq, Eq, Error, serde::Serialize)]
#[serde(tag = "failure", rename_all = "snake_case")]
pub enum EngineFailure {
    /// The program could not be started.
    #[error("could not start `{program}`: {message}")]
    SpawnFailed {
        /// The program.
        program: String,
        /// The operating system's reason.
        message: String,
    },
    /// The engine exited with a failure status or was killed by a signal.
    #[error("engine crashed ({status}){}", stderr_suffix(stderr))]
    Crashed {
        /// How it ended, e.g. `exit code 3` or `signal 11`.
        status: String,
        /// The end of its standard error, if captured.
        stderr: String,
    },
    /// The engine did not answer in time; it was killed.
    #[error("engine did not answer {waiting_for} within {limit_ms} ms")]
    TimedOut {
        /// The limit that ran out, margin included, in milliseconds.
        limit_ms: u64,
        /// What the referee was waiting for.
        waiting_for: String,
    },
    /// The engine wrote a line that is not a protocol message; it was killed.
    #[error("engine wrote garbage ({reason}): {line}")]
    Garbage {
        /// The line (shortened).
        line: String,
        /// Why it is not a message.
        reason: String,
    },
    /// The engine answered with a move that is not legal here (or not a move).
    #[error("engine played `{text}`, which is illegal: {reason}")]
    IllegalMove {
        /// The move as the engine wrote it.
        text: String,
        /// The rule it breaks, or why it is not a move.
        reason: String,
    },
    /// The engine answered the move request with a failure reply.
    #[error("engine refused to move: {reason}")]
    Refused {
        /// The engine's reason.
        reason: String,
    },
    /// The engine closed its output (or exited normally) without answering.
    #[error("engine closed its output without answering")]
    Disconnected,
    /// The engine closed its input: a request could not be written to it. It was
    /// killed.
    #[error("engine closed its input (write failed: {message})")]
    InputClosed {
        /// The operating system's reason, e.g. `Broken pipe (os error 32)`.
        message: String,
    },
    /// The engine wrote more than allowed; it was killed.
    #[error("engine wrote more than {limit} bytes")]
    Flooded {
        /// The cap, in bytes.
        limit: u64,
    },
    /// The engine broke the protocol in a way not covered above.
    #[error("protocol error: {message}")]
    ProtocolError {
        /// What happened.
        message: String,
    },
    /// The referee's own request was invalid (bad setup, illegal history, finished
    /// game, wrong number of clocks): not the engine's fault, nothing was sent.
    #[error("invalid request: {message}")]
    InvalidRequest {
        /// What is wrong.
        message: String,
    },
}

fn stderr_suffix(stderr: &str) -> String {
    let tail = stderr.trim();
    if tail.is_empty() {
        String::new()
    } else {
        let last: Vec<&str> = tail.lines().rev().take(3).collect();
        let last: Vec<&str> = last.into_iter().rev().collect();
        format!("; stderr: {}", last.join(" | "))
    }
}

impl EngineFailure {
    /// The PGR `Termination` value for a game lost this way: `time`, `illegal` or
    /// `forfeit` (`None` for [`EngineFailure::InvalidRequest`], the referee's fault).
    pub fn termination(&self) -> Option<&'static str> {
        match self {
            EngineFailure::TimedOut { .. } => Some("time"),
            EngineFailure::IllegalMove { .. } => Some("illegal"),
            EngineFailure::InvalidRequest { .. } => None,
            _ => Some("forfeit"),
        }
    }

    /// Whether the engine process is gone (killed or exited) after this failure.
    pub fn is_fatal(&self) -> bool {
        !matches!(
            self,
            EngineFailure::IllegalMove { .. }
                | EngineFailure::Refused { .. }
                | EngineFailure::InvalidRequest { .. }
        )
    }
}

/// What runs the engine: a child process (leading its own process group), or a
/// thread of this process.
enum Peer {
    Process(GroupLeader),
    Thread(Option<JoinHandle<()>>),
}

/// How an engine ended.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Exit {
    /// Exit status 0 (or, for an in-process engine, its run loop returned).
    Success,
    /// Anything else, described (`exit code 3`, `killed by signal 9`, `panicked`).
    Failure(String),
}

/// A running engine program, handshaken and ready for requests.
pub struct EngineProcess {
    spec: EngineSpec,
    peer: Peer,
    to_engine: Option<Writer>,
    from_engine: Receiver<Event>,
    stderr_tail: Arc<Mutex<VecDeque<u8>>>,
    next_id: u64,
    engine_id: EngineId,
    options: Vec<OptionSpec>,
    failed: Option<EngineFailure>,
    last_info: Option<Info>,
    /// Set when the engine process was seen to exit.
    exited: Option<Exit>,
    /// When the last message returned by `next_message` was read.
    last_read: Option<Instant>,
    /// The move request on the clock.
    on_clock: Option<OnClock>,
}

/// The move request on the clock.
#[derive(Clone, Copy, Debug)]
struct OnClock {
    /// The number of its line.
    number: u64,
    /// When it was queued for writing.
    queued: Instant,
    /// The time it may take from being written (the limit plus the margin).
    allowed: Duration,
    /// The referee's stalls when it was queued ([`crate::stalls`]).
    stalls: u64,
}

impl std::fmt::Debug for EngineProcess {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("EngineProcess")
            .field("program", &self.spec.program)
            .field("pid", &self.pid())
            .field("engine", &self.engine_id)
            .field("failed", &self.failed)
            .finish()
    }
}

impl EngineProcess {
    /// Starts the engine without a handshake: for tools (like the compliance checker)
    /// that want to send their own first line. Use [`EngineProcess::spawn`] otherwise.
    pub fn start(spec: &EngineSpec) -> Result<EngineProcess, EngineFailure> {
        let mut command = Command::new(&spec.program);
        command
            .args(&spec.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(if spec.inherit_stderr {
                Stdio::inherit()
            } else {
                Stdio::piped()
            });
        if let Some(dir) = &spec.working_dir {
            command.current_dir(dir);
        }
        let mut leader = spawn_group_leader(command).map_err(|e| EngineFailure::SpawnFailed {
            program: spec.program.clone(),
            message: e.to_string(),
        })?;
        let child = leader.child_mut();
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            leader.kill();
            return Err(EngineFailure::SpawnFailed {
                program: spec.program.clone(),
                message: "no pipes to the child".to_owned(),
            });
        };
        let stderr_tail = Arc::new(Mutex::new(VecDeque::new()));
        if let Some(mut stderr) = leader.child_mut().stderr.take() {
            let tail = Arc::clone(&stderr_tail);
            std::thread::spawn(move || {
                let mut buf = [0u8; 1024];
                while let Ok(n) = stderr.read(&mut buf) {
                    if n == 0 {
                        break;
                    }
                    let mut tail = tail.lock().unwrap_or_else(|e| e.into_inner());
                    tail.extend(&buf[..n]);
                    while tail.len() > STDERR_TAIL {
                        tail.pop_front();
                    }
                }
            });
        }
        let (events, from_engine) = mpsc::sync_channel::<Event>(64);
        let to_engine = Writer::spawn(stdin, events.clone());
        spawn_reader(
            stdout,
            events.clone(),
            spec.max_line_bytes,
            spec.max_output_bytes,
        );
        watch_exit(leader.id(), move |exit| {
            let _ = events.send(Event::Exited(exit));
        });
        Ok(EngineProcess {
            spec: spec.clone(),
            peer: Peer::Process(leader),
            to_engine: Some(to_engine),
            from_engine,
            stderr_tail,
            next_id: 1,
            engine_id: EngineId::default(),
            options: Vec::new(),
            failed: None,
            last_info: None,
            exited: None,
            last_read: None,
            on_clock: None,
        })
    }

    /// Runs an engine inside this process, on its own thread, connected by pipes:
    /// `run` gets the engine's input and output (for example
    /// `|input, output| { let _ = run_random(7, BufReader::new(input), output); }`).
    /// Then handshakes like [`EngineProcess::spawn`]. The spec's program and
    /// arguments serve only as a label.
    pub fn in_process(
        spec: &EngineSpec,
        run: impl FnOnce(std::io::PipeReader, std::io::PipeWriter) + Send + 'static,
    ) -> Result<EngineProcess, EngineFailure> {
        let broken = |e: std::io::Error| EngineFailure::SpawnFailed {
            program: spec.program.clone(),
            message: e.to_string(),
        };
        let (engine_input, referee_output) = std::io::pipe().map_err(broken)?;
        let (referee_input, engine_output) = std::io::pipe().map_err(broken)?;
        let handle = std::thread::Builder::new()
            .name(format!("engine {}", spec.program))
            .spawn(move || run(engine_input, engine_output))
            .map_err(broken)?;
        let (events, from_engine) = mpsc::sync_channel::<Event>(64);
        let to_engine = Writer::spawn(referee_output, events.clone());
        spawn_reader(
            referee_input,
            events,
            spec.max_line_bytes,
            spec.max_output_bytes,
        );
        let mut engine = EngineProcess {
            spec: spec.clone(),
            peer: Peer::Thread(Some(handle)),
            to_engine: Some(to_engine),
            from_engine,
            stderr_tail: Arc::new(Mutex::new(VecDeque::new())),
            next_id: 1,
            engine_id: EngineId::default(),
            options: Vec::new(),
            failed: None,
            last_info: None,
            exited: None,
            last_read: None,
            on_clock: None,
        };
        engine.handshake()?;
        for (name, value) in &spec.options {
            engine.set_option(name, value)?;
        }
        Ok(engine)
    }

    /// Starts the engine, handshakes (`hello`), and sets the spec's options.
    pub fn spawn(spec: &EngineSpec) -> Result<EngineProcess, EngineFailure> {
        let mut engine = EngineProcess::start(spec)?;
        engine.handshake()?;
        for (name, value) in &spec.options {
            engine.set_option(name, value)?;
        }
        Ok(engine)
    }

    /// Sends `hello` and reads the engine's identity and options.
    pub fn handshake(&mut self) -> Result<&EngineId, EngineFailure> {
        let id = self.send(RequestBody::Hello(Hello {
            protocols: vec![i64::from(PROTOCOL_VERSION)],
        }))?;
        let deadline = crate::millis::from_now(&[self.spec.handshake_timeout]);
        let (last, before) = self.await_final(&id, Some(deadline), "the handshake")?;
        let mut options = Vec::new();
        for message in before {
            if let EngineMessage::Option { spec, .. } = message {
                options.push(spec);
            }
        }
        match last {
            EngineMessage::Ok {
                reply: Reply::Hello(engine_id),
                ..
            } => {
                if engine_id.protocol != PROTOCOL_VERSION {
                    return Err(self.fail(EngineFailure::ProtocolError {
                        message: format!(
                            "engine chose protocol version {}, the referee offered {PROTOCOL_VERSION}",
                            engine_id.protocol
                        ),
                    }));
                }
                if engine_id.name.trim().is_empty() {
                    return Err(self.fail(EngineFailure::ProtocolError {
                        message: "the reply to hello gives an empty name".to_owned(),
                    }));
                }
                self.engine_id = engine_id;
                self.options = options;
                Ok(&self.engine_id)
            }
            EngineMessage::Error { reason, .. } => Err(self.fail(EngineFailure::ProtocolError {
                message: format!("engine refused the handshake: {reason}"),
            })),
            _ => Err(self.fail(EngineFailure::ProtocolError {
                message: "the reply to hello does not name the engine".to_owned(),
            })),
        }
    }

    /// Sets an option; the engine's failure reply becomes a protocol error.
    pub fn set_option(&mut self, name: &str, value: &str) -> Result<(), EngineFailure> {
        let id = self.send(RequestBody::SetOption(SetOption {
            name: name.to_owned(),
            value: value.to_owned(),
        }))?;
        let deadline = crate::millis::from_now(&[self.spec.handshake_timeout]);
        match self.await_final(&id, Some(deadline), "setoption")?.0 {
            EngineMessage::Error { reason, .. } => Err(EngineFailure::ProtocolError {
                message: format!("engine rejected option {name}={value}: {reason}"),
            }),
            _ => Ok(()),
        }
    }

    /// Who the engine is (from the handshake).
    pub fn engine_id(&self) -> &EngineId {
        &self.engine_id
    }

    /// The options the engine advertised in the handshake.
    pub fn options(&self) -> &[OptionSpec] {
        &self.options
    }

    /// The last `info` the engine sent during the latest move request.
    pub fn last_info(&self) -> Option<&Info> {
        self.last_info.as_ref()
    }

    /// The failure that ended this engine, if any.
    pub fn failure(&self) -> Option<&EngineFailure> {
        self.failed.as_ref()
    }

    /// The process id (`None` for an in-process engine). The engine leads a process
    /// group of its own, with the same id.
    pub fn pid(&self) -> Option<u32> {
        match &self.peer {
            Peer::Process(leader) => Some(leader.id()),
            Peer::Thread(_) => None,
        }
    }

    /// A handle that ends this engine's process group from any thread (`None` for
    /// an in-process engine). The client then sees the engine crash.
    pub fn kill_switch(&self) -> Option<KillSwitch> {
        match &self.peer {
            Peer::Process(leader) => Some(leader.kill_switch()),
            Peer::Thread(_) => None,
        }
    }

    /// Asks for a move in the game `setup` + `history` with `clocks`, waiting at most
    /// the mover's limit plus the spec's margin. Returns the (legal) move and the
    /// time it took. The position is replayed here first, so an invalid setup or
    /// history, or a finished game, is an [`EngineFailure::InvalidRequest`] and
    /// nothing is sent.
    pub fn request_move(
        &mut self,
        setup: &GameSetup,
        history: &[Move],
        clocks: &Clocks,
    ) -> Result<(Move, Duration), EngineFailure> {
        let invalid = |message: String| EngineFailure::InvalidRequest { message };
        let position = setup.replay(history).map_err(|e| invalid(e.to_string()))?;
        if position.is_finished() {
            return Err(invalid(
                "the game is over: there is no move to ask for".to_owned(),
            ));
        }
        if !clocks.remaining.is_empty() && clocks.remaining.len() != setup.players.len() {
            return Err(invalid(format!(
                "{} clocks for {} players",
                clocks.remaining.len(),
                setup.players.len()
            )));
        }
        let slot = position
            .players()
            .slot_of(position.to_move())
            .unwrap_or_default();
        let limit = clocks.limit_for(slot).or(self.spec.untimed_limit);
        let go = Go {
            setup: setup.clone(),
            moves: history.to_vec(),
            clocks: clocks.clone(),
        };
        self.last_info = None;
        let margin = self.spec.margin;
        let stalls = crate::stalls::mark();
        let queued = Instant::now();
        let (id, number) = self.send_numbered(RequestBody::Go(go))?;
        // The clock runs from the moment the request is written to the engine's
        // input; until that is known, from the moment it was queued. The time
        // this process was kept from running meanwhile is allowed on top.
        let allowed = limit.map(|l| l.saturating_add(margin));
        self.on_clock = allowed.map(|allowed| OnClock {
            number,
            queued,
            allowed,
            stalls,
        });
        let deadline = allowed.map(|a| crate::millis::after(queued, &[a]));
        let waited = self.await_answer(&id, deadline, "the move request", true);
        let written = self
            .to_engine
            .as_ref()
            .and_then(|w| w.written_at(number))
            .unwrap_or(queued);
        self.on_clock = None;
        let (last, before) = match waited {
            Ok(found) => found,
            Err(EngineFailure::TimedOut { waiting_for, .. }) => {
                // Report the limit itself (the deadline was computed before sending).
                let failure = EngineFailure::TimedOut {
                    limit_ms: limit.map_or(0, |l| l.saturating_add(margin).as_millis() as u64),
                    waiting_for,
                };
                self.failed = Some(failure.clone());
                return Err(failure);
            }
            Err(other) => return Err(other),
        };
        // From the request written to the answer read, both stamped by the
        // threads that did it, whenever this thread gets to look.
        let elapsed = self
            .last_read
            .unwrap_or_else(Instant::now)
            .saturating_duration_since(written);
        self.last_info = before.into_iter().rev().find_map(|m| match m {
            EngineMessage::Info { info, .. } => Some(info),
            _ => None,
        });
        match last {
            EngineMessage::Ok {
                reply: Reply::Move(text),
                ..
            } => check_move(&position, &text).map(|mv| (mv, elapsed)),
            EngineMessage::Ok { .. } => Err(self.fail(EngineFailure::ProtocolError {
                message: "the success reply to go carries no move".to_owned(),
            })),
            EngineMessage::Error { reason, .. } => Err(EngineFailure::Refused {
                // `? ID` alone: said as such rather than as an empty reason.
                reason: if reason.trim().is_empty() {
                    "(no reason given)".to_string()
                } else {
                    reason
                },
            }),
            _ => Err(self.fail(EngineFailure::ProtocolError {
                message: "unexpected reply".to_owned(),
            })),
        }
    }

    /// Sends `ping` and waits for its reply.
    pub fn ping(&mut self, timeout: Duration) -> Result<Duration, EngineFailure> {
        let started = Instant::now();
        let id = self.send(RequestBody::Ping)?;
        self.await_final(&id, Some(crate::millis::after(started, &[timeout])), "ping")?;
        Ok(started.elapsed())
    }

    /// Sends `quit`, waits for the reply and the exit (within the spec's quit
    /// timeout), and reaps the process; kills it if it does not exit in time.
    pub fn quit(mut self) -> Result<(), EngineFailure> {
        if let Some(failure) = self.failed.clone() {
            self.kill();
            return match failure {
                EngineFailure::Crashed { .. } | EngineFailure::Disconnected => Err(failure),
                _ => Ok(()),
            };
        }
        let deadline = crate::millis::from_now(&[self.spec.quit_timeout]);
        let replied = self
            .send(RequestBody::Quit)
            .and_then(|id| self.await_final(&id, Some(deadline), "quit"));
        // Close its input too: an engine may also stop at the end of its input.
        self.to_engine = None;
        let reply = match replied {
            Ok(_) => Ok(()),
            Err(EngineFailure::Disconnected) => Err(EngineFailure::ProtocolError {
                message: "engine exited without answering quit".to_owned(),
            }),
            Err(e) => Err(e),
        };
        match self.wait_exit(deadline.max(Instant::now() + Duration::from_millis(200))) {
            Some(Exit::Success) => reply,
            Some(Exit::Failure(status)) => Err(EngineFailure::Crashed {
                status,
                stderr: self.stderr_text(),
            }),
            None => {
                self.kill();
                reply.and(Err(EngineFailure::TimedOut {
                    limit_ms: self.spec.quit_timeout.as_millis() as u64,
                    waiting_for: "the exit after quit".to_owned(),
                }))
            }
        }
    }

    // ----- lower level: raw requests and messages -----

    /// A fresh request id.
    pub fn new_id(&mut self) -> String {
        let id = self.next_id.to_string();
        self.next_id += 1;
        id
    }

    /// Sends a request with a fresh id; returns the id.
    pub fn send(&mut self, body: RequestBody) -> Result<String, EngineFailure> {
        self.send_numbered(body).map(|(id, _)| id)
    }

    /// Sends a request with a fresh id; returns the id and the number of its line.
    fn send_numbered(&mut self, body: RequestBody) -> Result<(String, u64), EngineFailure> {
        let id = self.new_id();
        let line = Request::new(id.clone(), body)
            .encode(self.spec.framing)
            .map_err(|e| EngineFailure::InvalidRequest {
                message: e.to_string(),
            })?;
        let number = self.send_line(line)?;
        Ok((id, number))
    }

    /// Sends one raw line (a line end is added).
    pub fn send_raw(&mut self, line: &str) -> Result<(), EngineFailure> {
        self.send_line(line.to_owned()).map(|_| ())
    }

    /// Queues one line for the writer thread; returns its number.
    fn send_line(&mut self, line: String) -> Result<u64, EngineFailure> {
        if let Some(failure) = &self.failed {
            return Err(failure.clone());
        }
        if let Some(failure) = self.input_closed() {
            return Err(self.fail(failure));
        }
        match self.to_engine.as_mut().and_then(|w| w.send(line)) {
            Some(number) => Ok(number),
            None => {
                let failure = self.input_closed().unwrap_or(EngineFailure::Disconnected);
                Err(self.fail(failure))
            }
        }
    }

    /// The failure of an engine whose input could not be written to, if it is
    /// one: a crash if the engine has exited with a failure meanwhile.
    fn input_closed(&mut self) -> Option<EngineFailure> {
        let message = self.to_engine.as_ref()?.broken()?;
        Some(self.closed_input(message))
    }

    /// The failure of an engine whose input could not be written to, for
    /// `message`: a crash if the engine exits with a failure within a moment
    /// (a crashed engine's input is closed too), [`EngineFailure::InputClosed`]
    /// otherwise.
    fn closed_input(&mut self, message: String) -> EngineFailure {
        let exit = match self.exited.clone() {
            Some(exit) => Some(exit),
            None => self.wait_exit(Instant::now() + AFTER_EXIT_GRACE),
        };
        match exit {
            Some(Exit::Failure(status)) => EngineFailure::Crashed {
                status,
                stderr: self.stderr_text(),
            },
            _ => EngineFailure::InputClosed { message },
        }
    }

    /// The deadline of the move request on the clock (`None` with none on the
    /// clock): counted from the moment its line was written in full (from the
    /// moment it was queued until that is known), plus the time this process
    /// has been kept from running since it was queued.
    fn deadline_from_write(&self) -> Option<Instant> {
        let clock = self.on_clock?;
        let written = self
            .to_engine
            .as_ref()
            .and_then(|w| w.written_at(clock.number))
            .unwrap_or(clock.queued);
        let stalled = crate::stalls::stalled_since(clock.stalls);
        Some(crate::millis::after(written, &[clock.allowed, stalled]))
    }

    /// The next message from the engine, waiting until `deadline` (`None`: no limit).
    /// Garbage, overlong lines, floods, timeouts and the end of output are failures;
    /// all but the end of output kill the engine.
    pub fn next_message(
        &mut self,
        deadline: Option<Instant>,
        waiting_for: &str,
    ) -> Result<EngineMessage, EngineFailure> {
        if let Some(failure) = &self.failed {
            return Err(failure.clone());
        }
        let started = Instant::now();
        let mut deadline = deadline;
        loop {
            if self.exited.is_some() {
                // Only lines already written can still come.
                let grace = Instant::now() + AFTER_EXIT_GRACE;
                deadline = Some(deadline.map_or(grace, |d| d.min(grace)));
            }
            let event = match deadline {
                None => self
                    .from_engine
                    .recv()
                    .map_err(|_| RecvTimeoutError::Disconnected),
                Some(d) => self
                    .from_engine
                    .recv_timeout(d.saturating_duration_since(Instant::now())),
            };
            let failure = match event {
                Ok(Event::Line(line, read)) => {
                    if line.trim().is_empty() {
                        continue;
                    }
                    match EngineMessage::decode(self.spec.framing, &line) {
                        Ok(message) => {
                            self.last_read = Some(read);
                            return Ok(message);
                        }
                        Err(e) => EngineFailure::Garbage {
                            line: truncate(&line, 200),
                            reason: garbage_reason(self.spec.framing, &line, &e),
                        },
                    }
                }
                Ok(Event::NotUtf8(line)) => EngineFailure::Garbage {
                    line: truncate(&line, 200),
                    reason: "not UTF-8".to_owned(),
                },
                Ok(Event::TooLong(prefix)) => EngineFailure::Garbage {
                    line: truncate(&prefix, 200),
                    reason: format!("line longer than {} bytes", self.spec.max_line_bytes),
                },
                Ok(Event::Flood) => EngineFailure::Flooded {
                    limit: self.spec.max_output_bytes,
                },
                Ok(Event::ReadError(message)) => EngineFailure::ProtocolError {
                    message: format!("reading the engine's output failed: {message}"),
                },
                Ok(Event::Exited(exit)) => {
                    self.exited = Some(exit);
                    continue;
                }
                Ok(Event::InputClosed(message)) => self.closed_input(message),
                Ok(Event::Eof) | Err(RecvTimeoutError::Disconnected) => self.ended(),
                Err(RecvTimeoutError::Timeout) if self.exited.is_some() => self.ended(),
                Err(RecvTimeoutError::Timeout) => {
                    // The request may have reached the engine later than it was
                    // queued: its time counts from then.
                    if let Some(later) = self.deadline_from_write()
                        && deadline.is_some_and(|d| later > d)
                    {
                        deadline = Some(later);
                        continue;
                    }
                    EngineFailure::TimedOut {
                        limit_ms: deadline.map_or(0, |d| {
                            d.saturating_duration_since(started)
                                .as_micros()
                                .div_ceil(1000) as u64
                        }),
                        waiting_for: waiting_for.to_owned(),
                    }
                }
            };
            return Err(self.fail(failure));
        }
    }

    /// Reads messages until the final one (`=` or `?`) about request `id`; returns it
    /// and the non-final messages about `id` before it. Messages about earlier
    /// requests are skipped; a final message about a request never sent (or about
    /// `-`, a request the engine could not read) is a protocol error.
    pub fn await_final(
        &mut self,
        id: &str,
        deadline: Option<Instant>,
        waiting_for: &str,
    ) -> Result<(EngineMessage, Vec<EngineMessage>), EngineFailure> {
        self.await_answer(id, deadline, waiting_for, false)
    }

    /// [`EngineProcess::await_final`]; for a move request (`go`), an `option`
    /// message about it is a protocol error (options are about `hello` only).
    fn await_answer(
        &mut self,
        id: &str,
        deadline: Option<Instant>,
        waiting_for: &str,
        go: bool,
    ) -> Result<(EngineMessage, Vec<EngineMessage>), EngineFailure> {
        let mut before = Vec::new();
        loop {
            let message = self.next_message(deadline, waiting_for)?;
            if message.id() == id {
                if message.is_final() {
                    return Ok((message, before));
                }
                if go && matches!(message, EngineMessage::Option { .. }) {
                    return Err(self.fail(EngineFailure::ProtocolError {
                        message: format!(
                            "option message about request `{id}`, a move request: options are sent only in answer to hello"
                        ),
                    }));
                }
                if before.len() < 1000 {
                    before.push(message);
                }
                continue;
            }
            let sent = message
                .id()
                .parse::<u64>()
                .is_ok_and(|n| n >= 1 && n < self.next_id);
            let later = match (message.id().parse::<u64>(), id.parse::<u64>()) {
                (Ok(theirs), Ok(ours)) => theirs > ours,
                _ => false,
            };
            let problem = if !sent {
                Some(match &message {
                    EngineMessage::Error { reason, .. } if message.id() == "-" => {
                        format!("engine could not read a request: {reason}")
                    }
                    _ => format!(
                        "message about request `{}`, which was never sent, while waiting for `{id}`",
                        message.id()
                    ),
                })
            } else if later && message.is_final() {
                Some(format!(
                    "engine answered request `{}` before request `{id}`; answers must come in the order of the requests",
                    message.id()
                ))
            } else {
                // About an earlier request (a late reply): skipped.
                None
            };
            if let Some(message) = problem {
                return Err(self.fail(EngineFailure::ProtocolError { message }));
            }
        }
    }

    /// Closes the engine's input (it should then exit).
    pub fn close_input(&mut self) {
        self.to_engine = None;
    }

    /// Waits until `deadline` for the engine to exit; how it ended, if it did.
    pub fn wait_exit_until(&mut self, deadline: Instant) -> Option<Exit> {
        self.wait_exit(deadline)
    }

    /// Kills the engine and every process of its process group (if still running)
    /// and reaps it. An in-process engine cannot be killed: its input is closed and
    /// its thread left to finish.
    pub fn kill(&mut self) {
        self.to_engine = None;
        match &mut self.peer {
            Peer::Process(leader) => leader.kill(),
            Peer::Thread(handle) => {
                if handle.as_ref().is_some_and(|h| h.is_finished()) {
                    let _ = handle.take().map(JoinHandle::join);
                }
            }
        }
    }

    /// Records a failure; kills the engine if the failure is fatal.
    fn fail(&mut self, failure: EngineFailure) -> EngineFailure {
        if failure.is_fatal() {
            self.kill();
            self.failed = Some(failure.clone());
        }
        failure
    }

    /// The engine's output ended, or the engine exited: crashed, or disconnected.
    fn ended(&mut self) -> EngineFailure {
        let exit = match self.exited.clone() {
            Some(exit) => Some(exit),
            None => self.wait_exit(Instant::now() + Duration::from_millis(500)),
        };
        match exit {
            Some(Exit::Failure(status)) => EngineFailure::Crashed {
                status,
                stderr: self.stderr_text(),
            },
            _ => EngineFailure::Disconnected,
        }
    }

    fn wait_exit(&mut self, deadline: Instant) -> Option<Exit> {
        loop {
            let exit = match &mut self.peer {
                // Once the leader has exited, the rest of its group is killed.
                Peer::Process(leader) => leader.try_exit(),
                Peer::Thread(handle) => match handle {
                    None => Some(Exit::Success),
                    Some(h) if h.is_finished() => match handle.take().map(JoinHandle::join) {
                        Some(Err(_)) => Some(Exit::Failure("panicked".to_owned())),
                        _ => Some(Exit::Success),
                    },
                    Some(_) => None,
                },
            };
            if exit.is_some() || Instant::now() >= deadline {
                return exit;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    fn stderr_text(&self) -> String {
        // Give the stderr thread a moment to collect the last words.
        std::thread::sleep(Duration::from_millis(20));
        let tail = self.stderr_tail.lock().unwrap_or_else(|e| e.into_inner());
        let bytes: Vec<u8> = tail.iter().copied().collect();
        String::from_utf8_lossy(&bytes).into_owned()
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        self.kill();
    }
}

/// Parses and checks an engine's move in `position`.
fn check_move(position: &Position, text: &str) -> Result<Move, EngineFailure> {
    let illegal = |reason: String| EngineFailure::IllegalMove {
        text: truncate(text, 200),
        reason,
    };
    // `pass` is no move, but it is refused as the referee refuses it in a
    // record (R2), not as text that does not read.
    if IllegalMove::is_pass(text) {
        return Err(illegal(IllegalMove::pass().to_string()));
    }
    let mv = text
        .parse::<Move>()
        .map_err(|e| illegal(format!("not a move: {e}")))?;
    match position.play(&mv) {
        Ok(_) => Ok(mv),
        Err(e) => Err(illegal(e.to_string())),
    }
}

/// Why `line` is not a message in `framing`: the decoder's reason and, for a
/// line in the other framing, the framing the engine seems to speak.
fn garbage_reason(framing: Framing, line: &str, error: &impl std::fmt::Display) -> String {
    match (framing, Framing::detect(line)) {
        (Framing::Text, Framing::Json) => {
            format!("{error}; the line is JSON: the engine may speak only JSON lines")
        }
        (Framing::Json, Framing::Text) => {
            format!("{error}; the line is text: the engine may speak only text lines")
        }
        _ => error.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The reason of an engine's move that `check_move` refuses.
    fn refusal(text: &str) -> String {
        let start = Position::standard(2).unwrap();
        match check_move(&start, text) {
            Err(EngineFailure::IllegalMove { reason, .. }) => reason,
            other => panic!("{text}: {other:?}"),
        }
    }

    #[test]
    fn an_engine_that_passes_is_refused_under_r2_as_the_referee_refuses_pass() {
        for text in ["pass", "PASS", "Pass"] {
            assert_eq!(refusal(text), IllegalMove::pass().to_string());
        }
        assert!(refusal("pass").starts_with("R2: a player who can move must move"));
        // Text that is no move is still reported as such.
        assert!(refusal("passe").starts_with("not a move: "));
        assert!(refusal("e1-e9").starts_with("R5: "));
    }
}

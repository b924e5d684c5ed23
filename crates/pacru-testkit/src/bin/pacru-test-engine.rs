//! An engine program for the tests of referees, matches and tournaments: a
//! built-in engine behind one of the SDK's run loops, or an engine that misbehaves
//! in a chosen way. No command-line library: a few fixed forms.
//!
//! - `pacru-test-engine random|greedy [SEED] [--threaded]`: the built-in engine
//!   with seed SEED (default 0), run like `pacru engine random` (the blocking run
//!   loop over a locked standard input), or with `--threaded` through the
//!   threaded run loop.
//! - `pacru-test-engine MODE[:N] [MARK...]`: an engine that handshakes correctly
//!   (text or JSON framing, as the first request is framed) and plays legal random
//!   moves, except where its mode says otherwise. Arguments after the mode are
//!   ignored (tests mark the processes they start with them) and passed on to the
//!   helper process of `fork`, `escape` and `exit1`.
//!
//! Modes that misbehave on a move request, from the N-th one on (default 1):
//! `crash` (exits with status 3, saying so on standard error), `abort` (killed by
//! a signal), `exit0` (exits normally without answering), `exit1` (starts a helper
//! at once, then exits with status 1 instead of answering: its output stays open
//! through the helper), `hang` (never answers), `slow` (answers after twice the
//! move limit, or 1 s), `garbage` (a line that is no message), `binary` (bytes
//! that are not UTF-8), `illegal` (a move that reads but is illegal), `notamove`
//! (text that is no move), `refuse` (a failure reply), `resign` (resigns),
//! `flood` (endless `info` lines), `longline` (a line of 1 MiB), `endless` (a
//! line that never ends: bytes without a line break until the output is closed),
//! `optiongo` (an `option` message about the move request, then a legal
//! move), `wrongid`
//! (answers with an id never sent), `reorder` (holds its move until the next
//! request, and answers that one first), `closein` (closes its standard input,
//! answers with a legal move and hangs, its output open: the next request cannot
//! be written).
//!
//! Modes that always play legal moves, thinking N milliseconds on each (default
//! 0): `good` (never misbehaves), `fork` (starts a helper that holds its standard
//! output and never ends by itself), `escape` (leaves a helper behind as a daemon
//! does: a first helper starts a second and exits at once, and the second leaves
//! the engine's process group and session with `setsid`, with no output, and never
//! ends by itself), `noquit` (answers `quit` but never exits by
//! itself, not even at the end of its input), `mute` (answers `hello` and `go`
//! only: every other request gets no answer), `lenient` (accepts what it must
//! refuse: answers `go` in finished games and with illegal histories, and unknown
//! or malformed requests with `=`), `silent` (answers nothing, not even `hello`),
//! `noname` (answers `hello` with an empty name, `name=""`), `blind` (plays
//! under the 2004 rules whatever the request's `rules` says), `noresign`
//! (refuses a history that holds a `resign`, as an engine whose move reader
//! knows only moves on the board does), `longinfo` (sends an `info` of 100 KiB
//! before each move, more than the 64 KiB line the referee reads).
//!
//! `linger` is the helper of `fork` and `exit1`: it reads nothing, answers nothing
//! and sleeps until it is killed. `detach` and `stray` are the helpers of
//! `escape`: `detach` starts `stray` and exits; `stray` starts a session of its
//! own (`setsid`, so it is in no process group the referee knows), then sleeps
//! until it is killed.

use pacru_core::{Move, Position};
use pacru_protocol::engines::{
    GreedyEngine, RandomEngine, Rng, random_move, run_greedy, run_random,
};
use pacru_protocol::{
    EngineId, EngineMessage, Framing, Go, Info, Reply, Request, RequestBody, run_engine,
};
use std::io::{self, BufRead, BufReader, Write};
use std::process::ExitCode;
use std::time::Duration;

const USAGE: &str = "usage: pacru-test-engine random|greedy [SEED] [--threaded]\n       \
                     pacru-test-engine MODE[:N] [MARK...] (modes: see the source)";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(first) = args.first() else {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    };
    match first.as_str() {
        "random" => builtin(false, &args[1..]),
        "greedy" => builtin(true, &args[1..]),
        "linger" => sleep_forever(),
        "detach" => {
            start_helper(Helper::Stray);
            ExitCode::SUCCESS
        }
        "stray" => stray(),
        word => match Mode::parse(word) {
            Ok(mode) => {
                mode.play(word);
                ExitCode::SUCCESS
            }
            Err(message) => {
                eprintln!("pacru-test-engine: {message}\n{USAGE}");
                ExitCode::from(2)
            }
        },
    }
}

/// `random|greedy [SEED] [--threaded]`: the greedy engine if `greedy`, else the
/// random one; `args` are the words after the engine's name.
fn builtin(greedy: bool, args: &[String]) -> ExitCode {
    let threaded = args.iter().any(|a| a == "--threaded");
    let words: Vec<&String> = args.iter().filter(|a| !a.starts_with("--")).collect();
    let seed = match words.first().map(|s| s.parse::<u64>()) {
        None => 0,
        Some(Ok(seed)) => seed,
        Some(Err(_)) => {
            eprintln!("pacru-test-engine: the seed must be a whole number\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let result = match (greedy, threaded) {
        (false, false) => run_random(seed, io::stdin().lock(), io::stdout().lock()),
        (true, false) => run_greedy(seed, io::stdin().lock(), io::stdout().lock()),
        (false, true) => run_engine(
            RandomEngine::new(seed),
            BufReader::new(io::stdin()),
            io::stdout(),
        ),
        (true, true) => run_engine(
            GreedyEngine { seed },
            BufReader::new(io::stdin()),
            io::stdout(),
        ),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("pacru-test-engine: {e}");
            ExitCode::FAILURE
        }
    }
}

/// A misbehaviour on a move request.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Fault {
    Crash,
    Abort,
    Exit0,
    Exit1,
    Hang,
    Slow,
    Garbage,
    Binary,
    Illegal,
    NotAMove,
    Refuse,
    Resign,
    Flood,
    LongLine,
    EndlessLine,
    OptionInGo,
    WrongId,
    Reorder,
    CloseInput,
}

/// How an engine that plays legal moves takes part in the conversation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Manner {
    Good,
    Fork,
    Escape,
    NoQuit,
    Mute,
    Lenient,
    Silent,
    NoName,
    Blind,
    NoResign,
    LongInfo,
}

/// What the engine does, read from `MODE[:N]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    /// Plays legal moves until move request number `from` (1 for the first), then
    /// answers it with `fault`.
    Breaks { fault: Fault, from: u64 },
    /// Plays legal moves, each after `think`, in this manner.
    Talks { manner: Manner, think: Duration },
}

impl Mode {
    /// Reads `MODE[:N]`.
    fn parse(word: &str) -> Result<Mode, String> {
        let (name, number) = match word.split_once(':') {
            Some((name, n)) => (
                name,
                Some(
                    n.parse::<u64>()
                        .map_err(|_| format!("`{n}` in `{word}` is not a whole number"))?,
                ),
            ),
            None => (word, None),
        };
        let fault = match name {
            "crash" => Fault::Crash,
            "abort" => Fault::Abort,
            "exit0" => Fault::Exit0,
            "exit1" => Fault::Exit1,
            "hang" => Fault::Hang,
            "slow" => Fault::Slow,
            "garbage" => Fault::Garbage,
            "binary" => Fault::Binary,
            "illegal" => Fault::Illegal,
            "notamove" => Fault::NotAMove,
            "refuse" => Fault::Refuse,
            "resign" => Fault::Resign,
            "flood" => Fault::Flood,
            "longline" => Fault::LongLine,
            "endless" => Fault::EndlessLine,
            "optiongo" => Fault::OptionInGo,
            "wrongid" => Fault::WrongId,
            "reorder" => Fault::Reorder,
            "closein" => Fault::CloseInput,
            _ => {
                let manner = match name {
                    "good" => Manner::Good,
                    "fork" => Manner::Fork,
                    "escape" => Manner::Escape,
                    "noquit" => Manner::NoQuit,
                    "mute" => Manner::Mute,
                    "lenient" => Manner::Lenient,
                    "silent" => Manner::Silent,
                    "noname" => Manner::NoName,
                    "blind" => Manner::Blind,
                    "noresign" => Manner::NoResign,
                    "longinfo" => Manner::LongInfo,
                    _ => return Err(format!("unknown mode `{name}`")),
                };
                let think = Duration::from_millis(number.unwrap_or(0));
                return Ok(Mode::Talks { manner, think });
            }
        };
        Ok(Mode::Breaks {
            fault,
            from: number.unwrap_or(1),
        })
    }

    /// Whether the engine plays legal moves in `manner`.
    fn is(self, manner: Manner) -> bool {
        matches!(self, Mode::Talks { manner: m, .. } if m == manner)
    }

    /// Answers requests from standard input until its end, a `quit`, or a fault
    /// ends the process.
    fn play(self, label: &str) {
        let exits_with_helper = matches!(
            self,
            Mode::Breaks {
                fault: Fault::Exit1,
                ..
            }
        );
        if self.is(Manner::Fork) || exits_with_helper {
            start_helper(Helper::Linger);
        }
        if self.is(Manner::Escape) {
            start_helper(Helper::Detach);
        }
        let mut out = io::stdout().lock();
        let mut framing = None;
        let mut gos = 0u64;
        let mut held: Option<EngineMessage> = None;
        for line in io::stdin().lock().lines() {
            let Ok(line) = line else { break };
            if line.trim().is_empty() || self.is(Manner::Silent) {
                continue;
            }
            let framing = *framing.get_or_insert_with(|| Framing::detect(&line));
            let request = match Request::decode(framing, &line) {
                Ok(request) => request,
                Err(e) => {
                    let id = pacru_protocol::wire::salvage_id(framing, &line);
                    let answer = if self.is(Manner::Mute) {
                        continue;
                    } else if self.is(Manner::Lenient) {
                        EngineMessage::Ok {
                            id,
                            reply: Reply::Done,
                        }
                    } else {
                        EngineMessage::Error {
                            id,
                            reason: e.to_string(),
                        }
                    };
                    send(&mut out, framing, &answer);
                    continue;
                }
            };
            let id = request.id;
            let ok = |reply| EngineMessage::Ok {
                id: id.clone(),
                reply,
            };
            match request.body {
                RequestBody::Hello(_) => send(
                    &mut out,
                    framing,
                    &ok(Reply::Hello(EngineId {
                        protocol: 1,
                        name: if self.is(Manner::NoName) {
                            String::new()
                        } else {
                            format!("test engine ({label})")
                        },
                        author: "pacru tests".to_owned(),
                        version: "0".to_owned(),
                    })),
                ),
                RequestBody::Go(mut go) => {
                    gos += 1;
                    if self.is(Manner::Blind) {
                        go.setup.rules = pacru_core::RulesEdition::Pacru2004;
                    }
                    if self.is(Manner::LongInfo) {
                        let info = Info {
                            text: Some("x".repeat(100 * 1024)),
                            ..Info::default()
                        };
                        let message = EngineMessage::Info {
                            id: id.clone(),
                            info,
                        };
                        send(&mut out, framing, &message);
                    }
                    let position = go.setup.replay(&go.moves).ok().filter(|_| {
                        !(self.is(Manner::NoResign) && go.moves.contains(&Move::Resign))
                    });
                    let legal = position
                        .as_ref()
                        .and_then(|p| random_move(p, &mut Rng::for_position(gos, p)))
                        .map(|m| m.to_string());
                    let answer = match self {
                        Mode::Breaks { fault, from } if gos >= from => {
                            misbehave(fault, &mut out, &id, &go, position, legal)
                        }
                        Mode::Breaks { .. } => Answer::Send(legal_answer(&id, legal, false)),
                        Mode::Talks { manner, think } => {
                            if !think.is_zero() {
                                std::thread::sleep(think);
                            }
                            Answer::Send(legal_answer(&id, legal, manner == Manner::Lenient))
                        }
                    };
                    match answer {
                        Answer::Send(message) => send(&mut out, framing, &message),
                        Answer::Hold(message) => held = Some(message),
                        Answer::SendThenHang(message) => {
                            send(&mut out, framing, &message);
                            sleep_forever();
                        }
                        Answer::Done => {}
                        Answer::OutputClosed => return,
                    }
                }
                RequestBody::Quit => {
                    if self.is(Manner::Mute) {
                        continue;
                    }
                    send(&mut out, framing, &ok(Reply::Done));
                    if self.is(Manner::NoQuit) {
                        sleep_forever();
                    }
                    return;
                }
                RequestBody::SetOption(_) | RequestBody::Stop | RequestBody::Ping => {
                    if !self.is(Manner::Mute) {
                        send(&mut out, framing, &ok(Reply::Done));
                    }
                    if let Some(message) = held.take() {
                        send(&mut out, framing, &message);
                    }
                }
            }
        }
        if self.is(Manner::NoQuit) {
            sleep_forever();
        }
    }
}

/// The answer to move request `id` of an engine that plays `legal`: the move, or
/// when there is none (a finished game, an illegal history) a failure reply, or
/// from a `lenient` engine a move all the same.
fn legal_answer(id: &str, legal: Option<String>, lenient: bool) -> EngineMessage {
    match legal {
        Some(text) => EngineMessage::Ok {
            id: id.to_owned(),
            reply: Reply::Move(text),
        },
        None if lenient => EngineMessage::Ok {
            id: id.to_owned(),
            reply: Reply::Move("e1-e2".into()),
        },
        None => EngineMessage::Error {
            id: id.to_owned(),
            reason: "no move here".into(),
        },
    }
}

/// What a misbehaving answer to a move request leaves to do.
enum Answer {
    /// Send this message now.
    Send(EngineMessage),
    /// Keep this message for after the next request's answer.
    Hold(EngineMessage),
    /// Send this message now, then hang.
    SendThenHang(EngineMessage),
    /// Nothing more (it was written already).
    Done,
    /// The referee closed the output: end.
    OutputClosed,
}

/// The wrong answer of `fault` to the move request `id` (or the end of the
/// process). `legal` is a legal move in `position`, when there is one.
fn misbehave(
    fault: Fault,
    out: &mut impl Write,
    id: &str,
    go: &Go,
    position: Option<Position>,
    legal: Option<String>,
) -> Answer {
    let ok = |reply| {
        Answer::Send(EngineMessage::Ok {
            id: id.to_owned(),
            reply,
        })
    };
    match fault {
        Fault::Crash => {
            eprintln!("test engine: crashing on purpose");
            std::process::exit(3);
        }
        Fault::Abort => std::process::abort(),
        Fault::Exit0 => std::process::exit(0),
        Fault::Exit1 => std::process::exit(1),
        Fault::Hang => sleep_forever(),
        Fault::Slow => {
            let limit = go.clocks.move_time.unwrap_or(Duration::from_millis(500));
            std::thread::sleep((limit * 2).max(Duration::from_millis(300)));
            match legal {
                Some(text) => ok(Reply::Move(text)),
                None => Answer::Done,
            }
        }
        Fault::Garbage => write_raw(out, b"I think e1-e2 is a fine move\n"),
        Fault::Binary => write_raw(out, b"= 1 move=\xff\xfe\n"),
        Fault::Illegal => ok(Reply::Move(illegal_move(position))),
        Fault::NotAMove => ok(Reply::Move("z9-q0(".into())),
        Fault::Refuse => Answer::Send(EngineMessage::Error {
            id: id.to_owned(),
            reason: "I refuse on purpose".into(),
        }),
        Fault::Resign => ok(Reply::Move(Move::Resign.to_string())),
        Fault::Flood => loop {
            let line = format!("info {id} text=\"{}\"\n", "flood ".repeat(100));
            if out.write_all(line.as_bytes()).is_err() {
                return Answer::OutputClosed;
            }
        },
        Fault::LongLine => {
            let mut line = format!("info {id} text=").into_bytes();
            line.resize(line.len() + 16 * 64 * 1024, b'x');
            line.push(b'\n');
            write_raw(out, &line)
        }
        Fault::EndlessLine => {
            if matches!(
                write_raw(out, format!("info {id} text=").as_bytes()),
                Answer::OutputClosed
            ) {
                return Answer::OutputClosed;
            }
            let chunk = [b'x'; 4096];
            loop {
                if out.write_all(&chunk).is_err() {
                    return Answer::OutputClosed;
                }
            }
        }
        Fault::OptionInGo => {
            let option = EngineMessage::Option {
                id: id.to_owned(),
                spec: pacru_protocol::OptionSpec {
                    name: "Late".to_owned(),
                    kind: pacru_protocol::OptionKind::Check { default: true },
                },
            };
            match option.encode(Framing::Text) {
                Ok(line) => {
                    if matches!(
                        write_raw(out, format!("{line}\n").as_bytes()),
                        Answer::OutputClosed
                    ) {
                        return Answer::OutputClosed;
                    }
                }
                Err(e) => eprintln!("pacru-test-engine: cannot write a message: {e}"),
            }
            ok(Reply::Move(legal.unwrap_or_default()))
        }
        Fault::WrongId => Answer::Send(EngineMessage::Ok {
            id: "999999".into(),
            reply: Reply::Move(legal.unwrap_or_default()),
        }),
        Fault::Reorder => Answer::Hold(EngineMessage::Ok {
            id: id.to_owned(),
            reply: Reply::Move(legal.unwrap_or_default()),
        }),
        Fault::CloseInput => {
            // Closed before the answer, so that the next request finds it closed.
            close_stdin();
            Answer::SendThenHang(EngineMessage::Ok {
                id: id.to_owned(),
                reply: Reply::Move(legal.unwrap_or_default()),
            })
        }
    }
}

/// Writes `bytes` as they are.
fn write_raw(out: &mut impl Write, bytes: &[u8]) -> Answer {
    match out.write_all(bytes).and_then(|()| out.flush()) {
        Ok(()) => Answer::Done,
        Err(_) => Answer::OutputClosed,
    }
}

/// Writes one message as a line.
fn send(out: &mut impl Write, framing: Framing, message: &EngineMessage) {
    match message.encode(framing) {
        Ok(line) => {
            let _ = writeln!(out, "{line}");
        }
        Err(e) => eprintln!("pacru-test-engine: cannot write a message: {e}"),
    }
    let _ = out.flush();
}

/// Closes standard input: puts `/dev/null` in its place, so that the pipe from
/// the referee has no reader left.
fn close_stdin() {
    #[cfg(unix)]
    {
        let null = rustix::fs::open(
            "/dev/null",
            rustix::fs::OFlags::RDONLY | rustix::fs::OFlags::CLOEXEC,
            rustix::fs::Mode::empty(),
        );
        if let Err(e) = null.and_then(rustix::stdio::dup2_stdin) {
            eprintln!("pacru-test-engine: cannot close standard input: {e}");
            std::process::exit(2);
        }
    }
}

/// Sleeps until the process is killed.
fn sleep_forever() -> ! {
    loop {
        std::thread::sleep(Duration::from_secs(3600));
    }
}

/// The helper process an engine starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Helper {
    /// `linger`: shares the engine's standard output and process group.
    Linger,
    /// `detach`: starts `stray` and exits, with no output.
    Detach,
    /// `stray`: leaves the engine's process group and session, with no output.
    Stray,
}

/// Starts `pacru-test-engine linger`, `detach` or `stray` with this process's
/// marking arguments; `linger` shares this process's standard output (so the output stays
/// open while the helper lives). Left running on purpose: ending it is the
/// referee's job.
#[allow(clippy::zombie_processes)]
fn start_helper(helper: Helper) {
    let marks = std::env::args().skip(2);
    let started = std::env::current_exe().and_then(|exe| {
        let mut command = std::process::Command::new(exe);
        match helper {
            Helper::Linger => command.arg("linger"),
            Helper::Detach | Helper::Stray => command
                .arg(if helper == Helper::Detach {
                    "detach"
                } else {
                    "stray"
                })
                .stdout(std::process::Stdio::null())
                .stderr(std::process::Stdio::null()),
        };
        command.args(marks).stdin(std::process::Stdio::null());
        command.spawn()
    });
    if let Err(e) = started {
        eprintln!("pacru-test-engine: cannot start the helper: {e}");
        std::process::exit(2);
    }
}

/// `stray`: leaves the process group and session of the engine that started it,
/// then sleeps until it is killed.
fn stray() -> ExitCode {
    #[cfg(unix)]
    if let Err(e) = rustix::process::setsid() {
        eprintln!("pacru-test-engine: setsid: {e}");
        return ExitCode::from(2);
    }
    sleep_forever()
}

/// A move that reads but is illegal in `position`: a movement of one of the
/// mover's chevrons onto a field a chevron stands on, checked to be illegal.
fn illegal_move(position: Option<Position>) -> String {
    const FALLBACK: &str = "e5-e6";
    let Some(position) = position else {
        return FALLBACK.to_owned();
    };
    for from in position.chevrons_of(position.to_move()) {
        for to in position.occupied() {
            let text = format!("{from}-{to}");
            if from != to
                && let Ok(mv) = text.parse::<Move>()
                && position.play(&mv).is_err()
            {
                return text;
            }
        }
    }
    FALLBACK.to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn modes_and_their_numbers() {
        assert_eq!(
            Mode::parse("crash"),
            Ok(Mode::Breaks {
                fault: Fault::Crash,
                from: 1
            })
        );
        assert_eq!(
            Mode::parse("illegal:3"),
            Ok(Mode::Breaks {
                fault: Fault::Illegal,
                from: 3
            })
        );
        assert_eq!(
            Mode::parse("good"),
            Ok(Mode::Talks {
                manner: Manner::Good,
                think: Duration::ZERO
            })
        );
        assert_eq!(
            Mode::parse("noquit:20"),
            Ok(Mode::Talks {
                manner: Manner::NoQuit,
                think: Duration::from_millis(20)
            })
        );
        assert!(Mode::parse("noquit:20").unwrap().is(Manner::NoQuit));
        assert!(!Mode::parse("fork").unwrap().is(Manner::NoQuit));
        assert!(
            Mode::parse("sleep:5")
                .unwrap_err()
                .contains("unknown mode `sleep`")
        );
        assert!(
            Mode::parse("crash:x")
                .unwrap_err()
                .contains("not a whole number")
        );
        assert!(Mode::parse("").is_err());
    }
}

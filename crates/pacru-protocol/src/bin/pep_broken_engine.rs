//! A deliberately broken engine for testing referees: it handshakes correctly, then
//! misbehaves on a move request. `pep-broken-engine MODE[:N]` misbehaves from the
//! N-th `go` on (default 1); before that it plays legal random moves.
//!
//! Modes: `good` (never misbehaves), `crash` (exit code 3, with a message on
//! stderr), `abort` (killed by a signal), `exit0` (exits normally without
//! answering), `hang` (never answers), `slow` (answers after twice the move limit, or
//! 1 s), `garbage` (a line that is no message), `binary` (bytes that are not UTF-8),
//! `illegal` (a legal-looking but illegal move), `notamove` (text that is no move),
//! `refuse` (a failure reply), `flood` (endless `info` lines), `longline` (a line of
//! 1 MiB), `wrongid` (answers with an id never sent), `noquit` (answers `quit` but
//! keeps running), `reorder` (holds its move until the next request, and answers
//! that one first), `silent` (answers nothing, not even `hello`), `mute` (answers
//! `hello` and `go` only; everything else gets no answer), `lenient` (answers `go`
//! in finished games and with illegal histories, and unknown commands with `=`),
//! `fork` (starts a helper process that holds its standard output and never ends
//! by itself, then behaves like `good`), `exit1` (starts such a helper, then exits
//! with status 1 instead of answering: its output stays open through the helper),
//! `linger` (the helper: reads nothing, answers nothing, sleeps until killed).
//!
//! Arguments after the mode are ignored (tests use them to mark the processes they
//! start, and pass them on to the helper).

use pacru_core::{Move, Position};
use pacru_protocol::engines::{Rng, random_move};
use pacru_protocol::{EngineMessage, Framing, Reply, Request, RequestBody};
use std::io::{self, BufRead, Write};
use std::time::Duration;

fn send(out: &mut impl Write, framing: Framing, message: EngineMessage) {
    match message.encode(framing) {
        Ok(line) => {
            let _ = writeln!(out, "{line}");
        }
        Err(e) => eprintln!("pep-broken-engine: cannot write a message: {e}"),
    }
    let _ = out.flush();
}

fn main() {
    let arg = std::env::args().nth(1).unwrap_or_else(|| "good".to_owned());
    let (mode, from) = match arg.split_once(':') {
        Some((mode, n)) => (mode.to_owned(), n.parse::<usize>().unwrap_or(1)),
        None => (arg.clone(), 1),
    };
    if mode == "linger" {
        loop {
            std::thread::sleep(Duration::from_secs(3600));
        }
    }
    if matches!(mode.as_str(), "fork" | "exit1") {
        start_helper();
    }
    let stdin = io::stdin();
    let mut out = io::stdout().lock();
    let mut framing = None;
    let mut gos = 0usize;
    let mut held: Option<EngineMessage> = None;
    for line in stdin.lock().lines() {
        let Ok(line) = line else { return };
        if line.trim().is_empty() {
            continue;
        }
        if mode == "silent" {
            continue;
        }
        let framing = *framing.get_or_insert_with(|| Framing::detect(&line));
        let request = match Request::decode(framing, &line) {
            Ok(r) => r,
            Err(e) => {
                if mode == "mute" {
                    continue;
                }
                let id = pacru_protocol::wire::salvage_id(framing, &line);
                if mode == "lenient" {
                    send(
                        &mut out,
                        framing,
                        EngineMessage::Ok {
                            id,
                            reply: Reply::Done,
                        },
                    );
                    continue;
                }
                send(
                    &mut out,
                    framing,
                    EngineMessage::Error {
                        id,
                        reason: e.to_string(),
                    },
                );
                continue;
            }
        };
        let id = request.id.clone();
        let ok = |reply| EngineMessage::Ok {
            id: id.clone(),
            reply,
        };
        match request.body {
            RequestBody::Hello(_) => send(
                &mut out,
                framing,
                ok(Reply::Hello(pacru_protocol::EngineId {
                    protocol: 1,
                    name: format!("broken ({arg})"),
                    author: "pacru tests".to_owned(),
                    version: "0".to_owned(),
                })),
            ),
            RequestBody::Go(go) => {
                gos += 1;
                let misbehave = gos >= from;
                let position = go.setup.replay(&go.moves);
                let legal = position
                    .as_ref()
                    .ok()
                    .and_then(|p: &Position| random_move(p, &mut Rng::for_position(gos as u64, p)));
                let legal_text = legal.as_ref().map(ToString::to_string);
                if !misbehave
                    || matches!(
                        mode.as_str(),
                        "good" | "noquit" | "mute" | "lenient" | "fork"
                    )
                {
                    match legal_text {
                        Some(text) => send(&mut out, framing, ok(Reply::Move(text))),
                        None if mode == "lenient" => {
                            send(&mut out, framing, ok(Reply::Move("e1-e2".into())))
                        }
                        None => send(
                            &mut out,
                            framing,
                            EngineMessage::Error {
                                id: id.clone(),
                                reason: "no move here".into(),
                            },
                        ),
                    }
                    continue;
                }
                let limit = go.clocks.move_time.unwrap_or(Duration::from_millis(500));
                match mode.as_str() {
                    "crash" => {
                        eprintln!("broken engine: crashing on purpose");
                        std::process::exit(3);
                    }
                    "abort" => std::process::abort(),
                    "exit1" => std::process::exit(1),
                    "exit0" => std::process::exit(0),
                    "hang" => loop {
                        std::thread::sleep(Duration::from_secs(3600));
                    },
                    "slow" => {
                        std::thread::sleep((limit * 2).max(Duration::from_millis(300)));
                        if let Some(text) = legal_text {
                            send(&mut out, framing, ok(Reply::Move(text)));
                        }
                    }
                    "garbage" => {
                        let _ = writeln!(out, "I think e1-e2 is a fine move");
                        let _ = out.flush();
                    }
                    "binary" => {
                        let _ = out.write_all(b"= 1 move=\xff\xfe\n");
                        let _ = out.flush();
                    }
                    "illegal" => send(
                        &mut out,
                        framing,
                        ok(Reply::Move(illegal_move(position.ok()))),
                    ),
                    "notamove" => send(&mut out, framing, ok(Reply::Move("z9-q0(".into()))),
                    "refuse" => send(
                        &mut out,
                        framing,
                        EngineMessage::Error {
                            id: id.clone(),
                            reason: "I refuse on purpose".into(),
                        },
                    ),
                    "flood" => loop {
                        let line = format!("info {id} text=\"{}\"\n", "flood ".repeat(100));
                        if out.write_all(line.as_bytes()).is_err() {
                            return;
                        }
                    },
                    "longline" => {
                        let _ = out.write_all(format!("info {id} text=").as_bytes());
                        let chunk = vec![b'x'; 64 * 1024];
                        for _ in 0..16 {
                            if out.write_all(&chunk).is_err() {
                                return;
                            }
                        }
                        let _ = out.write_all(b"\n");
                        let _ = out.flush();
                    }
                    "reorder" => {
                        held = Some(EngineMessage::Ok {
                            id: id.clone(),
                            reply: Reply::Move(legal_text.unwrap_or_default()),
                        });
                    }
                    "wrongid" => send(
                        &mut out,
                        framing,
                        EngineMessage::Ok {
                            id: "999999".into(),
                            reply: Reply::Move(legal_text.unwrap_or_default()),
                        },
                    ),
                    other => {
                        eprintln!("broken engine: unknown mode {other}");
                        std::process::exit(2);
                    }
                }
            }
            RequestBody::Quit => {
                if mode == "mute" {
                    continue;
                }
                send(&mut out, framing, ok(Reply::Done));
                if mode == "noquit" {
                    loop {
                        std::thread::sleep(Duration::from_secs(3600));
                    }
                }
                return;
            }
            RequestBody::SetOption(_) | RequestBody::Stop | RequestBody::Ping => {
                if mode != "mute" {
                    send(&mut out, framing, ok(Reply::Done));
                }
                if let Some(message) = held.take() {
                    send(&mut out, framing, message);
                }
            }
        }
    }
}

/// Starts `pep-broken-engine linger` with the same marking arguments, sharing this
/// process's standard output (so the output stays open while the helper lives).
/// The helper is left running on purpose: ending it is the referee's job.
#[allow(clippy::zombie_processes)]
fn start_helper() {
    let marks = std::env::args().skip(2);
    let started = std::env::current_exe().and_then(|exe| {
        std::process::Command::new(exe)
            .arg("linger")
            .args(marks)
            .stdin(std::process::Stdio::null())
            .spawn()
    });
    if let Err(e) = started {
        eprintln!("broken engine: cannot start the helper: {e}");
        std::process::exit(2);
    }
}

/// A move that parses but is illegal in `position`: a step onto an occupied field,
/// or a plain step where it would be illegal.
fn illegal_move(position: Option<Position>) -> String {
    let Some(position) = position else {
        return "e5-e6".to_owned();
    };
    for from in position.chevrons_of(position.to_move()) {
        for to in position.occupied() {
            if from != to {
                let mv = Move::Movement(pacru_core::Movement {
                    from,
                    to,
                    pincer: false,
                    items: pacru_core::Items::NONE,
                });
                if position.play(&mv).is_err() {
                    return mv.to_string();
                }
            }
        }
    }
    "e5-e6".to_owned()
}

//! A helper program for the arena's tests, which run it as a child process, kill it
//! and resume it. No command-line library: a few fixed forms.
//!
//! - `pacru-arena-runner event CONFIG.json OUT [-j N] [--forfeit-unstartable]`
//!   runs the event defined by the JSON file (an `EventConfig`) in directory OUT;
//!   `pacru-arena-runner event --resume OUT [CONFIG.json] [-j N]` continues it.
//!   Exit status 0 when complete, 2 on an error (printed on standard error).
//! - `pacru-arena-runner engine random|greedy --seed N`: a built-in engine.
//! - `pacru-arena-runner broken MODE[:N] [MARK...]`: an engine that plays random
//!   legal moves, then misbehaves from its N-th move request on (default 1).
//!   Arguments after the mode are ignored (tests mark processes with them) and
//!   passed on to helper processes.
//!
//! Broken modes: `crash` (exit status 3), `exit0` (exits without answering),
//! `hang` (never answers), `slow` (answers after twice the move limit), `illegal`
//! (an illegal move), `garbage` (a line that is no message), `refuse` (a failure
//! reply), `resign` (resigns), `silent` (never answers, not even the handshake);
//! `sleep:MS` never misbehaves but thinks MS milliseconds a move; `fork` starts a
//! helper that holds its standard output and never ends by itself, then plays like
//! `sleep:N` (N ms a move, default 1); `noquit` plays like `sleep:N` but ignores
//! `quit` and the end of its input, sleeping until killed; `exit1` starts such a
//! helper, then exits with status 1 instead of answering (its output stays open
//! through the helper); `linger` is the helper (sleeps until killed).

use pacru_arena::{EventConfig, EventOptions, run_event};
use pacru_core::Move;
use pacru_protocol::engines::{Rng, random_move, run_greedy, run_random};
use pacru_protocol::{EngineId, EngineMessage, Framing, Reply, Request, RequestBody};
use std::io::{self, BufRead, Write};
use std::process::ExitCode;
use std::time::Duration;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("event") => event(&args[1..]),
        Some("engine") => {
            let seed = match args.get(2).map(String::as_str) {
                Some("--seed") => args.get(3).and_then(|s| s.parse().ok()).unwrap_or(0),
                _ => 0,
            };
            let (input, output) = (io::stdin().lock(), io::stdout().lock());
            let r = match args.get(1).map(String::as_str) {
                Some("random") => run_random(seed, input, output),
                Some("greedy") => run_greedy(seed, input, output),
                _ => {
                    eprintln!("unknown engine");
                    return ExitCode::from(2);
                }
            };
            if r.is_ok() {
                ExitCode::SUCCESS
            } else {
                ExitCode::FAILURE
            }
        }
        Some("broken") => {
            broken(args.get(1).map_or("good", String::as_str));
            ExitCode::SUCCESS
        }
        _ => {
            eprintln!("usage: pacru-arena-runner event|engine|broken ...");
            ExitCode::from(2)
        }
    }
}

/// `event [--resume] [CONFIG.json] OUT [-j N] [--forfeit-unstartable]`.
fn event(args: &[String]) -> ExitCode {
    let mut options = EventOptions::new("");
    let mut paths = Vec::new();
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--resume" => options.resume = true,
            "--forfeit-unstartable" => options.forfeit_unstartable = true,
            "-j" => options.concurrency = it.next().and_then(|n| n.parse().ok()).unwrap_or(1),
            path => paths.push(path.to_owned()),
        }
    }
    let (config, out) = match paths.as_slice() {
        [out] if options.resume => (None, out),
        [config, out] => match std::fs::read_to_string(config)
            .map_err(|e| e.to_string())
            .and_then(|text| serde_json::from_str::<EventConfig>(&text).map_err(|e| e.to_string()))
        {
            Ok(config) => (Some(config), out),
            Err(e) => {
                eprintln!("pacru-arena-runner: {config}: {e}");
                return ExitCode::from(2);
            }
        },
        _ => {
            eprintln!("usage: pacru-arena-runner event [--resume] [CONFIG.json] OUT");
            return ExitCode::from(2);
        }
    };
    options.out = out.into();
    match run_event(config, &options) {
        Ok(report) if report.complete && report.records_not_ok.is_empty() => ExitCode::SUCCESS,
        Ok(_) => ExitCode::FAILURE,
        Err(e) => {
            let mut message = e.to_string();
            let mut source = std::error::Error::source(&e);
            while let Some(s) = source {
                message.push_str(&format!(": {s}"));
                source = s.source();
            }
            eprintln!("pacru-arena-runner: error: {message}");
            ExitCode::from(2)
        }
    }
}

fn send(out: &mut impl Write, message: &EngineMessage) {
    match message.encode(Framing::Text) {
        Ok(line) => {
            let _ = writeln!(out, "{line}");
        }
        Err(e) => eprintln!("runner: cannot write a message: {e}"),
    }
    let _ = out.flush();
}

/// Sleeps until the process is killed.
fn sleep_forever() -> ! {
    loop {
        std::thread::sleep(Duration::from_secs(3600));
    }
}

/// Starts `pacru-arena-runner broken linger` with this process's marking
/// arguments, sharing its standard output. Left running on purpose: ending it is
/// the referee's job.
#[allow(clippy::zombie_processes)]
fn start_helper() {
    let marks = std::env::args().skip(3);
    let started = std::env::current_exe().and_then(|exe| {
        std::process::Command::new(exe)
            .args(["broken", "linger"])
            .args(marks)
            .stdin(std::process::Stdio::null())
            .spawn()
    });
    if let Err(e) = started {
        eprintln!("broken engine: cannot start the helper: {e}");
        std::process::exit(2);
    }
}

fn broken(arg: &str) {
    let (mode, from) = match arg.split_once(':') {
        Some((m, n)) => (m, n.parse::<usize>().unwrap_or(1)),
        None => (arg, 1),
    };
    match mode {
        "linger" => sleep_forever(),
        "fork" | "exit1" => start_helper(),
        _ => {}
    }
    let mut out = io::stdout().lock();
    let mut gos = 0;
    for line in io::stdin().lock().lines() {
        let Ok(line) = line else { break };
        if line.trim().is_empty() || mode == "silent" {
            continue;
        }
        let Ok(request) = Request::decode(Framing::Text, &line) else {
            continue;
        };
        let id = request.id.clone();
        let ok = |reply| EngineMessage::Ok {
            id: id.clone(),
            reply,
        };
        match request.body {
            RequestBody::Hello(_) => send(
                &mut out,
                &ok(Reply::Hello(EngineId {
                    protocol: 1,
                    name: format!("broken {arg}"),
                    author: "pacru-arena tests".to_owned(),
                    version: "0".to_owned(),
                })),
            ),
            RequestBody::Go(go) => {
                gos += 1;
                let position = go.setup.replay(&go.moves).ok();
                let legal = position
                    .as_ref()
                    .and_then(|p| random_move(p, &mut Rng::for_position(gos as u64, p)));
                let legal_text = legal.map_or_else(|| "resign".to_owned(), |m| m.to_string());
                if matches!(mode, "sleep" | "fork" | "noquit") {
                    // Never misbehaves at the board: thinks for N ms, then plays.
                    std::thread::sleep(Duration::from_millis(from as u64));
                    send(&mut out, &ok(Reply::Move(legal_text)));
                    continue;
                }
                if gos < from {
                    send(&mut out, &ok(Reply::Move(legal_text)));
                    continue;
                }
                match mode {
                    "crash" => {
                        eprintln!("broken engine: crashing on purpose");
                        std::process::exit(3);
                    }
                    "exit0" => std::process::exit(0),
                    "exit1" => std::process::exit(1),
                    "hang" => sleep_forever(),
                    "slow" => {
                        let limit = go.clocks.limit_for(0).unwrap_or(Duration::from_millis(500));
                        std::thread::sleep(limit * 2 + Duration::from_millis(300));
                        send(&mut out, &ok(Reply::Move(legal_text)));
                    }
                    "illegal" => {
                        // A move onto an occupied field: parses, never legal.
                        let text = position
                            .as_ref()
                            .and_then(|p| {
                                let mut chevrons = p.occupied().into_iter();
                                let from = p.chevrons_of(p.to_move()).into_iter().next()?;
                                let to = chevrons.find(|&f| f != from)?;
                                Some(format!("{from}-{to}"))
                            })
                            .unwrap_or_else(|| "e5-e6".to_owned());
                        send(&mut out, &ok(Reply::Move(text)));
                    }
                    "garbage" => {
                        let _ = writeln!(out, "I think e1-e2 is a fine move");
                        let _ = out.flush();
                    }
                    "refuse" => send(
                        &mut out,
                        &EngineMessage::Error {
                            id: id.clone(),
                            reason: "I refuse on purpose".to_owned(),
                        },
                    ),
                    "resign" => send(&mut out, &ok(Reply::Move(Move::Resign.to_string()))),
                    _ => send(&mut out, &ok(Reply::Move(legal_text))),
                }
            }
            RequestBody::Quit => {
                send(&mut out, &ok(Reply::Done));
                if mode == "noquit" {
                    sleep_forever();
                }
                return;
            }
            _ => send(&mut out, &ok(Reply::Done)),
        }
    }
    if mode == "noquit" {
        sleep_forever();
    }
}

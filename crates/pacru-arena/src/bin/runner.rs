//! A stand-in for the `pacru` binary, for the arena's tests (which run it as a
//! child process, kill it and resume it): `pacru-arena-runner match ...` and
//! `pacru-arena-runner tournament ...` take the same arguments as `pacru match` and
//! `pacru tournament`; `pacru-arena-runner engine random|greedy --seed N` is a
//! built-in engine; `pacru-arena-runner broken MODE[:N]` is an engine that plays
//! random legal moves, then misbehaves from its N-th move request on (default 1).
//!
//! Broken modes: `crash` (exit status 3), `exit0` (exits without answering),
//! `hang` (never answers), `slow` (answers after twice the move limit), `illegal`
//! (an illegal move), `garbage` (a line that is no message), `refuse` (a failure
//! reply), `resign` (resigns), `silent` (never answers, not even the handshake);
//! `sleep:MS` never misbehaves but thinks MS milliseconds a move.

use clap::{Parser, Subcommand};
use pacru_arena::{MatchArgs, TournamentArgs, run_match, run_tournament};
use pacru_core::Move;
use pacru_protocol::engines::{Rng, random_move, run_greedy, run_random};
use pacru_protocol::{EngineId, EngineMessage, Framing, Reply, Request, RequestBody};
use std::io::{self, BufRead, Write};
use std::process::ExitCode;
use std::time::Duration;

#[derive(Parser)]
#[command(name = "pacru-arena-runner")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    Match(MatchArgs),
    Tournament(TournamentArgs),
    Engine {
        kind: String,
        #[arg(long, default_value_t = 0)]
        seed: u64,
    },
    Broken {
        mode: String,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Match(args) => run_match(&args),
        Command::Tournament(args) => run_tournament(&args),
        Command::Engine { kind, seed } => {
            let (input, output) = (io::stdin().lock(), io::stdout().lock());
            let r = match kind.as_str() {
                "random" => run_random(seed, input, output),
                "greedy" => run_greedy(seed, input, output),
                _ => {
                    eprintln!("unknown engine {kind}");
                    return ExitCode::from(2);
                }
            };
            return if r.is_ok() {
                ExitCode::SUCCESS
            } else {
                ExitCode::FAILURE
            };
        }
        Command::Broken { mode } => {
            broken(&mode);
            return ExitCode::SUCCESS;
        }
    };
    match result {
        Ok(exit) => ExitCode::from(exit.code()),
        Err(e) => {
            eprintln!("pacru-arena-runner: error: {e:#}");
            ExitCode::from(2)
        }
    }
}

fn send(out: &mut impl Write, message: &EngineMessage) {
    let _ = writeln!(out, "{}", message.encode(Framing::Text));
    let _ = out.flush();
}

fn broken(arg: &str) {
    let (mode, from) = match arg.split_once(':') {
        Some((m, n)) => (m, n.parse::<usize>().unwrap_or(1)),
        None => (arg, 1),
    };
    let mut out = io::stdout().lock();
    let mut gos = 0;
    for line in io::stdin().lock().lines() {
        let Ok(line) = line else { return };
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
                if mode == "sleep" {
                    // Never misbehaves: thinks for N ms, then plays.
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
                    "hang" => loop {
                        std::thread::sleep(Duration::from_secs(3600));
                    },
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
                return;
            }
            _ => send(&mut out, &ok(Reply::Done)),
        }
    }
}

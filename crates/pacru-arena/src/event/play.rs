//! Playing a batch of scheduled games on worker threads, recording each as it ends.

use crate::error::ArenaError;
use crate::event::state::State;
use crate::game::{Forfeit, GameOutcome, GameSettings, GameSpec, play_game_with};
use crate::opening::Opening;
use crate::progress::Progress;
use crate::schedule::Pairing;
use crate::stop::StopHandle;
use std::collections::VecDeque;
use std::sync::{Mutex, mpsc};

/// What a worker tells the thread that records.
enum Message {
    Started(Pairing),
    Forfeit(Pairing, usize, Forfeit),
    /// `None`: the game was cut short by a stop. With an SPRT, the worker waits
    /// for the sender to be used or dropped (the game recorded, the test
    /// updated) before it starts another game.
    Ended(Pairing, Option<GameOutcome>, Option<mpsc::Sender<()>>),
}

/// Journals `games` as scheduled (if not already), then plays those not yet
/// finished on up to `concurrency` threads, recording each as it ends. Returns when
/// every game is recorded, when the match's SPRT has decided and the games in
/// progress have ended (those are recorded), or when `stop` is stopped and the
/// games in progress have ended (those are not recorded).
pub(crate) fn play_all(
    state: &mut State,
    games: &[Pairing],
    openings: &[Opening],
    settings: &GameSettings,
    concurrency: usize,
    stop: &StopHandle,
    observer: &mut dyn FnMut(&Progress<'_>),
) -> Result<(), ArenaError> {
    for p in games {
        state.ensure_scheduled(p)?;
    }
    let pending: Vec<Pairing> = games
        .iter()
        .filter(|p| !state.finished.contains(&p.game))
        .cloned()
        .collect();
    if pending.is_empty() || state.sprt_decided()? {
        return Ok(());
    }
    let workers = concurrency.clamp(1, pending.len());
    let queue = Mutex::new(pending.into_iter().collect::<VecDeque<_>>());
    // Set when recording fails: the workers start nothing more.
    let halt = StopHandle::new();
    let engines = &state.config.engines.clone();
    let sequential_test = state.config.sprt.is_some();
    let (tx, rx) = mpsc::channel::<Message>();
    let mut failure = None;
    std::thread::scope(|scope| {
        for _ in 0..workers {
            let tx = tx.clone();
            let (queue, halt) = (&queue, &halt);
            scope.spawn(move || {
                loop {
                    if stop.is_stopped() || halt.is_stopped() {
                        return;
                    }
                    let next = queue.lock().unwrap_or_else(|e| e.into_inner()).pop_front();
                    let Some(pairing) = next else { return };
                    let spec = GameSpec {
                        round: pairing.label.clone(),
                        engines: pairing.engines.iter().map(|&e| &engines[e]).collect(),
                        opening: &openings[pairing.opening % openings.len()],
                    };
                    let _ = tx.send(Message::Started(pairing.clone()));
                    let outcome = play_game_with(&spec, settings, stop, &mut |slot, forfeit| {
                        let _ = tx.send(Message::Forfeit(pairing.clone(), slot, forfeit.clone()));
                    });
                    let (recorded, wait) = if sequential_test {
                        let (recorded, wait) = mpsc::channel::<()>();
                        (Some(recorded), Some(wait))
                    } else {
                        (None, None)
                    };
                    if tx.send(Message::Ended(pairing, outcome, recorded)).is_err() {
                        return;
                    }
                    // Whether the game decided the SPRT is known once it is
                    // recorded: until then, no new game.
                    if let Some(wait) = wait {
                        let _ = wait.recv();
                    }
                }
            });
        }
        drop(tx);
        // Until every worker is done (the channel closes).
        for message in rx {
            match message {
                Message::Started(pairing) => {
                    let names: Vec<&str> = pairing
                        .engines
                        .iter()
                        .map(|&e| engines[e].name.as_str())
                        .collect();
                    observer(&Progress::GameStarted {
                        pairing: &pairing,
                        names: &names,
                    });
                }
                Message::Forfeit(pairing, slot, forfeit) => {
                    let engine = pairing.engines.get(slot).map(|&e| &engines[e]);
                    let colour = openings[pairing.opening % openings.len()]
                        .colours()
                        .get(slot)
                        .map_or("?", |c| c.word());
                    observer(&Progress::Forfeit {
                        pairing: &pairing,
                        name: engine.map_or("?", |e| e.name.as_str()),
                        colour,
                        forfeit: &forfeit,
                    });
                }
                Message::Ended(_, None, _) => {}
                Message::Ended(pairing, Some(outcome), recorded) => {
                    if failure.is_some() {
                        continue;
                    }
                    if let Err(e) = state.record(pairing, outcome) {
                        halt.stop();
                        failure = Some(e);
                        continue;
                    }
                    // The SPRT has decided: the games in progress end, no other
                    // starts.
                    match state.sprt_decided() {
                        Ok(false) => {}
                        Ok(true) => halt.stop(),
                        Err(e) => {
                            halt.stop();
                            failure = Some(e);
                        }
                    }
                    // The worker may go on (and finds `halt` stopped if so).
                    drop(recorded);
                    let standings = state.standings();
                    if let Some((pairing, outcome)) = state.last_finished() {
                        observer(&Progress::GameFinished {
                            pairing,
                            outcome,
                            standings: &standings,
                            finished: state.finished.len() as u64,
                            total: state.total,
                        });
                    }
                }
            }
        }
    });
    match failure {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

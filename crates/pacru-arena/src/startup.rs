//! The check made before the first game: every engine program is started once and
//! answers the handshake, as cutechess-cli does, so that a typo in a command line
//! stops the event at once instead of forfeiting every game.

use crate::engine::{EngineConfig, StartSettings};
use crate::stop::StopHandle;
use pacru_protocol::EngineId;
use pacru_runner::EngineFailure;

/// Starts every engine that runs as a program, handshakes, and lets it go (`quit`),
/// all at the same time. Built-in engines need no check. Options are not set: an
/// engine that rejects one forfeits its games (kind `protocol`).
///
/// Returns, per engine, `None` for a built-in engine, or what the engine said
/// about itself, or why it cannot be used.
pub(crate) fn check_engines(
    engines: &[EngineConfig],
    settings: &StartSettings,
    stop: &StopHandle,
) -> Vec<Option<Result<EngineId, EngineFailure>>> {
    std::thread::scope(|scope| {
        let checks: Vec<_> = engines
            .iter()
            .map(|engine| {
                (engine.builtin.is_none()).then(|| {
                    scope.spawn(move || {
                        let running = engine.start_watched(settings, stop, false)?;
                        let id = running.engine.engine_id().clone();
                        // A clean exit is not part of the check: games deal with it.
                        let _ = running.engine.quit();
                        Ok(id)
                    })
                })
            })
            .collect();
        checks
            .into_iter()
            .map(|check| {
                check.map(|handle| {
                    handle.join().unwrap_or_else(|_| {
                        Err(EngineFailure::ProtocolError {
                            message: "the check of this engine failed unexpectedly".to_owned(),
                        })
                    })
                })
            })
            .collect()
    })
}

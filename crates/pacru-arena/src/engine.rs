//! Engines as the arena knows them: a command line, or a built-in engine run inside
//! this process.

use crate::error::ArenaError;
use crate::stop::{StopHandle, WatchGuard};
use pacru_protocol::Framing;
use pacru_protocol::engines::{run_greedy, run_random};
use pacru_runner::{EngineFailure, EngineProcess, EngineSpec};
use serde::{Deserialize, Serialize};
use std::io::BufReader;
use std::str::FromStr;
use std::time::Duration;

/// A built-in engine of `pacru-protocol`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum BuiltinKind {
    /// `pacru engine random`: random play, every kind of move.
    Random,
    /// `pacru engine greedy`: one-ply greedy play.
    Greedy,
}

impl BuiltinKind {
    /// `random` or `greedy`.
    pub fn as_str(self) -> &'static str {
        match self {
            BuiltinKind::Random => "random",
            BuiltinKind::Greedy => "greedy",
        }
    }
}

/// A built-in engine with its seed, run on a thread of the arena's process.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Builtin {
    /// Which engine.
    pub kind: BuiltinKind,
    /// Its seed.
    pub seed: u64,
}

/// One participant of an event: how to start it, and its name in records and
/// standings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EngineConfig {
    /// The name shown in records and standings (unique within an event).
    pub name: String,
    /// Whether `name` was given (`NAME=`). If not, it is a default (the command
    /// line), which a new event replaces with the name the engine gives in its
    /// handshake ([`adopt_handshake_names`]).
    #[serde(default, skip_serializing_if = "is_false")]
    pub named: bool,
    /// The program to run (no shell); for a built-in engine, a label.
    pub program: String,
    /// The program's arguments.
    #[serde(default)]
    pub args: Vec<String>,
    /// Set for a built-in engine run in this process instead of a child process.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub builtin: Option<Builtin>,
    /// Options set after the handshake (`setoption`): name and value.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub options: Vec<(String, String)>,
    /// The framing the referee speaks to the engine (text by default; JSON for
    /// an engine that speaks only JSON lines).
    #[serde(default, skip_serializing_if = "is_text")]
    pub framing: Framing,
}

/// How engines are started and timed, the same for all engines of an event.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StartSettings {
    /// Extra time allowed beyond each move's limit for process and pipe latency.
    pub margin: Duration,
    /// How long the handshake may take.
    pub handshake_timeout: Duration,
}

impl Default for StartSettings {
    fn default() -> StartSettings {
        StartSettings {
            margin: Duration::from_millis(100),
            handshake_timeout: Duration::from_secs(10),
        }
    }
}

impl EngineConfig {
    /// Reads an engine description:
    ///
    /// - `builtin:random[:SEED]` or `builtin:greedy[:SEED]`: a built-in engine run in
    ///   this process (seed 0 by default);
    /// - otherwise a command line, split into words at spaces (double or single
    ///   quotes group words, a backslash escapes the next character; no shell is
    ///   used), e.g. `./my-engine --hash 64` or `pacru engine random --seed 3`.
    ///
    /// Either form may start with `NAME=` (in its first word) to name the engine;
    /// by default the name is the description itself, with the program's
    /// directory left out, until an event learns the name the program gives in
    /// its handshake ([`adopt_handshake_names`]).
    pub fn parse(text: &str) -> Result<EngineConfig, ArenaError> {
        let bad = |message: &str| ArenaError::BadEngine {
            text: text.to_owned(),
            message: message.to_owned(),
        };
        let mut words = split_words(text).map_err(|m| bad(&m))?;
        if words.is_empty() {
            return Err(bad("no program given"));
        }
        let mut name = None;
        if let Some((n, rest)) = words[0].split_once('=')
            && !n.is_empty()
            && !n.contains('/')
        {
            name = Some(n.to_owned());
            if rest.is_empty() {
                words.remove(0);
            } else {
                words[0] = rest.to_owned();
            }
        }
        if words.is_empty() {
            return Err(bad("no program given after the name"));
        }
        if let Some(spec) = words[0].strip_prefix("builtin:") {
            if words.len() > 1 {
                return Err(bad("a built-in engine takes no arguments"));
            }
            let (kind, seed) = match spec.split_once(':') {
                Some((k, s)) => (
                    k,
                    s.parse::<u64>()
                        .map_err(|_| bad("the seed must be a whole number"))?,
                ),
                None => (spec, 0),
            };
            let kind = match kind {
                "random" => BuiltinKind::Random,
                "greedy" => BuiltinKind::Greedy,
                _ => {
                    return Err(bad(
                        "built-in engines are builtin:random and builtin:greedy",
                    ));
                }
            };
            let label = format!("builtin:{}:{seed}", kind.as_str());
            return Ok(EngineConfig {
                named: name.is_some(),
                name: name.unwrap_or_else(|| format!("{}-{seed}", kind.as_str())),
                program: label,
                args: Vec::new(),
                builtin: Some(Builtin { kind, seed }),
                options: Vec::new(),
                framing: Framing::Text,
            });
        }
        let program = words.remove(0);
        let default_name = {
            let base = program.rsplit('/').next().unwrap_or(&program).to_owned();
            std::iter::once(base)
                .chain(words.iter().cloned())
                .collect::<Vec<_>>()
                .join(" ")
        };
        Ok(EngineConfig {
            named: name.is_some(),
            name: name.unwrap_or(default_name),
            program,
            args: words,
            builtin: None,
            options: Vec::new(),
            framing: Framing::Text,
        })
    }

    /// Whether the engine's name is reserved: given with `NAME=`, or a built-in
    /// engine's (`greedy-1`). No other engine takes a reserved name: an engine's
    /// handshake name is not adopted in its place ([`adopt_handshake_names`]), and
    /// a repeat of it gets the `#2` ([`dedupe_names`]).
    pub fn is_reserved_name(&self) -> bool {
        self.named || self.builtin.is_some()
    }

    /// The program actually started: the program as given, except that `pacru`
    /// means this very program when it is the `pacru` binary (so the built-in
    /// engines, `pacru engine random --seed N`, work without `pacru` on the `PATH`).
    pub fn resolved_program(&self) -> String {
        if self.program == "pacru"
            && let Ok(exe) = std::env::current_exe()
            && exe.file_stem().is_some_and(|s| s == "pacru")
        {
            return exe.to_string_lossy().into_owned();
        }
        self.program.clone()
    }

    /// The protocol client's settings for this engine.
    pub fn spec(&self, settings: &StartSettings) -> EngineSpec {
        let mut spec = EngineSpec::new(self.resolved_program(), self.args.clone());
        spec.margin = settings.margin;
        spec.handshake_timeout = settings.handshake_timeout;
        spec.options = self.options.clone();
        spec.framing = self.framing;
        spec
    }

    /// Starts the engine, handshakes and sets its options: a child process, or a
    /// thread for a built-in engine.
    pub fn start(&self, settings: &StartSettings) -> Result<EngineProcess, EngineFailure> {
        self.start_watched(settings, &StopHandle::new(), true)
            .map(|running| running.engine)
    }

    /// Starts the engine and handshakes, registered with `stop` from the moment
    /// its process exists (so a stop does not wait for a slow handshake); sets its
    /// options if `set_options`.
    pub(crate) fn start_watched(
        &self,
        settings: &StartSettings,
        stop: &StopHandle,
        set_options: bool,
    ) -> Result<RunningEngine, EngineFailure> {
        let spec = self.spec(settings);
        let (mut engine, guard) = match self.builtin {
            None => {
                let engine = EngineProcess::start(&spec)?;
                let guard = engine.kill_switch().map(|switch| stop.watch(switch));
                (engine, guard)
            }
            Some(Builtin { kind, seed }) => {
                let mut spec = spec;
                spec.options.clear();
                let engine = EngineProcess::in_process(&spec, move |input, output| {
                    let input = BufReader::new(input);
                    let _ = match kind {
                        BuiltinKind::Random => run_random(seed, input, output),
                        BuiltinKind::Greedy => run_greedy(seed, input, output),
                    };
                })?;
                (engine, None)
            }
        };
        if self.builtin.is_none() {
            engine.handshake()?;
        }
        if set_options {
            for (name, value) in &self.options {
                engine.set_option(name, value)?;
            }
        }
        Ok(RunningEngine {
            engine,
            _guard: guard,
        })
    }
}

/// A started engine, registered with the event's [`StopHandle`] while it lives.
#[derive(Debug)]
pub(crate) struct RunningEngine {
    /// The engine.
    pub(crate) engine: EngineProcess,
    _guard: Option<WatchGuard>,
}

impl FromStr for EngineConfig {
    type Err = ArenaError;

    /// The same as [`EngineConfig::parse`].
    fn from_str(text: &str) -> Result<EngineConfig, ArenaError> {
        EngineConfig::parse(text)
    }
}

/// Gives every engine a distinct name, appending `#2`, `#3`... to repeats. Reserved
/// names (given with `NAME=`, or a built-in engine's, see
/// [`EngineConfig::is_reserved_name`]) are kept first: where another engine has the
/// same name, that one gets the suffix, wherever it stands in the list.
pub fn dedupe_names(engines: &mut [EngineConfig]) {
    let mut seen: Vec<String> = Vec::new();
    for reserved in [true, false] {
        for engine in engines.iter_mut() {
            if engine.is_reserved_name() != reserved {
                continue;
            }
            if seen.contains(&engine.name) {
                let mut k = 2;
                while seen.contains(&format!("{}#{k}", engine.name)) {
                    k += 1;
                }
                engine.name = format!("{}#{k}", engine.name);
            }
            seen.push(engine.name.clone());
        }
    }
}

/// The most characters of a name an engine gives in its handshake that is used
/// as its name in records and standings; a longer one is not used.
pub const MAX_HANDSHAKE_NAME_CHARS: usize = 64;

/// Names every engine whose name was not given (`NAME=`) after the name it gave
/// in its handshake, `handshake_names[i]` (`None`: none known, the name stays),
/// as standings and records should show it: `pacru random` rather than
/// `pacru engine random --seed 7`. Where two such engines give the same name,
/// both keep their command lines, which tell them apart. A name that is empty,
/// longer than [`MAX_HANDSHAKE_NAME_CHARS`], holds a control character or a
/// character that must not reach a terminal ([`pacru_core::needs_escape`]: those
/// that reorder text), or is reserved (the name of an engine named with `NAME=`
/// or of a built-in engine) is not used. Names stay distinct ([`dedupe_names`]).
///
/// ```
/// use pacru_arena::engine::{EngineConfig, adopt_handshake_names};
/// let mut engines: Vec<EngineConfig> = ["./c_engine 7", "./c_engine 8", "./mine", "best=./other", "./copycat"]
///     .iter()
///     .map(|e| e.parse().unwrap())
///     .collect();
/// let said = [Some("Cobra 1.0"), Some("Cobra 1.0"), Some("Mine"), Some("Other"), Some("best")];
/// adopt_handshake_names(&mut engines, &said);
/// let names: Vec<&str> = engines.iter().map(|e| e.name.as_str()).collect();
/// assert_eq!(names, ["c_engine 7", "c_engine 8", "Mine", "best", "copycat"]);
/// ```
pub fn adopt_handshake_names(engines: &mut [EngineConfig], handshake_names: &[Option<&str>]) {
    let reserved: Vec<String> = engines
        .iter()
        .filter(|e| e.is_reserved_name())
        .map(|e| e.name.clone())
        .collect();
    let usable = |name: &&str| {
        !name.trim().is_empty()
            && name.chars().count() <= MAX_HANDSHAKE_NAME_CHARS
            && !name
                .chars()
                .any(|c| c.is_control() || pacru_core::needs_escape(c))
            && !reserved.iter().any(|r| r == name.trim())
    };
    let candidates: Vec<Option<&str>> = engines
        .iter()
        .zip(handshake_names.iter().chain(std::iter::repeat(&None)))
        .map(|(engine, said)| said.filter(|_| !engine.is_reserved_name()).filter(usable))
        .collect();
    for (i, engine) in engines.iter_mut().enumerate() {
        let Some(name) = candidates[i] else { continue };
        let shared = candidates
            .iter()
            .enumerate()
            .any(|(j, other)| j != i && *other == Some(name));
        if !shared {
            engine.name = name.trim().to_owned();
        }
    }
    dedupe_names(engines);
}

fn is_text(framing: &Framing) -> bool {
    *framing == Framing::Text
}

fn is_false(value: &bool) -> bool {
    !value
}

/// Splits a command line into words: spaces separate, quotes group, `\` escapes.
fn split_words(text: &str) -> Result<Vec<String>, String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut quote: Option<char> = None;
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some('"'), '\\') | (None, '\\') => match chars.next() {
                Some(next) => {
                    word.push(next);
                    in_word = true;
                }
                None => return Err("a backslash at the end".to_owned()),
            },
            (Some(_), c) => word.push(c),
            (None, '"' | '\'') => {
                quote = Some(c);
                in_word = true;
            }
            (None, c) if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            (None, c) => {
                word.push(c);
                in_word = true;
            }
        }
    }
    if quote.is_some() {
        return Err("a quote is not closed".to_owned());
    }
    if in_word {
        words.push(word);
    }
    Ok(words)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_commands_names_and_builtins() {
        let e = EngineConfig::parse("./bin/eng --hash 64 'a b'").unwrap();
        assert_eq!(e.program, "./bin/eng");
        assert_eq!(e.args, ["--hash", "64", "a b"]);
        assert_eq!(e.name, "eng --hash 64 a b");
        let e = EngineConfig::parse("fast=./eng --x=1").unwrap();
        assert_eq!((e.name.as_str(), e.program.as_str()), ("fast", "./eng"));
        assert_eq!(e.args, ["--x=1"]);
        let e = EngineConfig::parse("builtin:greedy:7").unwrap();
        assert_eq!(
            e.builtin,
            Some(Builtin {
                kind: BuiltinKind::Greedy,
                seed: 7
            })
        );
        assert_eq!(e.name, "greedy-7");
        assert!(EngineConfig::parse("builtin:smart").is_err());
        assert!(EngineConfig::parse("  ").is_err());
        assert!(EngineConfig::parse("x 'open").is_err());
        let mut v = vec![e.clone(), e.clone(), e];
        dedupe_names(&mut v);
        assert_eq!(v[2].name, "greedy-7#3");
        let parsed: EngineConfig = "fast=./eng --x=1".parse().unwrap();
        assert_eq!(parsed.name, "fast");
    }

    fn engines(texts: &[&str]) -> Vec<EngineConfig> {
        texts.iter().map(|t| t.parse().unwrap()).collect()
    }

    fn names(engines: &[EngineConfig]) -> Vec<&str> {
        engines.iter().map(|e| e.name.as_str()).collect()
    }

    #[test]
    fn a_handshake_name_that_reorders_text_is_not_adopted() {
        let reorder = [
            "evil\u{202e}gnp.exe",
            "a\u{2066}b",
            "a\u{2069}b",
            "a\u{200e}b",
            "a\u{200f}b",
            "a\u{202a}b",
            "a\u{202d}b",
            "tab\there",
        ];
        for name in reorder {
            let mut v = engines(&["./eng 1", "./other"]);
            adopt_handshake_names(&mut v, &[Some(name), Some("Other")]);
            assert_eq!(names(&v), ["eng 1", "Other"], "{name:?}");
        }
        let mut v = engines(&["./eng 1"]);
        adopt_handshake_names(&mut v, &[Some("Cobra \u{e9}t\u{e9} 1.0")]);
        assert_eq!(names(&v), ["Cobra \u{e9}t\u{e9} 1.0"]);
    }

    #[test]
    fn a_handshake_name_does_not_take_a_reserved_name() {
        // The user's `best=` comes after the engine that calls itself `best`.
        let mut v = engines(&["./impostor", "best=./greedy --seed 1"]);
        adopt_handshake_names(&mut v, &[Some("best"), Some("Greedy")]);
        assert_eq!(names(&v), ["impostor", "best"]);
        // A built-in engine's name.
        let mut v = engines(&["./impostor", "builtin:greedy:1"]);
        adopt_handshake_names(&mut v, &[Some(" greedy-1 "), None]);
        assert_eq!(names(&v), ["impostor", "greedy-1"]);
        // A command line that reads as a reserved name: the other one gets the `#2`.
        let mut v = engines(&["./best", "best=./mine", "./greedy-1", "builtin:greedy:1"]);
        dedupe_names(&mut v);
        assert_eq!(names(&v), ["best#2", "best", "greedy-1#2", "greedy-1"]);
    }
}

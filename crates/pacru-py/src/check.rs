//! `pacru.check`: the referee over record files, text or file objects, verdict by
//! verdict, as `pacru check --format json` gives them.

use crate::api;
use crate::errors::{detached, os_error};
use crate::source::{Failure, FailureSlot, Source, Stream, check_path, open, take_failure};
use crate::turns::Turns;
use crate::verdict::verdict_dict;
use pacru_core::RulesEdition;
use pacru_notation::pgr::Reader;
use pacru_referee::parts::{FileVerdicts, check_file};
use pacru_referee::{Checker, Verdict};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::collections::VecDeque;

/// The input being checked.
struct Current {
    games: Games,
    name: String,
}

/// Where the verdicts of the input come from.
enum Games {
    /// A file by path: refereed by `pacru-referee`, on every core when it is big.
    File {
        verdicts: FileVerdicts,
        path: String,
    },
    /// Text or a Python file object, read as a stream.
    Stream(Box<StreamInput>),
}

/// A stream of records, its referee, and where its read failure goes.
struct StreamInput {
    reader: Reader<Stream>,
    checker: Checker,
    failure: FailureSlot,
}

/// What reading one more game gave.
enum Step {
    Verdict(Box<Verdict>),
    End,
    Failed,
    /// Reading the file failed.
    FileFailed(String, std::io::Error),
}

impl Games {
    /// Opens `source`; games without a `Rules` tag are played under `rules`.
    fn open(source: Source, rules: Option<RulesEdition>) -> PyResult<Games> {
        if let Source::Path { path, name } = &source {
            check_path(path, name)?;
            let verdicts =
                check_file(path, rules.unwrap_or_default()).map_err(|e| os_error(name, &e))?;
            return Ok(Games::File {
                verdicts,
                path: name.clone(),
            });
        }
        let (stream, failure) = open(source)?;
        Ok(Games::Stream(Box::new(StreamInput {
            reader: Reader::new(stream).lenient(),
            checker: api::checker(rules),
            failure,
        })))
    }

    /// Referees the next game (the interpreter is released meanwhile).
    fn step(&mut self) -> Step {
        let input = match self {
            Games::File { verdicts, path } => {
                return match verdicts.next() {
                    None => Step::End,
                    Some(Ok(verdict)) => Step::Verdict(Box::new(verdict)),
                    Some(Err(e)) => Step::FileFailed(path.clone(), e),
                };
            }
            Games::Stream(input) => input.as_mut(),
        };
        match input.reader.read_with(&mut input.checker) {
            Ok(Some(verdict)) => Step::Verdict(Box::new(verdict)),
            Ok(None) => Step::End,
            Err(error) => {
                let failed = input.failure.lock().is_ok_and(|slot| slot.is_some());
                if failed {
                    Step::Failed
                } else {
                    Step::Verdict(Box::new(input.checker.malformed(&error)))
                }
            }
        }
    }

    /// The failure a stream recorded, if any.
    fn take_failure(&self) -> Option<Failure> {
        match self {
            Games::Stream(input) => take_failure(&input.failure),
            Games::File { .. } => None,
        }
    }
}

/// The verdicts of `pacru.check`, one dict per game in input order, produced as
/// they are iterated over (each input is read as a stream). Threads may share
/// one: each verdict goes to one of them.
#[pyclass(name = "Verdicts", module = "pacru", frozen)]
pub struct PyVerdicts {
    state: Turns<Inputs>,
}

/// What is left to check.
struct Inputs {
    inputs: VecDeque<(Source, Option<String>)>,
    current: Option<Current>,
    rules: Option<RulesEdition>,
}

impl PyVerdicts {
    /// Verdicts over `inputs`, each with the name its verdicts give it (`None`: its
    /// path, or `-`); games without a `Rules` tag are played under `rules`.
    pub fn new(
        inputs: Vec<(Source, Option<String>)>,
        rules: Option<RulesEdition>,
    ) -> PyResult<PyVerdicts> {
        for (source, _) in &inputs {
            if let Source::Path { path, name } = source {
                check_path(path, name)?;
            }
        }
        Ok(PyVerdicts {
            state: Turns::new(Inputs {
                inputs: inputs.into(),
                current: None,
                rules,
            }),
        })
    }
}

#[pymethods]
impl PyVerdicts {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        self.state
            .take(py, "pacru.Verdicts", |state| state.next(py))
    }
}

impl Inputs {
    /// The next verdict, `None` at the end of the last input.
    fn next<'py>(&mut self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        loop {
            let current = match &mut self.current {
                Some(current) => current,
                None => {
                    let Some((source, name)) = self.inputs.pop_front() else {
                        return Ok(None);
                    };
                    let name = name.unwrap_or_else(|| source.name().to_string());
                    let games = Games::open(source, self.rules)?;
                    self.current.insert(Current { games, name })
                }
            };
            match detached(py, || current.games.step())? {
                Step::Verdict(verdict) => {
                    return verdict_dict(py, &current.name, &verdict).map(Some);
                }
                Step::End => {
                    let failure = current.games.take_failure();
                    self.current = None;
                    if let Some(failure) = failure {
                        return Err(failure.into_pyerr());
                    }
                }
                Step::FileFailed(path, error) => {
                    self.current = None;
                    self.inputs.clear();
                    return Err(os_error(&path, &error));
                }
                Step::Failed => {
                    let failure = current.games.take_failure();
                    self.current = None;
                    self.inputs.clear();
                    return Err(failure.map_or_else(
                        || {
                            crate::errors::internal_error(
                                py,
                                "a read error was reported but not kept".to_string(),
                            )
                        },
                        Failure::into_pyerr,
                    ));
                }
            }
        }
    }
}

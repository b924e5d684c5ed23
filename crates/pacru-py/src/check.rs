//! `pacru.check`: the referee over record files, text or file objects, verdict by
//! verdict, as `pacru check --format json` gives them.

use crate::api;
use crate::errors::detached;
use crate::source::{Failure, FailureSlot, Source, Stream, check_path, open, take_failure};
use crate::verdict::verdict_dict;
use pacru_core::RulesEdition;
use pacru_notation::pgr::Reader;
use pacru_notation::referee::{Checker, Verdict};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};
use std::collections::VecDeque;

/// The input being checked.
struct Current {
    reader: Reader<Stream>,
    checker: Checker,
    failure: FailureSlot,
    name: Py<PyString>,
}

/// What reading one more game gave.
enum Step {
    Verdict(Box<Verdict>),
    End,
    Failed,
}

impl Current {
    /// Referees the next game (the interpreter is released meanwhile).
    fn step(&mut self) -> Step {
        match self.reader.read_with(&mut self.checker) {
            Ok(Some(verdict)) => Step::Verdict(Box::new(verdict)),
            Ok(None) => Step::End,
            Err(error) => {
                let failed = self.failure.lock().is_ok_and(|slot| slot.is_some());
                if failed {
                    Step::Failed
                } else {
                    Step::Verdict(Box::new(self.checker.malformed(&error)))
                }
            }
        }
    }
}

/// The verdicts of `pacru.check`, one dict per game in input order, produced as
/// they are iterated over (each input is read as a stream).
#[pyclass(name = "Verdicts", module = "pacru")]
pub struct PyVerdicts {
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
            if let Source::Path(path) = source {
                check_path(path)?;
            }
        }
        Ok(PyVerdicts {
            inputs: inputs.into(),
            current: None,
            rules,
        })
    }
}

#[pymethods]
impl PyVerdicts {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__<'py>(&mut self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        loop {
            let current = match &mut self.current {
                Some(current) => current,
                None => {
                    let Some((source, name)) = self.inputs.pop_front() else {
                        return Ok(None);
                    };
                    let name = name.unwrap_or_else(|| source.name().to_string());
                    let (stream, failure) = open(source)?;
                    self.current.insert(Current {
                        reader: Reader::new(stream).lenient(),
                        checker: api::checker(self.rules),
                        failure,
                        name: PyString::new(py, &name).unbind(),
                    })
                }
            };
            match detached(py, || current.step())? {
                Step::Verdict(verdict) => {
                    return verdict_dict(py, current.name.bind(py), &verdict).map(Some);
                }
                Step::End => {
                    let failure = take_failure(&current.failure);
                    self.current = None;
                    if let Some(failure) = failure {
                        return Err(failure.into_pyerr());
                    }
                }
                Step::Failed => {
                    let failure = take_failure(&current.failure);
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

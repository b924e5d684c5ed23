//! Colours, rules editions, seats, fields and int arguments between Python and
//! Rust.
//!
//! Python gives them as the enums of `pacru/_values.py` (which are `str`s) or as
//! plain text (and editions also as numbers); they come back as those enums.

use pacru_core::{Colour, Field, RulesEdition, Seat};
use pyo3::exceptions::{PyOverflowError, PyTypeError, PyUnicodeEncodeError, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBytes, PyInt, PyString, PyTuple, PyType};
use std::borrow::Cow;
use std::fmt;
use std::ops::RangeInclusive;

/// The module that defines the value types.
const VALUES_MODULE: &str = "pacru._values";

/// The text of `obj`, which must be a `str` (the enums are `str`s too); a lone
/// surrogate in it is U+FFFD, which no value reads.
fn text_of(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<String> {
    let text = obj.cast::<PyString>().map_err(|_| {
        PyTypeError::new_err(format!(
            "{what} must be given as a str, not {}",
            type_name(obj)
        ))
    })?;
    lossy_text(text)
}

/// The text of a `str`, or, when it holds a lone surrogate (half of a UTF-16
/// pair, as `surrogateescape` decoding leaves for a byte that is not UTF-8, which
/// is not text), the 1-based column of the first one.
pub fn text_or_surrogate<'a>(
    text: &'a Bound<'_, PyString>,
) -> PyResult<Result<Cow<'a, str>, usize>> {
    match text.to_cow() {
        Ok(text) => Ok(Ok(text)),
        Err(error) if error.is_instance_of::<PyUnicodeEncodeError>(text.py()) => {
            let start: usize = error.value(text.py()).getattr("start")?.extract()?;
            Ok(Err(start + 1))
        }
        Err(error) => Err(error),
    }
}

/// The text of a `str` for a message, each lone surrogate replaced by U+FFFD.
pub fn lossy_text(text: &Bound<'_, PyString>) -> PyResult<String> {
    if let Ok(text) = text.to_cow() {
        return Ok(text.into_owned());
    }
    let units = text.call_method1("encode", ("utf-16-le", "surrogatepass"))?;
    let units: Vec<u16> = units
        .cast::<PyBytes>()?
        .as_bytes()
        .chunks_exact(2)
        .map(|pair| u16::from_le_bytes([pair[0], pair[1]]))
        .collect();
    Ok(String::from_utf16_lossy(&units))
}

/// The message for a lone surrogate in `what` (such as "a move").
pub fn surrogate_message(what: &str) -> String {
    format!("{what} holds a lone surrogate (half of a UTF-16 pair): it is not text")
}

/// The name of `obj`'s type, for error messages.
pub fn type_name(obj: &Bound<'_, PyAny>) -> String {
    obj.get_type()
        .name()
        .map_or_else(|_| "?".to_string(), |n| n.to_string())
}

/// A colour: `Colour.RED`, `"Red"` (any case) or `"R"`.
pub fn colour_from(obj: &Bound<'_, PyAny>) -> PyResult<Colour> {
    let text = text_of(obj, "a colour")?;
    text.parse().map_err(|_| {
        PyValueError::new_err(format!(
            "{text:?} is not a colour: expected Black, Red, Yellow, Green, Blue or K, R, Y, G, B"
        ))
    })
}

/// Colours in order of play: a string of letters (`"KRB"`) or a sequence of colours.
pub fn colours_from(obj: &Bound<'_, PyAny>) -> PyResult<Vec<Colour>> {
    if let Ok(text) = obj.cast::<PyString>() {
        return lossy_text(text)?
            .chars()
            .map(|c| {
                Colour::from_letter(c).ok_or_else(|| {
                    PyValueError::new_err(format!(
                        "{c:?} is not a colour letter: expected K, R, Y, G or B (or give a list of colours)"
                    ))
                })
            })
            .collect();
    }
    obj.try_iter()?.map(|item| colour_from(&item?)).collect()
}

/// Seats in order of play: a string of letters (`"SWE"`) or a sequence of seats.
pub fn seats_from(obj: &Bound<'_, PyAny>) -> PyResult<Vec<Seat>> {
    let seat = |text: &str| -> PyResult<Seat> {
        let word = text.to_ascii_uppercase();
        let letter = match word.as_str() {
            "SOUTH" => "S",
            "WEST" => "W",
            "NORTH" => "N",
            "EAST" => "E",
            other => other,
        };
        letter.parse().map_err(|_| {
            PyValueError::new_err(format!("{text:?} is not a seat: expected S, W, N or E"))
        })
    };
    if let Ok(text) = obj.cast::<PyString>() {
        return lossy_text(text)?
            .chars()
            .map(|c| seat(c.encode_utf8(&mut [0; 4])))
            .collect();
    }
    obj.try_iter()?
        .map(|item| seat(&text_of(&item?, "a seat")?))
        .collect()
}

/// A rules edition: `Rules.PACRU_2011`, `"2011"` or `2011`; `None` is the default, 2004.
pub fn rules_from(obj: Option<&Bound<'_, PyAny>>) -> PyResult<RulesEdition> {
    let Some(obj) = obj.filter(|o| !o.is_none()) else {
        return Ok(RulesEdition::default());
    };
    let text = if obj.is_instance_of::<PyInt>() {
        obj.str()?.to_cow()?.to_string()
    } else {
        text_of(obj, "a rules edition")?
    };
    text.parse().map_err(|_| {
        PyValueError::new_err(format!(
            "{text:?} is not a rules edition: expected 2004 or 2011"
        ))
    })
}

/// An int argument of any size: its value when it fits in an `i64`, else its
/// text, so that the caller's range check raises `ValueError` with the value as
/// given (Python's own conversion would raise `OverflowError`, "Python int too
/// large to convert to C long"). Anything but an int is a `TypeError`, as for
/// an `i64` argument.
pub struct Int(Result<i64, String>);

impl<'a, 'py> FromPyObject<'a, 'py> for Int {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Int> {
        match obj.extract::<i64>() {
            Ok(value) => Ok(Int(Ok(value))),
            Err(e) if e.is_instance_of::<PyOverflowError>(obj.py()) => {
                Ok(Int(Err(obj.repr()?.to_cow()?.into_owned())))
            }
            Err(e) => Err(e),
        }
    }
}

impl From<i64> for Int {
    fn from(value: i64) -> Int {
        Int(Ok(value))
    }
}

impl Int {
    /// The value, if it lies in `range` and fits in a `T`.
    pub fn within<T: TryFrom<i64>>(&self, range: RangeInclusive<i64>) -> Option<T> {
        self.0
            .as_ref()
            .ok()
            .filter(|value| range.contains(value))
            .and_then(|&value| T::try_from(value).ok())
    }
}

impl fmt::Display for Int {
    /// The value as Python writes it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0 {
            Ok(value) => write!(f, "{value}"),
            Err(text) => f.write_str(text),
        }
    }
}

/// A field: `"e1"` (either letter case).
pub fn field_from(obj: &Bound<'_, PyAny>) -> PyResult<Field> {
    let text = text_of(obj, "a field")?;
    text.parse()
        .map_err(|_| PyValueError::new_err(format!("{text:?} is not a field: expected a1 to i9")))
}

/// The members of `pacru._values.{class}` named in `names`, looked up once.
fn members<'py, const N: usize>(
    py: Python<'py>,
    cell: &'static PyOnceLock<[Py<PyAny>; N]>,
    class: &str,
    names: [&str; N],
) -> PyResult<&'static [Py<PyAny>; N]> {
    cell.get_or_try_init(py, || {
        let class = py.import(VALUES_MODULE)?.getattr(class)?;
        let mut found = Vec::with_capacity(N);
        for name in names {
            found.push(class.getattr(name)?.unbind());
        }
        found
            .try_into()
            .map_err(|_| PyTypeError::new_err("pacru._values is broken"))
    })
}

/// `colour` as a `pacru.Colour`.
pub fn colour_to_py(py: Python<'_>, colour: Colour) -> PyResult<Bound<'_, PyAny>> {
    static MEMBERS: PyOnceLock<[Py<PyAny>; 5]> = PyOnceLock::new();
    let names = Colour::ALL.map(|c| match c {
        Colour::Black => "BLACK",
        Colour::Red => "RED",
        Colour::Yellow => "YELLOW",
        Colour::Green => "GREEN",
        Colour::Blue => "BLUE",
    });
    let members = members(py, &MEMBERS, "Colour", names)?;
    let index = Colour::ALL.iter().position(|&c| c == colour).unwrap_or(0);
    Ok(members[index].bind(py).clone())
}

/// `rules` as a `pacru.Rules`.
pub fn rules_to_py(py: Python<'_>, rules: RulesEdition) -> PyResult<Bound<'_, PyAny>> {
    static MEMBERS: PyOnceLock<[Py<PyAny>; 2]> = PyOnceLock::new();
    let members = members(py, &MEMBERS, "Rules", ["PACRU_2004", "PACRU_2011"])?;
    let index = match rules {
        RulesEdition::Pacru2004 => 0,
        RulesEdition::Pacru2011 => 1,
    };
    Ok(members[index].bind(py).clone())
}

/// A `pacru.Chevron(colour, field, facing)`.
pub fn chevron_to_py<'py>(
    py: Python<'py>,
    colour: Colour,
    field: Field,
    facing: pacru_core::Direction,
) -> PyResult<Bound<'py, PyAny>> {
    static CLASS: PyOnceLock<Py<PyType>> = PyOnceLock::new();
    let class = CLASS.import(py, VALUES_MODULE, "Chevron")?;
    let args = PyTuple::new(
        py,
        [
            colour_to_py(py, colour)?,
            PyString::new(py, &field.to_string()).into_any(),
            PyString::new(py, &facing.to_string()).into_any(),
        ],
    )?;
    class.call1(args)
}

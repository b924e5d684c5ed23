//! Where records come from: a file by path, text held in memory, or a Python file
//! object. Each is read as a stream of bytes, in bounded memory.

use crate::errors::{os_error, shown};
use crate::values::type_name;
use pyo3::exceptions::{PyIsADirectoryError, PyOSError, PyTypeError, PyUnicodeEncodeError};
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes, PyMemoryView, PyString};
use std::fs::File;
use std::io::{self, Cursor, Read};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// How much is asked of a Python file object at a time.
const CHUNK: usize = 64 * 1024;

/// The name verdicts give an input that is not a file named by a path (as
/// `pacru check` names its standard input).
pub const UNNAMED: &str = "-";

/// One input of records.
pub enum Source {
    /// A file, by path.
    Path {
        /// The path, as the file system takes it.
        path: PathBuf,
        /// The path as given (also its name in verdicts), written as `pacru
        /// check` writes a path that is not UTF-8.
        name: String,
    },
    /// The text of records.
    Text(Vec<u8>),
    /// A Python object with a `read` method returning `bytes` or `str`.
    File(Py<PyAny>),
}

impl Source {
    /// The name of the input in verdicts: the path as given, else `-`.
    pub fn name(&self) -> &str {
        match self {
            Source::Path { name, .. } => name,
            Source::Text(_) | Source::File(_) => UNNAMED,
        }
    }
}

/// A source given from Python: a path (`str` without a line break, or an
/// `os.PathLike`), record text (`str` with a line break, `bytes`, `bytearray`,
/// `memoryview`), or a file object.
pub fn source_from(obj: &Bound<'_, PyAny>) -> PyResult<Source> {
    match single_source(obj)? {
        Some(source) => Ok(source),
        None => Err(PyTypeError::new_err(format!(
            "expected a path (str or path object), record text (str, bytes, bytearray or memoryview) or a file object, not {}",
            type_name(obj)
        ))),
    }
}

/// Like [`source_from`], and also a list (any iterable) of paths.
pub fn sources_from(obj: &Bound<'_, PyAny>) -> PyResult<Vec<Source>> {
    if let Some(source) = single_source(obj)? {
        return Ok(vec![source]);
    }
    let Ok(items) = obj.try_iter() else {
        return Err(PyTypeError::new_err(format!(
            "expected a path (str or path object), a list of paths, record text (str, bytes, bytearray or memoryview) or a file object, not {}",
            type_name(obj)
        )));
    };
    items
        .map(|item| {
            let item = item?;
            match single_source(&item)? {
                Some(source @ Source::Path { .. }) => Ok(source),
                _ => Err(PyTypeError::new_err(format!(
                    "a list of inputs must hold paths only (str or path objects), not {}",
                    type_name(&item)
                ))),
            }
        })
        .collect()
}

fn single_source(obj: &Bound<'_, PyAny>) -> PyResult<Option<Source>> {
    if let Ok(text) = obj.cast::<PyString>() {
        // Told apart before encoding: a path that cannot be encoded is an error
        // about the path.
        let is_text = text.contains("\n")? || text.contains("\r")?;
        return Ok(Some(if is_text {
            Source::Text(str_bytes(text)?)
        } else {
            path_source(obj)?
        }));
    }
    if let Ok(bytes) = obj.cast::<PyBytes>() {
        return Ok(Some(Source::Text(bytes.as_bytes().to_vec())));
    }
    if let Ok(bytes) = obj.cast::<PyByteArray>() {
        return Ok(Some(Source::Text(bytes.to_vec())));
    }
    if obj.is_instance_of::<PyMemoryView>() {
        let bytes = obj.call_method0("tobytes")?;
        return Ok(Some(Source::Text(
            bytes.cast::<PyBytes>()?.as_bytes().to_vec(),
        )));
    }
    if obj.hasattr("__fspath__")? {
        return Ok(Some(path_source(obj)?));
    }
    if obj.hasattr("read")? {
        return Ok(Some(Source::File(obj.clone().unbind())));
    }
    Ok(None)
}

/// The bytes of a `str`: UTF-8, and for lone surrogates from `surrogateescape`
/// decoding (a file name, or text read with `errors="surrogateescape"`) the bytes
/// they were decoded from. Any other lone surrogate, which no byte produced, is
/// written as `surrogatepass` writes it (three bytes that are not UTF-8), so that
/// the reader finds the text malformed there, as it finds any byte that is not
/// UTF-8, instead of Python's encoder failing on the whole argument.
fn str_bytes(text: &Bound<'_, PyString>) -> PyResult<Vec<u8>> {
    if let Ok(text) = text.to_cow() {
        return Ok(text.as_bytes().to_vec());
    }
    if let Ok(bytes) = text.call_method1("encode", ("utf-8", "surrogateescape")) {
        return Ok(bytes.cast::<PyBytes>()?.as_bytes().to_vec());
    }
    let units = text.call_method1("encode", ("utf-16-le", "surrogatepass"))?;
    let units = units.cast::<PyBytes>()?.as_bytes();
    let units = units
        .chunks_exact(2)
        .map(|pair| u16::from_le_bytes([pair[0], pair[1]]));
    let mut bytes = Vec::with_capacity(units.len() * 3);
    for unit in char::decode_utf16(units) {
        match unit {
            Ok(c) => bytes.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes()),
            Err(lone) => bytes.extend_from_slice(&lone_surrogate_bytes(lone.unpaired_surrogate())),
        }
    }
    Ok(bytes)
}

/// The bytes a lone surrogate of a `str` stands for: the byte `surrogateescape`
/// decoding made it from (U+DC80 to U+DCFF), else its three bytes as
/// `surrogatepass` writes them (which are not UTF-8).
fn lone_surrogate_bytes(unit: u16) -> Vec<u8> {
    match unit {
        0xDC80..=0xDCFF => vec![(unit & 0xFF) as u8],
        _ => vec![
            0xE0 | (unit >> 12) as u8,
            0x80 | ((unit >> 6) & 0x3F) as u8,
            0x80 | (unit & 0x3F) as u8,
        ],
    }
}

/// A path (`str` or `os.PathLike`) as the file system sees it: a name that is not
/// UTF-8 (a `str` with lone surrogates, as `os.listdir` gives it) names the same
/// file as for `open`.
fn path_source(obj: &Bound<'_, PyAny>) -> PyResult<Source> {
    let path: PathBuf = obj.extract().map_err(|err| unencodable_path(obj, err))?;
    let name = path.to_string_lossy().into_owned();
    Ok(Source::Path { path, name })
}

/// The error for a path that the file system encoding cannot encode: a `str` (or
/// the `str` of an `os.PathLike`) with a lone surrogate that no byte produced
/// (`os.fsdecode` makes only U+DC80 to U+DCFF), which names no file. Python's
/// `UnicodeEncodeError` would name neither the argument nor the path; this is an
/// `OSError`, as for a path that cannot be read, whose message shows the path with
/// each lone surrogate escaped (`\u{d800}`). Any other error is `err` unchanged.
fn unencodable_path(obj: &Bound<'_, PyAny>, err: PyErr) -> PyErr {
    let py = obj.py();
    if !err.is_instance_of::<PyUnicodeEncodeError>(py) {
        return err;
    }
    let Some(text) = path_text(obj) else {
        return err;
    };
    let units = match text
        .call_method1("encode", ("utf-16-le", "surrogatepass"))
        .and_then(|bytes| Ok(bytes.cast::<PyBytes>()?.as_bytes().to_vec()))
    {
        Ok(bytes) => bytes,
        Err(_) => return err,
    };
    let units = units
        .chunks_exact(2)
        .map(|pair| u16::from_le_bytes([pair[0], pair[1]]));
    let mut name = String::new();
    let mut lone = None;
    for unit in char::decode_utf16(units) {
        match unit {
            Ok(c) => name.push(c),
            Err(surrogate) => {
                let unit = surrogate.unpaired_surrogate();
                let escaped = format!("\\u{{{unit:x}}}");
                // The first that no byte makes (those of bytes can be encoded).
                if !(0xdc80..=0xdcff).contains(&unit) {
                    lone.get_or_insert_with(|| escaped.clone());
                }
                name.push_str(&escaped);
            }
        }
    }
    let lone = lone.unwrap_or_default();
    let error = PyOSError::new_err(shown(format!(
        "{name}: the path holds a lone surrogate ({lone}) that no byte of a file name \
         decodes to, so it names no file (a name that is not UTF-8, as os.listdir and \
         os.fsdecode give it, holds only U+DC80 to U+DCFF)"
    )));
    error.set_cause(py, Some(err));
    error
}

/// The text of a path given as a `str` or an `os.PathLike` whose `__fspath__`
/// gives a `str`.
fn path_text<'py>(obj: &Bound<'py, PyAny>) -> Option<Bound<'py, PyString>> {
    if let Ok(text) = obj.cast::<PyString>() {
        return Some(text.clone());
    }
    let path = obj.call_method0("__fspath__").ok()?;
    path.cast_into::<PyString>().ok()
}

/// Checks that a path (named `name` in messages) names something that can be
/// opened as a record file.
pub fn check_path(path: &Path, name: &str) -> PyResult<()> {
    let meta = std::fs::metadata(path).map_err(|e| os_error(name, &e))?;
    if meta.is_dir() {
        return Err(PyIsADirectoryError::new_err(shown(format!(
            "{name}: is a directory, not a record file"
        ))));
    }
    Ok(())
}

/// Why reading an input failed, kept aside so that the reader's own report of
/// the failure (a malformed game saying "read error") can be told apart.
pub enum Failure {
    /// Reading the file failed.
    Io(String, io::Error),
    /// The Python file object raised this exception.
    Python(PyErr),
}

impl Failure {
    /// The Python exception to raise for the failure.
    pub fn into_pyerr(self) -> PyErr {
        match self {
            Failure::Io(name, error) => os_error(&name, &error),
            Failure::Python(error) => error,
        }
    }
}

/// Where a reader puts its failure.
pub type FailureSlot = Arc<Mutex<Option<Failure>>>;

/// Takes the failure out of `slot`, if one happened.
pub fn take_failure(slot: &FailureSlot) -> Option<Failure> {
    slot.lock().ok().and_then(|mut failure| failure.take())
}

/// A byte stream that records its failure in a slot.
pub type Stream = Box<dyn Read + Send + Sync>;

/// Opens `source` as a byte stream; a failure while reading is recorded in the
/// returned slot (and reported to the caller of `read` as an I/O error).
pub fn open(source: Source) -> PyResult<(Stream, FailureSlot)> {
    let slot = FailureSlot::default();
    let stream: Stream = match source {
        Source::Path { path, name } => {
            check_path(&path, &name)?;
            let file = File::open(&path).map_err(|e| os_error(&name, &e))?;
            Box::new(FileStream {
                file,
                name,
                slot: Arc::clone(&slot),
            })
        }
        Source::Text(bytes) => Box::new(Cursor::new(bytes)),
        Source::File(file) => Box::new(PyFileStream {
            file,
            pending: Vec::new(),
            at: 0,
            slot: Arc::clone(&slot),
        }),
    };
    Ok((stream, slot))
}

fn record(slot: &FailureSlot, failure: Failure) {
    if let Ok(mut kept) = slot.lock() {
        kept.get_or_insert(failure);
    }
}

/// A file, recording its read errors.
struct FileStream {
    file: File,
    name: String,
    slot: FailureSlot,
}

impl Read for FileStream {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.file.read(buf).inspect_err(|e| {
            let copy = match e.raw_os_error() {
                Some(code) => io::Error::from_raw_os_error(code),
                None => io::Error::new(e.kind(), e.to_string()),
            };
            record(&self.slot, Failure::Io(self.name.clone(), copy));
        })
    }
}

/// A Python file object read in chunks; `str` chunks (text mode) are encoded as UTF-8.
struct PyFileStream {
    file: Py<PyAny>,
    pending: Vec<u8>,
    at: usize,
    slot: FailureSlot,
}

impl PyFileStream {
    /// Reads the next chunk into `pending`; false at the end of the file.
    fn refill(&mut self) -> PyResult<bool> {
        Python::attach(|py| {
            let chunk = self.file.bind(py).call_method1("read", (CHUNK,))?;
            self.pending.clear();
            self.at = 0;
            if let Ok(bytes) = chunk.cast::<PyBytes>() {
                self.pending.extend_from_slice(bytes.as_bytes());
            } else if let Ok(text) = chunk.cast::<PyString>() {
                self.pending.extend_from_slice(&str_bytes(text)?);
            } else if let Ok(bytes) = chunk.cast::<PyByteArray>() {
                self.pending.extend_from_slice(&bytes.to_vec());
            } else if chunk.is_none() {
                // A non-blocking stream with nothing to read yet: treat it as the end.
            } else {
                return Err(PyTypeError::new_err(format!(
                    "the file's read() returned {}, not bytes or str",
                    type_name(&chunk)
                )));
            }
            Ok(!self.pending.is_empty())
        })
    }
}

impl Read for PyFileStream {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.at == self.pending.len() {
            match self.refill() {
                Ok(true) => {}
                Ok(false) => return Ok(0),
                Err(e) => {
                    let message = e.to_string();
                    record(&self.slot, Failure::Python(e));
                    return Err(io::Error::other(message));
                }
            }
        }
        let n = buf.len().min(self.pending.len() - self.at);
        buf[..n].copy_from_slice(&self.pending[self.at..self.at + n]);
        self.at += n;
        Ok(n)
    }
}

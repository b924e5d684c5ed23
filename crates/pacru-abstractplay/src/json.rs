//! Reading JSON values with the path of each in errors.

use crate::error::ImportError;
use serde_json::{Map, Value};

/// The kind of a JSON value, for messages: `a string`, `null`, ...
pub(crate) fn kind(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// The error for a value at `path` that is not what was `expected`.
pub(crate) fn type_error(path: &str, expected: &'static str, found: &Value) -> ImportError {
    ImportError::Type {
        path: path.to_string(),
        expected,
        found: kind(found),
    }
}

/// `value`, which must be an object.
pub(crate) fn as_object<'a>(
    value: &'a Value,
    path: &str,
) -> Result<&'a Map<String, Value>, ImportError> {
    value
        .as_object()
        .ok_or_else(|| type_error(path, "an object", value))
}

/// `value`, which must be an array.
pub(crate) fn as_array<'a>(value: &'a Value, path: &str) -> Result<&'a [Value], ImportError> {
    value
        .as_array()
        .map(Vec::as_slice)
        .ok_or_else(|| type_error(path, "an array", value))
}

/// `value`, which must be a string.
pub(crate) fn as_str<'a>(value: &'a Value, path: &str) -> Result<&'a str, ImportError> {
    value
        .as_str()
        .ok_or_else(|| type_error(path, "a string", value))
}

/// The member `key` of `object` (at `path`), which must be there; with its path.
pub(crate) fn required<'a>(
    object: &'a Map<String, Value>,
    key: &str,
    path: &str,
) -> Result<(&'a Value, String), ImportError> {
    let member_path = format!("{path}.{key}");
    match object.get(key) {
        Some(value) => Ok((value, member_path)),
        None => Err(ImportError::Missing { path: member_path }),
    }
}

/// An optional member: absent and `null` are both "not given".
pub(crate) fn optional<'a>(
    object: &'a Map<String, Value>,
    key: &str,
    path: &str,
) -> Option<(&'a Value, String)> {
    match object.get(key) {
        None | Some(Value::Null) => None,
        Some(value) => Some((value, format!("{path}.{key}"))),
    }
}

/// An optional string member.
pub(crate) fn optional_str<'a>(
    object: &'a Map<String, Value>,
    key: &str,
    path: &str,
) -> Result<Option<&'a str>, ImportError> {
    optional(object, key, path)
        .map(|(value, path)| as_str(value, &path))
        .transpose()
}

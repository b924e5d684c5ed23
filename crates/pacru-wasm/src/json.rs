//! Rust values to plain JavaScript objects, through JSON: serde writes the text and
//! `JSON.parse` builds the objects. One crossing of the boundary per value, keys in
//! the order serde writes them, and own data properties only (a tag named
//! `__proto__` stays a tag).

use serde::Serialize;
use wasm_bindgen::JsValue;

/// `value` as a plain JavaScript value.
pub fn to_js(value: &impl Serialize) -> Result<JsValue, JsValue> {
    let text = to_json(value)?;
    js_sys::JSON::parse(&text)
}

/// `value` as JSON text; an error (which the values of this crate never give) as a
/// JavaScript `Error`.
pub fn to_json(value: &impl Serialize) -> Result<String, JsValue> {
    serde_json::to_string(value).map_err(|error| {
        js_sys::Error::new(&format!(
            "pacru: internal error: cannot write JSON: {error}"
        ))
        .into()
    })
}

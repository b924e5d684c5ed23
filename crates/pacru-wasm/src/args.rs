//! Arguments from JavaScript, checked: strings, whole numbers, seeds, colours,
//! editions, fields and option objects. A value of the wrong type is a `TypeError`,
//! one out of range a `RangeError`, each naming the argument and what was expected.

use js_sys::{Object, Reflect};
use pacru_core::{Colour, Field, RulesEdition};
use wasm_bindgen::{JsCast, JsValue};

/// A `TypeError` with `message`.
pub fn type_error(message: &str) -> JsValue {
    js_sys::TypeError::new(message).into()
}

/// A `RangeError` with `message`.
pub fn range_error(message: &str) -> JsValue {
    js_sys::RangeError::new(message).into()
}

/// What a JavaScript value is, for messages: `a number`, `undefined`, `a
/// Uint16Array`, `an object`, ...
pub fn kind(value: &JsValue) -> String {
    if value.is_null() {
        return "null".to_owned();
    }
    match value.js_typeof().as_string().as_deref() {
        Some("undefined") => "undefined".to_owned(),
        Some("object") if value.is_array() => "an array".to_owned(),
        Some("object") => match builtin_class(value) {
            Some(class) => format!("a {class}"),
            None => "an object".to_owned(),
        },
        Some(kind) => format!("a {kind}"),
        None => "a value".to_owned(),
    }
}

/// The name of the built-in class of `value`, for the classes of binary data
/// (`Uint16Array`, `DataView`, `SharedArrayBuffer`, ...), tested with
/// `instanceof` (which a property cannot forge, unlike `Symbol.toStringTag`);
/// `None` for any other object.
pub fn builtin_class(value: &JsValue) -> Option<&'static str> {
    macro_rules! first_of {
        ($($class:ident),*) => {
            $(
                if value.is_instance_of::<js_sys::$class>() {
                    return Some(stringify!($class));
                }
            )*
        };
    }
    first_of!(
        Uint8Array,
        Int8Array,
        Uint8ClampedArray,
        Int16Array,
        Uint16Array,
        Int32Array,
        Uint32Array,
        Float32Array,
        Float64Array,
        BigInt64Array,
        BigUint64Array,
        DataView,
        ArrayBuffer,
        SharedArrayBuffer
    );
    None
}

/// Whether `value` is `undefined` or `null`: an argument left out.
pub fn is_missing(value: &JsValue) -> bool {
    value.is_undefined() || value.is_null()
}

/// `value` as a string; `what` names it in the error.
pub fn string(value: &JsValue, what: &str) -> Result<String, JsValue> {
    let text = value
        .as_string()
        .ok_or_else(|| type_error(&format!("{what} must be a string, not {}", kind(value))))?;
    refuse_lone_surrogates(value, what)?;
    Ok(text)
}

/// A `RangeError` if the JavaScript string `value` holds a lone surrogate: it
/// would reach the module as U+FFFD, and the text read would not be the text
/// given. Checked with `String.prototype.isWellFormed` (Node.js 20, current
/// browsers); where a platform lacks it, not checked.
fn refuse_lone_surrogates(value: &JsValue, what: &str) -> Result<(), JsValue> {
    thread_local! {
        static IS_WELL_FORMED: Option<js_sys::Function> = Reflect::get(&js_sys::global(), &"String".into())
            .and_then(|string| Reflect::get(&string, &"prototype".into()))
            .and_then(|prototype| Reflect::get(&prototype, &"isWellFormed".into()))
            .ok()
            .and_then(|method| method.dyn_into().ok());
    }
    let well_formed = IS_WELL_FORMED.with(|method| {
        method.as_ref().is_none_or(|method| {
            method
                .call0(value)
                .map_or(true, |answer| answer.is_truthy())
        })
    });
    if well_formed {
        Ok(())
    } else {
        Err(range_error(&format!(
            "{what} holds a lone surrogate (half of a UTF-16 pair): it is not text"
        )))
    }
}

/// `value` as a whole number from `min` to `max`; `what` names it in the error.
pub fn whole(value: &JsValue, what: &str, min: u64, max: u64) -> Result<u64, JsValue> {
    let Some(number) = value.as_f64() else {
        return Err(type_error(&format!(
            "{what} must be a number, not {}",
            kind(value)
        )));
    };
    whole_from_f64(number, min, max).ok_or_else(|| {
        range_error(&format!(
            "{what} must be a whole number from {min} to {max}, not {number}"
        ))
    })
}

/// `number` as a whole number from `min` to `max`, if it is one.
pub fn whole_from_f64(number: f64, min: u64, max: u64) -> Option<u64> {
    let in_range = number.fract() == 0.0 && number >= min as f64 && number <= max as f64;
    // `as` saturates, and the range check above keeps the value exact.
    in_range.then_some(number as u64)
}

/// A 64-bit seed: a whole number from 0 to 2^53 - 1, or a bigint from 0 to
/// 2^64 - 1 (seeds that `pacru selfplay` writes in its `Seed` tag may need one).
pub fn seed(value: &JsValue, what: &str) -> Result<u64, JsValue> {
    if value.is_bigint() {
        let text = js_sys::BigInt::unchecked_from_js_ref(value)
            .to_string(10)
            .ok()
            .and_then(|text| text.as_string());
        return text
            .and_then(|text| text.parse::<u64>().ok())
            .ok_or_else(|| range_error(&format!("{what} must be from 0 to 2n ** 64n - 1n")));
    }
    if value.as_f64().is_none() {
        return Err(type_error(&format!(
            "{what} must be a number or a bigint, not {}",
            kind(value)
        )));
    }
    whole(value, what, 0, MAX_SAFE_INTEGER)
}

/// The largest whole number a JavaScript number holds exactly.
pub const MAX_SAFE_INTEGER: u64 = (1 << 53) - 1;

/// What a record may be given as, for messages.
pub const RECORD_TYPES: &str = "a string, a Uint8Array or an ArrayBuffer";

/// A record's text: a string (read as its UTF-8), or bytes (a `Uint8Array`, such
/// as a Node.js `Buffer`, or an `ArrayBuffer`), taken as they are, so that a file
/// that is not UTF-8 is read exactly as `pacru` reads it.
pub fn record_bytes(value: &JsValue, what: &str) -> Result<Vec<u8>, JsValue> {
    if let Some(text) = value.as_string() {
        refuse_lone_surrogates(value, what)?;
        return Ok(text.into_bytes());
    }
    if let Some(bytes) = value.dyn_ref::<js_sys::Uint8Array>() {
        return Ok(bytes.to_vec());
    }
    if let Some(buffer) = value.dyn_ref::<js_sys::ArrayBuffer>() {
        return Ok(js_sys::Uint8Array::new(buffer).to_vec());
    }
    Err(type_error(&format!(
        "{what} must be {RECORD_TYPES}, not {}",
        kind(value)
    )))
}

/// A colour: a word (`"Red"`, any letter case) or a letter (`"R"`).
pub fn colour(value: &JsValue, what: &str) -> Result<Colour, JsValue> {
    let text = string(value, what)?;
    text.parse().map_err(|_| {
        range_error(&format!(
            "{what} must be a colour (Black, Red, Yellow, Green, Blue or K, R, Y, G, B), not {:?}",
            shorten(&text)
        ))
    })
}

/// A rules edition: `"2004"`, `"2011"`, `2004` or `2011`; left out, 2004.
pub fn rules(value: &JsValue, what: &str) -> Result<RulesEdition, JsValue> {
    if is_missing(value) {
        return Ok(RulesEdition::default());
    }
    rules_given(value, what)
}

/// A rules edition that was given: `"2004"`, `"2011"`, `2004` or `2011`.
pub fn rules_given(value: &JsValue, what: &str) -> Result<RulesEdition, JsValue> {
    let text = match value.as_f64() {
        Some(number) => number.to_string(),
        None if value.is_string() => string(value, what)?,
        None => {
            return Err(type_error(&format!(
                "{what} must be \"2004\" or \"2011\", not {}",
                kind(value)
            )));
        }
    };
    text.parse().map_err(|_| {
        range_error(&format!(
            "{what} must be \"2004\" or \"2011\", not {:?}",
            shorten(&text)
        ))
    })
}

/// A field: `"a1"` to `"i9"` (either letter case).
pub fn field(value: &JsValue, what: &str) -> Result<Field, JsValue> {
    let text = string(value, what)?;
    text.parse().map_err(|_| {
        range_error(&format!(
            "{what} must be a field from a1 to i9, not {:?}",
            shorten(&text)
        ))
    })
}

/// At most the first 40 characters of `text`, for messages about huge inputs.
pub fn shorten(text: &str) -> String {
    const KEEP: usize = 40;
    match text.char_indices().nth(KEEP) {
        Some((end, _)) => format!("{}...", &text[..end]),
        None => text.to_owned(),
    }
}

/// The own string keys of `object`, in order (through `Reflect.ownKeys`, so that
/// even a proxy that throws gives an error rather than an exception through the
/// module).
pub fn own_keys(object: &Object) -> Result<Vec<String>, JsValue> {
    Ok(Reflect::own_keys(object)?
        .iter()
        .filter_map(|key| key.as_string())
        .collect())
}

/// An options object: `undefined`, `null` or an object whose keys are all known.
pub struct Options {
    object: Option<Object>,
}

impl Options {
    /// Reads the options argument of `function`, which knows the keys `known`.
    /// A key it does not know is a `TypeError` (a misspelt option would otherwise
    /// be ignored silently).
    pub fn new(value: &JsValue, function: &str, known: &[&str]) -> Result<Options, JsValue> {
        if is_missing(value) {
            return Ok(Options { object: None });
        }
        if !value.is_object() || value.is_array() || value.is_function() {
            return Err(type_error(&format!(
                "the options of {function} must be an object, not {}",
                kind(value)
            )));
        }
        let object = Object::unchecked_from_js_ref(value).clone();
        for key in own_keys(&object)? {
            if !known.contains(&key.as_str()) {
                return Err(type_error(&format!(
                    "{function} has no option {:?}; its options are {}",
                    shorten(&key),
                    known.join(", ")
                )));
            }
        }
        Ok(Options {
            object: Some(object),
        })
    }

    /// The object, if one was given.
    pub fn object(&self) -> Option<&Object> {
        self.object.as_ref()
    }

    /// The value of option `key`; `undefined` when not given.
    pub fn get(&self, key: &str) -> Result<JsValue, JsValue> {
        match &self.object {
            Some(object) => Reflect::get(object, &JsValue::from_str(key)),
            None => Ok(JsValue::UNDEFINED),
        }
    }

    /// The value of option `key`, or `None` when it is `undefined` or `null`.
    pub fn given(&self, key: &str) -> Result<Option<JsValue>, JsValue> {
        let value = self.get(key)?;
        Ok((!is_missing(&value)).then_some(value))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whole_numbers_are_exact_and_in_range() {
        assert_eq!(whole_from_f64(3.0, 0, 10), Some(3));
        assert_eq!(whole_from_f64(0.0, 0, 10), Some(0));
        assert_eq!(whole_from_f64(10.0, 0, 10), Some(10));
        assert_eq!(whole_from_f64(10.5, 0, 10), None);
        assert_eq!(whole_from_f64(-1.0, 0, 10), None);
        assert_eq!(whole_from_f64(11.0, 0, 10), None);
        assert_eq!(whole_from_f64(f64::NAN, 0, 10), None);
        assert_eq!(whole_from_f64(f64::INFINITY, 0, u64::MAX), None);
        assert_eq!(
            whole_from_f64(MAX_SAFE_INTEGER as f64, 0, MAX_SAFE_INTEGER),
            Some(MAX_SAFE_INTEGER)
        );
    }

    #[test]
    fn long_texts_are_shortened_on_a_character_boundary() {
        assert_eq!(shorten("e1-e2"), "e1-e2");
        let long = "é".repeat(100);
        let short = shorten(&long);
        assert_eq!(short, format!("{}...", "é".repeat(40)));
    }
}

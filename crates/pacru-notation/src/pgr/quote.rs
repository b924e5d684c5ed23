//! Input quoted in an error message.

use std::borrow::Cow;

/// The most characters of a piece of input quoted in an error message.
const QUOTED_CHARS: usize = 40;

/// `text` as quoted in an error message: its first 40 characters and `...` when
/// it is longer, so that a message stays short whatever the input.
pub(crate) fn shorten(text: &str) -> Cow<'_, str> {
    match text.char_indices().nth(QUOTED_CHARS) {
        None => Cow::Borrowed(text),
        Some((end, _)) => Cow::Owned(format!("{}...", &text[..end])),
    }
}

//! Escaping for the page: text and attribute values in HTML, and JSON inside a
//! `<script>` element.

use pacru_core::escape_controls;
use std::borrow::Cow;

/// `text` for people: its control characters (and the invisible characters that
/// reorder text) written as escapes such as `\u{1b}`.
pub fn shown(text: &str) -> Cow<'_, str> {
    escape_controls(text)
}

/// `text` as HTML text or a quoted attribute value: `&`, `<`, `>`, `"` and `'`
/// written as character references, control characters shown escaped.
///
/// ```
/// use pacru_view::page::escape_html;
/// assert_eq!(escape_html("<b class=\"x\">&'\u{1b}"), "&lt;b class=&quot;x&quot;&gt;&amp;&#39;\\u{1b}");
/// ```
pub fn escape_html(text: &str) -> String {
    let text = shown(text);
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

/// JSON text made safe to place inside a `<script>` element: `<`, `>`, `&`, U+2028
/// and U+2029 written as `\u` escapes. They can only occur inside JSON strings,
/// where the escape means the same character, so the JSON value is unchanged;
/// and no `</script>` or `<!--` can appear.
///
/// ```
/// use pacru_view::page::escape_json_for_script;
/// let json = serde_json::to_string("</script><!--&\u{2028}").unwrap();
/// let safe = escape_json_for_script(&json);
/// assert_eq!(safe, r#""\u003c/script\u003e\u003c!--\u0026\u2028""#);
/// assert_eq!(serde_json::from_str::<String>(&safe).unwrap(), "</script><!--&\u{2028}");
/// ```
pub fn escape_json_for_script(json: &str) -> Cow<'_, str> {
    let risky = |c: char| matches!(c, '<' | '>' | '&' | '\u{2028}' | '\u{2029}');
    if !json.contains(risky) {
        return Cow::Borrowed(json);
    }
    let mut out = String::with_capacity(json.len() + 16);
    for c in json.chars() {
        match c {
            '<' => out.push_str("\\u003c"),
            '>' => out.push_str("\\u003e"),
            '&' => out.push_str("\\u0026"),
            '\u{2028}' => out.push_str("\\u2028"),
            '\u{2029}' => out.push_str("\\u2029"),
            _ => out.push(c),
        }
    }
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn html_escaping_covers_every_special_character() {
        assert_eq!(
            escape_html("a&b<c>d\"e'f"),
            "a&amp;b&lt;c&gt;d&quot;e&#39;f"
        );
        assert_eq!(escape_html("plain é"), "plain é");
        assert_eq!(escape_html("bell\u{7}"), "bell\\u{7}");
    }

    #[test]
    fn script_json_never_closes_the_script_and_reads_back_the_same() {
        for text in [
            "</script>",
            "<!--",
            "]]>",
            "&amp;",
            "\u{2028}\u{2029}",
            "</SCRIPT >",
        ] {
            let json = serde_json::to_string(text).unwrap();
            let safe = escape_json_for_script(&json);
            assert!(!safe.to_ascii_lowercase().contains("</script"));
            assert!(!safe.contains('<') && !safe.contains('>') && !safe.contains('&'));
            assert!(!safe.contains('\u{2028}') && !safe.contains('\u{2029}'));
            assert_eq!(serde_json::from_str::<String>(&safe).unwrap(), text);
        }
    }
}

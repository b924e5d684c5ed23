//! The rules the page carries: the npm package's WebAssembly module (gzipped, as
//! base64 in an inert `<script type="application/octet-stream">` element) and its
//! JavaScript bundled as one classic script defining `pacruRules`. Both are built
//! by `cargo xtask board-rules` from the workspace's sources and kept in
//! `src/page/rules/`, since building this crate cannot compile WebAssembly.

use std::io::{self, Write};

/// The package's JavaScript as one classic script: it defines the global
/// `pacruRules` (`Position`, `bestMove`, `check`, `formatGame`, `readGames`, the
/// error classes, and `initSync`, which takes the compiled module).
pub const SCRIPT: &str = include_str!("rules/pacru.js");

/// The WebAssembly module, gzipped.
pub const MODULE_GZ: &[u8] = include_bytes!("rules/pacru.wasm.gz");

/// The id of the element holding the module.
pub const MODULE_ELEMENT: &str = "rules-module";

/// Writes the element holding the module: base64 of its gzipped bytes.
pub fn write_module(out: &mut impl Write) -> io::Result<()> {
    write!(
        out,
        "<script type=\"application/octet-stream\" id=\"{MODULE_ELEMENT}\" data-encoding=\"gzip base64\">"
    )?;
    {
        let mut encoder = base64::write::EncoderWriter::new(
            &mut *out,
            &base64::engine::general_purpose::STANDARD,
        );
        encoder.write_all(MODULE_GZ)?;
        encoder.finish()?;
    }
    writeln!(out, "</script>")
}

#[cfg(test)]
mod tests {
    use super::*;
    use base64::Engine as _;

    #[test]
    fn the_script_can_stand_inside_a_script_element() {
        let lower = SCRIPT.to_ascii_lowercase();
        assert!(!lower.contains("</script"));
        assert!(!lower.contains("<!--"));
        assert!(SCRIPT.starts_with("var pacruRules = "));
    }

    #[test]
    fn the_module_is_gzipped_webassembly() {
        use std::io::Read as _;
        let mut module = Vec::new();
        flate2::read::GzDecoder::new(MODULE_GZ)
            .read_to_end(&mut module)
            .unwrap();
        assert_eq!(&module[..4], b"\0asm");
    }

    #[test]
    fn the_element_holds_the_module_in_base64() {
        let mut out = Vec::new();
        write_module(&mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        let body = text
            .strip_prefix(r#"<script type="application/octet-stream" id="rules-module" data-encoding="gzip base64">"#)
            .and_then(|rest| rest.strip_suffix("</script>\n"))
            .unwrap();
        let bytes = base64::engine::general_purpose::STANDARD
            .decode(body)
            .unwrap();
        assert_eq!(bytes, MODULE_GZ);
    }
}

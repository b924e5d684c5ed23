//! The workspace version and the changelog entry a release needs.

use anyhow::{Result, bail};

/// The `version` of the `[workspace.package]` table of a root `Cargo.toml`.
///
/// A small line-based reader: it expects `version = "X.Y.Z"` on its own line inside
/// that table, which is how the workspace manifest is written.
pub fn workspace_version(manifest: &str) -> Result<String> {
    let mut in_table = false;
    for line in manifest.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            in_table = line == "[workspace.package]";
            continue;
        }
        if !in_table {
            continue;
        }
        if let Some((key, value)) = line.split_once('=')
            && key.trim() == "version"
        {
            let value = value.trim();
            let Some(version) = value
                .strip_prefix('"')
                .and_then(|v| v.strip_suffix('"'))
                .filter(|v| is_semver_core(v))
            else {
                bail!("[workspace.package] version {value} is not a quoted X.Y.Z version");
            };
            return Ok(version.to_string());
        }
    }
    bail!("no `version = \"X.Y.Z\"` in the [workspace.package] table of Cargo.toml")
}

/// Whether `text` is `X.Y.Z` with decimal numbers (pre-release and build suffixes are
/// not used by this project).
fn is_semver_core(text: &str) -> bool {
    let parts: Vec<&str> = text.split('.').collect();
    parts.len() == 3
        && parts
            .iter()
            .all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()))
}

/// Checks that `changelog` has a release heading `## [version]` (Keep a Changelog
/// style, usually followed by ` - YYYY-MM-DD`) and that the section is not empty.
pub fn check_changelog(changelog: &str, version: &str) -> Result<()> {
    let heading = format!("## [{version}]");
    let mut lines = changelog.lines();
    if !lines.by_ref().any(|line| {
        line.strip_prefix(&heading)
            .is_some_and(|rest| rest.is_empty() || rest.starts_with(' '))
    }) {
        bail!(
            "CHANGELOG.md has no entry for version {version}: add a section headed \
             `{heading} - YYYY-MM-DD`"
        );
    }
    let has_content = lines
        .take_while(|line| !line.starts_with("## "))
        .any(|line| !line.trim().is_empty() && !line.starts_with('['));
    if !has_content {
        bail!("the CHANGELOG.md section `{heading}` is empty: say what the release contains");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const MANIFEST: &str = r#"
[workspace]
members = ["crates/*"]

[workspace.package]
edition = "2024"
version = "0.1.0"

[workspace.dependencies]
serde = { version = "1" }
"#;

    #[test]
    fn reads_the_workspace_package_version() {
        assert_eq!(workspace_version(MANIFEST).unwrap(), "0.1.0");
    }

    #[test]
    fn ignores_versions_in_other_tables() {
        let manifest = "[package]\nversion = \"9.9.9\"\n[workspace.package]\nversion = \"1.2.3\"\n";
        assert_eq!(workspace_version(manifest).unwrap(), "1.2.3");
        assert!(workspace_version("[package]\nversion = \"9.9.9\"\n").is_err());
    }

    #[test]
    fn rejects_a_version_that_is_not_x_y_z() {
        for bad in ["\"1.2\"", "\"1.2.x\"", "1.2.3", "{ workspace = true }"] {
            let manifest = format!("[workspace.package]\nversion = {bad}\n");
            assert!(workspace_version(&manifest).is_err(), "{bad}");
        }
    }

    const CHANGELOG: &str = "\
# Changelog

## [Unreleased]

## [0.1.0] - 2026-11-29

### Added
- Everything.

## [0.0.9] - 2026-01-01

[0.1.0]: https://example.invalid/pacru/releases/tag/v0.1.0
";

    #[test]
    fn finds_the_release_entry() {
        check_changelog(CHANGELOG, "0.1.0").unwrap();
    }

    #[test]
    fn reports_a_missing_entry_with_the_expected_heading() {
        let err = check_changelog(CHANGELOG, "0.2.0").unwrap_err().to_string();
        assert!(err.contains("## [0.2.0]"), "{err}");
        // A prefix of another version or the link reference is not an entry.
        assert!(check_changelog(CHANGELOG, "0.1").is_err());
        assert!(check_changelog("[0.1.0]: https://x\n", "0.1.0").is_err());
        assert!(check_changelog("## [0.1.0]-extra\n- x\n", "0.1.0").is_err());
    }

    #[test]
    fn rejects_an_empty_entry() {
        assert!(check_changelog(CHANGELOG, "0.0.9").is_err());
        assert!(check_changelog("## [1.0.0]\n\n## [0.9.0]\n- x\n", "1.0.0").is_err());
        check_changelog("## [1.0.0]\n- x\n", "1.0.0").unwrap();
    }
}

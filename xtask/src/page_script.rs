//! `cargo xtask page-script [--check]`: the script of every page `pacru view` and
//! `pacru board` write. The page code is ES modules with JSDoc types in
//! `crates/pacru-view/src/page/js/` (one job each; `main.js` is the entry),
//! checked by the TypeScript compiler (`tsc -p crates/pacru-view/src/page`, strict,
//! `checkJs`, no output); the page is one offline file, so esbuild bundles the
//! modules into one classic script, and since building `pacru` cannot run node,
//! the bundle is kept in the repository, in `crates/pacru-view/src/page/bundle/`:
//!
//! - `page.js`: the bundle, which `pacru-view` embeds in each page (its hash is in
//!   the page's Content-Security-Policy);
//! - `inputs.sha256`: the fingerprint of what it is made from (the modules and the
//!   esbuild version `tests/browser/package-lock.json` locks).
//!
//! Building type-checks first. `--check` recomputes the fingerprint and fails when
//! it differs, naming the command that brings the bundle up to date, then
//! type-checks the modules; the `browser` step of `cargo xtask ci` runs it.

use crate::browser;
use crate::process::run_step;
use anyhow::{Context as _, Result, bail};
use sha2::{Digest, Sha256};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The page's directory (its `tsconfig.json`), relative to the workspace root.
pub const PAGE_DIR: &str = "crates/pacru-view/src/page";

/// The modules, relative to the workspace root.
pub const SOURCE_DIR: &str = "crates/pacru-view/src/page/js";

/// Where the bundle lives, relative to the workspace root.
pub const DIR: &str = "crates/pacru-view/src/page/bundle";

/// The bundler and the type checker, installed with the npm packages of
/// `tests/browser`.
const ESBUILD: &str = "node_modules/.bin/esbuild";
const TSC: &str = "node_modules/.bin/tsc";

/// `cargo xtask page-script [--check]`.
pub fn run(root: &Path, check_only: bool) -> Result<()> {
    if check_only {
        check(root)?;
        return typecheck(root);
    }
    typecheck(root)?;
    let esbuild = tool(root, ESBUILD)?;
    let out = root.join(DIR);
    fs::create_dir_all(&out).with_context(|| format!("creating {}", out.display()))?;
    let mut bundle = Command::new(&esbuild);
    bundle
        .arg("main.js")
        .args([
            "--bundle",
            "--format=iife",
            "--target=es2020",
            "--charset=utf8",
            "--legal-comments=none",
            "--log-level=warning",
        ])
        .arg(format!("--outfile={}", out.join("page.js").display()));
    run_step("page script: esbuild", &root.join(SOURCE_DIR), bundle)?;
    fs::write(
        out.join("inputs.sha256"),
        format!("{}\n", fingerprint(root)?),
    )?;
    println!("==> page script: {DIR}/page.js");
    Ok(())
}

/// `tests/browser/<relative>`, which `npm ci` there installs.
fn tool(root: &Path, relative: &str) -> Result<PathBuf> {
    let path = root.join(browser::DIR).join(relative);
    if !path.is_file() {
        bail!(
            "the page script needs {} (npm ci in {})",
            path.display(),
            browser::DIR
        );
    }
    Ok(path)
}

/// Type-checks the modules: `tsc -p crates/pacru-view/src/page` (strict, checkJs,
/// noEmit; the rules typed by the npm package's declarations).
pub fn typecheck(root: &Path) -> Result<()> {
    let mut tsc = Command::new(tool(root, TSC)?);
    tsc.arg("-p").arg(root.join(PAGE_DIR));
    run_step("page script: tsc", root, tsc).map(drop)
}

/// Fails when the bundle is not the one today's modules make.
pub fn check(root: &Path) -> Result<()> {
    let path = root.join(DIR).join("inputs.sha256");
    let recorded =
        fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))?;
    let current = fingerprint(root)?;
    if recorded.trim() != current {
        bail!(
            "the page script in {DIR} was built from other modules than today's \
             (fingerprint {} there, {current} now): run `cargo xtask page-script` and commit {DIR}",
            recorded.trim()
        );
    }
    println!("==> page script: {DIR} is up to date ({current})");
    Ok(())
}

/// The fingerprint of the bundle's inputs: a SHA-256 over sorted lines, one per
/// module (its name and hash) and one for the esbuild version.
pub fn fingerprint(root: &Path) -> Result<String> {
    let dir = root.join(SOURCE_DIR);
    let mut lines = Vec::new();
    for entry in fs::read_dir(&dir).with_context(|| format!("reading {}", dir.display()))? {
        let path = entry?.path();
        if path.extension().is_some_and(|ext| ext == "js") {
            let bytes = fs::read(&path)?;
            let name = path.file_name().unwrap_or_default().to_string_lossy();
            lines.push(format!("{name} {}", hex(&Sha256::digest(&bytes))));
        }
    }
    lines.push(format!(
        "esbuild {}",
        crate::board_rules::esbuild_locked(root)?
    ));
    lines.sort();
    let mut digest = Sha256::new();
    for line in &lines {
        digest.update(line.as_bytes());
        digest.update(b"\n");
    }
    Ok(hex(&digest.finalize()))
}

/// Lower-case hexadecimal.
fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fingerprint_changes_with_a_module() {
        let root = crate::workspace_root();
        let today = fingerprint(&root).unwrap();
        assert_eq!(today, fingerprint(&root).unwrap());
        let copy = std::env::temp_dir().join(format!("page-script-{}", std::process::id()));
        let js = copy.join(SOURCE_DIR);
        fs::create_dir_all(&js).unwrap();
        fs::create_dir_all(copy.join(browser::DIR)).unwrap();
        fs::copy(
            root.join(browser::DIR).join("package-lock.json"),
            copy.join(browser::DIR).join("package-lock.json"),
        )
        .unwrap();
        for entry in fs::read_dir(root.join(SOURCE_DIR)).unwrap() {
            let path = entry.unwrap().path();
            fs::copy(&path, js.join(path.file_name().unwrap())).unwrap();
        }
        assert_eq!(fingerprint(&copy).unwrap(), today);
        fs::write(js.join("main.js"), "// changed\n").unwrap();
        assert_ne!(fingerprint(&copy).unwrap(), today);
        fs::remove_dir_all(&copy).unwrap();
    }
}

//! `cargo xtask ci`: the project's whole test suite, one announced step at a time.

use crate::process::{cargo, run_step};
use anyhow::Result;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

/// The browser tests of the viewer page, relative to the workspace root.
const BROWSER_TESTS: &str = "tests/browser";

/// The CI steps, in order: a name and the cargo command it runs.
pub fn steps() -> Vec<(&'static str, Command)> {
    let mut fmt = cargo();
    fmt.args(["fmt", "--all", "--check"]);
    let mut clippy = cargo();
    clippy.args([
        "clippy",
        "--workspace",
        "--all-targets",
        "--",
        "-D",
        "warnings",
    ]);
    let mut test = cargo();
    test.args(["test", "--workspace"]);
    let mut browser = Command::new("node");
    browser.args(["--test", &format!("{BROWSER_TESTS}/viewer.test.mjs")]);
    let mut doc = cargo();
    doc.args(["doc", "--workspace", "--no-deps"])
        .env("RUSTDOCFLAGS", "-D warnings");
    vec![
        ("fmt", fmt),
        ("clippy", clippy),
        ("test", test),
        ("browser", browser),
        ("doc", doc),
    ]
}

/// The `pacru` binary that `cargo test` built, which the browser tests drive.
fn debug_binary(root: &Path) -> PathBuf {
    let target =
        std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| root.join("target"), PathBuf::from);
    target
        .join("debug")
        .join(format!("pacru{}", std::env::consts::EXE_SUFFIX))
}

/// Why the browser tests cannot run here, if they cannot: no Node.js, or the npm
/// packages not installed. (A missing Chromium is reported by the tests themselves.)
fn browser_missing(root: &Path) -> Option<String> {
    let node = Command::new("node").arg("--version").output();
    if !node.is_ok_and(|o| o.status.success()) {
        return Some("Node.js (`node`) is not on PATH".to_string());
    }
    let package = root
        .join(BROWSER_TESTS)
        .join("node_modules/playwright-core");
    if !package.is_dir() {
        return Some(format!(
            "the npm packages are not installed: run `npm ci` in {BROWSER_TESTS}"
        ));
    }
    None
}

/// Runs the browser step, or says loudly why it is skipped.
fn run_browser(root: &Path, mut cmd: Command) -> Result<Duration> {
    if let Some(reason) = browser_missing(root) {
        let line = "!".repeat(78);
        println!(
            "{line}\n!!! BROWSER TESTS SKIPPED: {reason}\n!!! The viewer page was NOT tested in a browser (.ci/run installs what they need).\n{line}"
        );
        return Ok(Duration::ZERO);
    }
    cmd.env("PACRU_BIN", debug_binary(root));
    run_step("browser", root, cmd)
}

/// Runs every step in `root`, stopping at the first failure.
pub fn run(root: &Path) -> Result<()> {
    let start = Instant::now();
    let steps = steps();
    let total = steps.len();
    let mut timings = Vec::new();
    for (i, (name, cmd)) in steps.into_iter().enumerate() {
        println!("\n==> [{}/{total}] {name}", i + 1);
        let took = if name == "browser" {
            run_browser(root, cmd)?
        } else {
            run_step(name, root, cmd)?
        };
        timings.push((name, took));
    }
    println!("\n==> ci: all {total} steps passed");
    for (name, took) in timings {
        println!("    {name:<8} {:>7.1}s", took.as_secs_f64());
    }
    println!("    {:<8} {:>7.1}s", "total", start.elapsed().as_secs_f64());
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::process::describe;

    #[test]
    fn steps_run_in_the_documented_order() {
        let names: Vec<_> = steps().into_iter().map(|(name, _)| name).collect();
        assert_eq!(names, ["fmt", "clippy", "test", "browser", "doc"]);
    }

    #[test]
    fn lints_and_docs_deny_warnings() {
        let steps = steps();
        assert!(describe(&steps[1].1).ends_with("clippy --workspace --all-targets -- -D warnings"));
        assert!(describe(&steps[4].1).starts_with("RUSTDOCFLAGS=\"-D warnings\" "));
    }
}

//! The `browser` step of `cargo xtask ci`: the tests of the viewer page, the board,
//! the event site and the server's pages in headless Chromium (`node --test
//! tests/browser/viewer.test.mjs tests/browser/board.test.mjs
//! tests/browser/event.test.mjs tests/browser/server.test.mjs
//! tests/browser/server-events.test.mjs`, Playwright driving
//! Debian's `chromium`; the server's against a real `pacru serve`), after checking that the pages' rules and script are up to date
//! ([`crate::board_rules::check`], [`crate::page_script::check`]) and
//! type-checking the page code ([`crate::page_script::typecheck`]), run against the `pacru` binary of the test build. Installs the npm
//! packages of `tests/browser` (`npm ci`: Playwright, and TypeScript for the `npm`
//! step) when they are missing.

use crate::ci::{Context, Outcome, unavailable};
use crate::process::{capture, run_step, run_step_tee};
use crate::results;
use anyhow::Result;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The browser tests, relative to the workspace root.
pub const DIR: &str = "tests/browser";

/// How many test files `node --test` runs at once (here and in the npm step).
/// Node's default is one fewer than the cores, one file at a time on 2 cores,
/// while most of a browser test's time is spent waiting on Chromium and on the
/// `pacru` programs it drives: on 2 cores the five files of `tests/browser`
/// took 77 s three at a time, 85 s five at a time and 130 s one at a time
/// (2026-12-07, the machine busy with other builds).
pub const NODE_TEST_FILES_AT_ONCE: usize = 3;

/// The Chromium the tests drive: `CHROMIUM`, else Debian's `/usr/bin/chromium`.
pub fn chromium() -> PathBuf {
    std::env::var_os("CHROMIUM")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/usr/bin/chromium"))
}

/// Whether `program --version` runs.
fn runs(root: &Path, program: &str) -> bool {
    let mut cmd = Command::new(program);
    cmd.arg("--version");
    capture(program, root, cmd).is_ok()
}

/// The npm packages of `tests/browser`, which the browser tests of this step
/// (and its bundler and type checker of the page code) and the tests of the `npm`
/// step use.
pub const PACKAGES: [&str; 3] = ["esbuild", "playwright-core", "typescript"];

/// Installs the npm packages of `tests/browser` ([`PACKAGES`]) when any is missing
/// (`npm ci`); if that cannot be done, says why.
pub fn install_packages(ctx: &Context) -> Result<Option<String>> {
    let dir = ctx.root.join(DIR);
    let modules = dir.join("node_modules");
    if PACKAGES
        .iter()
        .all(|package| modules.join(package).is_dir())
    {
        return Ok(None);
    }
    if !runs(&ctx.root, "npm") {
        return Ok(Some(format!(
            "the npm packages of {DIR} are not installed and npm is not on PATH"
        )));
    }
    let mut npm = Command::new("npm");
    npm.args(["ci", "--no-audit", "--no-fund"]);
    if let Err(err) = run_step("npm ci", &dir, npm) {
        return Ok(Some(format!(
            "could not install the npm packages of {DIR}: {err:#}"
        )));
    }
    Ok(None)
}

/// The `browser` step.
pub fn step(ctx: &Context) -> Result<Outcome> {
    if !runs(&ctx.root, "node") {
        return unavailable(ctx, "Node.js (`node`) is not on PATH".into());
    }
    let chromium = chromium();
    if !chromium.is_file() {
        return unavailable(
            ctx,
            format!(
                "no Chromium at {} (apt-get install chromium, or set CHROMIUM)",
                chromium.display()
            ),
        );
    }
    if let Some(missing) = install_packages(ctx)? {
        return unavailable(ctx, missing);
    }
    crate::board_rules::check(&ctx.root)?;
    crate::page_script::check(&ctx.root)?;
    crate::page_script::typecheck(&ctx.root)?;
    let pacru = ctx.pacru_binary()?;
    let mut node = Command::new("node");
    let tests = [
        "viewer.test.mjs",
        "board.test.mjs",
        "event.test.mjs",
        "server.test.mjs",
        "server-events.test.mjs",
    ]
    .map(|t| format!("{DIR}/{t}"));
    node.arg("--test")
        .arg(format!("--test-concurrency={NODE_TEST_FILES_AT_ONCE}"))
        .args(tests)
        .env("PACRU_BIN", pacru)
        .env("CHROMIUM", &chromium)
        // The tests themselves fail, rather than skip, when something is missing.
        .env("PACRU_BROWSER_REQUIRED", "1");
    let (_, output) = run_step_tee("browser", &ctx.root, node)?;
    Ok(Outcome::Passed(results::node_test(&output)))
}

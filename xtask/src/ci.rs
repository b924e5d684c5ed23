//! `cargo xtask ci`: the project's whole test suite, one announced step at a time.

use crate::process::{cargo, run_step};
use anyhow::Result;
use std::path::Path;
use std::process::Command;
use std::time::Instant;

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
    let mut doc = cargo();
    doc.args(["doc", "--workspace", "--no-deps"])
        .env("RUSTDOCFLAGS", "-D warnings");
    vec![
        ("fmt", fmt),
        ("clippy", clippy),
        ("test", test),
        ("doc", doc),
    ]
}

/// Runs every step in `root`, stopping at the first failure.
pub fn run(root: &Path) -> Result<()> {
    let start = Instant::now();
    let steps = steps();
    let total = steps.len();
    let mut timings = Vec::new();
    for (i, (name, cmd)) in steps.into_iter().enumerate() {
        println!("\n==> [{}/{total}] {name}", i + 1);
        timings.push((name, run_step(name, root, cmd)?));
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
        assert_eq!(names, ["fmt", "clippy", "test", "doc"]);
    }

    #[test]
    fn lints_and_docs_deny_warnings() {
        let steps = steps();
        assert!(describe(&steps[1].1).ends_with("clippy --workspace --all-targets -- -D warnings"));
        assert!(describe(&steps[3].1).starts_with("RUSTDOCFLAGS=\"-D warnings\" "));
    }
}

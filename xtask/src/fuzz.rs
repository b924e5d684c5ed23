//! `cargo xtask fuzz [--time SECS] [TARGET...]`: runs the fuzz targets of `fuzz/`,
//! each for a given time, as many at once as there are cores, on the stable
//! toolchain (`cargo fuzz run TARGET --sanitizer none`); also the `fuzz` step of
//! `cargo xtask ci` (every target for a few seconds). Installs nothing: says how to
//! get cargo-fuzz when it is missing.
//!
//! New inputs libFuzzer finds go to a scratch corpus under `fuzz/target/corpus/`,
//! which is not committed; the seeds of `fuzz/corpus/TARGET` are read, not written.
//! A crash leaves its input in `fuzz/artifacts/TARGET/`; keep it as a regression
//! in `fuzz/regressions/TARGET/` (see `docs/fuzzing.md`).

use crate::ci::{Context, Outcome, unavailable};
use crate::process::{capture, cargo, describe, run_step};
use anyhow::{Context as _, Result, bail};
use std::path::Path;
use std::process::Command;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

/// Seconds per target when `--time` is not given.
pub const DEFAULT_SECS: u64 = 60;

/// What to run: seconds per target and the targets (empty: all of them).
#[derive(Debug, PartialEq, Eq)]
pub struct FuzzArgs {
    /// Seconds per target.
    pub secs: u64,
    /// The targets to run, in order; empty for every target.
    pub targets: Vec<String>,
}

/// Reads `[--time SECS] [TARGET...]`.
pub fn parse_args(args: &[&str]) -> Result<FuzzArgs> {
    let mut secs = DEFAULT_SECS;
    let mut targets = Vec::new();
    let mut rest = args.iter();
    while let Some(&arg) = rest.next() {
        let value = if arg == "--time" {
            Some(*rest.next().context("--time needs a number of seconds")?)
        } else {
            arg.strip_prefix("--time=")
        };
        if let Some(value) = value {
            secs = value.parse().ok().filter(|&s| s > 0).with_context(|| {
                format!("--time: `{value}` is not a whole number of seconds above 0")
            })?;
        } else if arg.starts_with('-') {
            bail!("unknown option `{arg}` (expected --time SECS)");
        } else {
            targets.push(arg.to_owned());
        }
    }
    Ok(FuzzArgs { secs, targets })
}

/// Why `cargo fuzz` cannot run here, if it cannot.
pub(crate) fn cargo_fuzz_missing(fuzz_dir: &Path) -> Option<String> {
    let mut version = cargo();
    version.args(["fuzz", "--version"]);
    capture("cargo-fuzz", fuzz_dir, version).err().map(|_| {
        "cargo-fuzz is not installed (`cargo fuzz` does not run); install it with \
         `cargo install cargo-fuzz --locked`"
            .to_string()
    })
}

/// `cargo xtask fuzz`: runs the targets; fails, after running them all, if any found
/// a crash.
pub fn run(root: &Path, args: &[&str]) -> Result<()> {
    let args = parse_args(args)?;
    if let Some(missing) = cargo_fuzz_missing(&root.join("fuzz")) {
        bail!("{missing}, and try again");
    }
    run_targets(root, args.secs, &args.targets)
}

/// The `fuzz` step of `cargo xtask ci`: every target for `secs` seconds.
pub fn step(ctx: &Context, secs: u64) -> Result<Outcome> {
    if let Some(missing) = cargo_fuzz_missing(&ctx.root.join("fuzz")) {
        return unavailable(ctx, missing);
    }
    run_targets(&ctx.root, secs, &[])?;
    Ok(Outcome::Passed(Vec::new()))
}

/// `cargo fuzz run TARGET --sanitizer none` with the targets' scratch corpus and
/// seeds, for `secs` seconds.
pub fn run_command(target: &str, scratch: &Path, secs: u64) -> Command {
    let mut cmd = cargo();
    cmd.args(["fuzz", "run", target, "--sanitizer", "none"])
        .arg(scratch)
        .arg(Path::new("corpus").join(target))
        .args(["--", &format!("-max_total_time={secs}"), "-timeout=20"]);
    cmd
}

/// Runs `targets` (every target if empty) for `secs` seconds each, as many at once
/// as there are cores (libFuzzer runs on one), after one build of them all.
fn run_targets(root: &Path, secs: u64, targets: &[String]) -> Result<()> {
    let fuzz_dir = root.join("fuzz");
    let mut list = cargo();
    list.args(["fuzz", "list"]);
    let listed = String::from_utf8(capture("cargo fuzz list", &fuzz_dir, list)?)
        .context("cargo fuzz list: output is not UTF-8")?;
    let known: Vec<&str> = listed.split_whitespace().collect();
    for target in targets {
        if !known.contains(&target.as_str()) {
            bail!(
                "no fuzz target `{target}`; the targets are: {}",
                known.join(" ")
            );
        }
    }
    let targets: Vec<&str> = if targets.is_empty() {
        known.clone()
    } else {
        targets.iter().map(String::as_str).collect()
    };
    // One build of every target, so that the runs below build nothing (and do not
    // wait for each other's cargo).
    let mut build = cargo();
    build.args(["fuzz", "build", "--sanitizer", "none"]);
    run_step("fuzz build", &fuzz_dir, build)?;

    let next = AtomicUsize::new(0);
    let failed = Mutex::new(Vec::new());
    let jobs = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(targets.len());
    println!(
        "==> fuzz: {} targets, {secs} s each, {jobs} at a time",
        targets.len()
    );
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            scope.spawn(|| {
                while let Some(target) = targets.get(next.fetch_add(1, Ordering::Relaxed)) {
                    if let Err(err) = run_target(&fuzz_dir, target, secs) {
                        println!("==> fuzz {target}: FAILED: {err:#}");
                        failed.lock().unwrap().push(*target);
                    }
                }
            });
        }
    });
    let failed = failed.into_inner().unwrap();
    if !failed.is_empty() {
        bail!(
            "fuzz targets failed: {} (crash inputs in fuzz/artifacts/; replay one with \
             `cargo fuzz run TARGET --sanitizer none FILE` in fuzz/)",
            failed.join(" ")
        );
    }
    println!("==> fuzz: {} targets ok, {secs} s each", targets.len());
    Ok(())
}

/// Runs one target for `secs` seconds; prints libFuzzer's last line when it passes,
/// everything it wrote when it fails.
fn run_target(fuzz_dir: &Path, target: &str, secs: u64) -> Result<()> {
    let scratch = fuzz_dir.join("target").join("corpus").join(target);
    std::fs::create_dir_all(&scratch)
        .with_context(|| format!("cannot create {}", scratch.display()))?;
    let mut cmd = run_command(target, &scratch, secs);
    let shown = describe(&cmd);
    println!("==> fuzz {target}: {shown}");
    let start = Instant::now();
    let output = cmd
        .current_dir(fuzz_dir)
        .output()
        .with_context(|| format!("could not start `{shown}`"))?;
    let took = start.elapsed().as_secs_f64();
    let stderr = String::from_utf8_lossy(&output.stderr);
    if !output.status.success() {
        print!("{}{stderr}", String::from_utf8_lossy(&output.stdout));
        bail!(
            "{}, after {took:.0}s; the input is in fuzz/artifacts/{target}/",
            output.status
        );
    }
    let done = stderr
        .lines()
        .rev()
        .find(|line| line.starts_with("Done "))
        .unwrap_or("");
    println!("==> fuzz {target}: ok ({took:.0}s): {done}");
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arguments() {
        assert_eq!(
            parse_args(&[]).unwrap(),
            FuzzArgs {
                secs: DEFAULT_SECS,
                targets: vec![]
            }
        );
        assert_eq!(
            parse_args(&["--time", "15", "read_pgr", "parse_move"]).unwrap(),
            FuzzArgs {
                secs: 15,
                targets: vec!["read_pgr".into(), "parse_move".into()]
            }
        );
        assert_eq!(parse_args(&["--time=3"]).unwrap().secs, 3);
        assert!(parse_args(&["--time"]).is_err());
        assert!(parse_args(&["--time", "0"]).is_err());
        assert!(parse_args(&["--time", "x"]).is_err());
        assert!(parse_args(&["--jobs", "2"]).is_err());
    }

    #[test]
    fn a_run_reads_the_seeds_and_grows_a_scratch_corpus() {
        let shown = describe(&run_command(
            "read_pgr",
            Path::new("target/corpus/read_pgr"),
            5,
        ));
        assert!(
            shown.ends_with(
                "fuzz run read_pgr --sanitizer none target/corpus/read_pgr corpus/read_pgr \
                 -- -max_total_time=5 -timeout=20"
            ),
            "{shown}"
        );
    }
}

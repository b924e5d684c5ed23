//! `cargo xtask fuzz [--time SECS] [TARGET...]`: runs the fuzz targets of `fuzz/`
//! one after the other, each for a given time, on the stable toolchain
//! (`cargo fuzz run TARGET --sanitizer none`). Installs nothing: says how to get
//! cargo-fuzz when it is missing.
//!
//! New inputs libFuzzer finds go to a scratch corpus under `fuzz/target/corpus/`,
//! which is not committed; the seeds of `fuzz/corpus/TARGET` are read, not written.
//! A crash leaves its input in `fuzz/artifacts/TARGET/`; keep it as a regression
//! in `fuzz/regressions/TARGET/` (see `docs/fuzzing.md`).

use crate::process::{capture, cargo, describe};
use anyhow::{Context, Result, bail};
use std::path::Path;
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

/// Runs the targets; fails, after running them all, if any found a crash.
pub fn run(root: &Path, args: &[&str]) -> Result<()> {
    let args = parse_args(args)?;
    let fuzz_dir = root.join("fuzz");
    let mut version = cargo();
    version.args(["fuzz", "--version"]);
    if capture("cargo-fuzz", &fuzz_dir, version).is_err() {
        bail!(
            "cargo-fuzz is not installed (`cargo fuzz` does not run); install it with \
             `cargo install cargo-fuzz --locked` and try again"
        );
    }
    let mut list = cargo();
    list.args(["fuzz", "list"]);
    let listed = String::from_utf8(capture("cargo fuzz list", &fuzz_dir, list)?)
        .context("cargo fuzz list: output is not UTF-8")?;
    let known: Vec<&str> = listed.split_whitespace().collect();
    let targets: Vec<&str> = if args.targets.is_empty() {
        known.clone()
    } else {
        for target in &args.targets {
            if !known.contains(&target.as_str()) {
                bail!(
                    "no fuzz target `{target}`; the targets are: {}",
                    known.join(" ")
                );
            }
        }
        args.targets.iter().map(String::as_str).collect()
    };
    let mut failed = Vec::new();
    for target in &targets {
        let scratch = fuzz_dir.join("target").join("corpus").join(target);
        std::fs::create_dir_all(&scratch)
            .with_context(|| format!("cannot create {}", scratch.display()))?;
        let mut cmd = cargo();
        cmd.args(["fuzz", "run", target, "--sanitizer", "none"])
            .arg(&scratch)
            .arg(Path::new("corpus").join(target))
            .args([
                "--",
                &format!("-max_total_time={}", args.secs),
                "-timeout=20",
            ]);
        let shown = describe(&cmd);
        println!("==> fuzz {target}: {shown}");
        let start = Instant::now();
        let status = cmd
            .current_dir(&fuzz_dir)
            .status()
            .with_context(|| format!("could not start `{shown}`"))?;
        let took = start.elapsed().as_secs_f64();
        if status.success() {
            println!("==> fuzz {target}: ok ({took:.0}s)");
        } else {
            println!(
                "==> fuzz {target}: FAILED ({status}, {took:.0}s); input in fuzz/artifacts/{target}/"
            );
            failed.push(*target);
        }
    }
    if !failed.is_empty() {
        bail!(
            "fuzz targets failed: {} (crash inputs in fuzz/artifacts/; replay one with \
             `cargo fuzz run TARGET --sanitizer none FILE` in fuzz/)",
            failed.join(" ")
        );
    }
    println!(
        "==> fuzz: {} targets ok, {} s each",
        targets.len(),
        args.secs
    );
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
}

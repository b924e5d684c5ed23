//! `cargo xtask perft-data --input FILE --output FILE [--naive-limit N]`: writes
//! perft reference lines for `crates/pacru-core/tests/data/perft/`, each count
//! checked against the naive implementation of the rules.
//!
//! The generator is the `perft_data` target of pacru-core's tests
//! (`crates/pacru-core/tests/perft_data.rs`, which describes the input lines),
//! next to the naive oracle it uses; this command runs it with
//! `cargo test -p pacru-core --release --test perft_data -- ARGS`, so that xtask
//! itself depends on no pacru crate.

use crate::process::{cargo, run_step};
use anyhow::{Context, Result, bail};
use std::path::{Path, PathBuf};

/// What to generate.
#[derive(Debug, PartialEq, Eq)]
pub struct PerftDataArgs {
    /// The positions to count.
    pub input: PathBuf,
    /// Where the lines go.
    pub output: PathBuf,
    /// Counts above this are not written (the generator's default when `None`).
    pub naive_limit: Option<u64>,
}

/// Reads `--input FILE --output FILE [--naive-limit N]` (also `--option=VALUE`).
pub fn parse_args(args: &[&str]) -> Result<PerftDataArgs> {
    let mut input = None;
    let mut output = None;
    let mut naive_limit = None;
    let mut rest = args.iter();
    while let Some(&arg) = rest.next() {
        let (name, inline) = match arg.split_once('=') {
            Some((name, value)) => (name, Some(value)),
            None => (arg, None),
        };
        let mut value = || -> Result<&str> {
            match inline {
                Some(value) => Ok(value),
                None => rest
                    .next()
                    .copied()
                    .with_context(|| format!("{name} needs a value")),
            }
        };
        match name {
            "--input" => input = Some(PathBuf::from(value()?)),
            "--output" => output = Some(PathBuf::from(value()?)),
            "--naive-limit" => {
                let text = value()?;
                naive_limit =
                    Some(text.parse().with_context(|| {
                        format!("--naive-limit: `{text}` is not a whole number")
                    })?);
            }
            _ => bail!("unknown argument `{arg}` (expected --input, --output, --naive-limit)"),
        }
    }
    let (Some(input), Some(output)) = (input, output) else {
        bail!("perft-data needs --input FILE and --output FILE");
    };
    Ok(PerftDataArgs {
        input,
        output,
        naive_limit,
    })
}

/// Runs the generator. Relative paths are taken from the current directory (the
/// generator itself runs in pacru-core's directory).
pub fn run(root: &Path, args: &[&str]) -> Result<()> {
    let args = parse_args(args)?;
    let here = std::env::current_dir().context("cannot read the current directory")?;
    let input = here.join(&args.input);
    if !input.is_file() {
        bail!("--input: no file {}", input.display());
    }
    let output = here.join(&args.output);
    let mut cmd = cargo();
    cmd.args([
        "test",
        "--package",
        "pacru-core",
        "--release",
        "--test",
        "perft_data",
        "--",
    ])
    .arg("--input")
    .arg(&input)
    .arg("--output")
    .arg(&output);
    if let Some(limit) = args.naive_limit {
        cmd.args(["--naive-limit", &limit.to_string()]);
    }
    run_step("perft-data", root, cmd)?;
    println!("==> perft-data: wrote {}", output.display());
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arguments() {
        assert_eq!(
            parse_args(&["--input", "in.txt", "--output=out.txt"]).unwrap(),
            PerftDataArgs {
                input: "in.txt".into(),
                output: "out.txt".into(),
                naive_limit: None,
            }
        );
        assert_eq!(
            parse_args(&["--output", "o", "--naive-limit", "5", "--input", "i"])
                .unwrap()
                .naive_limit,
            Some(5)
        );
        assert!(parse_args(&["--input", "in.txt"]).is_err());
        assert!(parse_args(&["--input", "i", "--output"]).is_err());
        assert!(parse_args(&["--input", "i", "--output", "o", "--naive-limit", "x"]).is_err());
        assert!(parse_args(&["--input", "i", "--output", "o", "--depth", "3"]).is_err());
    }
}

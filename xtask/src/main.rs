//! Project automation for the pacru workspace, run as `cargo xtask <command>`.
//!
//! - `cargo xtask ci`: the whole test suite (format, lints, tests, browser tests,
//!   docs), fail fast.
//! - `cargo xtask fuzz [--time SECS] [TARGET...]`: every fuzz target (or those
//!   named) for SECS seconds each, with cargo-fuzz on the stable toolchain.
//! - `cargo xtask perft-data --input FILE --output FILE [--naive-limit N]`: perft
//!   reference lines checked against the naive implementation of the rules.
//! - `cargo xtask release [--dry-run]`: a reproducible binary archive and Python wheel
//!   in `dist/`.
//!
//! Each module does one job: [`process`] runs announced commands, [`ci`] and
//! [`release`] are the two main commands, [`fuzz`] runs the fuzz targets, [`perft_data`] the perft data generator, [`version`] reads the workspace version and checks
//! the changelog, [`archive`] packs files reproducibly, [`wheel`] builds the Python
//! wheel and [`checksum`] writes the `sha256sum` line.

mod archive;
mod checksum;
mod ci;
mod fuzz;
mod perft_data;
mod process;
mod release;
mod version;
mod wheel;

use anyhow::{Result, bail};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

const USAGE: &str = "\
Usage: cargo xtask <COMMAND>

Commands:
  ci                   cargo fmt --check, clippy -D warnings, tests, browser tests, docs -D warnings
  fuzz [--time SECS] [TARGET...]
                       run every fuzz target (or those named) for SECS seconds each
                       (default 60) with `cargo fuzz run T --sanitizer none`; needs
                       cargo-fuzz (cargo install cargo-fuzz --locked)
  perft-data --input FILE --output FILE [--naive-limit N]
                       write perft reference lines for the positions of FILE, each
                       count checked against the naive rules (default limit 300000;
                       input format in crates/pacru-core/tests/perft_data.rs)
  release [--dry-run]  build pacru and pack dist/pacru-<version>-<target>.tar.gz (+ .sha256),
                       and build the Python wheel dist/pacru-<version>-*.whl (+ .sha256);
                       --dry-run checks everything and prints the plan, writing nothing
  help                 print this message

Environment:
  SOURCE_DATE_EPOCH    timestamp stored in the release archive and wheel (default 0)
  MATURIN              the maturin that builds the wheel (default: maturin on PATH)
  CARGO_TARGET_DIR     where cargo builds (default <workspace>/target)";

fn main() -> ExitCode {
    match run(std::env::args().skip(1).collect()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("xtask: error: {err:#}");
            ExitCode::FAILURE
        }
    }
}

fn run(args: Vec<String>) -> Result<()> {
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    match args.as_slice() {
        ["ci"] => ci::run(&workspace_root()),
        ["fuzz", rest @ ..] => fuzz::run(&workspace_root(), rest),
        ["perft-data", rest @ ..] => perft_data::run(&workspace_root(), rest),
        ["release"] => release::run(&workspace_root(), false),
        ["release", "--dry-run"] => release::run(&workspace_root(), true),
        [] | ["help" | "--help" | "-h"] => {
            println!("{USAGE}");
            Ok(())
        }
        _ => bail!("unknown arguments `{}`\n\n{USAGE}", args.join(" ")),
    }
}

/// The workspace root: the parent of this crate's directory.
fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask lives in a subdirectory of the workspace")
        .to_path_buf()
}

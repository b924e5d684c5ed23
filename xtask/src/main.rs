//! Project automation for the pacru workspace, run as `cargo xtask <command>`.
//!
//! - `cargo xtask ci [STEP...]`: the whole test suite, as CI runs it (format, lints,
//!   feature sets, tests, docs, browser tests, Python package, fuzz targets, a
//!   match as a Slurm job array), fail fast, with a table of times at the end.
//! - `cargo xtask fuzz [--time SECS] [TARGET...]`: every fuzz target (or those
//!   named) for SECS seconds each, with cargo-fuzz on the stable toolchain.
//! - `cargo xtask npm`: the npm package `target/npm/pacru-<version>.tgz`.
//! - `cargo xtask board-rules [--check]`: the WebAssembly rules inside the viewer
//!   and board pages, kept in `crates/pacru-view/src/page/rules/`.
//! - `cargo xtask page-script [--check]`: the pages' own script, type-checked
//!   modules bundled into `crates/pacru-view/src/page/bundle/`.
//! - `cargo xtask perft-data --input FILE --output FILE [--naive-limit N]`: perft
//!   reference lines checked against the naive implementation of the rules.
//! - `cargo xtask release [--dry-run]`: a reproducible binary archive and Python wheel
//!   in `dist/`, built with the `dist` profile.
//!
//! Each module does one job: [`process`] runs announced commands, [`ci`] and
//! [`release`] are the two main commands; [`features`] works out the feature sets
//! of each package, [`browser`], [`python`] and [`fuzz`] run those test suites,
//! [`slurm`] plays a match as a job array on a one-node Slurm cluster,
//! [`npm`] builds and tests the npm package, [`board_rules`] builds the pages' rules,
//! [`page_script`] type-checks and bundles the pages' script,
//! [`perft_data`] writes perft reference data,
//! [`results`] gathers the test runners' result lines; [`version`] reads the
//! workspace version and checks the changelog, [`archive`] packs files
//! reproducibly, [`wheel`] builds the Python wheel and [`checksum`] writes the
//! `sha256sum` line.

mod archive;
mod board_rules;
mod browser;
mod checksum;
mod ci;
mod features;
mod fuzz;
mod npm;
mod page_script;
mod perft_data;
mod process;
mod python;
mod release;
mod results;
mod slurm;
mod version;
mod wheel;

use anyhow::{Result, bail};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

const USAGE: &str = "\
Usage: cargo xtask <COMMAND>

Commands:
  ci [STEP...]         the test suite as CI runs it, stopping at the first failure:
                         fmt       cargo fmt --check (the workspace and fuzz/)
                         clippy    cargo clippy --workspace --all-targets -- -D warnings
                         features  cargo check of every package alone: no default
                                   features, each feature, all features (no warnings)
                         test      cargo test --workspace
                         doc       cargo doc --workspace --no-deps, warnings denied
                         browser   the viewer page in headless Chromium (Node.js, npm)
                         npm       cargo xtask npm, the tarball installed into an empty
                                   folder, node --test crates/pacru-wasm/tests (Node.js
                                   and headless Chromium)
                         python    pip install ./crates/pacru-py in a fresh venv under
                                   the target directory; mypy, pytest
                         fuzz      every fuzz target for 5 s (needs cargo-fuzz)
                         slurm     a match as a 4-task Slurm job array on a one-node
                                   cluster started here, merged and compared with
                                   the match played whole (root; slurm-wlm, munge)
                       with STEPs, only those; a step that cannot run here is skipped
                       with a loud message, or fails when CI is set
  fuzz [--time SECS] [TARGET...]
                       run every fuzz target (or those named) for SECS seconds each
                       (default 60) with `cargo fuzz run T --sanitizer none`; needs
                       cargo-fuzz (cargo install cargo-fuzz --locked)
  npm                  build the npm package target/npm/pacru-<version>.tgz: pacru-wasm
                       for wasm32-unknown-unknown (profile wasm), wasm-bindgen (the
                       version Cargo.lock locks), npm pack; needs the target (rustup
                       target add wasm32-unknown-unknown), wasm-bindgen-cli and npm
  board-rules [--check]
                       build the rules the viewer and board pages carry (the npm
                       package's module and JavaScript, bundled by esbuild) into
                       crates/pacru-view/src/page/rules/; --check only verifies that
                       they were built from today's sources
  page-script [--check]
                       type-check the modules of the pages' script
                       (crates/pacru-view/src/page/js, tsc --strict) and bundle them
                       with esbuild into crates/pacru-view/src/page/bundle/page.js;
                       --check verifies that the bundle was built from today's
                       modules, then type-checks them
  perft-data --input FILE --output FILE [--naive-limit N]
                       write perft reference lines for the positions of FILE, each
                       count checked against the naive rules (default limit 300000;
                       input format in crates/pacru-core/tests/perft_data.rs)
  release [--dry-run]  build pacru with the dist profile and pack
                       dist/pacru-<version>-<target>.tar.gz (+ .sha256), and build the
                       Python wheel dist/pacru-<version>-*.whl (+ .sha256);
                       --dry-run checks everything and prints the plan, writing nothing
  help                 print this message

Environment:
  CI                   set (not empty, 0 or false): a CI step that cannot run fails
  SOURCE_DATE_EPOCH    timestamp stored in the release archive and wheel (default 0)
  MATURIN              the maturin that builds the wheel (default: maturin on PATH,
                       else one installed from PyPI into <target>/maturin-venv)
  PYTHON               the Python that makes virtual environments (default python3)
  CHROMIUM             the Chromium of the browser tests (default /usr/bin/chromium)
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
        ["ci", steps @ ..] => ci::run(&workspace_root(), steps),
        ["fuzz", rest @ ..] => fuzz::run(&workspace_root(), rest),
        ["npm"] => npm::run(&workspace_root()),
        ["board-rules"] => board_rules::run(&workspace_root(), false),
        ["board-rules", "--check"] => board_rules::run(&workspace_root(), true),
        ["page-script"] => page_script::run(&workspace_root(), false),
        ["page-script", "--check"] => page_script::run(&workspace_root(), true),
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

/// Cargo's target directory: `CARGO_TARGET_DIR` (relative to `root` if relative),
/// else `<root>/target`.
fn target_dir(root: &Path) -> PathBuf {
    match std::env::var_os("CARGO_TARGET_DIR") {
        Some(dir) if !dir.is_empty() => root.join(dir),
        _ => root.join("target"),
    }
}

/// The workspace root: the parent of this crate's directory.
fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask lives in a subdirectory of the workspace")
        .to_path_buf()
}

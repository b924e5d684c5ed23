//! `cargo xtask board-rules [--check]`: the rules inside every page `pacru view` and
//! `pacru board` write. The page is one file that works offline, so the WebAssembly
//! module of the npm package travels inside it; the `pacru` program cannot compile
//! WebAssembly when it is built, so the module is built here and kept in the
//! repository, in `crates/pacru-view/src/page/rules/`:
//!
//! - `pacru.wasm.gz`: the module wasm-bindgen writes for the npm package, gzipped
//!   (the page inflates it with the browser's `DecompressionStream`);
//! - `pacru.js`: the package's JavaScript (glue, errors, `api.js`) bundled by esbuild
//!   into one classic script that defines the global `pacruRules`, which runs in
//!   the page and in its engine's Web Worker;
//! - `types/`: the package's TypeScript declarations (`index.d.ts`, `errors.d.ts`
//!   and wasm-bindgen's `wasm/pacru.d.ts`), which type the page's own code
//!   (`crates/pacru-view/src/page/js`, checked by `tsc`);
//! - `inputs.sha256`: the fingerprint of everything the two files are made from
//!   (the sources of the workspace crates in the module's dependency tree, the
//!   package's JavaScript, the versions of the other crates, of wasm-bindgen and
//!   of esbuild, the workspace manifest with its profiles).
//!
//! `--check` recomputes the fingerprint and fails when it differs, naming the
//! command that brings the files up to date; the `browser` step of `cargo xtask ci`
//! runs it before testing the pages.

use crate::browser;
use crate::npm;
use crate::process::{capture, cargo, run_step};
use anyhow::{Context as _, Result, bail};
use flate2::Compression;
use flate2::write::GzEncoder;
use sha2::{Digest, Sha256};
use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Where the files live, relative to the workspace root.
pub const DIR: &str = "crates/pacru-view/src/page/rules";

/// The bundler, installed with the npm packages of `tests/browser`.
const ESBUILD: &str = "node_modules/.bin/esbuild";

/// `cargo xtask board-rules [--check]`.
pub fn run(root: &Path, check_only: bool) -> Result<()> {
    if check_only {
        return check(root);
    }
    npm::install_tools(root)?;
    if let Some(missing) = npm::missing_tools(root)? {
        bail!("cannot build the board's rules: {missing}");
    }
    let esbuild = root.join(browser::DIR).join(ESBUILD);
    if !esbuild.is_file() {
        bail!(
            "cannot build the board's rules: no {} (npm ci in {})",
            esbuild.display(),
            browser::DIR
        );
    }
    let target = crate::target_dir(root);
    let stage = target.join("board-rules");
    if stage.exists() {
        fs::remove_dir_all(&stage).with_context(|| format!("removing {}", stage.display()))?;
    }
    npm::build_module(root, &target, &stage.join("wasm"))?;
    let sources = root.join(npm::CRATE_DIR).join("npm");
    for file in ["api.js", "errors.js"] {
        fs::copy(sources.join(file), stage.join(file))
            .with_context(|| format!("copying {file}"))?;
    }
    fs::write(
        stage.join("entry.js"),
        "export * from './api.js';\nexport { initSync } from './wasm/pacru.js';\n",
    )?;

    let out = root.join(DIR);
    fs::create_dir_all(&out).with_context(|| format!("creating {}", out.display()))?;
    let mut bundle = Command::new(&esbuild);
    bundle
        .arg("entry.js")
        .args([
            "--bundle",
            "--format=iife",
            "--global-name=pacruRules",
            "--target=es2020",
            "--charset=utf8",
            "--legal-comments=none",
            "--log-level=warning",
            // The glue's default path to the module uses `import.meta.url`; the page
            // always hands the module over itself, so that path is never taken.
            "--log-override:empty-import-meta=silent",
        ])
        .arg(format!("--outfile={}", out.join("pacru.js").display()));
    run_step("board rules: esbuild", &stage, bundle)?;

    let types = out.join("types");
    fs::create_dir_all(types.join("wasm"))
        .with_context(|| format!("creating {}", types.display()))?;
    for (from, to) in [
        (sources.join("index.d.ts"), "index.d.ts"),
        (sources.join("errors.d.ts"), "errors.d.ts"),
        (stage.join("wasm/pacru.d.ts"), "wasm/pacru.d.ts"),
    ] {
        fs::copy(&from, types.join(to)).with_context(|| format!("copying {}", from.display()))?;
    }

    let module = fs::read(stage.join("wasm/pacru_bg.wasm")).context("reading the module")?;
    let mut gzip = GzEncoder::new(Vec::new(), Compression::best());
    gzip.write_all(&module)?;
    let packed = gzip.finish()?;
    fs::write(out.join("pacru.wasm.gz"), &packed)?;
    fs::write(
        out.join("inputs.sha256"),
        format!("{}\n", fingerprint(root)?),
    )?;
    println!(
        "==> board rules: {DIR} (module {} KiB, {} KiB gzipped)",
        module.len() / 1024,
        packed.len() / 1024
    );
    Ok(())
}

/// Fails when the files are not those the current sources make.
pub fn check(root: &Path) -> Result<()> {
    let path = root.join(DIR).join("inputs.sha256");
    let recorded =
        fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))?;
    let current = fingerprint(root)?;
    if recorded.trim() != current {
        bail!(
            "the board's rules in {DIR} were built from other sources than today's \
             (fingerprint {} there, {current} now): run `cargo xtask board-rules` and commit {DIR}",
            recorded.trim()
        );
    }
    println!("==> board rules: {DIR} is up to date ({current})");
    Ok(())
}

/// The fingerprint of the inputs of the files: a SHA-256 over sorted lines, one per
/// input.
pub fn fingerprint(root: &Path) -> Result<String> {
    let mut lines = BTreeSet::new();
    for package in module_packages(root)? {
        match package.dir {
            Some(dir) => {
                for file in package_files(&dir)? {
                    let bytes = fs::read(&file)?;
                    let name = file.strip_prefix(root).unwrap_or(&file);
                    lines.insert(format!(
                        "{} {}",
                        name.display(),
                        hex(&Sha256::digest(&bytes))
                    ));
                }
            }
            None => {
                lines.insert(format!("crate {} {}", package.name, package.version));
            }
        }
    }
    let manifest = fs::read(root.join("Cargo.toml")).context("reading Cargo.toml")?;
    lines.insert(format!("Cargo.toml {}", hex(&Sha256::digest(&manifest))));
    lines.insert(format!("esbuild {}", esbuild_locked(root)?));
    let mut digest = Sha256::new();
    for line in &lines {
        digest.update(line.as_bytes());
        digest.update(b"\n");
    }
    Ok(hex(&digest.finalize()))
}

/// A package the module is built from.
struct Package {
    name: String,
    version: String,
    /// The directory of a workspace package; `None` for a registry crate.
    dir: Option<PathBuf>,
}

/// `pacru-wasm` and every package it depends on (normal dependencies) when built
/// for WebAssembly, from `cargo metadata`.
fn module_packages(root: &Path) -> Result<Vec<Package>> {
    let mut metadata = cargo();
    metadata.args([
        "metadata",
        "--format-version",
        "1",
        "--locked",
        "--filter-platform",
        npm::WASM_TARGET,
    ]);
    let json: serde_json::Value =
        serde_json::from_slice(&capture("cargo metadata", root, metadata)?)
            .context("cargo metadata wrote no JSON")?;
    let members: BTreeSet<&str> = json["workspace_members"]
        .as_array()
        .context("cargo metadata: no workspace_members")?
        .iter()
        .filter_map(|id| id.as_str())
        .collect();
    let mut packages = BTreeMap::new();
    for package in json["packages"]
        .as_array()
        .context("cargo metadata: no packages")?
    {
        let id = package["id"].as_str().unwrap_or_default();
        packages.insert(id, package);
    }
    let mut edges: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
    for node in json["resolve"]["nodes"]
        .as_array()
        .context("cargo metadata: no resolve")?
    {
        let id = node["id"].as_str().unwrap_or_default();
        let normal = node["deps"].as_array().into_iter().flatten().filter(|dep| {
            dep["dep_kinds"]
                .as_array()
                .into_iter()
                .flatten()
                .any(|kind| kind["kind"].is_null())
        });
        edges.insert(id, normal.filter_map(|dep| dep["pkg"].as_str()).collect());
    }
    let start = packages
        .iter()
        .find(|(_, package)| package["name"] == "pacru-wasm")
        .map(|(id, _)| *id)
        .context("cargo metadata: no package pacru-wasm")?;
    let mut seen = BTreeSet::from([start]);
    let mut todo = vec![start];
    while let Some(id) = todo.pop() {
        for &dep in edges.get(id).into_iter().flatten() {
            if seen.insert(dep) {
                todo.push(dep);
            }
        }
    }
    seen.into_iter()
        .map(|id| {
            let package = packages
                .get(id)
                .context("cargo metadata: unknown package")?;
            let manifest = package["manifest_path"].as_str().unwrap_or_default();
            Ok(Package {
                name: package["name"].as_str().unwrap_or_default().to_owned(),
                version: package["version"].as_str().unwrap_or_default().to_owned(),
                dir: members
                    .contains(id)
                    .then(|| Path::new(manifest).parent().map(Path::to_path_buf))
                    .flatten(),
            })
        })
        .collect()
}

/// The files of a workspace package that go into the module: its manifest, its
/// build script, `src/` and (for `pacru-wasm`) the package's JavaScript in `npm/`.
fn package_files(dir: &Path) -> Result<Vec<PathBuf>> {
    let mut files = vec![dir.join("Cargo.toml")];
    if dir.join("build.rs").is_file() {
        files.push(dir.join("build.rs"));
    }
    for sub in ["src", "npm"] {
        collect(&dir.join(sub), &mut files)?;
    }
    files.sort();
    Ok(files)
}

/// Every file under `dir`, if it exists.
fn collect(dir: &Path, files: &mut Vec<PathBuf>) -> Result<()> {
    if !dir.is_dir() {
        return Ok(());
    }
    for entry in fs::read_dir(dir).with_context(|| format!("reading {}", dir.display()))? {
        let path = entry?.path();
        if path.is_dir() {
            collect(&path, files)?;
        } else {
            files.push(path);
        }
    }
    Ok(())
}

/// The version of esbuild that `tests/browser/package-lock.json` locks.
pub fn esbuild_locked(root: &Path) -> Result<String> {
    let path = root.join(browser::DIR).join("package-lock.json");
    let lock: serde_json::Value = serde_json::from_str(
        &fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))?,
    )
    .with_context(|| format!("{} is not JSON", path.display()))?;
    lock["packages"]["node_modules/esbuild"]["version"]
        .as_str()
        .map(str::to_owned)
        .with_context(|| format!("{} locks no esbuild", path.display()))
}

/// Lower-case hexadecimal.
fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fingerprint_covers_the_module_crates_and_not_the_others() {
        let root = crate::workspace_root();
        let names: BTreeSet<String> = module_packages(&root)
            .unwrap()
            .into_iter()
            .map(|package| package.name)
            .collect();
        for name in ["pacru-wasm", "pacru-core", "pacru-search", "wasm-bindgen"] {
            assert!(names.contains(name), "{name} missing from {names:?}");
        }
        for name in ["pacru-cli", "pacru-view", "clap"] {
            assert!(!names.contains(name), "{name} is not in the module");
        }
    }
}

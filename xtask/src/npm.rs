//! The npm package `pacru`: `cargo xtask npm` builds it (`pacru-wasm` compiled to
//! WebAssembly, its JavaScript glue written by wasm-bindgen, the files of
//! `crates/pacru-wasm/npm` and the crate's README beside them, packed by `npm
//! pack` into `target/npm/pacru-<version>.tgz`), and the `npm` step of `cargo
//! xtask ci` builds it and tests it as a user gets it: the tarball installed into
//! an empty folder, then Node's test runner on `crates/pacru-wasm/tests` (Node.js,
//! headless Chromium, and the TypeScript compiler on the declarations; Playwright
//! and TypeScript are the npm packages of `tests/browser`).

use crate::browser;
use crate::ci::{Context, Outcome, unavailable};
use crate::process::{capture, cargo, describe, run_step, run_step_tee};
use crate::results;
use anyhow::{Context as _, Result, bail};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

/// The crate compiled to WebAssembly, relative to the workspace root.
pub const CRATE_DIR: &str = "crates/pacru-wasm";

/// The Rust target of the module.
pub const WASM_TARGET: &str = "wasm32-unknown-unknown";

/// The cargo profile of the module (see the workspace's `Cargo.toml`).
pub const PROFILE: &str = "wasm";

/// The tests of the package, relative to the workspace root: `*.test.mjs` files
/// that import `pacru` as a user does.
pub const TESTS_DIR: &str = "crates/pacru-wasm/tests";

/// The version of package `name` in the text of a `Cargo.lock`, if it is there
/// once.
pub fn locked_version(lock: &str, name: &str) -> Option<String> {
    let wanted = format!("name = \"{name}\"");
    let mut versions = lock.split("[[package]]").filter_map(|package| {
        let mut lines = package.lines().map(str::trim);
        lines.find(|line| *line == wanted)?;
        let version = lines.find(|line| line.starts_with("version = "))?;
        Some(version["version = ".len()..].trim_matches('"').to_owned())
    });
    let version = versions.next()?;
    versions.next().is_none().then_some(version)
}

/// The version of the wasm-bindgen crate the workspace locks: the wasm-bindgen
/// program must be the very same version.
pub fn wasm_bindgen_locked(root: &Path) -> Result<String> {
    let lock = fs::read_to_string(root.join("Cargo.lock")).context("reading Cargo.lock")?;
    locked_version(&lock, "wasm-bindgen").context("Cargo.lock locks no single wasm-bindgen")
}

/// The version of the wasm-bindgen program on `PATH`, if there is one.
fn wasm_bindgen_installed(root: &Path) -> Option<String> {
    let mut cmd = Command::new("wasm-bindgen");
    cmd.arg("--version");
    let output = capture("wasm-bindgen --version", root, cmd).ok()?;
    let output = String::from_utf8_lossy(&output);
    output
        .split_whitespace()
        .nth(1)
        .map(|version| version.to_owned())
}

/// Whether rustup's standard library for the WebAssembly target is installed.
fn wasm_target_installed(root: &Path) -> bool {
    let mut cmd = Command::new("rustc");
    cmd.args(["--print", "target-libdir", "--target", WASM_TARGET]);
    capture("rustc --print target-libdir", root, cmd)
        .map(|dir| Path::new(String::from_utf8_lossy(&dir).trim()).is_dir())
        .unwrap_or(false)
}

/// Why the package cannot be built here, if it cannot: a tool missing or of the
/// wrong version, each with the command that installs it.
pub fn missing_tools(root: &Path) -> Result<Option<String>> {
    if !wasm_target_installed(root) {
        return Ok(Some(format!(
            "the Rust target {WASM_TARGET} is not installed (rustup target add {WASM_TARGET})"
        )));
    }
    let locked = wasm_bindgen_locked(root)?;
    let install = format!("cargo install wasm-bindgen-cli --locked --version {locked}");
    match wasm_bindgen_installed(root) {
        None => Ok(Some(format!(
            "the wasm-bindgen program is not on PATH ({install})"
        ))),
        Some(version) if version != locked => Ok(Some(format!(
            "wasm-bindgen {version} is on PATH, but Cargo.lock locks the crate at {locked} ({install})"
        ))),
        Some(_) => {
            for program in ["node", "npm"] {
                let mut cmd = Command::new(program);
                cmd.arg("--version");
                if capture(program, root, cmd).is_err() {
                    return Ok(Some(format!("`{program}` (Node.js) is not on PATH")));
                }
            }
            Ok(None)
        }
    }
}

/// Installs the Rust tools of the package that are missing or of the wrong
/// version: the WebAssembly target (through rustup, which `rust-toolchain.toml`
/// usually has done already) and `wasm-bindgen-cli` at exactly the version
/// `Cargo.lock` locks (through `cargo install --locked`; a debug build, which
/// installs in half the time and writes the same files). Node.js and npm are left
/// to the user: [`missing_tools`] names them.
pub fn install_tools(root: &Path) -> Result<()> {
    if !wasm_target_installed(root) {
        let mut rustup = Command::new("rustup");
        rustup.args(["target", "add", WASM_TARGET]);
        run_step("rustup target add", root, rustup).with_context(|| {
            format!("installing the Rust target {WASM_TARGET} (rustup is needed for it)")
        })?;
    }
    let locked = wasm_bindgen_locked(root)?;
    if wasm_bindgen_installed(root).as_deref() != Some(locked.as_str()) {
        let mut install = cargo();
        install.args([
            "install",
            "wasm-bindgen-cli",
            "--locked",
            "--debug",
            "--version",
            &locked,
        ]);
        run_step("cargo install wasm-bindgen-cli", root, install)
            .with_context(|| format!("installing wasm-bindgen-cli {locked}"))?;
        if wasm_bindgen_installed(root).as_deref() != Some(locked.as_str()) {
            bail!(
                "wasm-bindgen-cli {locked} was installed, but `wasm-bindgen` on PATH is not it \
                 (is cargo's bin folder, usually ~/.cargo/bin, on PATH?)"
            );
        }
    }
    Ok(())
}

/// `cargo xtask npm`: installs the Rust tools that are missing
/// ([`install_tools`]), then builds the package.
pub fn run(root: &Path) -> Result<()> {
    install_tools(root)?;
    if let Some(missing) = missing_tools(root)? {
        bail!("cannot build the npm package: {missing}");
    }
    build(root, &crate::target_dir(root)).map(drop)
}

/// Builds the package into `<target>/npm/pacru-<version>.tgz` and returns that
/// path. The tools must be there ([`missing_tools`]).
pub fn build(root: &Path, target: &Path) -> Result<PathBuf> {
    let version = crate::version::workspace_version(
        &fs::read_to_string(root.join("Cargo.toml")).context("reading Cargo.toml")?,
    )?;
    let sources = root.join(CRATE_DIR).join("npm");
    let manifest = fs::read_to_string(sources.join("package.json"))
        .context("reading the package's package.json")?;
    let declared = package_version(&manifest)?;
    if declared != version {
        bail!(
            "{CRATE_DIR}/npm/package.json says version {declared}, the workspace {version}: make them equal"
        );
    }

    let out = target.join("npm");
    let stage = out.join("package");
    if stage.exists() {
        fs::remove_dir_all(&stage).with_context(|| format!("removing {}", stage.display()))?;
    }
    build_module(root, target, &stage.join("wasm"))?;

    for entry in fs::read_dir(&sources).with_context(|| format!("reading {}", sources.display()))? {
        let entry = entry?;
        if entry.file_type()?.is_file() {
            fs::copy(entry.path(), stage.join(entry.file_name()))
                .with_context(|| format!("copying {}", entry.path().display()))?;
        }
    }
    for (from, to) in [
        (root.join(CRATE_DIR).join("README.md"), "README.md"),
        (root.join("LICENSE-MIT"), "LICENSE-MIT"),
        (root.join("LICENSE-APACHE"), "LICENSE-APACHE"),
    ] {
        fs::copy(&from, stage.join(to)).with_context(|| format!("copying {}", from.display()))?;
    }

    let tarball = out.join(format!("pacru-{version}.tgz"));
    if tarball.exists() {
        fs::remove_file(&tarball)?;
    }
    let mut pack = Command::new("npm");
    pack.args(["pack", "--silent", "--pack-destination"])
        .arg(&out)
        .arg(&stage);
    run_step("npm: pack", root, pack)?;
    if !tarball.is_file() {
        bail!("npm pack made no {}", tarball.display());
    }
    let bytes = fs::metadata(&tarball)?.len();
    let wasm = fs::metadata(stage.join("wasm/pacru_bg.wasm"))?.len();
    println!(
        "==> npm: {} ({} KiB; the module {} KiB unpacked)",
        tarball.display(),
        bytes / 1024,
        wasm / 1024
    );
    Ok(tarball)
}

/// Compiles `pacru-wasm` to WebAssembly (profile [`PROFILE`]) and writes the module
/// with its JavaScript glue (`pacru_bg.wasm`, `pacru.js` and their declarations,
/// by wasm-bindgen for ES modules) into `dir`. The tools must be there
/// ([`missing_tools`]). A warning of the workspace's code compiled for
/// WebAssembly fails the build: this build of `pacru-wasm` alone, for the target
/// it exists for, is also its check in the `features` step's sense
/// ([`crate::features::CHECKED_ELSEWHERE`]).
pub fn build_module(root: &Path, target: &Path, dir: &Path) -> Result<()> {
    let mut build = cargo();
    build.args([
        "build",
        "--message-format=json",
        "--package",
        "pacru-wasm",
        "--target",
        WASM_TARGET,
        "--profile",
        PROFILE,
    ]);
    let shown = describe(&build);
    println!("==> wasm: build the module: {shown}");
    let start = Instant::now();
    let output = build
        .current_dir(root)
        .stderr(Stdio::inherit())
        .output()
        .with_context(|| format!("could not start `{shown}`"))?;
    let diagnostics = crate::features::diagnostics(&String::from_utf8_lossy(&output.stdout));
    for diagnostic in &diagnostics {
        print!("{diagnostic}");
    }
    if !output.status.success() {
        bail!("`{shown}` exited with {}", output.status);
    }
    if !diagnostics.is_empty() {
        bail!(
            "`{shown}`: {} warning{}; warnings are denied in this build, which is also the \
             check of pacru-wasm alone",
            diagnostics.len(),
            if diagnostics.len() == 1 { "" } else { "s" }
        );
    }
    println!(
        "==> wasm: build the module: ok ({:.1}s)",
        start.elapsed().as_secs_f64()
    );
    let module = target
        .join(WASM_TARGET)
        .join(PROFILE)
        .join("pacru_wasm.wasm");
    fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    let mut bindgen = Command::new("wasm-bindgen");
    bindgen
        .args(["--target", "web", "--out-name", "pacru", "--out-dir"])
        .arg(dir)
        .arg(&module);
    run_step("wasm: wasm-bindgen", root, bindgen)?;
    Ok(())
}

/// The `version` of a package.json.
fn package_version(manifest: &str) -> Result<String> {
    let json: serde_json::Value =
        serde_json::from_str(manifest).context("package.json is not JSON")?;
    json.get("version")
        .and_then(|version| version.as_str())
        .map(str::to_owned)
        .context("package.json has no version")
}

/// The `npm` step of `cargo xtask ci`.
pub fn step(ctx: &Context) -> Result<Outcome> {
    if let Some(missing) = missing_tools(&ctx.root)? {
        return unavailable(ctx, missing);
    }
    if let Some(missing) = browser::install_packages(ctx)? {
        return unavailable(ctx, missing);
    }
    let chromium = browser::chromium();
    if !chromium.is_file() {
        return unavailable(
            ctx,
            format!(
                "no Chromium at {} (apt-get install chromium, or set CHROMIUM)",
                chromium.display()
            ),
        );
    }
    let tarball = build(&ctx.root, &ctx.target)?;
    let pacru = ctx.pacru_binary()?;

    // The package as a user installs it: into an empty folder, from the tarball.
    let folder = tempfile::Builder::new()
        .prefix("pacru-npm-")
        .tempdir_in(&ctx.target)
        .context("creating a folder for the installed package")?;
    let dir = folder.path();
    fs::write(
        dir.join("package.json"),
        "{ \"private\": true, \"type\": \"module\" }\n",
    )?;
    let mut install = Command::new("npm");
    install
        .args([
            "install",
            "--offline",
            "--no-audit",
            "--no-fund",
            "--no-package-lock",
        ])
        .arg(&tarball);
    run_step("npm install", dir, install)?;

    let tests = ctx.root.join(TESTS_DIR);
    let mut files = Vec::new();
    for entry in fs::read_dir(&tests).with_context(|| format!("reading {}", tests.display()))? {
        let entry = entry?;
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.ends_with(".mjs") {
            fs::copy(entry.path(), dir.join(&name))?;
            if name.ends_with(".test.mjs") {
                files.push(name);
            }
        }
    }
    files.sort();
    if files.is_empty() {
        bail!("no *.test.mjs in {}", tests.display());
    }
    let mut node = Command::new("node");
    node.arg("--test")
        .arg(format!(
            "--test-concurrency={}",
            browser::NODE_TEST_FILES_AT_ONCE
        ))
        .args(&files)
        .env("PACRU_BIN", pacru)
        .env("PACRU_ROOT", &ctx.root)
        .env("PACRU_PLAYWRIGHT", ctx.root.join(browser::DIR))
        .env("CHROMIUM", &chromium)
        // The tests themselves fail, rather than skip, when something is missing.
        .env("PACRU_BROWSER_REQUIRED", "1");
    let (_, output) = run_step_tee("npm tests", dir, node)?;
    Ok(Outcome::Passed(results::node_test(&output)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_locked_version_is_that_of_the_named_package() {
        let lock = "version = 4\n\n[[package]]\nname = \"wasm-bindgen-macro\"\nversion = \"9.9.9\"\n\n\
                    [[package]]\nname = \"wasm-bindgen\"\nversion = \"0.2.129\"\ndependencies = [\n \"x\",\n]\n";
        assert_eq!(
            locked_version(lock, "wasm-bindgen").as_deref(),
            Some("0.2.129")
        );
        assert_eq!(locked_version(lock, "serde"), None);
        let twice = format!("{lock}\n[[package]]\nname = \"wasm-bindgen\"\nversion = \"0.2.1\"\n");
        assert_eq!(locked_version(&twice, "wasm-bindgen"), None);
    }

    #[test]
    fn the_workspace_locks_the_wasm_bindgen_its_crate_pins() {
        let root = crate::workspace_root();
        let manifest = fs::read_to_string(root.join(CRATE_DIR).join("Cargo.toml")).unwrap();
        let locked = wasm_bindgen_locked(&root).unwrap();
        assert!(
            manifest.contains(&format!("wasm-bindgen = \"={locked}\"")),
            "{CRATE_DIR}/Cargo.toml must pin wasm-bindgen to the locked {locked}"
        );
    }

    #[test]
    fn the_package_version_is_read_from_package_json() {
        assert_eq!(
            package_version(r#"{ "name": "pacru", "version": "1.2.3" }"#).unwrap(),
            "1.2.3"
        );
        assert!(package_version("{}").is_err());
    }
}

//! `cargo xtask release [--dry-run]`: a reproducible archive of the `pacru` binary with
//! its documentation, man page and shell completions, the Python wheel ([`wheel`]),
//! and their checksums. Both are built with the workspace's `dist` profile: the
//! `release` profile with link-time optimisation across crates and one codegen unit
//! per crate, slower to build and faster to run.

use crate::archive;
use crate::checksum::{sha256_hex, sha256sum_line};
use crate::process::{capture, cargo, run_step};
use crate::python::{self, Maturin};
use crate::version::{check_changelog, workspace_version};
use crate::wheel;
use anyhow::{Context, Result, bail};
use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Documents copied from the workspace root into the archive as they are.
pub const DOCUMENTS: [&str; 4] = ["README.md", "LICENSE-MIT", "LICENSE-APACHE", "CHANGELOG.md"];

/// The shells `pacru completions` supports, with the file name each script gets.
pub const COMPLETIONS: [(&str, &str); 5] = [
    ("bash", "pacru.bash"),
    ("zsh", "_pacru"),
    ("fish", "pacru.fish"),
    ("elvish", "pacru.elv"),
    ("powershell", "_pacru.ps1"),
];

/// The cargo profile of release builds (see the root `Cargo.toml`).
pub const PROFILE: &str = "dist";

/// Everything a release is made from, fixed before anything is built.
#[derive(Debug)]
pub struct Plan {
    /// The workspace version, `X.Y.Z`.
    pub version: String,
    /// The target triple the binary is built for (the host's).
    pub target: String,
    /// The mtime of every archive entry.
    pub mtime: u64,
    /// Cargo's target directory.
    pub target_dir: PathBuf,
    /// The built binary.
    pub binary: PathBuf,
    /// The archive to write.
    pub archive: PathBuf,
}

impl Plan {
    /// The archive's top-level directory, `pacru-<version>-<target>`.
    pub fn stem(&self) -> String {
        stem(&self.version, &self.target)
    }

    /// The checksum file next to the archive.
    pub fn checksum_file(&self) -> PathBuf {
        let mut name = self.archive.clone().into_os_string();
        name.push(".sha256");
        name.into()
    }
}

/// `pacru-<version>-<target>`: the archive's name without `.tar.gz`.
pub fn stem(version: &str, target: &str) -> String {
    format!("pacru-{version}-{target}")
}

/// The mtime for archive entries: `SOURCE_DATE_EPOCH` if set, else 0.
pub fn source_date_epoch(value: Option<&str>) -> Result<u64> {
    match value {
        None => Ok(0),
        Some(text) => text.trim().parse().with_context(|| {
            format!("SOURCE_DATE_EPOCH={text:?} is not a number of seconds since 1970")
        }),
    }
}

/// Makes the release (or, with `dry_run`, checks everything and prints the plan).
pub fn run(root: &Path, dry_run: bool) -> Result<()> {
    let plan = make_plan(root)?;
    println!("==> release pacru {} for {}", plan.version, plan.target);
    println!(
        "    CHANGELOG.md has an entry for {}; {} present; pacru-cli in the workspace",
        plan.version,
        DOCUMENTS.join(", ")
    );
    let maturin = python::maturin(root, &plan.target_dir, !dry_run)?;
    match &maturin {
        Maturin::Found(program) => {
            println!(
                "    Python wheel with {}",
                wheel::check_maturin(root, program)?
            )
        }
        Maturin::ToInstall(venv) => {
            let mut version = Command::new(python::python_program());
            version.arg("--version");
            let version = capture("python --version", root, version)
                .context("maturin is not installed, and installing it needs Python 3.9 or later")?;
            println!(
                "    Python wheel with maturin, to be installed ({}) into {} with {}",
                python::MATURIN,
                venv.display(),
                String::from_utf8_lossy(&version).trim()
            );
        }
    }
    if dry_run {
        print_plan(root, &plan, &maturin);
        println!("==> dry run: nothing built, nothing written");
        return Ok(());
    }

    // A failed release must not leave an older archive that looks like its result.
    let mut old_files = vec![plan.archive.clone(), plan.checksum_file()];
    old_files.extend(old_wheels(&plan)?);
    for old in old_files {
        if old.exists() {
            fs::remove_file(&old).with_context(|| format!("removing {}", old.display()))?;
        }
    }
    let features = check_cpu_features(root, &plan.target)?;
    println!(
        "    CPU features as with cargo build --release: {}",
        features.into_iter().collect::<Vec<_>>().join(" ")
    );
    run_step("build", root, build_command(root, &plan.target))?;
    if !plan.binary.is_file() {
        bail!(
            "the build succeeded but {} does not exist: does pacru-cli still build a binary named `pacru`?",
            plan.binary.display()
        );
    }

    let staging = tempfile::tempdir().context("creating a staging directory")?;
    stage(root, &plan, staging.path())?;
    let mut bytes = Vec::new();
    archive::pack(
        &archive::read_dir(staging.path())?,
        &plan.stem(),
        plan.mtime,
        &mut bytes,
    )?;
    let dist = plan.archive.parent().expect("the archive is in dist/");
    fs::create_dir_all(dist).with_context(|| format!("creating {}", dist.display()))?;
    fs::write(&plan.archive, &bytes)
        .with_context(|| format!("writing {}", plan.archive.display()))?;
    let name = file_name(&plan.archive);
    fs::write(plan.checksum_file(), sha256sum_line(&bytes, &name))
        .with_context(|| format!("writing {}", plan.checksum_file().display()))?;

    println!(
        "==> wrote {} ({} bytes)",
        plan.archive.display(),
        bytes.len()
    );
    println!("==> wrote {}", plan.checksum_file().display());
    println!("    sha256 {}", sha256_hex(&bytes));
    build_wheel(root, &plan, &maturin.program())
}

/// Builds the Python wheel into `dist/` (see [`wheel`]) with its checksum file.
fn build_wheel(root: &Path, plan: &Plan, maturin: &std::ffi::OsStr) -> Result<()> {
    let out = tempfile::tempdir().context("creating a directory for the wheel")?;
    let mut build = wheel::build_command(maturin, out.path(), plan.mtime);
    add_remap_flags(&mut build, root, &plan.target);
    run_step("wheel", root, build)?;
    let built = wheel::built_wheel(out.path())?;
    let name = file_name(&built);
    let dist = plan.archive.parent().expect("the archive is in dist/");
    let bytes = fs::read(&built).with_context(|| format!("reading {}", built.display()))?;
    let target = dist.join(&name);
    fs::write(&target, &bytes).with_context(|| format!("writing {}", target.display()))?;
    let checksum = dist.join(format!("{name}.sha256"));
    fs::write(&checksum, sha256sum_line(&bytes, &name))
        .with_context(|| format!("writing {}", checksum.display()))?;
    println!("==> wrote {} ({} bytes)", target.display(), bytes.len());
    println!("==> wrote {}", checksum.display());
    println!("    sha256 {}", sha256_hex(&bytes));
    Ok(())
}

/// The wheels of this version already in `dist/`, with their checksum files.
fn old_wheels(plan: &Plan) -> Result<Vec<PathBuf>> {
    let dist = plan.archive.parent().expect("the archive is in dist/");
    let Ok(entries) = fs::read_dir(dist) else {
        return Ok(Vec::new());
    };
    let mut old = Vec::new();
    for entry in entries {
        let path = entry?.path();
        let name = file_name(&path);
        let wheel_name = name.strip_suffix(".sha256").unwrap_or(&name);
        if wheel::is_release_wheel(wheel_name, &plan.version) {
            old.push(path);
        }
    }
    Ok(old)
}

/// `cargo build --profile dist --locked -p pacru-cli`, with the workspace and cargo
/// home paths remapped in the binary so that it does not depend on where the sources
/// are.
///
/// The remapping flags are added to the flags `cargo build --release` would use, never
/// put in their place: the workspace's `.cargo/config.toml` sets the target CPU
/// (`x86-64-v2`, for the POPCNT instruction), and setting `CARGO_ENCODED_RUSTFLAGS`
/// alone would silently drop it. With `RUSTFLAGS` in the environment cargo ignores the
/// configured flags anyway, so the remapping is appended there.
fn build_command(root: &Path, target: &str) -> Command {
    let mut build = cargo();
    build.args(["build", "--profile", PROFILE, "--locked", "-p", "pacru-cli"]);
    add_remap_flags(&mut build, root, target);
    build
}

/// Adds the path remapping of the release build to `cmd`, a cargo command (see
/// [`build_command`]).
fn add_remap_flags(cmd: &mut Command, root: &Path, target: &str) {
    let remap = remap_flags(root, cargo_home().as_deref());
    match std::env::var("RUSTFLAGS") {
        Ok(env_flags) => {
            let mut flags: Vec<String> = env_flags.split_whitespace().map(String::from).collect();
            flags.extend(remap);
            cmd.env("CARGO_ENCODED_RUSTFLAGS", flags.join("\x1f"));
        }
        Err(_) => {
            cmd.env_remove("CARGO_ENCODED_RUSTFLAGS");
            cmd.args(["--config", &rustflags_config(target, &remap)]);
        }
    }
}

/// A `--config` value that appends `flags` to the rustflags of `target` (cargo joins
/// the arrays of every configuration source).
fn rustflags_config(target: &str, flags: &[String]) -> String {
    let quoted: Vec<String> = flags
        .iter()
        .map(|flag| format!("\"{}\"", flag.replace('\\', "\\\\").replace('"', "\\\"")))
        .collect();
    format!("target.{target}.rustflags=[{}]", quoted.join(","))
}

/// The `target_feature` values rustc compiles pacru-core with under `cmd`'s flags
/// (`cargo rustc --profile dist -p pacru-core --lib -- --print cfg`).
fn target_features(root: &Path, what: &str, mut cmd: Command) -> Result<BTreeSet<String>> {
    cmd.args(["--", "--print", "cfg"]);
    let output = capture(what, root, cmd)?;
    Ok(String::from_utf8_lossy(&output)
        .lines()
        .filter_map(|line| line.strip_prefix("target_feature=\""))
        .map(|feature| feature.trim_end_matches('"').to_string())
        .collect())
}

/// Fails unless the release build compiles for the same CPU features as a plain
/// `cargo build --release`; returns those features.
fn check_cpu_features(root: &Path, target: &str) -> Result<BTreeSet<String>> {
    let rustc_cfg = || {
        let mut cmd = cargo();
        cmd.args([
            "rustc",
            "--quiet",
            "--profile",
            PROFILE,
            "-p",
            "pacru-core",
            "--lib",
        ]);
        cmd
    };
    let plain = target_features(
        root,
        "reading the CPU features of cargo build --release",
        rustc_cfg(),
    )?;
    let mut release = rustc_cfg();
    add_remap_flags(&mut release, root, target);
    let release = target_features(
        root,
        "reading the CPU features of the release build",
        release,
    )?;
    if plain != release {
        bail!(
            "the release build would not use the CPU features of `cargo build --release`: \
             {release:?} instead of {plain:?}"
        );
    }
    Ok(plain)
}

/// `--remap-path-prefix` flags: the workspace becomes `/pacru`, cargo's home `/cargo`.
fn remap_flags(root: &Path, cargo_home: Option<&Path>) -> Vec<String> {
    let mut flags = vec![format!("--remap-path-prefix={}=/pacru", root.display())];
    if let Some(home) = cargo_home {
        flags.push(format!("--remap-path-prefix={}=/cargo", home.display()));
    }
    flags
}

/// Cargo's home directory: `CARGO_HOME`, else `~/.cargo`.
fn cargo_home() -> Option<PathBuf> {
    std::env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|home| Path::new(&home).join(".cargo")))
}

/// Reads the version, checks the changelog and the documents, and works out the
/// target, mtime and paths. Builds and writes nothing.
fn make_plan(root: &Path) -> Result<Plan> {
    let manifest = read_text(&root.join("Cargo.toml"))?;
    let version = workspace_version(&manifest)?;
    let changelog = read_text(&root.join("CHANGELOG.md"))?;
    check_changelog(&changelog, &version)?;
    for doc in DOCUMENTS {
        if !root.join(doc).is_file() {
            bail!("{doc} is missing from the workspace root; the release archive needs it");
        }
    }
    let mut pkgid = cargo();
    pkgid.args(["pkgid", "-p", "pacru-cli"]);
    capture("looking for the pacru-cli package", root, pkgid)
        .context("the release builds the `pacru` binary of the pacru-cli crate")?;
    let target = host_target(root)?;
    let mtime = source_date_epoch(std::env::var("SOURCE_DATE_EPOCH").ok().as_deref())?;
    let target_dir = crate::target_dir(root);
    let binary = target_dir
        .join(PROFILE)
        .join(format!("pacru{}", std::env::consts::EXE_SUFFIX));
    let archive = root
        .join("dist")
        .join(format!("{}.tar.gz", stem(&version, &target)));
    Ok(Plan {
        version,
        target,
        mtime,
        target_dir,
        binary,
        archive,
    })
}

fn print_plan(root: &Path, plan: &Plan, maturin: &Maturin) {
    println!(
        "    would run: {}",
        crate::process::describe(&build_command(root, &plan.target))
    );
    println!("    would run: {} man > pacru.1", plan.binary.display());
    for (shell, file) in COMPLETIONS {
        println!(
            "    would run: {} completions {shell} > completions/{file}",
            plan.binary.display()
        );
    }
    println!(
        "    would pack (mtime {}, uid/gid 0, sorted): {}",
        plan.mtime,
        plan.archive.display()
    );
    let mut contents = vec!["pacru".to_string(), "pacru.1".to_string()];
    contents.extend(DOCUMENTS.iter().map(|d| d.to_string()));
    contents.extend(COMPLETIONS.iter().map(|(_, f)| format!("completions/{f}")));
    contents.sort();
    for path in contents {
        println!("        {}/{path}", plan.stem());
    }
    println!("    would write: {}", plan.checksum_file().display());
    let mut wheel = wheel::build_command(
        &maturin.program(),
        Path::new("<temporary directory>"),
        plan.mtime,
    );
    add_remap_flags(&mut wheel, root, &plan.target);
    println!("    would run: {}", crate::process::describe(&wheel));
    println!(
        "    would write: {} (+ .sha256)",
        plan.archive
            .with_file_name(format!("pacru-{}-cp39-abi3-<platform>.whl", plan.version))
            .display()
    );
}

/// Lays out the archive's files in `staging`: the binary, the documents, and the man
/// page and completion scripts the binary generates.
fn stage(root: &Path, plan: &Plan, staging: &Path) -> Result<()> {
    let copy = |from: &Path, to: &str| {
        fs::copy(from, staging.join(to))
            .map(drop)
            .with_context(|| format!("copying {} into the staging directory", from.display()))
    };
    copy(&plan.binary, "pacru")?;
    for doc in DOCUMENTS {
        copy(&root.join(doc), doc)?;
    }
    let man = generated(root, &plan.binary, &["man"])?;
    fs::write(staging.join("pacru.1"), man)?;
    fs::create_dir(staging.join("completions"))?;
    for (shell, file) in COMPLETIONS {
        let script = generated(root, &plan.binary, &["completions", shell])?;
        fs::write(staging.join("completions").join(file), script)?;
    }
    Ok(())
}

/// Runs the built `pacru` with `args` and returns its (non-empty) standard output.
fn generated(root: &Path, binary: &Path, args: &[&str]) -> Result<Vec<u8>> {
    let what = format!("generating with `pacru {}`", args.join(" "));
    let mut cmd = Command::new(binary);
    cmd.args(args);
    let output = capture(&what, root, cmd).with_context(|| {
        "the pacru CLI must provide `pacru man` (roff man page on stdout) and \
         `pacru completions <bash|zsh|fish|elvish|powershell>` (script on stdout)"
    })?;
    if output.is_empty() {
        bail!("{what}: the command succeeded but wrote nothing");
    }
    println!(
        "    generated with `pacru {}` ({} bytes)",
        args.join(" "),
        output.len()
    );
    Ok(output)
}

/// The host's target triple, from `rustc -vV`.
fn host_target(root: &Path) -> Result<String> {
    let rustc = std::env::var_os("RUSTC").unwrap_or_else(|| "rustc".into());
    let mut cmd = Command::new(rustc);
    cmd.arg("-vV");
    let output = capture("finding the host target", root, cmd)?;
    parse_host(&String::from_utf8_lossy(&output))
}

/// The `host:` line of `rustc -vV` output.
fn parse_host(text: &str) -> Result<String> {
    text.lines()
        .find_map(|line| line.strip_prefix("host: "))
        .map(|host| host.trim().to_string())
        .context("`rustc -vV` printed no `host:` line")
}

fn read_text(path: &Path) -> Result<String> {
    fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))
}

fn file_name(path: &Path) -> String {
    path.file_name()
        .map(|name| name.to_string_lossy().into_owned())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn archive_name_follows_the_convention() {
        assert_eq!(
            stem("0.1.0", "x86_64-unknown-linux-gnu"),
            "pacru-0.1.0-x86_64-unknown-linux-gnu"
        );
    }

    #[test]
    fn source_date_epoch_defaults_to_zero() {
        assert_eq!(source_date_epoch(None).unwrap(), 0);
        assert_eq!(
            source_date_epoch(Some("1764374400")).unwrap(),
            1_764_374_400
        );
        assert!(source_date_epoch(Some("yesterday")).is_err());
    }

    #[test]
    fn reads_the_host_triple() {
        let text = "rustc 1.95.0\nbinary: rustc\nhost: x86_64-unknown-linux-gnu\nrelease: 1.95.0\n";
        assert_eq!(parse_host(text).unwrap(), "x86_64-unknown-linux-gnu");
        assert!(parse_host("rustc 1.95.0\n").is_err());
    }

    #[test]
    fn build_paths_are_remapped() {
        let flags = remap_flags(Path::new("/src/pacru"), Some(Path::new("/home/me/.cargo")));
        assert_eq!(
            flags,
            [
                "--remap-path-prefix=/src/pacru=/pacru",
                "--remap-path-prefix=/home/me/.cargo=/cargo"
            ]
        );
    }

    #[test]
    fn remap_flags_are_appended_to_the_configured_rustflags() {
        let flags = remap_flags(Path::new("/src/a \"b\""), None);
        assert_eq!(
            rustflags_config("x86_64-unknown-linux-gnu", &flags),
            r#"target.x86_64-unknown-linux-gnu.rustflags=["--remap-path-prefix=/src/a \"b\"=/pacru"]"#
        );
    }

    #[test]
    fn checksum_file_sits_next_to_the_archive() {
        let plan = Plan {
            version: "0.1.0".into(),
            target: "t".into(),
            mtime: 0,
            target_dir: PathBuf::from("target"),
            binary: PathBuf::from("target/dist/pacru"),
            archive: PathBuf::from("dist/pacru-0.1.0-t.tar.gz"),
        };
        assert_eq!(
            plan.checksum_file(),
            PathBuf::from("dist/pacru-0.1.0-t.tar.gz.sha256")
        );
        assert_eq!(plan.stem(), "pacru-0.1.0-t");
    }
}

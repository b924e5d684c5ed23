//! Python tools in a virtual environment under the target directory: the `python`
//! step of `cargo xtask ci` (the package as a user installs it, then mypy and
//! pytest) and the maturin of `cargo xtask release` when none is installed.

use crate::ci::{Context, Outcome, unavailable};
use crate::process::{capture, run_step, run_step_tee};
use crate::results;
use anyhow::{Context as _, Result};
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::Command;

/// What the `python` step installs from PyPI before the package: the build
/// and test tools, and `openskill`, the independent implementation the
/// server's 3-4 player ratings are checked against
/// (`tests/test_ratings_openskill.py`).
pub const TEST_TOOLS: [&str; 4] = [
    "maturin>=1.9.4,<2",
    "pytest>=7",
    "mypy>=1.18",
    "openskill>=6.2,<7",
];

/// The maturin versions the package builds with (its `pyproject.toml`).
pub const MATURIN: &str = "maturin>=1.9.4,<2";

/// The Python that makes virtual environments: `PYTHON`, else `python3`.
pub fn python_program() -> OsString {
    std::env::var_os("PYTHON").unwrap_or_else(|| "python3".into())
}

/// A virtual environment.
#[derive(Debug, Clone)]
pub struct Venv {
    /// Its directory.
    pub dir: PathBuf,
}

impl Venv {
    /// The program `name` of the environment (`bin/NAME`, `Scripts\NAME.exe`).
    pub fn bin(&self, name: &str) -> PathBuf {
        if cfg!(windows) {
            self.dir.join("Scripts").join(format!("{name}.exe"))
        } else {
            self.dir.join("bin").join(name)
        }
    }

    /// The environment's `python`.
    pub fn python(&self) -> PathBuf {
        self.bin("python")
    }

    /// `python -m pip install --quiet ARGS...` in the environment.
    pub fn pip_install(&self, args: &[&str]) -> Command {
        let mut cmd = Command::new(self.python());
        cmd.args([
            "-m",
            "pip",
            "install",
            "--quiet",
            "--disable-pip-version-check",
        ])
        .args(args);
        cmd
    }

    /// A command running `program` (a path) with the environment on `PATH`, as
    /// activating it would (a build backend finds `maturin` there).
    pub fn command(&self, program: impl AsRef<std::ffi::OsStr>) -> Command {
        let mut cmd = Command::new(program);
        let mut paths = vec![self.bin("python").parent().unwrap().to_path_buf()];
        if let Some(path) = std::env::var_os("PATH") {
            paths.extend(std::env::split_paths(&path));
        }
        if let Ok(path) = std::env::join_paths(paths) {
            cmd.env("PATH", path);
        }
        cmd.env("VIRTUAL_ENV", &self.dir);
        cmd
    }
}

/// Makes a fresh virtual environment in `dir` (`python3 -m venv --clear`); the error
/// says why Python cannot make one.
pub fn create_venv(root: &Path, dir: &Path) -> Result<Venv> {
    let python = python_program();
    let mut version = Command::new(&python);
    version.arg("--version");
    let version = capture("python --version", root, version).with_context(|| {
        format!(
            "`{}` does not run: install CPython 3.9 or later, or set PYTHON",
            python.to_string_lossy()
        )
    })?;
    println!("    {}", String::from_utf8_lossy(&version).trim());
    let mut venv = Command::new(&python);
    venv.args(["-m", "venv", "--clear"]).arg(dir);
    capture("python -m venv", root, venv).with_context(|| {
        format!(
            "`{} -m venv` cannot make a virtual environment (on Debian: apt install python3-venv)",
            python.to_string_lossy()
        )
    })?;
    println!("    virtual environment: {}", dir.display());
    Ok(Venv {
        dir: dir.to_path_buf(),
    })
}

/// The `python` step: a fresh virtual environment under the target directory,
/// maturin, pytest, mypy and openskill from PyPI, `pip install ./crates/pacru-py` (a release
/// build of the extension, as a user gets it), mypy's check of the stubs against the
/// module and of the package, then pytest, whose cross-checks run the `pacru` binary
/// of the test build.
pub fn step(ctx: &Context) -> Result<Outcome> {
    let venv = match create_venv(&ctx.root, &ctx.target.join("python-venv")) {
        Ok(venv) => venv,
        Err(err) => return unavailable(ctx, format!("{err:#}")),
    };
    if let Err(err) = capture("pip install", &ctx.root, venv.pip_install(&TEST_TOOLS)) {
        return unavailable(
            ctx,
            format!(
                "could not install {} from PyPI: {err:#}",
                TEST_TOOLS.join(", ")
            ),
        );
    }
    let pacru = ctx.pacru_binary()?;
    let mut install = venv.command(venv.python());
    install
        .args([
            "-m",
            "pip",
            "install",
            "--quiet",
            "--disable-pip-version-check",
            "--no-build-isolation",
            "./crates/pacru-py",
        ])
        .env("CARGO_TARGET_DIR", &ctx.target);
    run_step("pip install ./crates/pacru-py", &ctx.root, install)?;
    let package = ctx.root.join("crates/pacru-py");
    let mut stubtest = venv.command(venv.python());
    stubtest.args([
        "-m",
        "mypy.stubtest",
        "pacru",
        "--allowlist",
        "tests/stubtest-allowlist.txt",
    ]);
    run_step("mypy.stubtest", &package, stubtest)?;
    let mut mypy = venv.command(venv.python());
    mypy.args(["-m", "mypy", "--strict", "--no-incremental", "python/pacru"]);
    run_step("mypy --strict", &package, mypy)?;
    let mut pytest = venv.command(venv.python());
    pytest
        .args(["-m", "pytest", "-p", "no:cacheprovider", "tests"])
        .env("PACRU_BIN", pacru);
    let (_, output) = run_step_tee("pytest", &package, pytest)?;
    Ok(Outcome::Passed(results::pytest(&output)))
}

/// A maturin that runs: `MATURIN` if set; else `maturin` on `PATH` if it runs; else
/// the one in `<target>/maturin-venv`, installed there from PyPI if `install` (else
/// the plan says it would be).
pub fn maturin(root: &Path, target: &Path, install: bool) -> Result<Maturin> {
    if let Some(program) = std::env::var_os("MATURIN") {
        return Ok(Maturin::Found(program));
    }
    let works = |program: &OsString| {
        let mut cmd = Command::new(program);
        cmd.arg("--version");
        capture("maturin --version", root, cmd).is_ok()
    };
    let on_path = OsString::from("maturin");
    if works(&on_path) {
        return Ok(Maturin::Found(on_path));
    }
    let venv = Venv {
        dir: target.join("maturin-venv"),
    };
    let local = venv.bin("maturin").into_os_string();
    if works(&local) {
        return Ok(Maturin::Found(local));
    }
    if !install {
        return Ok(Maturin::ToInstall(venv.dir));
    }
    let venv = create_venv(root, &venv.dir)
        .context("the release builds the Python wheel with maturin, which is not installed")?;
    run_step("install maturin", root, venv.pip_install(&[MATURIN]))?;
    Ok(Maturin::Found(local))
}

/// Where the release's maturin comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Maturin {
    /// This program runs.
    Found(OsString),
    /// None is installed; a real release would install it into this venv.
    ToInstall(PathBuf),
}

impl Maturin {
    /// The program that builds the wheel (once installed).
    pub fn program(&self) -> OsString {
        match self {
            Maturin::Found(program) => program.clone(),
            Maturin::ToInstall(dir) => Venv { dir: dir.clone() }.bin("maturin").into_os_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::process::describe;

    #[test]
    fn venv_programs() {
        let venv = Venv {
            dir: PathBuf::from("/t/venv"),
        };
        if !cfg!(windows) {
            assert_eq!(venv.python(), Path::new("/t/venv/bin/python"));
            assert_eq!(venv.bin("maturin"), Path::new("/t/venv/bin/maturin"));
        }
        let shown = describe(&venv.pip_install(&["pytest>=7"]));
        assert!(
            shown.ends_with("python -m pip install --quiet --disable-pip-version-check pytest>=7"),
            "{shown}"
        );
    }

    #[test]
    fn commands_in_the_venv_find_its_programs_first() {
        let venv = Venv {
            dir: PathBuf::from("/t/venv"),
        };
        let cmd = venv.command("python");
        let path = cmd
            .get_envs()
            .find(|(key, _)| *key == "PATH")
            .and_then(|(_, value)| value)
            .expect("PATH is set");
        let first = std::env::split_paths(path).next().unwrap();
        assert_eq!(first, venv.bin("python").parent().unwrap());
    }
}

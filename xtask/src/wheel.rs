//! The Python wheel of a release: `maturin build` of `crates/pacru-py` with the
//! `dist` profile, reproducible
//! where maturin allows it: every zip entry dated `SOURCE_DATE_EPOCH` (maturin moves
//! dates before 1980 to 1980, the earliest a zip can store), the dependency versions
//! of `Cargo.lock` (`--locked`), the workspace and cargo home paths remapped as for
//! the binary, and no generated SBOM (which would record the checkout's path; see
//! the package's `pyproject.toml`).

use anyhow::{Context, Result, bail};
use std::ffi::OsStr;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The manifest of the crate the wheel is built from, relative to the workspace root.
pub const MANIFEST: &str = "crates/pacru-py/Cargo.toml";

/// Checks that `program` (a maturin) runs; returns its version line.
pub fn check_maturin(root: &Path, program: &OsStr) -> Result<String> {
    let mut cmd = Command::new(program);
    cmd.arg("--version");
    let version =
        crate::process::capture("running maturin --version", root, cmd).with_context(|| {
            format!(
                "the release also builds the Python wheel with maturin, and `{}` does not run",
                program.to_string_lossy()
            )
        })?;
    Ok(String::from_utf8_lossy(&version).trim().to_string())
}

/// `maturin build --profile dist --locked` of [`MANIFEST`] into `out`, its zip
/// entries dated `mtime`.
pub fn build_command(maturin: &OsStr, out: &Path, mtime: u64) -> Command {
    let mut cmd = Command::new(maturin);
    cmd.args([
        "build",
        "--profile",
        crate::release::PROFILE,
        "--locked",
        "--manifest-path",
        MANIFEST,
        "--out",
    ])
    .arg(out)
    .env("SOURCE_DATE_EPOCH", mtime.to_string());
    cmd
}

/// The wheels of `version` that a release writes into `dist` (any platform).
pub fn is_release_wheel(file_name: &str, version: &str) -> bool {
    file_name.starts_with(&format!("pacru-{version}-")) && file_name.ends_with(".whl")
}

/// The one wheel maturin wrote into `out`.
pub fn built_wheel(out: &Path) -> Result<PathBuf> {
    let mut wheels = Vec::new();
    for entry in fs::read_dir(out).with_context(|| format!("reading {}", out.display()))? {
        let path = entry?.path();
        if path.extension().is_some_and(|ext| ext == "whl") {
            wheels.push(path);
        }
    }
    match wheels.as_slice() {
        [one] => Ok(one.clone()),
        [] => bail!(
            "maturin succeeded but wrote no wheel into {}",
            out.display()
        ),
        _ => bail!(
            "maturin wrote {} wheels, expected one: {wheels:?}",
            wheels.len()
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::process::describe;

    #[test]
    fn the_wheel_is_built_locked_with_the_release_date() {
        let shown = describe(&build_command(
            OsStr::new("maturin"),
            Path::new("/tmp/out"),
            1_764_374_400,
        ));
        assert!(
            shown.starts_with("SOURCE_DATE_EPOCH=\"1764374400\" "),
            "{shown}"
        );
        assert!(
            shown.ends_with(
                "maturin build --profile dist --locked --manifest-path crates/pacru-py/Cargo.toml --out /tmp/out"
            ),
            "{shown}"
        );
    }

    #[test]
    fn release_wheels_are_recognised_by_name() {
        assert!(is_release_wheel(
            "pacru-0.1.0-cp39-abi3-manylinux_2_34_x86_64.whl",
            "0.1.0"
        ));
        assert!(!is_release_wheel(
            "pacru-0.1.0-x86_64-unknown-linux-gnu.tar.gz",
            "0.1.0"
        ));
        assert!(!is_release_wheel(
            "pacru-0.1.1-cp39-abi3-linux_x86_64.whl",
            "0.1.0"
        ));
    }

    #[test]
    fn exactly_one_wheel_is_expected() {
        let dir = tempfile::tempdir().unwrap();
        assert!(built_wheel(dir.path()).is_err());
        fs::write(dir.path().join("a.whl"), b"").unwrap();
        assert_eq!(built_wheel(dir.path()).unwrap(), dir.path().join("a.whl"));
        fs::write(dir.path().join("b.whl"), b"").unwrap();
        assert!(built_wheel(dir.path()).is_err());
    }
}

//! Reproducible `.tar.gz` archives: the same files give the same bytes.
//!
//! Everything that usually leaks the build machine into an archive is fixed: entries
//! are sorted by path, every entry has the same mtime (`SOURCE_DATE_EPOCH` or 0),
//! uid/gid 0 with empty owner names, mode 0755 for directories and executables and
//! 0644 for other files; the gzip header has no file name, mtime 0 and OS "unknown".

use anyhow::{Context, Result, bail};
use flate2::{Compression, GzBuilder};
use std::collections::BTreeMap;
use std::fs;
use std::io::Write;
use std::path::Path;

/// The files of an archive: path inside the archive (`/`-separated) to file.
pub type Files = BTreeMap<String, FileEntry>;

/// One regular file to pack.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileEntry {
    /// Whether the file is executable (mode 0755 rather than 0644).
    pub executable: bool,
    /// The contents.
    pub data: Vec<u8>,
}

/// Reads every regular file under `dir` (recursively) into [`Files`], with paths
/// relative to `dir`. Only the executable bit of the permissions is kept.
pub fn read_dir(dir: &Path) -> Result<Files> {
    let mut files = Files::new();
    read_dir_into(dir, "", &mut files)?;
    Ok(files)
}

fn read_dir_into(dir: &Path, prefix: &str, files: &mut Files) -> Result<()> {
    for entry in fs::read_dir(dir).with_context(|| format!("reading {}", dir.display()))? {
        let entry = entry?;
        let name = entry.file_name();
        let Some(name) = name.to_str() else {
            bail!("{}: file name is not UTF-8", entry.path().display());
        };
        let path = format!("{prefix}{name}");
        let kind = entry.file_type()?;
        if kind.is_dir() {
            read_dir_into(&entry.path(), &format!("{path}/"), files)?;
        } else if kind.is_file() {
            let data = fs::read(entry.path())
                .with_context(|| format!("reading {}", entry.path().display()))?;
            files.insert(
                path,
                FileEntry {
                    executable: is_executable(&entry.metadata()?),
                    data,
                },
            );
        } else {
            bail!(
                "{}: only regular files can be packed",
                entry.path().display()
            );
        }
    }
    Ok(())
}

#[cfg(unix)]
fn is_executable(meta: &fs::Metadata) -> bool {
    use std::os::unix::fs::PermissionsExt;
    meta.permissions().mode() & 0o111 != 0
}

#[cfg(not(unix))]
fn is_executable(_meta: &fs::Metadata) -> bool {
    false
}

/// Writes `files` as a gzip-compressed tar to `out`, every path under the directory
/// `top/` (so the archive unpacks into one directory), with `mtime` on every entry.
pub fn pack(files: &Files, top: &str, mtime: u64, out: impl Write) -> Result<()> {
    let gz = GzBuilder::new()
        .mtime(0)
        .operating_system(255)
        .write(out, Compression::best());
    let mut tar = tar::Builder::new(gz);
    for path in entry_paths(files, top) {
        let mut header = tar::Header::new_gnu();
        header.set_mtime(mtime);
        header.set_uid(0);
        header.set_gid(0);
        if path.ends_with('/') {
            header.set_entry_type(tar::EntryType::Directory);
            header.set_mode(0o755);
            header.set_size(0);
            tar.append_data(&mut header, &path, std::io::empty())?;
        } else {
            let file = &files[&path[top.len() + 1..]];
            header.set_entry_type(tar::EntryType::Regular);
            header.set_mode(if file.executable { 0o755 } else { 0o644 });
            header.set_size(file.data.len() as u64);
            tar.append_data(&mut header, &path, file.data.as_slice())?;
        }
    }
    tar.into_inner()?.finish()?.flush()?;
    Ok(())
}

/// Every entry of the archive in order: directories (ending in `/`) and files, sorted
/// by path, each directory before its contents.
fn entry_paths(files: &Files, top: &str) -> Vec<String> {
    let mut paths = std::collections::BTreeSet::new();
    paths.insert(format!("{top}/"));
    for path in files.keys() {
        let full = format!("{top}/{path}");
        for (i, _) in full.match_indices('/') {
            paths.insert(full[..=i].to_string());
        }
        paths.insert(full);
    }
    paths.into_iter().collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Read;

    fn write(dir: &Path, path: &str, data: &str, executable: bool) {
        let path = dir.join(path);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(&path, data).unwrap();
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = if executable { 0o775 } else { 0o600 };
            fs::set_permissions(&path, fs::Permissions::from_mode(mode)).unwrap();
        }
    }

    /// Lays out the same files in a fresh temporary directory, in the given order,
    /// packs them there and returns the archive's bytes.
    fn pack_in_fresh_dir(order: &[(&str, &str, bool)]) -> Vec<u8> {
        let dir = tempfile::tempdir().unwrap();
        let staging = dir.path().join("staging");
        for &(path, data, executable) in order {
            write(&staging, path, data, executable);
            // Different creation times must not matter.
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        let out = dir.path().join("out.tar.gz");
        let files = read_dir(&staging).unwrap();
        pack(&files, "pacru-0.1.0-x", 0, fs::File::create(&out).unwrap()).unwrap();
        fs::read(out).unwrap()
    }

    const FILES: [(&str, &str, bool); 4] = [
        ("pacru", "#!/bin/sh\necho pacru\n", true),
        ("README.md", "# pacru\n", false),
        (
            "completions/pacru.bash",
            "complete -F _pacru pacru\n",
            false,
        ),
        ("completions/_pacru", "#compdef pacru\n", false),
    ];

    #[test]
    fn same_files_give_the_same_bytes() {
        let first = pack_in_fresh_dir(&FILES);
        let mut reversed = FILES;
        reversed.reverse();
        let second = pack_in_fresh_dir(&reversed);
        assert_eq!(first, second);
    }

    #[test]
    fn different_contents_give_different_bytes() {
        let mut changed = FILES;
        changed[1].1 = "# pacru!\n";
        assert_ne!(pack_in_fresh_dir(&FILES), pack_in_fresh_dir(&changed));
    }

    #[test]
    fn gzip_header_has_no_name_and_no_time() {
        let bytes = pack_in_fresh_dir(&FILES);
        assert_eq!(&bytes[..3], &[0x1f, 0x8b, 8]);
        assert_eq!(bytes[3], 0, "no FNAME or other flags");
        assert_eq!(&bytes[4..8], &[0, 0, 0, 0], "mtime 0");
        assert_eq!(bytes[9], 255, "OS unknown");
    }

    #[test]
    fn entries_are_sorted_with_fixed_metadata() {
        let bytes = pack_in_fresh_dir(&FILES);
        let mut archive = tar::Archive::new(flate2::read::GzDecoder::new(bytes.as_slice()));
        let mut seen = Vec::new();
        for entry in archive.entries().unwrap() {
            let mut entry = entry.unwrap();
            let header = entry.header().clone();
            let path = entry.path().unwrap().to_string_lossy().into_owned();
            assert_eq!(header.mtime().unwrap(), 0);
            assert_eq!((header.uid().unwrap(), header.gid().unwrap()), (0, 0));
            let mut data = String::new();
            entry.read_to_string(&mut data).unwrap();
            seen.push((path, header.mode().unwrap(), data));
        }
        let expected = [
            ("pacru-0.1.0-x/", 0o755, ""),
            ("pacru-0.1.0-x/README.md", 0o644, "# pacru\n"),
            ("pacru-0.1.0-x/completions/", 0o755, ""),
            (
                "pacru-0.1.0-x/completions/_pacru",
                0o644,
                "#compdef pacru\n",
            ),
            (
                "pacru-0.1.0-x/completions/pacru.bash",
                0o644,
                "complete -F _pacru pacru\n",
            ),
            ("pacru-0.1.0-x/pacru", 0o755, "#!/bin/sh\necho pacru\n"),
        ];
        let expected: Vec<_> = expected
            .iter()
            .map(|&(p, m, d)| (p.to_string(), m, d.to_string()))
            .collect();
        assert_eq!(seen, expected);
    }

    #[test]
    fn mtime_is_taken_from_the_caller() {
        let mut files = Files::new();
        files.insert(
            "a".into(),
            FileEntry {
                executable: false,
                data: b"a".to_vec(),
            },
        );
        let mut bytes = Vec::new();
        pack(&files, "top", 1_700_000_000, &mut bytes).unwrap();
        let mut archive = tar::Archive::new(flate2::read::GzDecoder::new(bytes.as_slice()));
        for entry in archive.entries().unwrap() {
            assert_eq!(entry.unwrap().header().mtime().unwrap(), 1_700_000_000);
        }
    }
}

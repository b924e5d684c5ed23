//! The binary's source keeps its own rule: the whole command line in `cli`, the
//! commands in `commands`, no two types of one name, no circle between its
//! top-level modules.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Every `.rs` file under `dir`, sorted.
fn sources(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            files.extend(sources(&path));
        } else if path.extension().is_some_and(|ext| ext == "rs") {
            files.push(path);
        }
    }
    files
}

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// The file's lines that are code, not comments.
fn code_lines(path: &Path) -> Vec<String> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter(|line| !line.trim_start().starts_with("//"))
        .map(str::to_string)
        .collect()
}

/// The top-level module a source file belongs to (`cli` for `cli.rs` and `cli/…`).
fn top_module(path: &Path) -> String {
    let relative = path.strip_prefix(src()).unwrap();
    let first = relative.components().next().unwrap();
    let name = first.as_os_str().to_str().unwrap();
    name.strip_suffix(".rs").unwrap_or(name).to_string()
}

#[test]
fn every_clap_type_is_declared_in_cli() {
    let clap_attributes = ["#[arg(", "#[command(", "#[group(", "#[value("];
    let clap_derives = ["Args", "Parser", "Subcommand", "ValueEnum"];
    let mut strays = Vec::new();
    for file in sources(&src()) {
        if top_module(&file) == "cli" {
            continue;
        }
        for line in code_lines(&file) {
            let derives_clap = line.contains("derive(")
                && clap_derives.iter().any(|derive| {
                    line.split(|c: char| !c.is_alphanumeric())
                        .any(|w| w == *derive)
                });
            let attribute = clap_attributes.iter().any(|mark| line.contains(mark));
            if derives_clap || attribute {
                strays.push(format!("{}: {}", file.display(), line.trim()));
            }
        }
    }
    assert!(strays.is_empty(), "clap outside cli/: {strays:#?}");
}

#[test]
fn no_two_types_share_a_name() {
    let mut seen: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for file in sources(&src()) {
        for line in code_lines(&file) {
            let mut words = line.split_whitespace().skip_while(|w| w.starts_with("pub"));
            let (Some(kind), Some(name)) = (words.next(), words.next()) else {
                continue;
            };
            if matches!(kind, "struct" | "enum" | "type" | "trait") {
                let name: String = name
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                seen.entry(name)
                    .or_default()
                    .push(file.display().to_string());
            }
        }
    }
    let twins: Vec<_> = seen.iter().filter(|(_, files)| files.len() > 1).collect();
    assert!(twins.is_empty(), "types of one name: {twins:#?}");
}

#[test]
fn top_level_modules_form_no_circle() {
    // Which top-level modules each one names (`crate::name`).
    let mut uses: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for file in sources(&src()) {
        let module = top_module(&file);
        if module == "main" {
            continue;
        }
        for line in code_lines(&file) {
            for (at, _) in line.match_indices("crate::") {
                let mut name: String = line[at + "crate::".len()..]
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                if name == "Outcome" {
                    // Re-exported at the root from `outcome`.
                    name = "outcome".to_string();
                }
                if !name.is_empty() && name != module {
                    uses.entry(module.clone()).or_default().insert(name);
                }
            }
        }
    }
    assert!(
        !uses.contains_key("cli"),
        "cli uses the rest of the crate: {:?}",
        uses.get("cli")
    );
    // Depth-first search for a path back to where it started.
    fn reaches(
        uses: &BTreeMap<String, BTreeSet<String>>,
        from: &str,
        to: &str,
        seen: &mut BTreeSet<String>,
    ) -> bool {
        uses.get(from).is_some_and(|next| {
            next.iter().any(|module| {
                module == to || (seen.insert(module.clone()) && reaches(uses, module, to, seen))
            })
        })
    }
    for module in uses.keys() {
        assert!(
            !reaches(&uses, module, module, &mut BTreeSet::new()),
            "{module} reaches itself through {uses:?}"
        );
    }
}

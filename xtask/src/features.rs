//! The feature sets each workspace package is checked with on its own.
//!
//! Cargo unifies features across the packages of one build, so `cargo check
//! --workspace` can hide a crate that only compiles because another crate turns one
//! of its features on. The `features` step of `cargo xtask ci` therefore checks
//! every package alone (`cargo check -p NAME`) with its default features, with no
//! default features, with each feature alone and with all features, skipping the
//! runs that would enable the same features as an earlier one. The packages and
//! their features come from `cargo metadata`, so new crates are covered without
//! listing them here.

use anyhow::{Context, Result, bail};
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::process::Command;

/// Packages whose check alone another step makes, with that step: `pacru-wasm`
/// exists to be compiled to WebAssembly, and the `npm` step builds it alone for
/// that target with warnings denied ([`crate::npm::build_module`]), where a
/// check here would compile its dependencies for the host once more (40 s of
/// the step's 226 on 2 cores, 2026-12-07).
pub const CHECKED_ELSEWHERE: [(&str, &str); 1] = [("pacru-wasm", "npm")];

/// A workspace package and its declared features (`[features]` of its manifest).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Package {
    /// The package name, as `cargo -p` takes it.
    pub name: String,
    /// Each feature and what it enables, as in the manifest.
    pub features: BTreeMap<String, Vec<String>>,
}

/// How one `cargo check` run selects the features of its package.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Selection {
    /// No flags: the default features.
    Default,
    /// `--no-default-features`.
    None,
    /// `--no-default-features --features F`.
    Only(String),
    /// `--all-features`.
    All,
}

impl Selection {
    /// The cargo flags of this selection.
    pub fn flags(&self) -> Vec<String> {
        match self {
            Selection::Default => Vec::new(),
            Selection::None => vec!["--no-default-features".into()],
            Selection::Only(feature) => vec![
                "--no-default-features".into(),
                "--features".into(),
                feature.clone(),
            ],
            Selection::All => vec!["--all-features".into()],
        }
    }
}

/// The workspace members of `cargo metadata --format-version 1 --no-deps` output.
pub fn packages(metadata: &str) -> Result<Vec<Package>> {
    let metadata: Value =
        serde_json::from_str(metadata).context("cargo metadata: output is not JSON")?;
    let members: BTreeSet<&str> = metadata["workspace_members"]
        .as_array()
        .context("cargo metadata: no `workspace_members` list")?
        .iter()
        .filter_map(Value::as_str)
        .collect();
    let mut packages = Vec::new();
    for package in metadata["packages"]
        .as_array()
        .context("cargo metadata: no `packages` list")?
    {
        let id = package["id"].as_str().unwrap_or_default();
        if !members.contains(id) {
            continue;
        }
        let name = package["name"]
            .as_str()
            .with_context(|| format!("cargo metadata: package {id} has no name"))?;
        let mut features = BTreeMap::new();
        if let Some(table) = package["features"].as_object() {
            for (feature, enables) in table {
                let enables = enables
                    .as_array()
                    .with_context(|| format!("cargo metadata: feature {name}/{feature}"))?
                    .iter()
                    .filter_map(Value::as_str)
                    .map(String::from)
                    .collect();
                features.insert(feature.clone(), enables);
            }
        }
        packages.push(Package {
            name: name.to_string(),
            features,
        });
    }
    if packages.is_empty() {
        bail!("cargo metadata lists no workspace member");
    }
    packages.sort_by(|a, b| a.name.cmp(&b.name));
    Ok(packages)
}

impl Package {
    /// The package's own features that `start` turns on, `start` included: entries
    /// naming another feature of this package are followed; `dep:x` and `x/f`
    /// entries concern dependencies and are not.
    pub fn closure<'a>(&'a self, start: impl IntoIterator<Item = &'a str>) -> BTreeSet<&'a str> {
        let mut on = BTreeSet::new();
        let mut todo: Vec<&str> = start.into_iter().collect();
        while let Some(feature) = todo.pop() {
            if let Some((name, enables)) = self.features.get_key_value(feature)
                && on.insert(name.as_str())
            {
                todo.extend(enables.iter().map(String::as_str));
            }
        }
        on
    }

    /// The runs that check this package: the default features, no default
    /// features, each feature alone, all features; a run that would turn on the same
    /// set of features as an earlier one is left out.
    pub fn selections(&self) -> Vec<Selection> {
        let mut candidates = vec![Selection::Default, Selection::None];
        candidates.extend(
            self.features
                .keys()
                .filter(|feature| *feature != "default")
                .map(|feature| Selection::Only(feature.clone())),
        );
        candidates.push(Selection::All);
        let mut seen = BTreeSet::new();
        candidates
            .into_iter()
            .filter(|selection| {
                let mut on = match selection {
                    Selection::Default => self.closure(["default"]),
                    Selection::None => BTreeSet::new(),
                    Selection::Only(feature) => self.closure([feature.as_str()]),
                    Selection::All => self.closure(self.features.keys().map(String::as_str)),
                };
                // `default` itself is only a name for the features it lists.
                on.remove("default");
                seen.insert(on.into_iter().map(String::from).collect::<Vec<_>>())
            })
            .collect()
    }

    /// `cargo check -p NAME` with `selection`'s flags, reporting in JSON on standard
    /// output (see [`diagnostics`]).
    pub fn check_command(&self, mut cargo: Command, selection: &Selection) -> Command {
        cargo
            .args(["check", "--message-format=json", "-p"])
            .arg(&self.name)
            .args(selection.flags());
        cargo
    }
}

/// The warnings and errors the compiler reported, as rustc shows them, in the JSON
/// messages of a [`Package::check_command`] run. (Dependencies from crates.io are
/// compiled with their lints capped, so these are the workspace's own.)
pub fn diagnostics(json_lines: &str) -> Vec<String> {
    json_lines
        .lines()
        .filter_map(|line| serde_json::from_str::<Value>(line).ok())
        .filter(|message| message["reason"] == "compiler-message")
        .filter(|message| {
            matches!(
                message["message"]["level"].as_str(),
                Some("warning" | "error")
            )
        })
        .map(|message| {
            let rendered = &message["message"]["rendered"];
            rendered.as_str().unwrap_or_default().to_string()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The step that checks a package alone builds only its default features: a
    /// package checked elsewhere declares none.
    #[test]
    fn the_packages_checked_elsewhere_exist_and_declare_no_features() {
        let crates = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../crates");
        for (name, _) in CHECKED_ELSEWHERE {
            let manifest = std::fs::read_to_string(crates.join(name).join("Cargo.toml"))
                .unwrap_or_else(|e| panic!("{name}: {e}"));
            assert!(manifest.contains(&format!("name = \"{name}\"")), "{name}");
            assert!(!manifest.contains("[features]"), "{name} declares features");
        }
    }

    fn package(features: &[(&str, &[&str])]) -> Package {
        Package {
            name: "p".into(),
            features: features
                .iter()
                .map(|(name, enables)| {
                    (
                        name.to_string(),
                        enables.iter().map(|e| e.to_string()).collect(),
                    )
                })
                .collect(),
        }
    }

    #[test]
    fn a_package_without_features_is_checked_once() {
        assert_eq!(package(&[]).selections(), [Selection::Default]);
        assert_eq!(
            package(&[("default", &[])]).selections(),
            [Selection::Default]
        );
    }

    #[test]
    fn one_feature_off_by_default_gives_two_runs() {
        // No default features is the default; `serde` alone is all features.
        let core = package(&[("default", &[]), ("serde", &["dep:serde"])]);
        assert_eq!(
            core.selections(),
            [Selection::Default, Selection::Only("serde".into())]
        );
    }

    #[test]
    fn every_feature_alone_then_all() {
        let notation = package(&[
            ("abstractplay", &["dep:serde_json"]),
            ("default", &[]),
            ("serde", &["dep:serde", "pacru-core/serde"]),
            ("test-support", &["dep:tempfile"]),
        ]);
        assert_eq!(
            notation.selections(),
            [
                Selection::Default,
                Selection::Only("abstractplay".into()),
                Selection::Only("serde".into()),
                Selection::Only("test-support".into()),
                Selection::All,
            ]
        );
    }

    #[test]
    fn runs_that_turn_on_the_same_features_are_left_out() {
        let p = package(&[("default", &["a", "b"]), ("a", &[]), ("b", &["a"])]);
        // `b` turns on `a`: `b` alone and all features equal the default (a, b).
        assert_eq!(
            p.selections(),
            [
                Selection::Default,
                Selection::None,
                Selection::Only("a".into()),
            ]
        );
        let q = package(&[("default", &["a"]), ("a", &[]), ("b", &[])]);
        assert_eq!(
            q.selections(),
            [
                Selection::Default,
                Selection::None,
                Selection::Only("b".into()),
                Selection::All,
            ]
        );
        assert_eq!(q.closure(["default"]), BTreeSet::from(["a", "default"]));
    }

    #[test]
    fn flags_of_each_selection() {
        assert!(Selection::Default.flags().is_empty());
        assert_eq!(Selection::None.flags(), ["--no-default-features"]);
        assert_eq!(
            Selection::Only("serde".into()).flags(),
            ["--no-default-features", "--features", "serde"]
        );
        assert_eq!(Selection::All.flags(), ["--all-features"]);
    }

    #[test]
    fn reads_the_workspace_members_of_cargo_metadata() {
        let metadata = r#"{
            "packages": [
                {"name": "zed", "id": "path+file:///w/zed#0.1.0", "features": {}},
                {"name": "core", "id": "path+file:///w/core#0.1.0",
                 "features": {"default": [], "serde": ["dep:serde"]}},
                {"name": "other", "id": "registry+x#other@1.0.0", "features": {}}
            ],
            "workspace_members": ["path+file:///w/zed#0.1.0", "path+file:///w/core#0.1.0"]
        }"#;
        let members = packages(metadata).unwrap();
        let names: Vec<_> = members.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(names, ["core", "zed"]);
        assert_eq!(members[0].features["serde"], ["dep:serde"]);
        assert!(packages("{}").is_err());
        assert!(packages("not json").is_err());
    }

    #[test]
    fn counts_the_compilers_warnings_and_errors() {
        let lines = [
            r#"{"reason":"compiler-artifact","package_id":"a"}"#,
            r#"{"reason":"compiler-message","message":{"level":"warning","rendered":"warning: unused import"}}"#,
            r#"{"reason":"compiler-message","message":{"level":"error","rendered":"error: cannot find"}}"#,
            r#"{"reason":"compiler-message","message":{"level":"note","rendered":"note: x"}}"#,
            r#"{"reason":"build-finished","success":false}"#,
            "not json",
        ]
        .join("\n");
        assert_eq!(
            diagnostics(&lines),
            ["warning: unused import", "error: cannot find"]
        );
        assert!(diagnostics("").is_empty());
    }
}

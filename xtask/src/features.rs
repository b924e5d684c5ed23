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

/// The package every check adds to its `-p` list: its build dependencies name the
/// features the whole workspace turns on of what the proc-macros build on (syn,
/// quote, proc-macro2). Build dependencies and proc-macros are compiled for the
/// host and share features with each other, never with the packages' own
/// dependencies, so adding it changes nothing the step checks, and syn and every
/// proc-macro above it are compiled once for all runs and the clippy and test
/// steps, where each feature set of a package alone compiled them once more: the
/// step took 216 s and 394 s of processor time, 51 s and 79 s with it (2 cores,
/// 2026-12-07). [`host_deps_problems`] keeps its list in step with the workspace.
pub const HOST_DEPS: &str = "xtask-host-deps";

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
            .arg(&self.name);
        if self.name != HOST_DEPS {
            cargo.args(["-p", HOST_DEPS]);
        }
        cargo.args(selection.flags());
        cargo
    }
}

/// What makes [`HOST_DEPS`] miss its purpose, from full `cargo metadata
/// --format-version 1` output (with dependencies), one line each: a build
/// dependency that the workspace turns on more features of than the package
/// names (each check would then compile it, and the proc-macros above it, once
/// more), or that no other package depends on any more (a version the
/// proc-macros left behind).
pub fn host_deps_problems(metadata: &str) -> Result<Vec<String>> {
    let metadata: Value =
        serde_json::from_str(metadata).context("cargo metadata: output is not JSON")?;
    let packages: BTreeMap<&str, &Value> = metadata["packages"]
        .as_array()
        .context("cargo metadata: no `packages` list")?
        .iter()
        .map(|package| (package["id"].as_str().unwrap_or_default(), package))
        .collect();
    let nodes: BTreeMap<&str, &Value> = metadata["resolve"]["nodes"]
        .as_array()
        .context("cargo metadata: no `resolve` (was it run with --no-deps?)")?
        .iter()
        .map(|node| (node["id"].as_str().unwrap_or_default(), node))
        .collect();
    let (&host_id, host) = packages
        .iter()
        .find(|(_, package)| package["name"] == HOST_DEPS)
        .with_context(|| format!("cargo metadata: no package {HOST_DEPS}"))?;
    let host_node = nodes
        .get(host_id)
        .with_context(|| format!("cargo metadata: {HOST_DEPS} is not resolved"))?;
    let mut problems = Vec::new();
    for declared in host["dependencies"].as_array().into_iter().flatten() {
        let name = declared["name"].as_str().unwrap_or_default();
        let key = declared["rename"]
            .as_str()
            .unwrap_or(name)
            .replace('-', "_");
        let Some(pkg) = host_node["deps"]
            .as_array()
            .into_iter()
            .flatten()
            .find(|dep| dep["name"] == key.as_str())
            .and_then(|dep| dep["pkg"].as_str())
        else {
            bail!("cargo metadata: {HOST_DEPS}'s dependency {key} is not resolved");
        };
        let package = packages
            .get(pkg)
            .with_context(|| format!("cargo metadata: no package {pkg}"))?;
        let shown = format!("{name} {}", package["version"].as_str().unwrap_or_default());
        let table = Package {
            name: name.to_string(),
            features: package["features"]
                .as_object()
                .into_iter()
                .flatten()
                .map(|(feature, enables)| {
                    let enables = enables.as_array().into_iter().flatten();
                    let enables = enables.filter_map(Value::as_str).map(String::from);
                    (feature.clone(), enables.collect())
                })
                .collect(),
        };
        let mut asked: Vec<&str> = declared["features"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(Value::as_str)
            .collect();
        if declared["uses_default_features"] != false {
            asked.push("default");
        }
        let named = table.closure(asked);
        let missing: Vec<&str> = nodes
            .get(pkg)
            .map(|node| &node["features"])
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .filter_map(Value::as_str)
            .filter(|feature| !named.contains(feature))
            .collect();
        if !missing.is_empty() {
            problems.push(format!(
                "the workspace turns on {} of {shown}, which {HOST_DEPS} does not name: \
                 add {} to xtask/host-deps/Cargo.toml",
                missing.join(", "),
                if missing.len() == 1 { "it" } else { "them" }
            ));
        }
        let used_elsewhere = nodes.iter().any(|(&id, node)| {
            id != host_id
                && node["deps"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .any(|dep| dep["pkg"] == pkg)
        });
        if !used_elsewhere {
            problems.push(format!(
                "no package but {HOST_DEPS} depends on {shown}: name the version the \
                 proc-macros use in xtask/host-deps/Cargo.toml, or drop it"
            ));
        }
    }
    Ok(problems)
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

    /// Full `cargo metadata` of a workspace where `serde_derive` uses syn and
    /// [`HOST_DEPS`] asks syn for `asked` (default features on); the workspace
    /// resolves syn with `unified`; `derive_uses_syn` says whether serde_derive
    /// still depends on that syn.
    fn host_metadata(asked: &[&str], unified: &[&str], derive_uses_syn: bool) -> String {
        let syn = "registry+x#syn@3.0.1";
        let derive_deps = if derive_uses_syn {
            serde_json::json!([{"name": "syn", "pkg": syn}])
        } else {
            serde_json::json!([])
        };
        serde_json::json!({
            "packages": [
                {"name": HOST_DEPS, "id": "path+file:///w/host", "version": "0.0.0",
                 "features": {},
                 "dependencies": [{"name": "syn", "rename": null, "kind": "build",
                                   "features": asked, "uses_default_features": true}]},
                {"name": "syn", "id": syn, "version": "3.0.1",
                 "features": {"default": ["derive", "parsing"], "derive": [],
                              "parsing": [], "full": [], "visit": [],
                              "proc-macro": ["quote/proc-macro"]}},
                {"name": "serde_derive", "id": "registry+x#serde_derive@1.0.0",
                 "version": "1.0.0", "features": {}, "dependencies": []}
            ],
            "resolve": {"nodes": [
                {"id": "path+file:///w/host", "features": [],
                 "deps": [{"name": "syn", "pkg": syn}]},
                {"id": syn, "features": unified, "deps": []},
                {"id": "registry+x#serde_derive@1.0.0", "features": [], "deps": derive_deps}
            ]},
            "workspace_members": ["path+file:///w/host"]
        })
        .to_string()
    }

    #[test]
    fn host_deps_that_name_every_feature_turned_on_are_in_step() {
        // `full` asked, `derive` and `parsing` through `default`.
        let metadata = host_metadata(&["full"], &["default", "derive", "full", "parsing"], true);
        assert_eq!(host_deps_problems(&metadata).unwrap(), Vec::<String>::new());
    }

    #[test]
    fn a_feature_the_workspace_turns_on_beyond_the_host_deps_is_named() {
        let metadata = host_metadata(
            &["full"],
            &[
                "default",
                "derive",
                "full",
                "parsing",
                "proc-macro",
                "visit",
            ],
            true,
        );
        assert_eq!(
            host_deps_problems(&metadata).unwrap(),
            [format!(
                "the workspace turns on proc-macro, visit of syn 3.0.1, which {HOST_DEPS} \
                 does not name: add them to xtask/host-deps/Cargo.toml"
            )]
        );
    }

    #[test]
    fn a_version_no_proc_macro_uses_any_more_is_named() {
        let metadata = host_metadata(&["full"], &["default", "derive", "full", "parsing"], false);
        assert_eq!(
            host_deps_problems(&metadata).unwrap(),
            [format!(
                "no package but {HOST_DEPS} depends on syn 3.0.1: name the version the \
                 proc-macros use in xtask/host-deps/Cargo.toml, or drop it"
            )]
        );
    }

    #[test]
    fn metadata_without_the_resolve_or_the_package_is_refused() {
        let no_resolve = r#"{"packages": [], "workspace_members": []}"#;
        let err = host_deps_problems(no_resolve).unwrap_err().to_string();
        assert!(err.contains("--no-deps"), "{err}");
        let no_package = r#"{"packages": [], "resolve": {"nodes": []}}"#;
        let err = host_deps_problems(no_package).unwrap_err().to_string();
        assert!(err.contains(HOST_DEPS), "{err}");
    }

    #[test]
    fn every_check_adds_the_host_deps_but_theirs() {
        let args = |name: &str| {
            let p = Package {
                name: name.into(),
                features: BTreeMap::new(),
            };
            let cmd = p.check_command(Command::new("cargo"), &Selection::None);
            cmd.get_args()
                .map(|a| a.to_string_lossy().into_owned())
                .collect::<Vec<_>>()
        };
        assert_eq!(
            args("pacru-core"),
            [
                "check",
                "--message-format=json",
                "-p",
                "pacru-core",
                "-p",
                HOST_DEPS,
                "--no-default-features"
            ]
        );
        assert_eq!(
            args(HOST_DEPS),
            [
                "check",
                "--message-format=json",
                "-p",
                HOST_DEPS,
                "--no-default-features"
            ]
        );
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

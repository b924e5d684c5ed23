//! `cargo xtask ci [STEP...]`: the project's whole test suite, one announced and
//! timed step at a time, stopping at the first failure; at the end a table of the
//! steps' times and the test runners' result lines.
//!
//! A step that cannot run here (no Chromium, no Python, no cargo-fuzz, no network
//! for npm or PyPI, no Slurm) is skipped with a loud message, except under CI (the `CI`
//! environment variable set, as CI services do), where it fails: a CI run that
//! passes has run every step.

mod beside;

use crate::process::{capture, cargo, children_cpu_time, run_step, run_step_tee};
use crate::results;
use crate::{browser, features, fuzz, npm, python, slurm};
use anyhow::{Context as _, Result, bail};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

/// Seconds each fuzz target runs in the `fuzz` step.
pub const FUZZ_SECS: u64 = 5;

/// A step of `cargo xtask ci`: its name and what it does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Step {
    /// The name that selects it (`cargo xtask ci NAME`) and labels its output.
    pub name: &'static str,
    /// What it runs, in a few words.
    pub what: &'static str,
}

/// Every step, in the order they run (`fuzz` runs beside the steps from
/// `browser` on: [`beside`]).
pub const STEPS: [Step; 10] = [
    Step {
        name: "fmt",
        what: "cargo fmt --check, the workspace and fuzz/",
    },
    Step {
        name: "clippy",
        what: "cargo clippy --workspace --all-targets -- -D warnings",
    },
    Step {
        name: "features",
        what: "cargo check of every package alone with each of its feature sets, warnings denied",
    },
    Step {
        name: "test",
        what: "cargo test --workspace",
    },
    Step {
        name: "doc",
        what: "cargo doc --workspace --no-deps, warnings denied",
    },
    Step {
        name: "browser",
        what: "the viewer page in headless Chromium (node --test tests/browser)",
    },
    Step {
        name: "npm",
        what: "cargo xtask npm, the tarball installed into an empty folder, node --test (Node.js and Chromium)",
    },
    Step {
        name: "python",
        what: "pip install ./crates/pacru-py in a fresh venv, then mypy and pytest",
    },
    Step {
        name: "slurm",
        what: "a match as a 4-task job array on a one-node Slurm cluster, merged = played whole",
    },
    Step {
        name: "fuzz",
        what: "every fuzz target for a few seconds (cargo fuzz, stable, no sanitizer), \
               beside the steps from browser on",
    },
];

/// What the steps share: where the workspace and its build are, and whether a step
/// that cannot run fails (under CI) or is skipped.
#[derive(Debug, Clone)]
pub struct Context {
    /// The workspace root.
    pub root: PathBuf,
    /// Cargo's target directory.
    pub target: PathBuf,
    /// Whether we run under CI.
    pub ci: bool,
}

impl Context {
    /// The context of this process: `CI` and `CARGO_TARGET_DIR` from the environment.
    pub fn from_env(root: &Path) -> Context {
        Context {
            root: root.to_path_buf(),
            target: crate::target_dir(root),
            ci: is_ci(std::env::var("CI").ok().as_deref()),
        }
    }

    /// The `pacru` binary of the debug build that `cargo test --workspace` makes,
    /// brought up to date (`cargo test --workspace --no-run`, which builds nothing
    /// after the test step): the browser and Python steps drive it.
    pub fn pacru_binary(&self) -> Result<PathBuf> {
        let mut build = cargo();
        build.args(["test", "--workspace", "--no-run", "--quiet"]);
        run_step("build pacru", &self.root, build)?;
        let binary = self
            .target
            .join("debug")
            .join(format!("pacru{}", std::env::consts::EXE_SUFFIX));
        if !binary.is_file() {
            bail!("cargo test built no {}", binary.display());
        }
        Ok(binary)
    }
}

/// Whether the `CI` variable says we run under CI: set to anything but empty,
/// `0` or `false`.
pub fn is_ci(value: Option<&str>) -> bool {
    value.is_some_and(|value| {
        let value = value.trim();
        !(value.is_empty() || value == "0" || value.eq_ignore_ascii_case("false"))
    })
}

/// How a step ended, when it did not fail.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// It ran and passed; the lines to repeat in the summary (test results).
    Passed(Vec<String>),
    /// It could not run here, for this reason (never under CI).
    Skipped(String),
}

/// The outcome of a step that cannot run for `reason`: skipped, or under CI an
/// error.
pub fn unavailable(ctx: &Context, reason: String) -> Result<Outcome> {
    if ctx.ci {
        bail!("{reason}; under CI a step that cannot run fails instead of being skipped");
    }
    Ok(Outcome::Skipped(reason))
}

/// The steps named in `args` (every step if none), in the order they run.
pub fn select(args: &[&str]) -> Result<Vec<Step>> {
    for arg in args {
        if !STEPS.iter().any(|step| step.name == *arg) {
            let names: Vec<_> = STEPS.iter().map(|step| step.name).collect();
            bail!("no CI step `{arg}`; the steps are: {}", names.join(" "));
        }
    }
    Ok(STEPS
        .into_iter()
        .filter(|step| args.is_empty() || args.contains(&step.name))
        .collect())
}

/// Runs the steps named in `args` (all of them if none).
pub fn run(root: &Path, args: &[&str]) -> Result<()> {
    let steps = select(args)?;
    let ctx = Context::from_env(root);
    println!(
        "==> cargo xtask ci: {} (CI={})",
        steps
            .iter()
            .map(|step| step.name)
            .collect::<Vec<_>>()
            .join(" "),
        if ctx.ci { "yes" } else { "no" }
    );
    let start = Instant::now();
    let mut done: Vec<Done> = Vec::new();
    let background_selected = steps.iter().any(|step| step.name == beside::STEP);
    let mut background: Option<beside::Background> = None;
    let mut background_tried = false;
    for (i, step) in steps.iter().enumerate() {
        println!(
            "\n==> [{}/{}] {}: {}",
            i + 1,
            steps.len(),
            step.name,
            step.what
        );
        if background_selected && !background_tried && beside::BESIDE.contains(&step.name) {
            background_tried = true;
            match beside::Background::start(&ctx) {
                Ok(started) => background = started,
                // The step runs at its turn instead.
                Err(err) => println!("==> {}: not started beside: {err:#}", beside::STEP),
            }
        }
        let t0 = Instant::now();
        let cpu0 = children_cpu_time();
        let ran_beside = step.name == beside::STEP && background.is_some();
        let (took, outcome) = match background.take() {
            Some(running) if step.name == beside::STEP => running.finish(),
            running => {
                background = running;
                let outcome = run_one(&ctx, step.name);
                (t0.elapsed(), outcome)
            }
        };
        let cpu = children_cpu_time()
            .zip(cpu0)
            .map(|(after, before)| after.saturating_sub(before));
        match &outcome {
            Ok(Outcome::Passed(_)) => {
                println!(
                    "==> [{}/{}] {}: ok ({:.1}s)",
                    i + 1,
                    steps.len(),
                    step.name,
                    took.as_secs_f64()
                );
            }
            Ok(Outcome::Skipped(reason)) => {
                let line = "!".repeat(78);
                println!(
                    "{line}\n!!! {} SKIPPED: {reason}\n!!! (under CI=true this step fails instead)\n{line}",
                    step.name.to_uppercase()
                );
            }
            Err(err) => println!(
                "==> {}: FAILED ({:.1}s): {err:#}",
                step.name,
                took.as_secs_f64()
            ),
        }
        let failed = outcome.is_err();
        done.push(Done {
            step: *step,
            took,
            cpu,
            outcome,
            ran_beside,
        });
        if failed {
            break;
        }
    }
    if let Some(running) = background {
        running.stop();
    }
    summary(&done, start.elapsed());
    let failed: Vec<_> = done
        .iter()
        .filter(|done| done.outcome.is_err())
        .map(|done| done.step.name)
        .collect();
    if !failed.is_empty() {
        bail!("ci: step {} failed (see above)", failed.join(" "));
    }
    Ok(())
}

/// A step that ran: how long it took, the processor time it used (where known),
/// how it ended, and whether it ran beside other steps.
struct Done {
    step: Step,
    took: Duration,
    cpu: Option<Duration>,
    outcome: Result<Outcome>,
    ran_beside: bool,
}

/// The table of times and outcomes, then every step's result lines.
fn summary(done: &[Done], total: Duration) {
    println!("\n==> timings (wall clock; processor time of the step's commands)");
    let mut cpu_total = Some(Duration::ZERO);
    for Done {
        step,
        took,
        cpu,
        outcome,
        ran_beside,
    } in done
    {
        let mut note = match outcome {
            Ok(Outcome::Passed(_)) => String::new(),
            Ok(Outcome::Skipped(reason)) => format!("  SKIPPED: {reason}"),
            Err(_) => "  FAILED".to_string(),
        };
        if *ran_beside {
            note.push_str("  (beside the steps before it)");
        }
        cpu_total = cpu_total.zip(*cpu).map(|(sum, cpu)| sum + cpu);
        println!(
            "    {:<10} {:>7.1}s {}{note}",
            step.name,
            took.as_secs_f64(),
            cpu_column(*cpu)
        );
    }
    println!(
        "    {:<10} {:>7.1}s {}",
        "total",
        total.as_secs_f64(),
        cpu_column(cpu_total)
    );
    let skipped = done
        .iter()
        .filter(|done| matches!(done.outcome, Ok(Outcome::Skipped(_))))
        .count();
    if skipped > 0 {
        println!("!!! {skipped} step(s) SKIPPED: this run did not test everything");
    }
    for done in done {
        if let Ok(Outcome::Passed(lines)) = &done.outcome
            && !lines.is_empty()
        {
            println!("\n==> {} results", done.step.name);
            for line in lines {
                println!("{line}");
            }
        }
    }
}

fn cpu_column(cpu: Option<Duration>) -> String {
    cpu.map_or_else(String::new, |cpu| {
        format!("{:>7.1}s cpu", cpu.as_secs_f64())
    })
}

/// Runs one step.
fn run_one(ctx: &Context, name: &str) -> Result<Outcome> {
    match name {
        "fmt" => fmt(ctx),
        "clippy" => clippy(ctx),
        "features" => feature_sets(ctx),
        "test" => test(ctx),
        "doc" => doc(ctx),
        "browser" => browser::step(ctx),
        "npm" => npm::step(ctx),
        "python" => python::step(ctx),
        "fuzz" => fuzz::step(ctx, FUZZ_SECS),
        "slurm" => slurm::step(ctx),
        _ => unreachable!("select() knows every step"),
    }
}

fn passed() -> Result<Outcome> {
    Ok(Outcome::Passed(Vec::new()))
}

fn fmt(ctx: &Context) -> Result<Outcome> {
    let mut workspace = cargo();
    workspace.args(["fmt", "--all", "--check"]);
    run_step("fmt", &ctx.root, workspace)?;
    let mut fuzz_crate = cargo();
    fuzz_crate.args(["fmt", "--check", "--manifest-path", "fuzz/Cargo.toml"]);
    run_step("fmt fuzz/", &ctx.root, fuzz_crate)?;
    passed()
}

/// `cargo clippy --workspace --all-targets -- -D warnings`.
pub fn clippy_command() -> Command {
    let mut clippy = cargo();
    clippy.args([
        "clippy",
        "--workspace",
        "--all-targets",
        "--",
        "-D",
        "warnings",
    ]);
    clippy
}

fn clippy(ctx: &Context) -> Result<Outcome> {
    run_step("clippy", &ctx.root, clippy_command())?;
    passed()
}

/// Every package alone with each of its feature sets ([`features`]); runs them all,
/// then fails naming those that did not compile cleanly.
fn feature_sets(ctx: &Context) -> Result<Outcome> {
    let mut metadata = cargo();
    metadata.args(["metadata", "--format-version", "1", "--locked"]);
    let metadata =
        String::from_utf8_lossy(&capture("cargo metadata", &ctx.root, metadata)?).into_owned();
    let problems = features::host_deps_problems(&metadata)?;
    if !problems.is_empty() {
        bail!(
            "{} does not keep the proc-macros' dependencies to one feature set:\n    {}",
            features::HOST_DEPS,
            problems.join("\n    ")
        );
    }
    let packages = features::packages(&metadata)?;
    let mut failed = Vec::new();
    let mut runs = 0;
    let mut checked = 0;
    for package in &packages {
        if let Some((_, step)) = features::CHECKED_ELSEWHERE
            .iter()
            .find(|(name, _)| *name == package.name)
        {
            println!(
                "==> features: {} is checked alone by the {step} step",
                package.name
            );
            continue;
        }
        checked += 1;
        for selection in package.selections() {
            runs += 1;
            let cmd = package.check_command(cargo(), &selection);
            let shown = crate::process::describe(&cmd);
            println!("==> features: {shown}");
            let (success, json) =
                cmd_output(ctx, cmd).with_context(|| format!("running `{shown}`"))?;
            let diagnostics = features::diagnostics(&json);
            for diagnostic in &diagnostics {
                print!("{diagnostic}");
            }
            if !success || !diagnostics.is_empty() {
                println!(
                    "==> features: FAILED: `{shown}` ({} warnings or errors)",
                    diagnostics.len()
                );
                failed.push(shown);
            }
        }
    }
    if !failed.is_empty() {
        bail!(
            "{} of {runs} feature checks did not compile without warnings:\n    {}",
            failed.len(),
            failed.join("\n    ")
        );
    }
    println!("==> features: {runs} checks of {checked} packages compiled without warnings");
    passed()
}

/// Runs `cmd` with standard error inherited; returns whether it succeeded and its
/// standard output.
fn cmd_output(ctx: &Context, mut cmd: Command) -> Result<(bool, String)> {
    let output = cmd
        .current_dir(&ctx.root)
        .stderr(std::process::Stdio::inherit())
        .output()?;
    Ok((
        output.status.success(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
    ))
}

/// How many tests nextest runs at once. Most of the slow tests wait for child
/// processes (engines, the `pacru` binary on a terminal, signals) rather than
/// compute, so more than one per core pays: on 2 cores the test binaries run in
/// 37 s with 8, 40 s with 4, 63 s with 2 (and 80 s under cargo test, one binary
/// after the other).
pub const TEST_THREADS: &str = "8";

/// The commands of the `test` step: `cargo nextest run --workspace` and the doc
/// tests (`cargo test --workspace --doc`, which nextest does not run) when nextest
/// is there, else `cargo test --workspace`; both run every test even after a
/// failure.
pub fn test_commands(nextest: bool) -> Vec<(&'static str, Command)> {
    if nextest {
        let mut run = cargo();
        run.args([
            "nextest",
            "run",
            "--workspace",
            "--no-fail-fast",
            "--test-threads",
            TEST_THREADS,
        ]);
        let mut doc = cargo();
        doc.args(["test", "--workspace", "--doc", "--no-fail-fast"]);
        vec![("nextest", run), ("doc tests", doc)]
    } else {
        let mut test = cargo();
        test.args(["test", "--workspace", "--no-fail-fast"]);
        vec![("cargo test", test)]
    }
}

fn test(ctx: &Context) -> Result<Outcome> {
    let mut version = cargo();
    version.args(["nextest", "--version"]);
    let nextest = capture("cargo nextest --version", &ctx.root, version).is_ok();
    if !nextest {
        println!(
            "    cargo-nextest is not installed: cargo test runs the test binaries one by one"
        );
    }
    let mut output = String::new();
    let mut failed = None;
    for (name, cmd) in test_commands(nextest) {
        match run_step_tee(name, &ctx.root, cmd) {
            Ok((_, out)) => output.push_str(&out),
            Err(err) => {
                // Keep going, so that the summary has every runner's results.
                if let Some(out) = err.downcast_ref::<crate::process::StepFailed>() {
                    output.push_str(&out.output);
                }
                failed.get_or_insert(err);
            }
        }
    }
    let summary = results::cargo_test(&output).summary();
    if let Some(err) = failed {
        for line in &summary {
            println!("{line}");
        }
        return Err(err);
    }
    Ok(Outcome::Passed(summary))
}

/// `cargo doc --workspace --no-deps` with rustdoc's warnings denied.
pub fn doc_command() -> Command {
    let mut doc = cargo();
    doc.args(["doc", "--workspace", "--no-deps"])
        .env("RUSTDOCFLAGS", "-D warnings");
    doc
}

fn doc(ctx: &Context) -> Result<Outcome> {
    run_step("doc", &ctx.root, doc_command())?;
    passed()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::process::describe;

    #[test]
    fn steps_run_in_the_documented_order() {
        let names: Vec<_> = select(&[]).unwrap().iter().map(|s| s.name).collect();
        assert_eq!(
            names,
            [
                "fmt", "clippy", "features", "test", "doc", "browser", "npm", "python", "slurm",
                "fuzz"
            ]
        );
    }

    /// The step run beside others is waited for at its turn: the steps it runs
    /// beside all come before it, next to each other, so that none waits for it.
    #[test]
    fn the_step_run_beside_others_comes_right_after_them() {
        let names: Vec<_> = STEPS.iter().map(|s| s.name).collect();
        let at = |name: &str| names.iter().position(|&n| n == name).unwrap();
        let first = beside::BESIDE.iter().map(|name| at(name)).min().unwrap();
        assert_eq!(
            names[first..at(beside::STEP)],
            beside::BESIDE,
            "the steps between the first run beside `{}` and it",
            beside::STEP
        );
    }

    #[test]
    fn named_steps_run_in_the_usual_order() {
        let names: Vec<_> = select(&["fuzz", "fmt"])
            .unwrap()
            .iter()
            .map(|s| s.name)
            .collect();
        assert_eq!(names, ["fmt", "fuzz"]);
        let err = select(&["lint"]).unwrap_err().to_string();
        assert!(err.contains("no CI step `lint`"), "{err}");
    }

    #[test]
    fn lints_and_docs_deny_warnings() {
        assert!(
            describe(&clippy_command())
                .ends_with("clippy --workspace --all-targets -- -D warnings")
        );
        assert!(describe(&doc_command()).starts_with("RUSTDOCFLAGS=\"-D warnings\" "));
        let commands: Vec<String> = test_commands(true)
            .iter()
            .map(|(_, cmd)| describe(cmd))
            .collect();
        assert!(commands[0].ends_with("nextest run --workspace --no-fail-fast --test-threads 8"));
        assert!(commands[1].ends_with("test --workspace --doc --no-fail-fast"));
        let (_, plain) = &test_commands(false)[0];
        assert!(describe(plain).ends_with("test --workspace --no-fail-fast"));
    }

    #[test]
    fn the_ci_variable() {
        assert!(is_ci(Some("true")));
        assert!(is_ci(Some("1")));
        assert!(is_ci(Some("yes")));
        assert!(!is_ci(None));
        assert!(!is_ci(Some("")));
        assert!(!is_ci(Some("0")));
        assert!(!is_ci(Some("false")));
        assert!(!is_ci(Some("FALSE")));
    }

    #[test]
    fn a_step_that_cannot_run_fails_under_ci_and_is_skipped_elsewhere() {
        let mut ctx = Context {
            root: PathBuf::from("/w"),
            target: PathBuf::from("/w/target"),
            ci: true,
        };
        let err = unavailable(&ctx, "no Chromium".into()).unwrap_err();
        assert!(
            err.to_string().starts_with("no Chromium; under CI"),
            "{err}"
        );
        ctx.ci = false;
        assert_eq!(
            unavailable(&ctx, "no Chromium".into()).unwrap(),
            Outcome::Skipped("no Chromium".into())
        );
    }
}

//! The step that runs beside others: `fuzz` builds in a target folder of its own
//! (`fuzz/target`) and needs nothing the other steps build, while the steps before
//! it in [`super::STEPS`] (the browser, npm, Python and Slurm ones) leave a core idle
//! much of the time, waiting on Chromium, on Node.js and on Slurm's daemons. So
//! `cargo xtask ci` starts it, as `cargo xtask fuzz --time SECS` in a process of its
//! own writing to a log file, when the first of those steps starts, and shows its
//! output and outcome at its own turn: the run's output stays in the order of the
//! steps, and a failure is reported as the fuzz step's.

use super::{Context, FUZZ_SECS, Outcome};
use anyhow::{Context as _, Result, anyhow};
use std::fs::File;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// The step that runs beside others.
pub const STEP: &str = "fuzz";

/// The steps it runs beside: it starts with the first of them that runs.
pub const BESIDE: [&str; 4] = ["browser", "npm", "python", "slurm"];

/// The step running in a process of its own.
#[derive(Debug)]
pub struct Background {
    child: Child,
    log: PathBuf,
    started: Instant,
}

impl Background {
    /// Starts the step (`cargo xtask fuzz --time SECS`, with `fuzz/target` as its
    /// target folder whatever `CARGO_TARGET_DIR` says, so that its builds never
    /// wait for the other steps' cargo) with its output going to a log file in
    /// the target folder. `None` when cargo-fuzz is missing: the step then runs at
    /// its turn, which says so.
    pub fn start(ctx: &Context) -> Result<Option<Background>> {
        if crate::fuzz::cargo_fuzz_missing(&ctx.root.join("fuzz")).is_some() {
            return Ok(None);
        }
        std::fs::create_dir_all(&ctx.target)
            .with_context(|| format!("cannot create {}", ctx.target.display()))?;
        let log = ctx.target.join("ci-fuzz.log");
        let file =
            File::create(&log).with_context(|| format!("cannot create {}", log.display()))?;
        let xtask = std::env::current_exe().context("the xtask program's path")?;
        let mut cmd = Command::new(xtask);
        cmd.args(["fuzz", "--time", &FUZZ_SECS.to_string()])
            .current_dir(&ctx.root)
            .env("CARGO_TARGET_DIR", ctx.root.join("fuzz").join("target"))
            .stdin(Stdio::null())
            .stdout(file.try_clone().context("duplicating the log file")?)
            .stderr(file);
        let child = cmd
            .spawn()
            .context("could not start `cargo xtask fuzz` beside the other steps")?;
        println!(
            "==> {STEP}: started beside the steps that follow (its output, written to {}, \
             comes at its turn)",
            log.display()
        );
        Ok(Some(Background {
            child,
            log,
            started: Instant::now(),
        }))
    }

    /// Waits for the step, prints its output and returns how long it ran (from
    /// its start) and how it ended.
    pub fn finish(mut self) -> (Duration, Result<Outcome>) {
        let status = self.child.wait();
        let took = self.started.elapsed();
        match std::fs::read_to_string(&self.log) {
            Ok(output) => print!("{output}"),
            Err(err) => println!("==> {STEP}: cannot read {}: {err}", self.log.display()),
        }
        let outcome = match status {
            Ok(status) if status.success() => Ok(Outcome::Passed(Vec::new())),
            Ok(status) => Err(anyhow!(
                "`cargo xtask fuzz --time {FUZZ_SECS}` exited with {status}"
            )),
            Err(err) => Err(anyhow!("waiting for `cargo xtask fuzz`: {err}")),
        };
        (took, outcome)
    }

    /// Stops the step after another step failed. What it started is left to end
    /// by itself: a fuzz target runs for seconds, and a build of the targets goes
    /// on to its end.
    pub fn stop(mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

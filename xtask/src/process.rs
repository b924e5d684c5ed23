//! Running external commands: announced, timed, and failing with the step's name.

use anyhow::{Context, Result, bail};
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Command, Output};
use std::time::{Duration, Instant};

/// The cargo that runs us (cargo sets `CARGO` for `cargo run`), or `cargo` on `PATH`.
pub fn cargo() -> Command {
    Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()))
}

/// Human-readable form of a command: environment settings, the program's file name
/// and the arguments, space-separated.
pub fn describe(cmd: &Command) -> String {
    let program = Path::new(cmd.get_program());
    let mut text = program
        .file_name()
        .unwrap_or(program.as_os_str())
        .to_string_lossy()
        .into_owned();
    for arg in cmd.get_args() {
        text.push(' ');
        text.push_str(&arg.to_string_lossy());
    }
    for (key, value) in cmd.get_envs() {
        if let Some(value) = value {
            text = format!("{}={:?} {text}", key.to_string_lossy(), value);
        }
    }
    text
}

/// Runs `cmd` in `dir` with inherited output, announcing it as step `name` and
/// reporting how long it took. Fails with a message naming the step.
pub fn run_step(name: &str, dir: &Path, mut cmd: Command) -> Result<Duration> {
    let shown = describe(&cmd);
    println!("==> {name}: {shown}");
    let start = Instant::now();
    let status = cmd
        .current_dir(dir)
        .status()
        .with_context(|| format!("step `{name}`: could not start `{shown}`"))?;
    let took = start.elapsed();
    if !status.success() {
        bail!(
            "step `{name}` failed after {:.1}s: `{shown}` exited with {status}",
            took.as_secs_f64()
        );
    }
    println!("==> {name}: ok ({:.1}s)", took.as_secs_f64());
    Ok(took)
}

/// A step of [`run_step_tee`] that ran and failed, with what it wrote.
#[derive(Debug)]
pub struct StepFailed {
    /// What went wrong.
    pub message: String,
    /// The command's output up to its end.
    pub output: String,
}

impl std::fmt::Display for StepFailed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for StepFailed {}

/// Like [`run_step`], but also returns what the command wrote: its standard output
/// and standard error, interleaved as they came, are passed on to our standard
/// output line by line and kept. When the command fails, the error is a
/// [`StepFailed`] that carries that output too.
pub fn run_step_tee(name: &str, dir: &Path, mut cmd: Command) -> Result<(Duration, String)> {
    let shown = describe(&cmd);
    println!("==> {name}: {shown}");
    let start = Instant::now();
    let (reader, writer) = std::io::pipe().context("creating a pipe")?;
    let error_writer = writer.try_clone().context("creating a pipe")?;
    let mut child = cmd
        .current_dir(dir)
        .stdout(writer)
        .stderr(error_writer)
        .spawn()
        .with_context(|| format!("step `{name}`: could not start `{shown}`"))?;
    // The pipe ends when the child (and whatever it started) closes its copies; ours
    // live in `cmd`.
    drop(cmd);
    let mut output = String::new();
    let mut stdout = std::io::stdout();
    for line in BufReader::new(reader).split(b'\n') {
        let line = line.with_context(|| format!("step `{name}`: reading its output"))?;
        let line = String::from_utf8_lossy(&line);
        writeln!(stdout, "{line}").context("writing to standard output")?;
        output.push_str(&line);
        output.push('\n');
    }
    let status = child
        .wait()
        .with_context(|| format!("step `{name}`: waiting for `{shown}`"))?;
    let took = start.elapsed();
    if !status.success() {
        return Err(StepFailed {
            message: format!(
                "step `{name}` failed after {:.1}s: `{shown}` exited with {status}",
                took.as_secs_f64()
            ),
            output,
        }
        .into());
    }
    println!("==> {name}: ok ({:.1}s)", took.as_secs_f64());
    Ok((took, output))
}

/// The processor time used so far by the children of this process that have ended
/// (and by their children), user and system: on a machine that other work shares,
/// it tells what a step costs better than the time it took. Read from
/// `/proc/self/stat`, so only on Linux (which counts it in hundredths of a second).
pub fn children_cpu_time() -> Option<Duration> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    children_cpu_time_of(&stat)
}

/// The `cutime` and `cstime` fields (16 and 17) of a `/proc/PID/stat` line, summed.
fn children_cpu_time_of(stat: &str) -> Option<Duration> {
    // The command name (field 2) is in parentheses and may hold spaces.
    let fields: Vec<&str> = stat
        .get(stat.rfind(')')? + 1..)?
        .split_whitespace()
        .collect();
    let ticks = |field: usize| fields.get(field - 3)?.parse::<u64>().ok();
    let hundredths = ticks(16)? + ticks(17)?;
    Some(Duration::from_millis(hundredths * 10))
}

/// Runs `cmd` in `dir` and returns its standard output; on failure, the error names
/// `what` and carries the command's standard error.
pub fn capture(what: &str, dir: &Path, mut cmd: Command) -> Result<Vec<u8>> {
    let shown = describe(&cmd);
    let Output {
        status,
        stdout,
        stderr,
    } = cmd
        .current_dir(dir)
        .output()
        .with_context(|| format!("{what}: could not start `{shown}`"))?;
    if !status.success() {
        bail!(
            "{what}: `{shown}` exited with {status}\n{}",
            String::from_utf8_lossy(&stderr).trim_end()
        );
    }
    Ok(stdout)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn children_cpu_time_is_read_from_proc_stat() {
        let stat = "4242 (cargo (x) y) S 1 4242 4242 0 -1 4194560 100 0 0 0 \
                    250 30 1234 566 20 0 1 0 100 1000 10";
        assert_eq!(
            children_cpu_time_of(stat),
            Some(Duration::from_millis(18_000))
        );
        assert_eq!(children_cpu_time_of("4242 (cargo) S 1"), None);
        if cfg!(target_os = "linux") {
            assert!(children_cpu_time().is_some());
        }
    }

    #[test]
    fn a_failed_step_keeps_its_output() {
        let mut cmd = Command::new("sh");
        cmd.args(["-c", "echo out; echo err >&2; exit 3"]);
        if cfg!(unix) {
            let err = run_step_tee("t", Path::new("."), cmd).unwrap_err();
            let failed = err.downcast_ref::<StepFailed>().expect("a StepFailed");
            assert_eq!(failed.output, "out\nerr\n");
            assert!(failed.message.contains("exited with"), "{}", failed.message);
        }
    }
}

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

/// Like [`run_step`], but also returns what the command wrote: its standard output
/// and standard error, interleaved as they came, are passed on to our standard
/// output line by line and kept.
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
        bail!(
            "step `{name}` failed after {:.1}s: `{shown}` exited with {status}",
            took.as_secs_f64()
        );
    }
    println!("==> {name}: ok ({:.1}s)", took.as_secs_f64());
    Ok((took, output))
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

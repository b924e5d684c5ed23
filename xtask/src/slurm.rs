//! The `slurm` step of `cargo xtask ci`: a match played as a Slurm job array on a
//! one-node cluster started here, merged, and compared with the same match played
//! whole.
//!
//! The step writes a cluster of one node (this machine, with the processors and
//! memory `slurmd -C` finds) into a temporary folder: `slurm.conf`, the state,
//! spool and log folders, and a MUNGE key of its own; it starts `munged`,
//! `slurmctld` and `slurmd` in the foreground as its children (root, no cgroups:
//! `proctrack/linuxproc`, `task/none`), their ports free ones on 127.0.0.1, and
//! points Slurm's programs at the configuration with `SLURM_CONF`. Once `sinfo`
//! shows the node idle, it submits [`job_script`] with `sbatch --wait`: a 4-task
//! array whose tasks play `pacru match ... --shard auto/4` into one shared
//! folder. Then `pacru merge-shards` adds the shards up and the step checks the
//! result against the same match played whole: the same records (`games.pgr`), the
//! same standings but for the engines' thinking times, each game played by exactly
//! one shard. Whatever happens, the jobs are cancelled and the daemons stopped
//! before the step ends ([`Cluster::stop`]), and no process started with the
//! cluster's configuration is left running.
//!
//! Needs Debian's `slurm-wlm` and `munge` (`.ci/run` installs them) and root, as
//! the daemons run as the user that starts them.

use crate::ci::{Context, Outcome, unavailable};
use crate::process::describe;
use anyhow::{Context as _, Result, bail, ensure};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

/// The number of tasks of the job array, and so of shards.
pub const TASKS: u32 = 4;

/// The match the array plays, after `pacru match`: built-in engines, games that
/// take a few milliseconds each.
pub const MATCH: [&str; 6] = [
    "builtin:random:1",
    "builtin:greedy:2",
    "--games",
    "16",
    "--movetime",
    "200",
];

/// The programs of Slurm and MUNGE that the step runs.
const PROGRAMS: [&str; 8] = [
    "munged",
    "slurmctld",
    "slurmd",
    "sbatch",
    "sinfo",
    "squeue",
    "scancel",
    "scontrol",
];

/// How long the daemons may take to start and the node to become idle.
const START_TIMEOUT: Duration = Duration::from_secs(60);

/// How long the job array may take, from its submission to its end.
const JOB_TIMEOUT: Duration = Duration::from_secs(180);

/// How long a daemon may take to stop after SIGTERM before it is killed.
const STOP_TIMEOUT: Duration = Duration::from_secs(10);

/// The `slurm` step.
pub fn step(ctx: &Context) -> Result<Outcome> {
    if !cfg!(target_os = "linux") {
        return unavailable(ctx, "the slurm step runs on Linux only".into());
    }
    let mut programs = Programs::default();
    let mut missing = Vec::new();
    for name in PROGRAMS {
        match find_program(name) {
            Some(path) => programs.paths.push((name, path)),
            None => missing.push(name),
        }
    }
    if !missing.is_empty() {
        return unavailable(
            ctx,
            format!(
                "{} not found (apt-get install slurm-wlm munge)",
                missing.join(", ")
            ),
        );
    }
    if !is_root() {
        return unavailable(
            ctx,
            "the one-node Slurm cluster runs its daemons as root, and this is not root".into(),
        );
    }
    let pacru = ctx.pacru_binary()?;
    let dir = tempfile::Builder::new()
        .prefix("pacru-slurm-")
        .tempdir()
        .context("creating a temporary folder")?;
    let start = Instant::now();
    let mut cluster = match Cluster::start(dir.path(), &programs) {
        Ok(cluster) => cluster,
        Err(err) => return Err(err.context(kept(dir))),
    };
    let started = start.elapsed();
    println!(
        "==> slurm: node {} idle {:.1}s after the daemons started",
        cluster.node.name,
        started.as_secs_f64()
    );
    let checked = play_and_compare(&cluster, &pacru);
    let stopped = cluster.stop();
    match (checked, stopped) {
        (Ok(array), Ok(())) => Ok(Outcome::Passed(vec![format!(
            "slurm: {TASKS} array tasks merged = the match played whole; cluster up in {:.1}s, array {:.1}s",
            started.as_secs_f64(),
            array.as_secs_f64()
        )])),
        (Err(err), stopped) => {
            if let Err(stop) = stopped {
                println!("==> slurm: also: {stop:#}");
            }
            Err(err.context(kept(dir)))
        }
        (Ok(_), Err(stop)) => Err(stop),
    }
}

/// Keeps the temporary folder for a look after a failure, and says where it is.
fn kept(dir: tempfile::TempDir) -> String {
    format!(
        "the cluster's configuration and logs are kept in {}",
        dir.keep().display()
    )
}

/// Where the programs of [`PROGRAMS`] are.
#[derive(Debug, Default)]
struct Programs {
    paths: Vec<(&'static str, PathBuf)>,
}

impl Programs {
    /// A command running program `name`, pointed at the cluster's configuration.
    fn command(&self, name: &str, conf: &Path) -> Command {
        let path = self
            .paths
            .iter()
            .find(|(n, _)| *n == name)
            .map_or_else(|| PathBuf::from(name), |(_, p)| p.clone());
        let mut cmd = Command::new(path);
        cmd.env("SLURM_CONF", conf).stdin(Stdio::null());
        cmd
    }
}

/// The program `name` on `PATH`, else in `/usr/sbin` or `/sbin` (where Debian puts
/// the daemons, and which a user's `PATH` may lack).
fn find_program(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .chain(["/usr/sbin", "/sbin"].map(PathBuf::from))
        .map(|dir| dir.join(name))
        .find(|candidate| candidate.is_file())
}

/// Whether this process runs as root (from `/proc/self/status`).
fn is_root() -> bool {
    fs::read_to_string("/proc/self/status").is_ok_and(|status| {
        status
            .lines()
            .find_map(|line| line.strip_prefix("Uid:"))
            .and_then(|ids| ids.split_whitespace().nth(1))
            == Some("0")
    })
}

/// This machine as a Slurm node: its name, and the line of `slurm.conf` that
/// describes its hardware.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Node {
    /// The name `slurmd` knows itself by (the short host name).
    pub name: String,
    /// `NodeName=... CPUs=... RealMemory=...` as `slurmd -C` prints it.
    pub hardware: String,
}

/// The node that `slurmd -C` describes: its first line, which names the node
/// and gives its processors, sockets, cores, threads and memory.
pub fn parse_node(slurmd_c: &str) -> Result<Node> {
    let line = slurmd_c
        .lines()
        .find(|line| line.starts_with("NodeName="))
        .context("slurmd -C printed no NodeName= line")?;
    let field = |key: &str| {
        line.split_whitespace()
            .find_map(|word| word.strip_prefix(key)?.strip_prefix('='))
    };
    let name = field("NodeName").unwrap_or_default().to_owned();
    ensure!(!name.is_empty(), "slurmd -C names no node: {line}");
    for key in ["CPUs", "RealMemory"] {
        let value = field(key).with_context(|| format!("slurmd -C gives no {key}: {line}"))?;
        ensure!(
            value.parse::<u64>().is_ok_and(|n| n > 0),
            "slurmd -C gives {key}={value}: {line}"
        );
    }
    Ok(Node {
        name,
        hardware: line.trim().to_owned(),
    })
}

/// The files and folders of a cluster inside its temporary folder.
#[derive(Debug, Clone)]
pub struct Layout {
    /// The temporary folder.
    pub dir: PathBuf,
}

impl Layout {
    /// `slurm.conf`.
    pub fn conf(&self) -> PathBuf {
        self.dir.join("slurm.conf")
    }
    /// The folder of the sockets and process id files (open to all, as `munged`
    /// requires of its socket's folder).
    pub fn run(&self) -> PathBuf {
        self.dir.join("run")
    }
    /// MUNGE's socket.
    pub fn munge_socket(&self) -> PathBuf {
        self.run().join("munge.socket")
    }
    /// The folder of MUNGE's key and seed (the owner's only).
    pub fn key_dir(&self) -> PathBuf {
        self.dir.join("munge")
    }
    /// The daemons' logs and the tasks' output.
    pub fn log(&self) -> PathBuf {
        self.dir.join("log")
    }
    /// `slurmctld`'s state.
    pub fn state(&self) -> PathBuf {
        self.dir.join("state")
    }
    /// `slurmd`'s spool.
    pub fn spool(&self) -> PathBuf {
        self.dir.join("spool")
    }
    /// The folder the shards share.
    pub fn shards(&self) -> PathBuf {
        self.dir.join("shards")
    }
}

/// The name of the cluster and of its one partition.
pub const CLUSTER: &str = "pacru-ci";

/// The `slurm.conf` of a one-node cluster: `node` is both the controller and the
/// compute node, at 127.0.0.1 on the ports given; root runs everything; no
/// cgroups (`proctrack/linuxproc`, `task/none`, and no `cgroup.conf`), no
/// accounting; every path inside `layout`.
pub fn slurm_conf(node: &Node, layout: &Layout, ctld_port: u16, slurmd_port: u16) -> String {
    let path = |p: PathBuf| p.display().to_string();
    let name = &node.name;
    let lines = [
        format!("ClusterName={CLUSTER}"),
        format!("SlurmctldHost={name}(127.0.0.1)"),
        format!("SlurmctldPort={ctld_port}"),
        format!("SlurmdPort={slurmd_port}"),
        "SlurmUser=root".into(),
        "SlurmdUser=root".into(),
        "AuthType=auth/munge".into(),
        "CredType=cred/munge".into(),
        format!("AuthInfo=socket={}", path(layout.munge_socket())),
        "ProctrackType=proctrack/linuxproc".into(),
        "TaskPlugin=task/none".into(),
        "SelectType=select/cons_tres".into(),
        "SelectTypeParameters=CR_Core".into(),
        "SchedulerType=sched/backfill".into(),
        "MpiDefault=none".into(),
        "MailProg=/bin/true".into(),
        "ReturnToService=2".into(),
        "AccountingStorageType=accounting_storage/none".into(),
        "JobAcctGatherType=jobacct_gather/none".into(),
        "JobCompType=jobcomp/none".into(),
        format!("StateSaveLocation={}", path(layout.state())),
        format!("SlurmdSpoolDir={}", path(layout.spool())),
        format!(
            "SlurmctldPidFile={}",
            path(layout.run().join("slurmctld.pid"))
        ),
        format!("SlurmdPidFile={}", path(layout.run().join("slurmd.pid"))),
        format!(
            "SlurmctldLogFile={}",
            path(layout.log().join("slurmctld.log"))
        ),
        format!("SlurmdLogFile={}", path(layout.log().join("slurmd.log"))),
        format!("{} NodeAddr=127.0.0.1 State=UNKNOWN", node.hardware),
        format!("PartitionName={CLUSTER} Nodes={name} Default=YES MaxTime=10 State=UP"),
    ];
    let mut conf = lines.join("\n");
    conf.push('\n');
    conf
}

/// A shell word: `word` in single quotes unless it needs none.
fn quote(word: &str) -> String {
    if !word.is_empty()
        && word
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "/._-+,:@=".contains(c))
    {
        word.to_owned()
    } else {
        format!("'{}'", word.replace('\'', r"'\''"))
    }
}

/// The batch script the step submits, as a user would write it: a job array of
/// [`TASKS`] tasks, one processor each, every task playing its shard of
/// [`MATCH`] into `shards` (`--shard auto/N` reads `SLURM_ARRAY_TASK_ID`).
pub fn job_script(pacru: &Path, shards: &Path, log: &Path) -> String {
    let mut command = vec![quote(&pacru.display().to_string()), "match".to_owned()];
    command.extend(MATCH.iter().map(|arg| quote(arg)));
    command.extend(
        [
            "--no-progress",
            "--shard",
            &format!("auto/{TASKS}"),
            "--resume",
            "-o",
        ]
        .map(quote),
    );
    command.push(quote(&shards.display().to_string()));
    format!(
        "#!/bin/sh\n\
         #SBATCH --job-name=pacru-shards\n\
         #SBATCH --array=0-{}\n\
         #SBATCH --cpus-per-task=1\n\
         #SBATCH --output={}\n\
         exec {}\n",
        TASKS - 1,
        log.join("task-%a.out").display(),
        command.join(" ")
    )
}

/// A running one-node cluster: its daemons, children of this process.
struct Cluster {
    layout: Layout,
    node: Node,
    programs: Programs,
    daemons: Vec<(&'static str, Child)>,
    /// The `slurmstepd` processes that ran before the cluster started (another
    /// cluster's): the others are this cluster's.
    stepds_before: Vec<u32>,
    stopped: bool,
}

impl Cluster {
    /// Writes the cluster's files into `dir`, starts its daemons and waits until
    /// its node is idle. On failure, whatever was started is stopped.
    fn start(dir: &Path, programs: &Programs) -> Result<Cluster> {
        let layout = Layout {
            dir: dir.to_path_buf(),
        };
        let mut slurmd_c = programs.command("slurmd", &layout.conf());
        slurmd_c.arg("-C");
        let hardware = crate::process::capture("slurmd -C", dir, slurmd_c)?;
        let node = parse_node(&String::from_utf8_lossy(&hardware))?;
        // munged wants the folders on its socket's path open to all, not writable
        // by others, and its key readable by its owner only.
        set_mode(dir, 0o755)?;
        for (folder, mode) in [
            (layout.run(), 0o755),
            (layout.key_dir(), 0o700),
            (layout.log(), 0o755),
            (layout.state(), 0o700),
            (layout.spool(), 0o700),
        ] {
            fs::create_dir(&folder).with_context(|| format!("creating {}", folder.display()))?;
            set_mode(&folder, mode)?;
        }
        let key = layout.key_dir().join("munge.key");
        let mut random = vec![0; 128];
        std::io::Read::read_exact(&mut fs::File::open("/dev/urandom")?, &mut random)
            .context("reading /dev/urandom")?;
        fs::write(&key, &random).context("writing the MUNGE key")?;
        set_mode(&key, 0o600)?;
        let ports = [free_port()?, free_port()?];
        fs::write(
            layout.conf(),
            slurm_conf(&node, &layout, ports[0], ports[1]),
        )
        .context("writing slurm.conf")?;
        let mut cluster = Cluster {
            layout,
            node,
            programs: Programs {
                paths: programs.paths.clone(),
            },
            daemons: Vec::new(),
            stepds_before: processes_named("slurmstepd"),
            stopped: false,
        };
        cluster.start_daemons()?;
        Ok(cluster)
    }

    fn start_daemons(&mut self) -> Result<()> {
        let layout = self.layout.clone();
        let key_dir = layout.key_dir();
        let mut munged = self.programs.command("munged", &layout.conf());
        munged
            .arg("--foreground")
            .arg(format!("--socket={}", layout.munge_socket().display()))
            .arg(format!(
                "--key-file={}",
                key_dir.join("munge.key").display()
            ))
            .arg(format!("--seed-file={}", key_dir.join("seed").display()))
            .arg(format!(
                "--pid-file={}",
                layout.run().join("munged.pid").display()
            ))
            .arg(format!(
                "--log-file={}",
                layout.log().join("munged.log").display()
            ));
        self.spawn("munged", munged)?;
        let socket = layout.munge_socket();
        wait_until(
            &mut self.daemons,
            &layout.log(),
            "MUNGE's socket exists",
            || Ok(socket.exists()),
        )?;
        let mut ctld = self.programs.command("slurmctld", &layout.conf());
        ctld.arg("-D");
        self.spawn("slurmctld", ctld)?;
        let mut slurmd = self.programs.command("slurmd", &layout.conf());
        slurmd.arg("-D");
        self.spawn("slurmd", slurmd)?;
        let programs = &self.programs;
        wait_until(&mut self.daemons, &layout.log(), "the node is idle", || {
            let mut sinfo = programs.command("sinfo", &layout.conf());
            sinfo.args(["--noheader", "--Node", "--format=%T"]);
            let output = sinfo.output()?;
            Ok(output.status.success() && String::from_utf8_lossy(&output.stdout).trim() == "idle")
        })
    }

    /// Starts daemon `name`, its output into the log folder.
    fn spawn(&mut self, name: &'static str, mut cmd: Command) -> Result<()> {
        let out = fs::File::create(self.layout.log().join(format!("{name}.out")))?;
        cmd.stdout(out.try_clone()?).stderr(out);
        println!("==> slurm: {}", describe(&cmd));
        let child = cmd
            .spawn()
            .with_context(|| format!("starting `{}`", describe(&cmd)))?;
        self.daemons.push((name, child));
        Ok(())
    }

    /// A command running Slurm's program `name` against this cluster.
    fn command(&self, name: &str) -> Command {
        self.programs.command(name, &self.layout.conf())
    }

    /// Cancels the cluster's jobs and waits for their `slurmstepd`s to end, stops
    /// its daemons (SIGTERM, then SIGKILL after [`STOP_TIMEOUT`]) and kills
    /// whatever else still runs with its configuration or is one of its
    /// `slurmstepd`s; fails if anything had to be killed that way or did not stop.
    fn stop(&mut self) -> Result<()> {
        if self.stopped {
            return Ok(());
        }
        self.stopped = true;
        let start = Instant::now();
        let mut problems = Vec::new();
        if self.daemons.iter().any(|(name, _)| *name == "slurmctld") {
            let mut scancel = self.command("scancel");
            scancel.arg(format!("--partition={CLUSTER}"));
            if let Ok(output) = scancel.output()
                && output.status.success()
            {
                // Wait for the cancelled jobs' processes to end.
                let deadline = Instant::now() + STOP_TIMEOUT;
                while Instant::now() < deadline {
                    let mut squeue = self.command("squeue");
                    squeue.args(["--noheader", "--format=%i"]);
                    match squeue.output() {
                        Ok(out) if out.status.success() && out.stdout.trim_ascii().is_empty() => {
                            break;
                        }
                        Ok(out) if out.status.success() => {}
                        _ => break,
                    }
                    std::thread::sleep(Duration::from_millis(200));
                }
            }
        }
        // A cancelled job's slurmstepd outlives it for a moment; it reports to the
        // daemons, so let it end before they stop.
        let stepds = || -> Vec<(u32, String)> {
            processes_named("slurmstepd")
                .into_iter()
                .filter(|pid| !self.stepds_before.contains(pid))
                .map(|pid| (pid, "slurmstepd".to_owned()))
                .collect()
        };
        let deadline = Instant::now() + STOP_TIMEOUT;
        while !stepds().is_empty() && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(100));
        }
        let mut strays = stepds();
        // slurmd first, munged last: each needs the ones after it to stop cleanly.
        while let Some((name, mut child)) = self.daemons.pop() {
            if let Err(err) = terminate(&mut child, STOP_TIMEOUT) {
                problems.push(format!("{name}: {err:#}"));
            }
        }
        strays.extend(processes_with_env("SLURM_CONF", &self.layout.conf()));
        if !strays.is_empty() {
            for (pid, _) in &strays {
                // SIGKILL; a process that ended meanwhile is no error.
                let _ = Command::new("kill")
                    .args(["-KILL", &pid.to_string()])
                    .status();
            }
            problems.push(format!(
                "still running after the jobs were cancelled, killed: {}",
                strays
                    .iter()
                    .map(|(pid, name)| format!("{pid} {name}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        }
        if !problems.is_empty() {
            bail!("stopping the Slurm cluster: {}", problems.join("; "));
        }
        println!(
            "==> slurm: jobs cancelled, daemons stopped ({:.1}s)",
            start.elapsed().as_secs_f64()
        );
        Ok(())
    }
}

impl Drop for Cluster {
    /// Stops the cluster when the step ends early (an error while starting it).
    fn drop(&mut self) {
        if let Err(err) = self.stop() {
            eprintln!("xtask: {err:#}");
        }
    }
}

/// Waits until `ready` says so, failing if one of `daemons` ends first or after
/// [`START_TIMEOUT`] (with the end of their logs, in `log`).
fn wait_until(
    daemons: &mut [(&'static str, Child)],
    log: &Path,
    what: &str,
    mut ready: impl FnMut() -> Result<bool>,
) -> Result<()> {
    let start = Instant::now();
    loop {
        for (name, child) in daemons.iter_mut() {
            if let Some(status) = child.try_wait()? {
                bail!(
                    "{name} ended ({status}) before {what}:\n{}",
                    tail(log, name)
                );
            }
        }
        if ready()? {
            return Ok(());
        }
        if start.elapsed() > START_TIMEOUT {
            let logs: Vec<String> = daemons.iter().map(|(name, _)| tail(log, name)).collect();
            bail!(
                "not ready after {}s: {what}\n{}",
                START_TIMEOUT.as_secs(),
                logs.join("\n")
            );
        }
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// Sends SIGTERM to `child`, waits up to `timeout` for it to end, then kills it.
fn terminate(child: &mut Child, timeout: Duration) -> Result<ExitStatus> {
    if let Some(status) = child.try_wait()? {
        return Ok(status);
    }
    let _ = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status();
    let start = Instant::now();
    while start.elapsed() < timeout {
        if let Some(status) = child.try_wait()? {
            return Ok(status);
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    child.kill()?;
    child.wait()?;
    bail!(
        "did not stop within {}s of SIGTERM; killed",
        timeout.as_secs()
    )
}

/// The processes whose name (`/proc/PID/comm`) is `name`.
fn processes_named(name: &str) -> Vec<u32> {
    let Ok(entries) = fs::read_dir("/proc") else {
        return Vec::new();
    };
    entries
        .flatten()
        .filter_map(|entry| {
            let pid = entry.file_name().to_str()?.parse::<u32>().ok()?;
            let comm = fs::read_to_string(entry.path().join("comm")).ok()?;
            (comm.trim() == name).then_some(pid)
        })
        .collect()
}

/// The processes (id and name) whose environment sets `name` to `value`.
fn processes_with_env(name: &str, value: &Path) -> Vec<(u32, String)> {
    let wanted = format!("{name}={}", value.display());
    let Ok(entries) = fs::read_dir("/proc") else {
        return Vec::new();
    };
    let mut found = Vec::new();
    for entry in entries.flatten() {
        let Some(pid) = entry
            .file_name()
            .to_str()
            .and_then(|s| s.parse::<u32>().ok())
        else {
            continue;
        };
        if pid == std::process::id() {
            continue;
        }
        let Ok(environ) = fs::read(entry.path().join("environ")) else {
            continue;
        };
        if environ
            .split(|&b| b == 0)
            .any(|var| var == wanted.as_bytes())
        {
            let comm = fs::read_to_string(entry.path().join("comm")).unwrap_or_default();
            found.push((pid, comm.trim().to_owned()));
        }
    }
    found
}

/// The last lines of daemon `name`'s log and output, for an error message.
fn tail(log: &Path, name: &str) -> String {
    let mut text = String::new();
    for file in [format!("{name}.log"), format!("{name}.out")] {
        if let Ok(content) = fs::read_to_string(log.join(&file)) {
            let lines: Vec<&str> = content.lines().collect();
            let last = &lines[lines.len().saturating_sub(15)..];
            text.push_str(&format!("--- {file} (end)\n{}\n", last.join("\n")));
        }
    }
    text
}

/// A TCP port on 127.0.0.1 that is free now.
fn free_port() -> Result<u16> {
    let listener =
        std::net::TcpListener::bind("127.0.0.1:0").context("finding a free port on 127.0.0.1")?;
    Ok(listener.local_addr()?.port())
}

#[cfg(unix)]
fn set_mode(path: &Path, mode: u32) -> Result<()> {
    use std::os::unix::fs::PermissionsExt;
    fs::set_permissions(path, fs::Permissions::from_mode(mode))
        .with_context(|| format!("chmod {mode:o} {}", path.display()))
}

#[cfg(not(unix))]
fn set_mode(_path: &Path, _mode: u32) -> Result<()> {
    Ok(())
}

/// Submits the job array and waits for it, plays the match whole, merges the
/// shards and compares; returns how long the array took.
fn play_and_compare(cluster: &Cluster, pacru: &Path) -> Result<Duration> {
    let layout = &cluster.layout;
    let script = layout.dir.join("shards.sbatch");
    fs::write(&script, job_script(pacru, &layout.shards(), &layout.log()))
        .context("writing the batch script")?;
    let mut sbatch = cluster.command("sbatch");
    sbatch.arg("--wait").arg(&script).current_dir(&layout.dir);
    let t0 = Instant::now();
    let status = run_with_timeout(sbatch, &layout.log().join("sbatch.out"), JOB_TIMEOUT)?;
    let array = t0.elapsed();
    let sbatch_out = fs::read_to_string(layout.log().join("sbatch.out")).unwrap_or_default();
    print!("{sbatch_out}");
    let mut outputs = String::new();
    for task in 0..TASKS {
        let file = layout.log().join(format!("task-{task}.out"));
        let text = fs::read_to_string(&file).unwrap_or_else(|_| "(no output)\n".into());
        outputs.push_str(&format!("--- task {task}\n{text}"));
    }
    ensure!(
        status.success(),
        "sbatch --wait exited with {status}: a task failed\n{outputs}"
    );
    println!(
        "==> slurm: the array of {TASKS} tasks ended in {:.1}s",
        array.as_secs_f64()
    );

    // The same match on this machine, in one piece.
    let whole = layout.dir.join("whole");
    let mut play = Command::new(pacru);
    play.arg("match")
        .args(MATCH)
        .args(["--no-progress", "--format", "json", "-o"])
        .arg(&whole);
    crate::process::capture("pacru match (whole)", &layout.dir, play)?;

    let merged = layout.dir.join("merged");
    let mut merge = Command::new(pacru);
    merge
        .arg("merge-shards")
        .arg(layout.shards())
        .args(["--format", "json", "-o"])
        .arg(&merged);
    let merge_out = crate::process::capture("pacru merge-shards", &layout.dir, merge)?;
    let merge_out = String::from_utf8(merge_out).context("merge-shards' output")?;

    let mut shard_games = Vec::new();
    for task in 0..TASKS {
        let journal = layout
            .shards()
            .join(format!("shard-{task}-of-{TASKS}"))
            .join("journal.jsonl");
        let games = finished_games(&read(&journal)?)?;
        ensure!(
            !games.is_empty(),
            "shard {task}/{TASKS} played no game\n{outputs}"
        );
        shard_games.extend(games);
    }
    compare(
        &Played {
            standings: read(&whole.join("standings.json"))?,
            records: read(&whole.join("games.pgr"))?,
            games: finished_games(&read(&whole.join("journal.jsonl"))?)?,
        },
        &Played {
            standings: merge_out,
            records: read(&merged.join("games.pgr"))?,
            games: shard_games,
        },
    )?;
    compare_standings(
        &read(&whole.join("standings.json"))?,
        &read(&merged.join("standings.json"))?,
    )
    .context("standings.json written by merge-shards -o")?;
    println!(
        "==> slurm: merged shards = the match played whole ({} games, the same records and standings)",
        MATCH[3]
    );
    Ok(array)
}

/// Runs `cmd` with its output into `out`, killing it after `timeout`.
fn run_with_timeout(mut cmd: Command, out: &Path, timeout: Duration) -> Result<ExitStatus> {
    let file = fs::File::create(out)?;
    cmd.stdout(file.try_clone()?).stderr(file);
    println!("==> slurm: {}", describe(&cmd));
    let mut child = cmd
        .spawn()
        .with_context(|| format!("starting `{}`", describe(&cmd)))?;
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait()? {
            return Ok(status);
        }
        if start.elapsed() > timeout {
            child.kill()?;
            child.wait()?;
            bail!(
                "`{}` did not end within {}s\n{}",
                describe(&cmd),
                timeout.as_secs(),
                fs::read_to_string(out).unwrap_or_default()
            );
        }
        std::thread::sleep(Duration::from_millis(100));
    }
}

fn read(path: &Path) -> Result<String> {
    fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))
}

/// A match as played: its standings (JSON), records and the numbers of its
/// finished games.
#[derive(Debug, Clone)]
pub struct Played {
    /// `standings.json`, or `--format json`'s output.
    pub standings: String,
    /// `games.pgr`.
    pub records: String,
    /// The numbers of the finished games, in any order.
    pub games: Vec<u64>,
}

/// Checks that the merged shards are the match played whole: each game finished
/// once by exactly one shard, the same records, the same standings but for the
/// engines' thinking times.
pub fn compare(whole: &Played, merged: &Played) -> Result<()> {
    let mut shard_games = merged.games.clone();
    shard_games.sort_unstable();
    let mut whole_games = whole.games.clone();
    whole_games.sort_unstable();
    ensure!(
        shard_games == whole_games,
        "the shards finished games {shard_games:?}, the whole match {whole_games:?}: each game must be played once, by one shard"
    );
    ensure!(
        merged.records == whole.records,
        "the merged games.pgr differs from the whole match's"
    );
    compare_standings(&whole.standings, &merged.standings)
}

/// Checks that two standings (JSON) are the same but for the engines' thinking
/// times, and that the event is complete.
pub fn compare_standings(whole: &str, merged: &str) -> Result<()> {
    let whole = standings_without_time(whole)?;
    let merged = standings_without_time(merged)?;
    ensure!(
        whole == merged,
        "the merged standings differ from the whole match's:\nwhole:  {whole}\nmerged: {merged}"
    );
    ensure!(
        merged["games_finished"] == merged["games_total"]
            && merged["games_total"].as_u64() > Some(0),
        "the merged match is not complete: {merged}"
    );
    Ok(())
}

/// Standings (JSON) without the engines' thinking times, the one thing that
/// depends on the clock rather than on the games.
fn standings_without_time(json: &str) -> Result<serde_json::Value> {
    let mut value: serde_json::Value =
        serde_json::from_str(json).context("standings are not JSON")?;
    let engines = value["engines"]
        .as_array_mut()
        .context("standings without engines")?;
    for engine in engines {
        if let Some(engine) = engine.as_object_mut() {
            engine.remove("time_ms");
            engine.remove("average_move_ms");
        }
    }
    Ok(value)
}

/// The numbers of the finished games of a journal (`journal.jsonl`).
pub fn finished_games(journal: &str) -> Result<Vec<u64>> {
    let mut games = Vec::new();
    for line in journal.lines() {
        let Ok(entry) = serde_json::from_str::<serde_json::Value>(line) else {
            continue;
        };
        if entry["type"] == "finished" {
            games.push(
                entry["pairing"]["game"]
                    .as_u64()
                    .with_context(|| format!("a finished game without a number: {line}"))?,
            );
        }
    }
    Ok(games)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SLURMD_C: &str = "NodeName=vm CPUs=2 Boards=1 SocketsPerBoard=1 CoresPerSocket=2 ThreadsPerCore=1 RealMemory=24105\nUpTime=0-00:09:00\n";

    #[test]
    fn the_node_is_what_slurmd_finds() {
        let node = parse_node(SLURMD_C).unwrap();
        assert_eq!(node.name, "vm");
        assert_eq!(
            node.hardware,
            "NodeName=vm CPUs=2 Boards=1 SocketsPerBoard=1 CoresPerSocket=2 ThreadsPerCore=1 RealMemory=24105"
        );
        assert!(parse_node("UpTime=0\n").is_err());
        assert!(parse_node("NodeName=vm CPUs=2\n").is_err(), "no memory");
        assert!(parse_node("NodeName=vm CPUs=0 RealMemory=10\n").is_err());
    }

    #[test]
    fn the_cluster_has_one_node_no_cgroups_and_everything_in_its_folder() {
        let node = parse_node(SLURMD_C).unwrap();
        let layout = Layout {
            dir: PathBuf::from("/tmp/c"),
        };
        let conf = slurm_conf(&node, &layout, 7001, 7002);
        let lines: Vec<&str> = conf.lines().collect();
        for wanted in [
            "SlurmctldHost=vm(127.0.0.1)",
            "SlurmctldPort=7001",
            "SlurmdPort=7002",
            "SlurmUser=root",
            "AuthType=auth/munge",
            "AuthInfo=socket=/tmp/c/run/munge.socket",
            "ProctrackType=proctrack/linuxproc",
            "TaskPlugin=task/none",
            "SelectType=select/cons_tres",
            "StateSaveLocation=/tmp/c/state",
            "SlurmdSpoolDir=/tmp/c/spool",
            "SlurmctldLogFile=/tmp/c/log/slurmctld.log",
            "NodeName=vm CPUs=2 Boards=1 SocketsPerBoard=1 CoresPerSocket=2 ThreadsPerCore=1 RealMemory=24105 NodeAddr=127.0.0.1 State=UNKNOWN",
            "PartitionName=pacru-ci Nodes=vm Default=YES MaxTime=10 State=UP",
        ] {
            assert!(lines.contains(&wanted), "no `{wanted}` in\n{conf}");
        }
        // Every path is inside the cluster's folder.
        for line in &lines {
            for value in line.split(['=', ' ']).filter(|v| v.starts_with('/')) {
                assert!(
                    value.starts_with("/tmp/c/") || value == "/bin/true",
                    "{line}"
                );
            }
        }
        assert_eq!(
            lines.iter().filter(|l| l.contains("/tmp/c/")).count(),
            7,
            "{conf}"
        );
    }

    #[test]
    fn the_job_script_is_an_array_of_shards() {
        let script = job_script(
            Path::new("/t/debug/pacru"),
            Path::new("/tmp/c/shards"),
            Path::new("/tmp/c/log"),
        );
        assert_eq!(
            script,
            "#!/bin/sh\n\
             #SBATCH --job-name=pacru-shards\n\
             #SBATCH --array=0-3\n\
             #SBATCH --cpus-per-task=1\n\
             #SBATCH --output=/tmp/c/log/task-%a.out\n\
             exec /t/debug/pacru match builtin:random:1 builtin:greedy:2 --games 16 --movetime 200 --no-progress --shard auto/4 --resume -o /tmp/c/shards\n"
        );
        assert_eq!(quote("/a b/it's"), r"'/a b/it'\''s'");
    }

    fn standings(score: u64, time: u64) -> String {
        format!(
            r#"{{"games_total":2,"games_finished":2,"engines":[{{"name":"a","points":{score},"time_ms":{time},"average_move_ms":1}}]}}"#
        )
    }

    #[test]
    fn merged_shards_must_be_the_whole_match() {
        let whole = Played {
            standings: standings(2, 10),
            records: "[Game \"1\"]\n".into(),
            games: vec![1, 2],
        };
        // Thinking times and the order of the games may differ.
        let same = Played {
            standings: standings(2, 99),
            games: vec![2, 1],
            ..whole.clone()
        };
        compare(&whole, &same).unwrap();
        let other_score = Played {
            standings: standings(1, 10),
            ..whole.clone()
        };
        let err = compare(&whole, &other_score).unwrap_err().to_string();
        assert!(err.contains("merged standings differ"), "{err}");
        let other_records = Played {
            records: "[Game \"2\"]\n".into(),
            ..whole.clone()
        };
        let err = compare(&whole, &other_records).unwrap_err().to_string();
        assert!(err.contains("games.pgr differs"), "{err}");
        let twice = Played {
            games: vec![1, 1, 2],
            ..whole.clone()
        };
        let err = compare(&whole, &twice).unwrap_err().to_string();
        assert!(err.contains("each game must be played once"), "{err}");
        let unfinished = standings(2, 1).replace("\"games_finished\":2", "\"games_finished\":1");
        let err = compare_standings(&unfinished, &unfinished)
            .unwrap_err()
            .to_string();
        assert!(err.contains("not complete"), "{err}");
    }

    #[test]
    fn finished_games_are_read_from_the_journal() {
        let journal = "{\"type\":\"settings\"}\n\
                       {\"type\":\"scheduled\",\"pairing\":{\"game\":3}}\n\
                       {\"type\":\"finished\",\"pairing\":{\"game\":3}}\n\
                       torn li\n\
                       {\"type\":\"finished\",\"pairing\":{\"game\":4}}\n";
        assert_eq!(finished_games(journal).unwrap(), [3, 4]);
        assert!(finished_games("{\"type\":\"finished\",\"pairing\":{}}\n").is_err());
    }
}

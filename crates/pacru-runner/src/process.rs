//! Engine programs as process groups: started so that nothing they start can
//! outlive them unnoticed, and ended as a whole.
//!
//! - Every engine is the leader of a **new process group**, and ending an engine
//!   (after `quit`, on a failure, or from another thread through a [`KillSwitch`])
//!   sends `SIGKILL` to the whole group, so helpers the engine started go with it.
//! - On Linux the engine also gets a **parent-death signal** (`SIGKILL`), set in the
//!   child between `fork` and `exec`: if the referee's process dies, even by
//!   `SIGKILL`, the kernel ends the engine. The kernel ties that signal to the
//!   *thread* that forked, so engines are spawned from one thread that lives as long
//!   as the process.
//! - The engine's exit is seen without reaping it (`waitid` with `WNOWAIT`), so the
//!   group is killed while its leader is still a zombie: the group's id cannot have
//!   been reused by then, and no unrelated process can be hit.
//! - The parent-death signal reaches the engine only, not the helpers it started.
//!   So that a referee killed by `SIGKILL` leaves none of them behind either, the
//!   first engine started also starts a **watchdog**: a tiny `/bin/sh` script in a
//!   process group of its own that is told, on its standard input (a Unix socket),
//!   which engine groups are running. Each engine announces its own group from the
//!   forked child, before `exec`, so the watchdog knows the group before the engine
//!   can start a helper, whenever the referee dies. When that input ends, which the
//!   kernel makes happen when the referee's process ends in any way, it kills the
//!   groups still listed. Where no shell can be started, engines run without it.
//! - Helpers that leave their engine's group (`setsid`) are ended with the engine
//!   when the program has called [`crate::become_subreaper`] ([`crate::strays`]):
//!   engines are then started as child subreapers, and each engine's end is
//!   followed by the end of every stray it left.
//!
//! This is the only module of the crate with `unsafe` code: registering the
//! `pre_exec` hook that sets the parent-death signal and announces the group.

use crate::client::Exit;
use crate::strays;
use std::io;
use std::process::{Child, Command, ExitStatus};
use std::sync::mpsc;
use std::sync::{Arc, Mutex, OnceLock};

/// Ends an engine's process group from any thread, for example when a runner is
/// asked to stop while games are in progress. Cheap to clone; does nothing once the
/// engine has been ended and reaped, or for an engine run inside this process.
#[derive(Clone, Debug, Default)]
pub struct KillSwitch {
    group: Arc<Mutex<Option<u32>>>,
}

impl KillSwitch {
    /// Sends `SIGKILL` to the engine's process group, if it is still there. The
    /// engine's client notices the end of its output and reports the engine as
    /// crashed.
    pub fn kill(&self) {
        let group = self.group.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(pgid) = *group {
            kill_group(pgid);
        }
    }
}

/// A child process leading its own process group.
#[derive(Debug)]
pub(crate) struct GroupLeader {
    child: Child,
    /// The group's id while the leader is not reaped (shared with kill switches).
    group: Arc<Mutex<Option<u32>>>,
    /// How the leader ended, once it is reaped.
    exit: Option<Exit>,
}

impl GroupLeader {
    /// The leader's process id.
    pub(crate) fn id(&self) -> u32 {
        self.child.id()
    }

    /// The child, for its pipes.
    pub(crate) fn child_mut(&mut self) -> &mut Child {
        &mut self.child
    }

    /// A handle that ends the group from another thread.
    pub(crate) fn kill_switch(&self) -> KillSwitch {
        KillSwitch {
            group: Arc::clone(&self.group),
        }
    }

    /// How the leader ended, if it has; then the rest of its group is killed and
    /// the leader reaped. Never blocks.
    pub(crate) fn try_exit(&mut self) -> Option<Exit> {
        if self.exit.is_none() {
            match exited_without_reaping(&mut self.child) {
                Ok(Some(exit)) => {
                    self.end_group_and_reap();
                    self.exit = Some(exit);
                }
                Ok(None) => {}
                Err(e) => {
                    self.end_group_and_reap();
                    self.exit = Some(Exit::Failure(e.to_string()));
                }
            }
        }
        self.exit.clone()
    }

    /// Kills the whole group (if the leader is not reaped yet) and reaps the leader.
    pub(crate) fn kill(&mut self) {
        if self.exit.is_none() {
            let status = self.end_group_and_reap();
            self.exit = Some(match status {
                Some(status) => exit_of(status),
                None => Exit::Failure("lost".to_owned()),
            });
        }
    }

    /// `SIGKILL` to the group while its id is still held by the unreaped leader,
    /// then reaps the leader.
    fn end_group_and_reap(&mut self) -> Option<ExitStatus> {
        {
            let mut group = self.group.lock().unwrap_or_else(|e| e.into_inner());
            if let Some(pgid) = group.take() {
                kill_group(pgid);
                #[cfg(unix)]
                watchdog::forget(pgid);
            }
        }
        let _ = self.child.kill();
        let status = self.child.wait().ok();
        strays::reaped(self.child.id());
        strays::end_strays();
        status
    }
}

impl Drop for GroupLeader {
    fn drop(&mut self) {
        self.kill();
    }
}

/// How a reaped process ended.
pub(crate) fn exit_of(status: ExitStatus) -> Exit {
    if status.success() {
        return Exit::Success;
    }
    if let Some(code) = status.code() {
        return Exit::Failure(format!("exit code {code}"));
    }
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        if let Some(signal) = status.signal() {
            return Exit::Failure(format!("killed by signal {signal}"));
        }
    }
    Exit::Failure(status.to_string())
}

/// A request to the spawning thread: the command, and where to send the child.
type SpawnJob = (Command, mpsc::Sender<io::Result<Child>>);

/// Spawns `command` as the leader of a new process group, from a thread that lives
/// as long as the process, with (on Linux) `SIGKILL` as its parent-death signal.
pub(crate) fn spawn_group_leader(mut command: Command) -> io::Result<GroupLeader> {
    #[cfg(unix)]
    {
        use std::os::unix::process::CommandExt;
        command.process_group(0);
    }
    #[cfg(unix)]
    prepare_child(&mut command, watchdog::socket());
    static SPAWNER: OnceLock<Option<mpsc::Sender<SpawnJob>>> = OnceLock::new();
    let spawner = SPAWNER.get_or_init(|| {
        let (jobs, inbox) = mpsc::channel::<SpawnJob>();
        std::thread::Builder::new()
            .name("pacru engine spawner".to_owned())
            .spawn(move || {
                for (mut command, reply) in inbox {
                    let _ = reply.send(strays::start_own(|| command.spawn()));
                }
            })
            .ok()
            .map(|_| jobs)
    });
    let child = match spawner {
        Some(jobs) => {
            let (reply, answer) = mpsc::channel();
            jobs.send((command, reply))
                .map_err(|_| io::Error::other("the engine spawning thread is gone"))?;
            answer
                .recv()
                .map_err(|_| io::Error::other("the engine spawning thread is gone"))??
        }
        // No thread could be started: spawn here (the parent-death signal then
        // follows this thread).
        None => strays::start_own(|| command.spawn())?,
    };
    let group = Arc::new(Mutex::new(Some(child.id())));
    Ok(GroupLeader {
        child,
        group,
        exit: None,
    })
}

/// What the child does between `fork` and `exec`: on Linux, asks the kernel for
/// `SIGKILL` when its parent dies; then announces its process group (its own
/// process id) to the watchdog on `watchdog`, if there is one.
#[cfg(unix)]
#[allow(unsafe_code)]
fn prepare_child(command: &mut Command, watchdog: Option<std::os::fd::RawFd>) {
    use std::os::unix::process::CommandExt;
    #[cfg(any(target_os = "linux", target_os = "android"))]
    let parent = std::process::id();
    #[cfg(any(target_os = "linux", target_os = "android"))]
    let subreaper = strays::engines_reap_their_own();
    // SAFETY: `pre_exec` runs the closure in the forked child before `exec`, where
    // only async-signal-safe work is allowed. The closure makes only system calls
    // (`prctl` twice, `getppid`, `getpid`, `send`) through rustix, which wraps them
    // directly without allocating or taking locks, formats the announcement into a
    // buffer on the stack, and builds errors from raw error numbers (no allocation
    // either). The watchdog's socket is never closed once opened (`watchdog::socket`
    // keeps it for the life of the process), so `fd` still names it in the child.
    unsafe {
        command.pre_exec(move || {
            #[cfg(any(target_os = "linux", target_os = "android"))]
            {
                use rustix::process::{Signal, getppid, set_parent_process_death_signal};
                set_parent_process_death_signal(Some(Signal::KILL))
                    .map_err(|e| io::Error::from_raw_os_error(e.raw_os_error()))?;
                // If the parent died between `fork` and `prctl`, no signal will
                // come: give up instead of running unsupervised.
                match getppid() {
                    Some(p) if p.as_raw_pid() as u32 == parent => {}
                    _ => {
                        return Err(io::Error::from_raw_os_error(
                            rustix::io::Errno::SRCH.raw_os_error(),
                        ));
                    }
                }
                // What the engine's helpers orphan stays under the engine while it
                // runs (`crate::strays`); without it, it reaches the referee early.
                if subreaper {
                    let _ = rustix::process::set_child_subreaper(Some(rustix::process::Pid::INIT));
                }
            }
            if let Some(fd) = watchdog {
                let mut line = [0u8; 24];
                let len = watchdog::announcement(rustix::process::getpid().as_raw_pid(), &mut line);
                let fd = std::os::fd::BorrowedFd::borrow_raw(fd);
                // A watchdog that is gone cannot be helped; the engine still runs,
                // with its parent-death signal.
                let _ = rustix::net::send(fd, &line[..len], rustix::net::SendFlags::NOSIGNAL);
            }
            Ok(())
        });
    }
}

/// Sends `SIGKILL` to process group `pgid` (errors, such as an empty group, are
/// ignored).
fn kill_group(pgid: u32) {
    #[cfg(unix)]
    if let Some(pid) = i32::try_from(pgid)
        .ok()
        .and_then(rustix::process::Pid::from_raw)
    {
        let _ = rustix::process::kill_process_group(pid, rustix::process::Signal::KILL);
    }
    #[cfg(not(unix))]
    let _ = pgid;
}

/// Whether `child` has exited, leaving it unreaped where the platform allows.
#[cfg(any(target_os = "linux", target_os = "android"))]
fn exited_without_reaping(child: &mut Child) -> io::Result<Option<Exit>> {
    use rustix::process::{Pid, WaitId, WaitIdOptions, waitid};
    let Some(pid) = i32::try_from(child.id()).ok().and_then(Pid::from_raw) else {
        return Err(io::Error::other("no process id"));
    };
    let options = WaitIdOptions::EXITED | WaitIdOptions::NOHANG | WaitIdOptions::NOWAIT;
    loop {
        match waitid(WaitId::Pid(pid), options) {
            Ok(status) => return Ok(status.and_then(|s| exit_of_waitid(&s))),
            Err(rustix::io::Errno::INTR) => continue,
            Err(e) => return Err(io::Error::from_raw_os_error(e.raw_os_error())),
        }
    }
}

/// Whether `child` has exited (elsewhere: reaps it; the group is killed just after).
#[cfg(not(any(target_os = "linux", target_os = "android")))]
fn exited_without_reaping(child: &mut Child) -> io::Result<Option<Exit>> {
    Ok(child.try_wait()?.map(exit_of))
}

#[cfg(any(target_os = "linux", target_os = "android"))]
fn exit_of_waitid(status: &rustix::process::WaitIdStatus) -> Option<Exit> {
    if let Some(code) = status.exit_status() {
        return Some(if code == 0 {
            Exit::Success
        } else {
            Exit::Failure(format!("exit code {code}"))
        });
    }
    status
        .terminating_signal()
        .map(|signal| Exit::Failure(format!("killed by signal {signal}")))
}

/// Waits (on a thread of its own) for process `pid` to exit, without reaping it,
/// and hands how it ended to `tell`. Stops quietly if the process is reaped first.
/// Elsewhere than on Linux there is no such wait, and `tell` is never called.
pub(crate) fn watch_exit(pid: u32, tell: impl FnOnce(Exit) + Send + 'static) {
    #[cfg(any(target_os = "linux", target_os = "android"))]
    {
        use rustix::process::{Pid, WaitId, WaitIdOptions, waitid};
        let Some(pid) = i32::try_from(pid).ok().and_then(Pid::from_raw) else {
            return;
        };
        let _ = std::thread::Builder::new()
            .name("pacru engine exit".to_owned())
            .spawn(move || {
                let options = WaitIdOptions::EXITED | WaitIdOptions::NOWAIT;
                loop {
                    match waitid(WaitId::Pid(pid), options) {
                        Ok(Some(status)) => {
                            if let Some(exit) = exit_of_waitid(&status) {
                                tell(exit);
                            }
                            return;
                        }
                        Err(rustix::io::Errno::INTR) => continue,
                        _ => return,
                    }
                }
            });
    }
    #[cfg(not(any(target_os = "linux", target_os = "android")))]
    let _ = (pid, tell);
}

/// The watchdog that ends the engines' process groups when this process ends
/// without doing it itself (see the module documentation).
#[cfg(unix)]
mod watchdog {
    use std::os::unix::net::UnixStream;
    use std::process::{Command, Stdio};
    use std::sync::OnceLock;

    /// Reads `+ PGID` and `- PGID` lines; at the end of its input, kills the groups
    /// still listed. Ignores the signals a terminal or a supervisor sends, so it
    /// outlives the process it watches.
    const SCRIPT: &str = r#"trap '' INT TERM HUP
groups=
while read -r op g; do
  case "$op" in
    +) groups="$groups $g" ;;
    -) kept=; for x in $groups; do [ "$x" = "$g" ] || kept="$kept $x"; done; groups=$kept ;;
  esac
done
for g in $groups; do kill -s KILL -- "-$g" 2>/dev/null; done
"#;

    /// This process's end of the watchdog's input; `None` when no watchdog could be
    /// started. Kept open for the life of the process: forked children write to it
    /// by descriptor number.
    static INPUT: OnceLock<Option<UnixStream>> = OnceLock::new();

    fn start() -> Option<UnixStream> {
        let (ours, theirs) = UnixStream::pair().ok()?;
        let mut command = Command::new("/bin/sh");
        command
            .args(["-c", SCRIPT, "pacru-engine-watchdog"])
            .stdin(Stdio::from(std::os::fd::OwnedFd::from(theirs)))
            .stdout(Stdio::null())
            .stderr(Stdio::null());
        {
            use std::os::unix::process::CommandExt;
            command.process_group(0);
        }
        // Not waited for: it ends after this process does.
        #[allow(clippy::zombie_processes)]
        crate::strays::start_own(|| command.spawn()).ok()?;
        Some(ours)
    }

    /// The descriptor of the watchdog's input, starting the watchdog if needed.
    pub(super) fn socket() -> Option<std::os::fd::RawFd> {
        use std::os::fd::AsRawFd;
        INPUT.get_or_init(start).as_ref().map(|s| s.as_raw_fd())
    }

    fn tell(line: &str) {
        if let Some(Some(input)) = INPUT.get() {
            let _ = rustix::net::send(input, line.as_bytes(), rustix::net::SendFlags::NOSIGNAL);
        }
    }

    /// Writes `+ PID\n` into `buffer` without allocating (it runs in a forked
    /// child) and returns its length.
    pub(super) fn announcement(pid: i32, buffer: &mut [u8; 24]) -> usize {
        let mut digits = [0u8; 12];
        let mut n = 0;
        let mut rest = pid.unsigned_abs();
        loop {
            digits[n] = b'0' + (rest % 10) as u8;
            n += 1;
            rest /= 10;
            if rest == 0 {
                break;
            }
        }
        buffer[0] = b'+';
        buffer[1] = b' ';
        for i in 0..n {
            buffer[2 + i] = digits[n - 1 - i];
        }
        buffer[2 + n] = b'\n';
        3 + n
    }

    /// Takes a process group off the list (it has been ended).
    pub(super) fn forget(pgid: u32) {
        tell(&format!("- {pgid}\n"));
    }

    #[cfg(test)]
    mod tests {
        #[test]
        fn the_announcement_is_one_line_with_the_process_id() {
            for pid in [1, 9, 10, 4_194_304, i32::MAX] {
                let mut line = [0u8; 24];
                let len = super::announcement(pid, &mut line);
                assert_eq!(
                    std::str::from_utf8(&line[..len]).unwrap(),
                    format!("+ {pid}\n")
                );
            }
        }
    }
}

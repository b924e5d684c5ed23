//! Processes an engine leaves behind outside its process group ("strays"), found
//! and ended when the engine is.
//!
//! Killing an engine's process group ends every helper that stayed in the group.
//! A helper that left it (`setsid`, `setpgid`, a daemon) survives that, and when
//! its parent dies the kernel hands it to init, out of the referee's reach. On
//! Linux a program that runs engines calls [`become_subreaper`] before starting
//! the first one; from then on:
//!
//! - this process is a **child subreaper**: a process among its descendants that
//!   loses its parent is re-parented to this process instead of init;
//! - every engine started afterwards is a child subreaper too, so that while the
//!   engine runs, what its helpers orphan stays under the engine. Strays reach this
//!   process only when their engine has died, never while it plays: ending the
//!   strays of one game cannot touch the helpers of an engine still playing another;
//! - each time an engine is ended and reaped, every child of this process that this
//!   crate did not start itself (engines, the watchdog of [`crate::process`]) is a
//!   stray of a dead engine: it is killed with `SIGKILL` and reaped, and so is what
//!   it leaves in turn. [`end_strays`] does the same on demand, for example just
//!   before the program exits.
//!
//! The price of the last rule: after [`become_subreaper`], a child process that the
//! program starts by other means counts as a stray whenever an engine ends. Only a
//! program whose only children are its engines while they run (the `pacru`
//! runner) should call it.
//!
//! The children are read from `/proc/self/task/*/children`. Elsewhere than on
//! Linux, [`become_subreaper`] does nothing and says so.

use std::collections::BTreeMap;
use std::io;
use std::process::Child;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
#[cfg(any(target_os = "linux", target_os = "android"))]
use std::time::{Duration, Instant};

/// Whether [`become_subreaper`] has succeeded.
static SUBREAPER: AtomicBool = AtomicBool::new(false);

/// The children this crate started and has not reaped yet, with how many times
/// each process id is held (a reaped id can be reused by the next engine before
/// its old holder lets go of it). The lock is held while a child is started, so
/// that no child is ever seen before it is listed here.
static OWN: Mutex<BTreeMap<u32, usize>> = Mutex::new(BTreeMap::new());

/// At most this many rounds of killing per call: each round ends the strays that
/// are children of this process, and what they leave becomes the next round's.
const ROUNDS: usize = 64;

/// How long one round waits for the strays it killed to be reapable.
#[cfg(any(target_os = "linux", target_os = "android"))]
const REAP_WAIT: Duration = Duration::from_secs(2);

/// Makes this process the child subreaper of every engine it starts afterwards,
/// and makes those engines child subreapers of their own helpers, so that what an
/// engine leaves behind outside its process group is ended when the engine is
/// (see the [module documentation](self) for the rule and its price).
///
/// Returns `Ok(true)` when it is in force, `Ok(false)` where the platform has no
/// child subreapers (everywhere but Linux). Calling it again does no harm.
///
/// ```no_run
/// // First thing in a program that runs matches.
/// if let Err(e) = pacru_runner::become_subreaper() {
///     eprintln!("warning: helpers that leave their engine's process group may outlive it: {e}");
/// }
/// ```
pub fn become_subreaper() -> io::Result<bool> {
    #[cfg(any(target_os = "linux", target_os = "android"))]
    {
        // The argument is a flag: any process id sets it.
        rustix::process::set_child_subreaper(Some(rustix::process::Pid::INIT))
            .map_err(|e| io::Error::from_raw_os_error(e.raw_os_error()))?;
        SUBREAPER.store(true, Ordering::SeqCst);
        Ok(true)
    }
    #[cfg(not(any(target_os = "linux", target_os = "android")))]
    Ok(false)
}

/// Whether engines are to be started as child subreapers (after
/// [`become_subreaper`]).
pub(crate) fn engines_reap_their_own() -> bool {
    SUBREAPER.load(Ordering::SeqCst)
}

fn own() -> std::sync::MutexGuard<'static, BTreeMap<u32, usize>> {
    OWN.lock().unwrap_or_else(|e| e.into_inner())
}

/// Starts a child with `start` and lists it as this crate's own until
/// [`reaped`] is called with its id.
pub(crate) fn start_own(start: impl FnOnce() -> io::Result<Child>) -> io::Result<Child> {
    let mut own = own();
    let child = start()?;
    *own.entry(child.id()).or_default() += 1;
    Ok(child)
}

/// Takes a child this crate started off the list, once it has been reaped.
pub(crate) fn reaped(pid: u32) {
    let mut own = own();
    if let Some(count) = own.get_mut(&pid) {
        *count -= 1;
        if *count == 0 {
            own.remove(&pid);
        }
    }
}

/// Kills and reaps every child of this process that this crate did not start, and
/// what they leave behind, when [`become_subreaper`] is in force (otherwise does
/// nothing: such children are the program's own). Called whenever an engine has
/// been ended; call it also before the program exits. Bounded in time: a stray that
/// cannot be reaped in time is left for the next call.
pub fn end_strays() {
    if !engines_reap_their_own() {
        return;
    }
    let own = own();
    for _ in 0..ROUNDS {
        let strays: Vec<u32> = children()
            .into_iter()
            .filter(|pid| !own.contains_key(pid))
            .collect();
        if strays.is_empty() {
            return;
        }
        kill_and_reap(&strays);
    }
}

/// Ends every child this crate started (each engine with its process group),
/// then the strays they leave, when [`become_subreaper`] is in force: for a
/// program about to exit (on a signal, say) whose games have not ended their
/// engines yet. An engine's helpers that left its process group come to this
/// process only once the engine has died, so [`end_strays`] alone, called while
/// the engines live, misses them. Bounded in time.
pub fn end_engines_and_strays() {
    if !engines_reap_their_own() {
        return;
    }
    #[cfg(any(target_os = "linux", target_os = "android"))]
    {
        use rustix::process::{Pid, Signal, kill_process, kill_process_group};
        let pids: Vec<u32> = own().keys().copied().collect();
        for &pid in &pids {
            if let Some(pid) = i32::try_from(pid).ok().and_then(Pid::from_raw) {
                let _ = kill_process_group(pid, Signal::KILL);
                let _ = kill_process(pid, Signal::KILL);
            }
        }
        // Their orphans are handed to this process as they die (before they are
        // reaped, by whichever thread waits for them).
        let deadline = Instant::now() + REAP_WAIT;
        while Instant::now() < deadline && pids.iter().any(|&pid| is_running(pid)) {
            std::thread::sleep(Duration::from_millis(1));
        }
    }
    end_strays();
}

/// Whether process `pid` exists and has not exited (a zombie has).
#[cfg(any(target_os = "linux", target_os = "android"))]
fn is_running(pid: u32) -> bool {
    let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else {
        return false;
    };
    // The state follows the command name, which is in parentheses and may hold any byte.
    stat.rsplit_once(") ")
        .and_then(|(_, rest)| rest.chars().next())
        .is_some_and(|state| state != 'Z' && state != 'X')
}

/// The process ids of this process's children, from every thread's list.
fn children() -> Vec<u32> {
    let mut found = Vec::new();
    let Ok(tasks) = std::fs::read_dir("/proc/self/task") else {
        return found;
    };
    for task in tasks.flatten() {
        if let Ok(list) = std::fs::read_to_string(task.path().join("children")) {
            found.extend(
                list.split_whitespace()
                    .filter_map(|p| p.parse::<u32>().ok()),
            );
        }
    }
    found.sort_unstable();
    found.dedup();
    found
}

/// Sends `SIGKILL` to the children `pids`, then reaps them (their ids cannot
/// have been reused: they are unreaped children of this process).
#[cfg(any(target_os = "linux", target_os = "android"))]
fn kill_and_reap(pids: &[u32]) {
    use rustix::process::{Pid, Signal, WaitOptions, kill_process, waitpid};
    let pids: Vec<Pid> = pids
        .iter()
        .filter_map(|&pid| i32::try_from(pid).ok().and_then(Pid::from_raw))
        .collect();
    for &pid in &pids {
        let _ = kill_process(pid, Signal::KILL);
    }
    let deadline = Instant::now() + REAP_WAIT;
    for pid in pids {
        loop {
            match waitpid(Some(pid), WaitOptions::NOHANG) {
                Ok(None) if Instant::now() < deadline => {
                    std::thread::sleep(Duration::from_millis(1));
                }
                Err(rustix::io::Errno::INTR) => {}
                // Reaped, gone, or still dying at the deadline (left for the next call).
                _ => break,
            }
        }
    }
}

#[cfg(not(any(target_os = "linux", target_os = "android")))]
fn kill_and_reap(_pids: &[u32]) {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_id_held_twice_stays_listed_until_both_let_go() {
        let pid = u32::MAX - 7;
        for _ in 0..2 {
            *own().entry(pid).or_default() += 1;
        }
        reaped(pid);
        assert!(own().contains_key(&pid));
        reaped(pid);
        assert!(!own().contains_key(&pid));
        // Letting go of an id never held does nothing.
        reaped(pid);
        assert!(!own().contains_key(&pid));
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn the_children_of_this_process_are_listed() {
        let mut child = std::process::Command::new("sleep")
            .arg("30")
            .spawn()
            .unwrap();
        let listed = children().contains(&child.id());
        child.kill().unwrap();
        child.wait().unwrap();
        assert!(listed);
    }
}

//! Finding the processes a test started, by a mark in their command line.

#![allow(dead_code)]

use std::time::{Duration, Instant};

/// A string no other process on the machine has in its command line.
pub fn mark(test: &str) -> String {
    format!("pacru-test-{test}-{}", std::process::id())
}

/// The live (not zombie) processes whose command line contains `mark`, with their
/// command lines.
pub fn marked(mark: &str) -> Vec<(u32, String)> {
    let mut found = Vec::new();
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return found;
    };
    for entry in entries.flatten() {
        let Ok(pid) = entry.file_name().to_string_lossy().parse::<u32>() else {
            continue;
        };
        let cmdline = std::fs::read(entry.path().join("cmdline")).unwrap_or_default();
        let cmdline = String::from_utf8_lossy(&cmdline).replace('\0', " ");
        if !cmdline.contains(mark) {
            continue;
        }
        let stat = std::fs::read_to_string(entry.path().join("stat")).unwrap_or_default();
        let state = stat.rsplit(") ").next().and_then(|s| s.chars().next());
        if !matches!(state, Some('Z') | Some('X') | None) {
            found.push((pid, cmdline));
        }
    }
    found
}

/// Waits up to `limit` for every process marked `mark` to be gone; returns those
/// still there (and kills them, so that a failing test leaves nothing behind).
pub fn left_behind(mark: &str, limit: Duration) -> Vec<(u32, String)> {
    let started = Instant::now();
    loop {
        let found = marked(mark);
        if found.is_empty() || started.elapsed() > limit {
            for (pid, _) in &found {
                let _ = std::process::Command::new("kill")
                    .args(["-KILL", &pid.to_string()])
                    .status();
            }
            return found;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

//! Runs a match or tournament through the arena library, as a process that the
//! tests can kill (with `SIGKILL`, in the middle of a game) and start again to
//! resume the event. No command-line library: one fixed form.
//!
//! - `pacru-test-event CONFIG.json OUT [-j N] [--forfeit-unstartable]` runs the
//!   event that the JSON file defines (an `EventConfig`) in directory OUT;
//! - `pacru-test-event --resume OUT [CONFIG.json] [-j N]` continues it.
//!
//! Exit status 0 when the event is complete and every record is ok, 1 when it is
//! not, 2 on an error (said on standard error).

use pacru_arena::{EventConfig, EventOptions, run_event};
use std::process::ExitCode;

const USAGE: &str =
    "usage: pacru-test-event [--resume] [CONFIG.json] OUT [-j N] [--forfeit-unstartable]";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut options = EventOptions::new("");
    let mut paths = Vec::new();
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--resume" => options.resume = true,
            "--forfeit-unstartable" => options.forfeit_unstartable = true,
            "-j" => match it.next().and_then(|n| n.parse().ok()) {
                Some(n) => options.concurrency = n,
                None => {
                    eprintln!("pacru-test-event: -j needs a number of threads\n{USAGE}");
                    return ExitCode::from(2);
                }
            },
            path => paths.push(path.to_owned()),
        }
    }
    let (config, out) = match paths.as_slice() {
        [out] if options.resume => (None, out),
        [config, out] => match std::fs::read_to_string(config)
            .map_err(|e| e.to_string())
            .and_then(|text| serde_json::from_str::<EventConfig>(&text).map_err(|e| e.to_string()))
        {
            Ok(config) => (Some(config), out),
            Err(e) => {
                eprintln!("pacru-test-event: {config}: {e}");
                return ExitCode::from(2);
            }
        },
        _ => {
            eprintln!("{USAGE}");
            return ExitCode::from(2);
        }
    };
    options.out = out.into();
    // As the `pacru` runner does: helpers that leave their engine's group end with it.
    if let Err(e) = pacru_runner::become_subreaper() {
        eprintln!("pacru-test-event: cannot become a child subreaper: {e}");
    }
    let result = run_event(config, &options);
    pacru_runner::end_strays();
    match result {
        Ok(report) if report.complete && report.records_not_ok.is_empty() => ExitCode::SUCCESS,
        Ok(_) => ExitCode::FAILURE,
        Err(e) => {
            let mut message = e.to_string();
            let mut source = std::error::Error::source(&e);
            while let Some(s) = source {
                message.push_str(&format!(": {s}"));
                source = s.source();
            }
            eprintln!("pacru-test-event: error: {message}");
            ExitCode::from(2)
        }
    }
}

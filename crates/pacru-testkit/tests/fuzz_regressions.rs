//! Replays every input kept from fuzzing (`fuzz/regressions/TARGET/`) and the seed
//! corpus (`fuzz/corpus/TARGET/`) through the same assertions the fuzz targets
//! make (`pacru_testkit::fuzz_checks`), so that a fixed crash stays fixed under a
//! plain `cargo test`, without cargo-fuzz.

use pacru_testkit::fuzz_checks as checks;
use std::path::{Path, PathBuf};

/// A fuzz target's check: panics when the input breaks its property.
type Check = fn(&[u8]);

/// The fuzz targets and their checks.
const TARGETS: &[(&str, Check)] = &[
    ("parse_move", checks::parse_move),
    ("parse_ppn", checks::parse_ppn),
    ("read_pgr", checks::read_pgr),
    ("read_pgr_chunks", checks::read_pgr_chunks),
    ("read_parts", checks::read_parts),
    ("protocol_text", checks::protocol_text),
    ("protocol_json", checks::protocol_json),
    ("abstractplay_import", checks::abstractplay_import),
];

fn fuzz_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz")
}

/// The files of `dir` (none if it does not exist), sorted.
fn files(dir: &Path) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = match std::fs::read_dir(dir) {
        Ok(entries) => entries
            .map(|e| e.expect("readable directory entry").path())
            .filter(|p| p.is_file())
            .collect(),
        Err(_) => Vec::new(),
    };
    out.sort();
    out
}

/// Runs `check` on every file of `kind/TARGET`; returns how many ran. A failing
/// input is named before its panic is passed on.
fn replay(kind: &str) -> usize {
    let mut count = 0;
    for (target, check) in TARGETS {
        for file in files(&fuzz_dir().join(kind).join(target)) {
            let data = std::fs::read(&file).expect("readable input");
            let outcome = std::panic::catch_unwind(|| check(&data));
            if let Err(panic) = outcome {
                eprintln!("fuzz {kind} input failed: {target} {}", file.display());
                std::panic::resume_unwind(panic);
            }
            count += 1;
        }
    }
    count
}

#[test]
fn every_fuzz_target_has_a_check_and_a_seed() {
    let manifest = std::fs::read_to_string(fuzz_dir().join("Cargo.toml")).unwrap();
    let declared: Vec<&str> = manifest
        .lines()
        .filter_map(|l| l.strip_prefix("name = \""))
        .filter_map(|l| l.strip_suffix('"'))
        .filter(|name| *name != "pacru-fuzz")
        .collect();
    let checked: Vec<&str> = TARGETS.iter().map(|(t, _)| *t).collect();
    assert_eq!(declared, checked);
    for target in checked {
        assert!(
            !files(&fuzz_dir().join("corpus").join(target)).is_empty(),
            "no seed for {target}"
        );
    }
}

#[test]
fn seed_corpus_passes_the_fuzz_checks() {
    assert!(replay("corpus") > 0);
}

#[test]
fn kept_crash_inputs_pass_the_fuzz_checks() {
    assert!(
        replay("regressions") > 0,
        "no kept input found under {}",
        fuzz_dir().join("regressions").display()
    );
}

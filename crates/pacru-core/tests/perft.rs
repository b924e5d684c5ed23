//! Data-driven perft test: `tests/perft/*.txt` (top level of the workspace).
//!
//! Line format: `PPN ; rules 2004 ; D1 N1 ; D2 N2 ; D3 N3` (any depths); `#` starts a
//! comment line. Every value is checked against `Position::perft`, against the sum of
//! `Position::perft_divide`, and against the naive reference implementation
//! (`naive/`) at depths 1 and 2, and at depth 3 when the count is small enough for the
//! naive code in a debug build.

mod common;
mod naive;

use common::{naive_rules, pos, ppn_of};
use pacru_core::{Position, RulesEdition};
use std::path::PathBuf;

/// Depth-3 values up to this size are recomputed by the naive implementation.
const NAIVE_DEPTH3_LIMIT: u64 = 60_000;

struct Entry {
    line: usize,
    ppn: String,
    rules: RulesEdition,
    counts: Vec<(u32, u64)>,
}

fn perft_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/perft")
}

fn parse_rules(text: &str) -> RulesEdition {
    match text.trim() {
        "rules 2004" => RulesEdition::Pacru2004,
        "rules 2011" => RulesEdition::Pacru2011,
        other => panic!("bad rules field {other:?}"),
    }
}

fn read_entries(name: &str) -> Vec<Entry> {
    let path = perft_dir().join(name);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let mut entries = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let parts: Vec<&str> = line.split(';').map(str::trim).collect();
        assert!(parts.len() >= 3, "{name}:{}: too few fields", i + 1);
        let counts = parts[2..]
            .iter()
            .map(|p| {
                let (d, n) = p
                    .strip_prefix('D')
                    .and_then(|p| p.split_once(' '))
                    .unwrap_or_else(|| panic!("{name}:{}: bad count {p:?}", i + 1));
                (d.parse().unwrap(), n.parse().unwrap())
            })
            .collect();
        entries.push(Entry {
            line: i + 1,
            ppn: parts[0].to_string(),
            rules: parse_rules(parts[1]),
            counts,
        });
    }
    entries
}

fn check_file(name: &str, min_entries: usize) {
    let entries = read_entries(name);
    assert!(
        entries.len() >= min_entries,
        "{name}: {} entries, expected at least {min_entries}",
        entries.len()
    );
    for e in &entries {
        let p: Position = pos(&e.ppn, e.rules);
        assert_eq!(p.rules(), e.rules);
        let settled = ppn_of(&p);
        for &(depth, expected) in &e.counts {
            let where_ = format!("{name}:{} depth {depth} ({})", e.line, e.ppn);
            assert_eq!(p.perft(depth), expected, "perft {where_}");
            let divide = p.perft_divide(depth);
            assert_eq!(
                divide.iter().map(|(_, n)| n).sum::<u64>(),
                expected,
                "perft_divide sum {where_}"
            );
            assert_eq!(
                divide.len() as u64,
                p.legal_move_count(),
                "perft_divide entries {where_}"
            );
            if depth <= 2 || (depth == 3 && expected <= NAIVE_DEPTH3_LIMIT) {
                assert_eq!(
                    naive::naive_perft(&settled, naive_rules(e.rules), depth),
                    expected,
                    "naive perft {where_}"
                );
            }
        }
    }
}

#[test]
fn standard_starts() {
    check_file("standard.txt", 3);
}

#[test]
fn midgame() {
    check_file("midgame.txt", 8);
}

#[test]
fn random_play_positions() {
    check_file("random.txt", 4);
}

/// Not a test: writes perft lines for the positions in `$PERFT_GEN_INPUT` (lines
/// `PPN ; rules Y ; MAXDEPTH`, `#` comments copied) to `$PERFT_GEN_OUTPUT`.
/// Run with `cargo test --test perft generate -- --ignored`.
#[test]
#[ignore]
fn generate() {
    let (Ok(input), Ok(output)) = (
        std::env::var("PERFT_GEN_INPUT"),
        std::env::var("PERFT_GEN_OUTPUT"),
    ) else {
        return;
    };
    let mut out = String::new();
    for line in std::fs::read_to_string(input).unwrap().lines() {
        if line.starts_with('#') || line.trim().is_empty() {
            out.push_str(line);
            out.push('\n');
            continue;
        }
        let parts: Vec<&str> = line.split(';').map(str::trim).collect();
        let rules = parse_rules(parts[1]);
        let max: u32 = parts[2].parse().unwrap();
        let p = pos(parts[0], rules);
        out.push_str(&format!("{} ; {}", parts[0], parts[1]));
        for d in 1..=max {
            out.push_str(&format!(" ; D{d} {}", p.perft(d)));
        }
        out.push('\n');
    }
    std::fs::write(output, out).unwrap();
}

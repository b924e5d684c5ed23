//! Data-driven perft test: `tests/data/perft/*.txt` (in this crate).
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
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/perft")
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
        // Both implementations settle the PPN the same way.
        assert_eq!(
            ppn_of(&p),
            naive::naive_settle_ppn(&e.ppn),
            "{name}:{}",
            e.line
        );
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
            if depth <= 2 {
                assert_eq!(
                    perft_applying(&p, depth),
                    expected,
                    "perft applying {where_}"
                );
            }
            if depth <= 2 || (depth == 3 && expected <= NAIVE_DEPTH3_LIMIT) {
                assert_eq!(
                    naive::naive_perft(&e.ppn, naive_rules(e.rules), depth),
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

/// Describes what a position features, for the comment of a generated line.
fn features(p: &Position) -> String {
    use pacru_core::MovementKind;
    let mut pincers = 0;
    let mut jumps = 0;
    let mut changes = 0;
    let mut choices = 0;
    let mut transformations = 0;
    let mut meetings = 0;
    for sk in p.movement_skeletons() {
        match sk.kind {
            MovementKind::Pincer => pincers += 1,
            MovementKind::ConnectionJump => jumps += 1,
            MovementKind::Connection if sk.connection_change_available() => changes += 1,
            _ => {}
        }
        if sk.connection_change_available() && sk.crossing_fields.any() {
            choices += 1;
        }
        if sk.transformation && sk.crossing_fields.any() {
            transformations += 1;
        }
        let first = sk.first_items().next();
        if p.meeting_fields(&sk, first).any() {
            meetings += 1;
        }
    }
    let markers: Vec<String> = p
        .players()
        .iter()
        .map(|c| format!("{}:{}", c.letter(), p.field_count(c)))
        .collect();
    format!(
        "markers {}; movements: {pincers} pincer, {jumps} jump, {changes} connection change, {choices} connection-or-crossing choice, {transformations} transformation, {meetings} meeting; {} reorientations",
        markers.join(" "),
        p.legal_moves()
            .filter(|m| matches!(m, pacru_core::Move::Reorientation(_)))
            .count()
    )
}

/// Not a test: writes perft lines for the positions in `$PERFT_GEN_INPUT` to
/// `$PERFT_GEN_OUTPUT`. Input lines: `PPN ; rules Y ; MAXDEPTH`, or
/// `random SEED PLAYERS PLIES ; rules Y ; MAXDEPTH` (a position reached by seeded
/// random play preferring movements with items from the standard start); `#` comments are copied. A count is
/// written only if the naive implementation agrees, and only if it is at most
/// `$PERFT_GEN_NAIVE_LIMIT` (default 300000).
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
    let limit: u64 = std::env::var("PERFT_GEN_NAIVE_LIMIT")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(300_000);
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
        let p = if let Some(spec) = parts[0].strip_prefix("random ") {
            let nums: Vec<u64> = spec.split(' ').map(|n| n.parse().unwrap()).collect();
            let mut rng = common::XorShift::new(nums[0]);
            let mut p = Position::standard(nums[1] as usize)
                .unwrap()
                .with_rules(rules);
            for _ in 0..nums[2] {
                let moves: Vec<_> = p.legal_moves().collect();
                if moves.is_empty() {
                    break;
                }
                // Prefer movements with items (crossings, connections, meetings) so
                // that markers accumulate.
                let rich: Vec<_> = moves
                    .iter()
                    .filter(|m| matches!(m, pacru_core::Move::Movement(mv) if !mv.items.is_empty()))
                    .collect();
                let m = if !rich.is_empty() && rng.chance(80) {
                    rich[rng.below(rich.len())].clone()
                } else {
                    moves[rng.below(moves.len())].clone()
                };
                p = p.play(&m).unwrap();
            }
            out.push_str(&format!(
                "# seeded random play (seed players plies: {spec}): {}\n",
                features(&p)
            ));
            p
        } else {
            pos(parts[0], rules)
        };
        // Hand-written lines keep their PPN as written (perhaps unsettled).
        let ppn = if parts[0].starts_with("random ") {
            ppn_of(&p)
        } else {
            parts[0].to_string()
        };
        out.push_str(&format!("{ppn} ; {}", parts[1]));
        for d in 1..=max {
            let n = p.perft(d);
            if n > limit {
                break;
            }
            assert_eq!(
                naive::naive_perft(&ppn, naive_rules(rules), d),
                n,
                "naive disagrees: {ppn} depth {d}"
            );
            out.push_str(&format!(" ; D{d} {n}"));
        }
        out.push('\n');
    }
    std::fs::write(output, out).unwrap();
}

#[test]
fn standard_file_holds_the_standard_starts() {
    let entries = read_entries("standard.txt");
    for n in 2..=4 {
        let start = ppn_of(&Position::standard(n).unwrap());
        assert!(
            entries.iter().any(|e| e.ppn == start),
            "standard.txt lacks the {n}-player start {start}"
        );
    }
}

/// Perft without bulk counting: every move applied, the leaves included.
fn perft_applying(position: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    position
        .legal_moves()
        .map(|mv| {
            let mut child = position.clone();
            child.play_unchecked(&mv);
            perft_applying(&child, depth - 1)
        })
        .sum()
}

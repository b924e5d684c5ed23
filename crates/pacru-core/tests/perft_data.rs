//! Writes the perft reference lines of `tests/data/perft/`, with every count
//! checked against the naive implementation (`naive/`). Not a test (`test = false`
//! in Cargo.toml, so `cargo test` does not run it): a program that lives here, next
//! to the oracle it uses. Run it from the top of the repository with
//!
//! ```text
//! cargo xtask perft-data --input FILE --output FILE [--naive-limit N]
//! ```
//!
//! which runs `cargo test -p pacru-core --test perft_data -- --input FILE --output
//! FILE [--naive-limit N]`.
//!
//! Input lines: `PPN ; rules EDITION ; MAXDEPTH`, or `random SEED PLAYERS PLIES ;
//! rules EDITION ; MAXDEPTH` (the position reached from the standard start of
//! PLAYERS by seeded random play that prefers movements with items, preceded in the
//! output by a comment saying what the position features); blank lines and `#`
//! comments are copied. For each position the output line is the PPN (as written
//! for a given PPN, canonical for a random one), the rules and `D1 N1 ; D2 N2 ...`
//! up to MAXDEPTH, stopping before the first count above the naive limit (default
//! 300000). A count is written only if the naive implementation agrees; otherwise
//! the program fails, writing nothing.

mod common;
mod naive;

use common::{naive_rules, pos, ppn_of};
use pacru_core::{Move, MovementKind, Position, RulesEdition};
use std::process::ExitCode;

const USAGE: &str = "usage: perft_data --input FILE --output FILE [--naive-limit N]";

/// The naive limit when `--naive-limit` is not given.
const DEFAULT_NAIVE_LIMIT: u64 = 300_000;

fn main() -> ExitCode {
    match run(std::env::args().skip(1).collect()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("perft_data: {message}");
            ExitCode::FAILURE
        }
    }
}

fn run(args: Vec<String>) -> Result<(), String> {
    let mut input = None;
    let mut output = None;
    let mut limit = DEFAULT_NAIVE_LIMIT;
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        let mut value = || args.next().ok_or(format!("{arg} needs a value\n{USAGE}"));
        match arg.as_str() {
            "--input" => input = Some(value()?),
            "--output" => output = Some(value()?),
            "--naive-limit" => {
                let text = value()?;
                limit = text
                    .parse()
                    .map_err(|_| format!("--naive-limit: `{text}` is not a whole number"))?;
            }
            _ => return Err(format!("unknown argument `{arg}`\n{USAGE}")),
        }
    }
    let (Some(input), Some(output)) = (input, output) else {
        return Err(format!("--input and --output are required\n{USAGE}"));
    };
    let text = std::fs::read_to_string(&input).map_err(|e| format!("{input}: {e}"))?;
    let mut out = String::new();
    for (i, line) in text.lines().enumerate() {
        generate_line(line, limit, &mut out).map_err(|e| format!("{input}:{}: {e}", i + 1))?;
    }
    std::fs::write(&output, out).map_err(|e| format!("{output}: {e}"))
}

/// Appends to `out` what one input line gives.
fn generate_line(line: &str, limit: u64, out: &mut String) -> Result<(), String> {
    if line.starts_with('#') || line.trim().is_empty() {
        out.push_str(line);
        out.push('\n');
        return Ok(());
    }
    let parts: Vec<&str> = line.split(';').map(str::trim).collect();
    let [position, rules_field, max] = parts[..] else {
        return Err("expected `PPN ; rules EDITION ; MAXDEPTH`".to_owned());
    };
    let rules = match rules_field {
        "rules 2004" => RulesEdition::Pacru2004,
        "rules 2011" => RulesEdition::Pacru2011,
        other => return Err(format!("bad rules field `{other}`")),
    };
    let max: u32 = max
        .parse()
        .map_err(|_| format!("bad depth `{max}`: a whole number"))?;
    let (p, ppn) = match position.strip_prefix("random ") {
        Some(spec) => {
            let p = random_position(spec, rules)?;
            out.push_str(&format!(
                "# seeded random play (seed players plies: {spec}): {}\n",
                features(&p)
            ));
            let ppn = ppn_of(&p);
            (p, ppn)
        }
        // A hand-written line keeps its PPN as written (perhaps unsettled).
        None => (pos(position, rules), position.to_owned()),
    };
    out.push_str(&format!("{ppn} ; {rules_field}"));
    for depth in 1..=max {
        let n = p.perft(depth);
        if n > limit {
            break;
        }
        let naive = naive::naive_perft(&ppn, naive_rules(rules), depth);
        if naive != n {
            return Err(format!(
                "the naive implementation disagrees: {ppn} depth {depth}: {n} here, {naive} naive"
            ));
        }
        out.push_str(&format!(" ; D{depth} {n}"));
    }
    out.push('\n');
    Ok(())
}

/// The position that `SEED PLAYERS PLIES` names: seeded random play from the
/// standard start, preferring movements with items (crossings, connections,
/// meetings) so that markers accumulate.
fn random_position(spec: &str, rules: RulesEdition) -> Result<Position, String> {
    let numbers: Vec<u64> = spec
        .split(' ')
        .map(|n| {
            n.parse()
                .map_err(|_| format!("bad number `{n}` in `{spec}`"))
        })
        .collect::<Result<_, _>>()?;
    let [seed, players, plies] = numbers[..] else {
        return Err(format!(
            "expected `random SEED PLAYERS PLIES`, got `{spec}`"
        ));
    };
    let mut rng = XorShift::new(seed);
    let mut p = Position::standard(players as usize)
        .map_err(|e| format!("no standard start for {players} players: {e}"))?
        .with_rules(rules);
    for _ in 0..plies {
        let moves: Vec<Move> = p.legal_moves().collect();
        if moves.is_empty() {
            break;
        }
        let rich: Vec<&Move> = moves
            .iter()
            .filter(|m| matches!(m, Move::Movement(mv) if !mv.items.is_empty()))
            .collect();
        let m = if !rich.is_empty() && rng.chance(80) {
            rich[rng.below(rich.len())].clone()
        } else {
            moves[rng.below(moves.len())].clone()
        };
        p = p.play(&m).expect("a generated move is legal");
    }
    Ok(p)
}

/// What a position features, for the comment of a generated line.
fn features(p: &Position) -> String {
    let mut pincers = 0;
    let mut jumps = 0;
    let mut changes = 0;
    let mut choices = 0;
    let mut transformations = 0;
    let mut meetings = 0;
    for sk in p.movement_skeletons() {
        match sk.kind() {
            MovementKind::Pincer => pincers += 1,
            MovementKind::ConnectionJump => jumps += 1,
            MovementKind::Connection if sk.connection_change_available() => changes += 1,
            _ => {}
        }
        if sk.connection_change_available() && sk.crossing_fields().any() {
            choices += 1;
        }
        if sk.transformation() && sk.crossing_fields().any() {
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
            .filter(|m| matches!(m, Move::Reorientation(_)))
            .count()
    )
}

/// The xorshift64* generator that the `random SEED PLAYERS PLIES` lines of
/// `tests/data/perft/random.txt` were played with: kept here, and only here, so
/// that the data regenerates as it is written (a seed names a position only
/// with this generator). Every other test draws from the core's `SplitMix64`.
#[derive(Clone, Debug)]
pub struct XorShift(pub u64);

impl XorShift {
    /// A generator from a seed (any value; 0 is remapped).
    pub fn new(seed: u64) -> XorShift {
        XorShift(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    /// True with probability `percent`/100.
    pub fn chance(&mut self, percent: u64) -> bool {
        self.next_u64() % 100 < percent
    }
}

//! A deliberately naive, independent re-implementation of the rules in `docs/rules.md`,
//! written from that page only: plain arrays, simple loops, no bitboards,
//! nothing from `pacru_core`. Used as an oracle by the integration tests.
//!
//! Colours are the notation letters (`K R Y G B`), fields are indices 0..81
//! (`(rank-1)*9 + file`), directions are 0..8 clockwise from N.
#![allow(dead_code)]

/// (file step, rank step) of the directions N NE E SE S SW W NW.
pub const DIRS: [(i32, i32); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];
/// Direction names, clockwise from N.
pub const DIR_NAMES: [&str; 8] = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"];
const COLOURS: &str = "KRYGB";

/// The rules edition.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Rules {
    /// Meetings always give their benefit.
    Y2004,
    /// Meetings give their benefit only while another colour covers 9+ fields.
    Y2011,
}

/// A position in plain data.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Board {
    /// Marker colour letter per field, `None` = neutral.
    pub colour: [Option<char>; 81],
    /// Chevron per field: owner letter and facing (0..8).
    pub chevron: [Option<(char, usize)>; 81],
    /// Player to move.
    pub to_move: char,
    /// Players who started, in order of play.
    pub players: Vec<char>,
}

// ----------------------------------------------------------------- geometry

/// `e5` style name of a field index.
pub fn field_name(i: usize) -> String {
    let file = (b'a' + (i % 9) as u8) as char;
    format!("{}{}", file, i / 9 + 1)
}

/// Field index of a lower-case name such as `e5`.
pub fn parse_field(s: &str) -> Option<usize> {
    let b = s.as_bytes();
    if b.len() != 2 {
        return None;
    }
    if !(b'a'..=b'i').contains(&b[0]) || !(b'1'..=b'9').contains(&b[1]) {
        return None;
    }
    Some((b[1] - b'1') as usize * 9 + (b[0] - b'a') as usize)
}

/// The field `n` steps from `i` in direction `d`, if on the board.
pub fn step(i: usize, d: usize, n: usize) -> Option<usize> {
    let file = (i % 9) as i32 + DIRS[d].0 * n as i32;
    let rank = (i / 9) as i32 + DIRS[d].1 * n as i32;
    if (0..9).contains(&file) && (0..9).contains(&rank) {
        Some((rank * 9 + file) as usize)
    } else {
        None
    }
}

/// Borderland number 0..9 (SW, S, SE, W, C, E, NW, N, NE).
pub fn borderland(i: usize) -> usize {
    (i / 9 / 3) * 3 + (i % 9) / 3
}

/// The nine fields of borderland `land`.
pub fn borderland_fields(land: usize) -> Vec<usize> {
    (0..81).filter(|&i| borderland(i) == land).collect()
}

fn turn_dir(d: usize, steps: i32) -> usize {
    (d as i32 + steps).rem_euclid(8) as usize
}

// ----------------------------------------------------------------- basic facts

/// Target number of fields for the number of players who started.
pub fn target(b: &Board) -> usize {
    match b.players.len() {
        2 => 42,
        3 => 28,
        _ => 24,
    }
}

/// Number of fields of colour `c`.
pub fn count_colour(b: &Board, c: char) -> usize {
    (0..81).filter(|&i| b.colour[i] == Some(c)).count()
}

/// Whether player `c` has at least one chevron.
pub fn has_chevrons(b: &Board, c: char) -> bool {
    (0..81).any(|i| matches!(b.chevron[i], Some((o, _)) if o == c))
}

/// Number of players with chevrons.
pub fn holders(b: &Board) -> usize {
    b.players.iter().filter(|&&p| has_chevrons(b, p)).count()
}

/// Finished: at most one player has chevrons, or some player reached the target.
pub fn is_finished(b: &Board) -> bool {
    if holders(b) <= 1 {
        return true;
    }
    b.players.iter().any(|&p| count_colour(b, p) >= target(b))
}

/// Power of a chevron of `me` on `from`.
pub fn power(b: &Board, me: char, from: usize) -> usize {
    let land = borderland(from);
    let n = (0..81)
        .filter(|&i| borderland(i) == land && b.colour[i] == Some(me))
        .count();
    if n <= 1 { 1 } else { n }
}

/// Whether the chevron on `from` (of `me`) attacks the opponent chevron on `target`.
pub fn attacks(b: &Board, me: char, from: usize, target_field: usize) -> bool {
    let Some((owner, facing)) = b.chevron[from] else {
        return false;
    };
    if owner != me {
        return false;
    }
    let p = power(b, me, from);
    for t in [turn_dir(facing, -1), facing, turn_dir(facing, 1)] {
        for n in 1..=p {
            let Some(f) = step(from, t, n) else { break };
            if b.chevron[f].is_some() {
                if f == target_field {
                    return true;
                }
                break;
            }
        }
    }
    false
}

/// How many chevrons of `me` attack the chevron on `target_field`.
pub fn attacker_count(b: &Board, me: char, target_field: usize) -> usize {
    (0..81)
        .filter(|&from| attacks(b, me, from, target_field))
        .count()
}

/// A movement without its choices.
#[derive(Clone, Copy, Debug)]
pub struct Skel {
    /// Origin.
    pub from: usize,
    /// Destination.
    pub to: usize,
    /// Direction of travel.
    pub dir: usize,
    /// Distance.
    pub dist: usize,
    /// Pincer.
    pub pincer: bool,
    /// Connection (own to own, distance >= 2, not a pincer).
    pub connection: bool,
    /// Some intervening field holds a chevron.
    pub jumped: bool,
}

/// Every legal movement (without choices) of player `me`, as if `me` were to move.
pub fn skeletons(b: &Board, me: char) -> Vec<Skel> {
    let mut out = Vec::new();
    for from in 0..81 {
        let Some((owner, facing)) = b.chevron[from] else {
            continue;
        };
        if owner != me {
            continue;
        }
        let p = power(b, me, from);
        for dir in [turn_dir(facing, -1), facing, turn_dir(facing, 1)] {
            for dist in 1..=p {
                let Some(to) = step(from, dir, dist) else {
                    break;
                };
                let mut jumped = false;
                for n in 1..dist {
                    if b.chevron[step(from, dir, n).unwrap()].is_some() {
                        jumped = true;
                    }
                }
                match b.chevron[to] {
                    Some((o, _)) if o == me => {}
                    Some(_) => {
                        // Only a pincer may land here.
                        if !jumped && attacker_count(b, me, to) >= 2 {
                            out.push(Skel {
                                from,
                                to,
                                dir,
                                dist,
                                pincer: true,
                                connection: false,
                                jumped: false,
                            });
                        }
                    }
                    None => {
                        let dest_ok = b.colour[to].is_none() || b.colour[to] == Some(me);
                        if !dest_ok {
                            continue;
                        }
                        let connection =
                            dist >= 2 && b.colour[from] == Some(me) && b.colour[to] == Some(me);
                        if jumped && !connection {
                            continue;
                        }
                        out.push(Skel {
                            from,
                            to,
                            dir,
                            dist,
                            pincer: false,
                            connection,
                            jumped,
                        });
                    }
                }
            }
        }
    }
    out
}

/// Whether player `me` could make a movement now.
pub fn has_movement(b: &Board, me: char) -> bool {
    !skeletons(b, me).is_empty()
}

fn next_with_chevrons_after(b: &Board, c: char) -> char {
    let n = b.players.len();
    let k = b.players.iter().position(|&p| p == c).unwrap();
    for i in 1..=n {
        let p = b.players[(k + i) % n];
        if has_chevrons(b, p) {
            return p;
        }
    }
    c
}

fn remove_chevrons(b: &mut Board, c: char) {
    for i in 0..81 {
        if matches!(b.chevron[i], Some((o, _)) if o == c) {
            b.chevron[i] = None;
        }
    }
}

/// After `mover`'s turn (or blocked removal): win check, pass the turn on, remove
/// blocked players repeatedly.
pub fn end_turn(b: &mut Board, mover: char) {
    if count_colour(b, mover) >= target(b) || holders(b) <= 1 {
        b.to_move = next_with_chevrons_after(b, mover);
        return;
    }
    let mut current = mover;
    loop {
        let next = next_with_chevrons_after(b, current);
        b.to_move = next;
        if has_movement(b, next) {
            return;
        }
        // Blocked: out.
        remove_chevrons(b, next);
        if holders(b) <= 1 {
            b.to_move = next_with_chevrons_after(b, next);
            return;
        }
        current = next;
    }
}

/// Settles a loaded position.
pub fn settle(b: &mut Board) {
    if is_finished(b) {
        return;
    }
    if !has_chevrons(b, b.to_move) {
        b.to_move = next_with_chevrons_after(b, b.to_move);
    }
    let p = b.to_move;
    if !has_movement(b, p) {
        remove_chevrons(b, p);
        end_turn(b, p);
    }
}

// ----------------------------------------------------------------- complete moves

fn movement_name(s: &Skel, items: &[String]) -> String {
    let mut name = format!(
        "{}{}{}",
        field_name(s.from),
        if s.pincer { 'x' } else { '-' },
        field_name(s.to)
    );
    if !items.is_empty() {
        name.push('(');
        name.push_str(&items.join(","));
        name.push(')');
    }
    name
}

/// Every complete legal move (resignation excluded) with the position it leads to.
pub fn complete_moves(b: &Board, rules: Rules) -> Vec<(String, Board)> {
    let mut out = complete_movements(b, rules);
    out.extend(reorientations(b));
    out
}

/// Every complete legal movement (no reorientations) with the position it leads to.
pub fn complete_movements(b: &Board, rules: Rules) -> Vec<(String, Board)> {
    let mut out = Vec::new();
    if is_finished(b) {
        return out;
    }
    let me = b.to_move;
    let skels = skeletons(b, me);
    for s in &skels {
        // The board after the chevron has arrived (and a pincer's field became ours).
        let mut after = b.clone();
        let facing_moved = s.dir;
        after.chevron[s.from] = None;
        if s.pincer {
            after.chevron[s.to] = None;
            after.colour[s.to] = Some(me);
        }
        after.chevron[s.to] = Some((me, facing_moved));

        // Crossing candidates B.
        let mut crossing: Vec<usize> = Vec::new();
        if borderland(s.from) != borderland(s.to) {
            let land = borderland_fields(borderland(s.to));
            let any_neutral = land.iter().any(|&f| after.colour[f].is_none());
            if any_neutral {
                for &f in &land {
                    if after.colour[f].is_none() && (after.chevron[f].is_none() || f == s.to) {
                        crossing.push(f);
                    }
                }
            } else {
                for &f in &land {
                    if after.chevron[f].is_none() && after.colour[f] != Some(me) {
                        crossing.push(f);
                    }
                }
            }
        }
        // Connection change set C.
        let mut conn: Vec<usize> = Vec::new();
        if s.connection && !s.jumped {
            for n in 1..s.dist {
                let f = step(s.from, s.dir, n).unwrap();
                if after.colour[f] != Some(me) {
                    conn.push(f);
                }
            }
        }
        // First-item options: (written item, fields it paints).
        let mut options: Vec<(Option<String>, Vec<usize>)> = Vec::new();
        if !conn.is_empty() {
            options.push((Some("*".to_string()), conn.clone()));
        }
        for &f in &crossing {
            options.push((Some(field_name(f)), vec![f]));
        }
        if options.is_empty() {
            options.push((None, Vec::new()));
        }
        for (item, paint) in options {
            let mut b2 = after.clone();
            for &f in &paint {
                b2.colour[f] = Some(me);
            }
            let mut items: Vec<String> = item.into_iter().collect();
            // Meeting.
            let mut meeting = false;
            if let Some(ahead) = step(s.to, s.dir, 1)
                && let Some((o, fac)) = b2.chevron[ahead]
                && o == me
                && fac == turn_dir(s.dir, 4)
                && b2.colour[ahead] == Some(me)
                && b2.colour[s.to] == Some(me)
            {
                meeting = true;
            }
            let mut benefit = meeting;
            if meeting && rules == Rules::Y2011 {
                benefit = b2
                    .players
                    .iter()
                    .any(|&p| p != me && count_colour(&b2, p) >= 9);
            }
            let candidates: Vec<usize> = if benefit {
                (0..81)
                    .filter(|&f| b2.chevron[f].is_none() && b2.colour[f] != Some(me))
                    .collect()
            } else {
                Vec::new()
            };
            if candidates.is_empty() {
                let mut b3 = b2.clone();
                end_turn(&mut b3, me);
                out.push((movement_name(s, &items), b3));
            } else {
                for f in candidates {
                    let mut b3 = b2.clone();
                    b3.colour[f] = Some(me);
                    end_turn(&mut b3, me);
                    items.push(field_name(f));
                    out.push((movement_name(s, &items), b3));
                    items.pop();
                }
            }
        }
    }
    out
}

fn returnable(b: &Board) -> Vec<usize> {
    (0..81)
        .filter(|&f| b.colour[f] == Some(b.to_move) && b.chevron[f].is_none())
        .collect()
}

/// Every reorientation with the position it leads to.
pub fn reorientations(b: &Board) -> Vec<(String, Board)> {
    let mut out = Vec::new();
    let me = b.to_move;
    // Only in an unfinished game, with a legal movement available.
    if !is_finished(b) && has_movement(b, me) {
        let returnable = returnable(b);
        for field in 0..81 {
            let Some((o, facing)) = b.chevron[field] else {
                continue;
            };
            if o != me {
                continue;
            }
            for (steps, symbol, k) in [(1, ">", 2), (-1, "<", 2), (2, ">>", 4), (-2, "<<", 4)] {
                for subset in subsets(&returnable, k) {
                    let mut b2 = b.clone();
                    b2.chevron[field] = Some((me, turn_dir(facing, steps)));
                    for &f in &subset {
                        b2.colour[f] = None;
                    }
                    end_turn(&mut b2, me);
                    let names: Vec<String> = subset.iter().map(|&f| field_name(f)).collect();
                    let name = format!("{}{}({})", field_name(field), symbol, names.join(","));
                    out.push((name, b2));
                }
            }
        }
    }
    out
}

/// The number of legal reorientations, counted by brute force over chevrons and ways.
pub fn reorientation_count(b: &Board) -> u64 {
    if is_finished(b) || !has_movement(b, b.to_move) {
        return 0;
    }
    let n = returnable(b).len() as u64;
    let mut pairs = 0;
    let mut quads = 0;
    for i in 0..n {
        for j in i + 1..n {
            pairs += 1;
            for k in j + 1..n {
                for _ in k + 1..n {
                    quads += 1;
                }
            }
        }
    }
    let chevrons = (0..81)
        .filter(|&f| matches!(b.chevron[f], Some((o, _)) if o == b.to_move))
        .count() as u64;
    chevrons * 2 * (pairs + quads)
}

/// Applies one reorientation given in canonical notation, checking it directly
/// against R14; `None` if it is not a legal reorientation.
pub fn naive_apply_reorientation(b: &Board, name: &str) -> Option<Board> {
    let me = b.to_move;
    if is_finished(b) || !has_movement(b, me) {
        return None;
    }
    let field = parse_field(name.get(..2)?)?;
    let open = name.find('(')?;
    let (steps, k) = match name.get(2..open)? {
        ">" => (1, 2),
        "<" => (-1, 2),
        ">>" => (2, 4),
        "<<" => (-2, 4),
        _ => return None,
    };
    let inner = name.get(open + 1..name.len() - 1)?;
    let fields: Vec<usize> = inner
        .split(',')
        .map(parse_field)
        .collect::<Option<Vec<usize>>>()?;
    let mut sorted = fields.clone();
    sorted.sort();
    sorted.dedup();
    if sorted != fields || fields.len() != k {
        return None;
    }
    let (o, facing) = b.chevron[field]?;
    if o != me {
        return None;
    }
    let ret = returnable(b);
    if !fields.iter().all(|f| ret.contains(f)) {
        return None;
    }
    let mut b2 = b.clone();
    b2.chevron[field] = Some((me, turn_dir(facing, steps)));
    for &f in &fields {
        b2.colour[f] = None;
    }
    end_turn(&mut b2, me);
    Some(b2)
}

/// All `k`-element subsets of `items` (kept in the given, ascending, order).
fn subsets(items: &[usize], k: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    let mut current = Vec::new();
    fn rec(
        items: &[usize],
        k: usize,
        start: usize,
        cur: &mut Vec<usize>,
        out: &mut Vec<Vec<usize>>,
    ) {
        if cur.len() == k {
            out.push(cur.clone());
            return;
        }
        for i in start..items.len() {
            cur.push(items[i]);
            rec(items, k, i + 1, cur, out);
            cur.pop();
        }
    }
    rec(items, k, 0, &mut current, &mut out);
    out
}

// ----------------------------------------------------------------- PPN

/// Parses a PPN (canonical spelling); checks the invariants of `docs/notation.md`.
pub fn parse_ppn(ppn: &str) -> Result<Board, String> {
    let parts: Vec<&str> = ppn.split(' ').collect();
    if parts.len() != 4 {
        return Err(format!(
            "expected 4 space-separated fields, got {}",
            parts.len()
        ));
    }
    let players: Vec<char> = parts[3].chars().collect();
    if players.len() < 2 || players.len() > 4 {
        return Err("2 to 4 players".into());
    }
    for (i, &p) in players.iter().enumerate() {
        if !COLOURS.contains(p) {
            return Err(format!("unknown colour {p}"));
        }
        if players[..i].contains(&p) {
            return Err(format!("repeated colour {p}"));
        }
    }
    let ranks: Vec<&str> = parts[0].split('/').collect();
    if ranks.len() != 9 {
        return Err("9 ranks expected".into());
    }
    let mut colour = [None; 81];
    for (k, rank_text) in ranks.iter().enumerate() {
        let rank = 8 - k;
        let mut file = 0;
        for ch in rank_text.chars() {
            if let Some(d) = ch.to_digit(10) {
                if d == 0 {
                    return Err("digit 0".into());
                }
                file += d as usize;
            } else if players.contains(&ch) {
                if file < 9 {
                    colour[rank * 9 + file] = Some(ch);
                }
                file += 1;
            } else {
                return Err(format!("bad marker {ch}"));
            }
        }
        if file != 9 {
            return Err(format!("rank {} sums to {file}", rank + 1));
        }
    }
    let mut chevron = [None; 81];
    if parts[1] != "-" {
        for item in parts[1].split(',') {
            let mut chars = item.chars();
            let c = chars.next().ok_or("empty chevron")?;
            if !players.contains(&c) {
                return Err(format!("chevron colour {c} does not play"));
            }
            let rest: String = chars.collect();
            if rest.len() < 3 {
                return Err(format!("bad chevron {item}"));
            }
            let f = parse_field(&rest[..2]).ok_or(format!("bad field in {item}"))?;
            let d = DIR_NAMES
                .iter()
                .position(|&n| n == &rest[2..])
                .ok_or(format!("bad facing in {item}"))?;
            if chevron[f].is_some() {
                return Err(format!("two chevrons on {}", field_name(f)));
            }
            if let Some(m) = colour[f]
                && m != c
            {
                return Err(format!("chevron {item} on a {m} field"));
            }
            chevron[f] = Some((c, d));
        }
    }
    let mut tm = parts[2].chars();
    let to_move = tm.next().ok_or("no player to move")?;
    if tm.next().is_some() || !players.contains(&to_move) {
        return Err("bad player to move".into());
    }
    Ok(Board {
        colour,
        chevron,
        to_move,
        players,
    })
}

/// Writes the canonical PPN.
pub fn write_ppn(b: &Board) -> String {
    let mut markers = String::new();
    for rank in (0..9).rev() {
        let mut run = 0;
        for file in 0..9 {
            match b.colour[rank * 9 + file] {
                None => run += 1,
                Some(c) => {
                    if run > 0 {
                        markers.push_str(&run.to_string());
                        run = 0;
                    }
                    markers.push(c);
                }
            }
        }
        if run > 0 {
            markers.push_str(&run.to_string());
        }
        if rank > 0 {
            markers.push('/');
        }
    }
    let mut chevrons = Vec::new();
    for &p in &b.players {
        for f in 0..81 {
            if let Some((o, d)) = b.chevron[f]
                && o == p
            {
                chevrons.push(format!("{}{}{}", p, field_name(f), DIR_NAMES[d]));
            }
        }
    }
    let chevrons = if chevrons.is_empty() {
        "-".to_string()
    } else {
        chevrons.join(",")
    };
    let players: String = b.players.iter().collect();
    format!("{markers} {chevrons} {} {players}", b.to_move)
}

/// Parses and settles a PPN.
pub fn load(ppn: &str) -> Board {
    let mut b = parse_ppn(ppn).unwrap_or_else(|e| panic!("bad PPN {ppn}: {e}"));
    settle(&mut b);
    b
}

/// The settled canonical PPN.
pub fn naive_settle_ppn(ppn: &str) -> String {
    write_ppn(&load(ppn))
}

// ----------------------------------------------------------------- API

/// Canonical strings of every complete legal move (resignation excluded), sorted.
pub fn naive_legal_moves(ppn: &str, rules: Rules) -> Vec<String> {
    let mut v: Vec<String> = complete_moves(&load(ppn), rules)
        .into_iter()
        .map(|(n, _)| n)
        .collect();
    v.sort();
    v
}

/// The PPN after `mv` (canonical notation, or `resign`), `None` if illegal.
pub fn naive_apply(ppn: &str, rules: Rules, mv: &str) -> Option<String> {
    let b = load(ppn);
    if mv == "resign" {
        if is_finished(&b) {
            return None;
        }
        let mut b2 = b.clone();
        let me = b.to_move;
        remove_chevrons(&mut b2, me);
        end_turn(&mut b2, me);
        return Some(write_ppn(&b2));
    }
    complete_moves(&b, rules)
        .into_iter()
        .find(|(n, _)| n == mv)
        .map(|(_, b2)| write_ppn(&b2))
}

/// Number of move sequences of length `depth`.
pub fn naive_perft(ppn: &str, rules: Rules, depth: u32) -> u64 {
    perft_board(&load(ppn), rules, depth)
}

/// Perft on a settled board.
pub fn perft_board(b: &Board, rules: Rules, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = complete_moves(b, rules);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|(_, next)| perft_board(next, rules, depth - 1))
        .sum()
}

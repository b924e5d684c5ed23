//! Unit tests, rule by rule (R1-R16 as `docs/rules.md` states them), with the branches of
//! the crossing / connection / meeting interplay. Illegal moves are checked for the
//! exact rule and for a message naming the fields involved. Every legal move played
//! here is also checked against the naive reference implementation.

mod common;
mod naive;

use common::{build, mv, naive_rules, pos, pos04, ppn_of};
use pacru_core::{Colour, Direction, Field, Move, Position, Rule, RulesEdition, Status, WinReason};

const R2011: RulesEdition = RulesEdition::Pacru2011;

fn f(name: &str) -> Field {
    name.parse().unwrap()
}

/// Plays a move that must be legal; checks the result against the naive implementation.
fn legal(p: &Position, text: &str) -> Position {
    let next = p
        .play(&mv(text))
        .unwrap_or_else(|e| panic!("{text} rejected in {}: {e}", ppn_of(p)));
    assert_eq!(
        naive::naive_apply(&ppn_of(p), naive_rules(p.rules()), text),
        Some(ppn_of(&next)),
        "naive disagrees on {text} in {}",
        ppn_of(p)
    );
    assert!(
        text == "resign" || moves(p).contains(&text.to_string()),
        "{text} is legal but not listed"
    );
    next
}

/// A move that must be illegal under `rule`, with a message mentioning `words`.
fn illegal(p: &Position, text: &str, rule: Rule, words: &[&str]) {
    let err = match p.play(&mv(text)) {
        Ok(next) => panic!("{text} accepted in {}, giving {}", ppn_of(p), ppn_of(&next)),
        Err(e) => e,
    };
    assert_eq!(err.rule, rule, "{text}: {err}");
    let message = err.to_string();
    for w in words {
        assert!(
            message.contains(w),
            "{text}: message {message:?} lacks {w:?}"
        );
    }
    assert_eq!(
        naive::naive_apply(&ppn_of(p), naive_rules(p.rules()), text),
        None,
        "naive accepts {text}"
    );
    assert!(!moves(p).contains(&text.to_string()));
}

fn moves(p: &Position) -> Vec<String> {
    let mut v: Vec<String> = p.legal_moves().map(|m| m.to_string()).collect();
    v.sort();
    v
}

fn moves_from(p: &Position, prefix: &str) -> Vec<String> {
    moves(p)
        .into_iter()
        .filter(|m| m.starts_with(prefix))
        .collect()
}

fn colour(p: &Position, field: &str) -> Option<Colour> {
    p.colour_at(f(field))
}

fn facing(p: &Position, field: &str) -> Option<Direction> {
    p.chevron_at(f(field)).map(|c| c.facing)
}

const K: Option<Colour> = Some(Colour::Black);
const R: Option<Colour> = Some(Colour::Red);

// ------------------------------------------------------------------ R1, R2

#[test]
fn r1_standard_starts() {
    let two = Position::standard(2).unwrap();
    assert_eq!(
        ppn_of(&two),
        "9/9/9/9/9/9/9/9/9 Ke1N,Ka3E,Ki3W,Ki9SW,Ra1NE,Ra7E,Ri7W,Re9S K KR"
    );
    assert_eq!(two.target(), 42);
    let three = Position::standard(3).unwrap();
    assert_eq!(
        ppn_of(&three),
        "9/9/9/9/9/9/9/9/9 Ke1N,Ka3E,Ki3W,Rc1N,Ra5E,Rc9S,Yg1N,Yi5W,Yg9S K KRY"
    );
    assert_eq!(three.target(), 28);
    let four = Position::standard(4).unwrap();
    assert_eq!(
        ppn_of(&four),
        "9/9/9/9/9/9/9/9/9 Ke1N,Ka3E,Ki3W,Rc1N,Ra5E,Rc9S,Ya7E,Yi7W,Ye9S,Gg1N,Gi5W,Gg9S K KRYG"
    );
    assert_eq!(four.target(), 24);
    assert!(Position::standard(1).is_err());
    assert!(Position::standard(5).is_err());
    assert_eq!(four.status(), Status::Ongoing);
}

#[test]
fn r1_seats() {
    use pacru_core::Seat;
    // AbstractPlay seats 3 players E W N: Black gets the east side.
    let p = Position::standard_with(
        &[Colour::Black, Colour::Red, Colour::Yellow],
        &[Seat::E, Seat::W, Seat::N],
    )
    .unwrap();
    assert_eq!(
        ppn_of(&p),
        "9/9/9/9/9/9/9/9/9 Kg1N,Ki5W,Kg9S,Rc1N,Ra5E,Rc9S,Ya7E,Yi7W,Ye9S K KRY"
    );
    // Two players seated W and E get the W and E extras (i1 NW, a9 SE).
    let p = Position::standard_with(&[Colour::Red, Colour::Blue], &[Seat::W, Seat::E]).unwrap();
    assert_eq!(
        ppn_of(&p),
        "9/9/9/9/9/9/9/9/9 Rc1N,Ri1NW,Ra5E,Rc9S,Bg1N,Bi5W,Ba9SE,Bg9S R RB"
    );
    assert!(Position::standard_with(&[Colour::Black, Colour::Red], &[Seat::S]).is_err());
    assert!(Position::standard_with(&[Colour::Black, Colour::Red], &[Seat::S, Seat::S]).is_err());
    assert!(Position::standard_with(&[Colour::Black, Colour::Black], &[Seat::S, Seat::N]).is_err());
}

#[test]
fn r1_invalid_setups_are_rejected() {
    // A chevron on another player's colour.
    let mut s = common::setup_from_ppn("9/9/9/9/9/9/9/9/9 Ke1N,Re9S K KR", RulesEdition::Pacru2004);
    s.markers[f("e1").index()] = R;
    assert!(Position::from_setup(&s).is_err());
    // Two chevrons on a field.
    let mut s = common::setup_from_ppn("9/9/9/9/9/9/9/9/9 Ke1N,Re9S K KR", RulesEdition::Pacru2004);
    s.chevrons.push((Colour::Red, f("e1"), Direction::S));
    assert!(Position::from_setup(&s).is_err());
    // Player to move not playing, marker of a colour not playing.
    let mut s = common::setup_from_ppn("9/9/9/9/9/9/9/9/9 Ke1N,Re9S K KR", RulesEdition::Pacru2004);
    s.to_move = Colour::Green;
    assert!(Position::from_setup(&s).is_err());
    let mut s = common::setup_from_ppn("9/9/9/9/9/9/9/9/9 Ke1N,Re9S K KR", RulesEdition::Pacru2004);
    s.markers[0] = Some(Colour::Blue);
    assert!(Position::from_setup(&s).is_err());
}

#[test]
fn r2_turn_passes_in_order_of_play() {
    let p = Position::standard(4).unwrap();
    let p = legal(&p, "e1-e2");
    assert_eq!(p.to_move(), Colour::Red);
    let p = legal(&p, "c1-c2");
    assert_eq!(p.to_move(), Colour::Yellow);
    let p = legal(&p, "e9-e8");
    assert_eq!(p.to_move(), Colour::Green);
    let p = legal(&p, "g1-g2");
    assert_eq!(p.to_move(), Colour::Black);
}

// ------------------------------------------------------------------ R3, R5, R6

#[test]
fn r3_three_directions_and_new_facing() {
    let p = Position::standard(2).unwrap();
    assert_eq!(moves_from(&p, "e1"), ["e1-d2", "e1-e2", "e1-f2"]);
    let q = legal(&p, "e1-d2");
    assert_eq!(facing(&q, "d2"), Some(Direction::NW));
    assert_eq!(q.chevron_at(f("e1")), None);
    illegal(&p, "e1-f1", Rule::R3, &["e1", "f1"]);
    illegal(&p, "e1-d1", Rule::R3, &["e1", "d1"]);
    illegal(&p, "e9-e8", Rule::R3, &["e9"]);
    illegal(&p, "e5-e6", Rule::R3, &["e5"]);
    illegal(&p, "e1-e1", Rule::R3, &["e1"]);
}

#[test]
fn r3_a_chevron_facing_the_edge_cannot_move() {
    // FAQ R3: a chevron on the edge facing out cannot move (Black's other chevron can).
    let p = pos04(&build(&[], "Ke1S Ka3E Re9S", 'K', "KR"));
    assert!(moves_from(&p, "e1").is_empty());
    illegal(&p, "e1-e2", Rule::R3, &["e1", "e2"]);
}

#[test]
fn r5_power_of_movement() {
    // One own field in the borderland: power 1 (FAQ R5).
    let p = pos04(&build(&[('K', "d1")], "Ke1N Re9S", 'K', "KR"));
    illegal(&p, "e1-e3", Rule::R5, &["e1", "power 1"]);
    // Three own fields in S (the origin's borderland): power 3.
    let p = pos04(&build(&[('K', "d1 f1 e2")], "Ke1N Re9S", 'K', "KR"));
    assert_eq!(
        moves_from(&p, "e1-e")
            .iter()
            .map(|m| &m[..5])
            .collect::<std::collections::BTreeSet<_>>()
            .into_iter()
            .collect::<Vec<_>>(),
        ["e1-e2", "e1-e3", "e1-e4"]
    );
    illegal(&p, "e1-e5", Rule::R5, &["e1", "power 3"]);
    // Power counts own fields in the origin's borderland only (FAQ R5), not chevrons.
    let p = pos04(&build(&[('K', "d4 d5 d6 e4")], "Ke1N Kd1N Re9S", 'K', "KR"));
    illegal(&p, "e1-e3", Rule::R5, &["power 1"]);
}

#[test]
fn r6_straight_lines_only() {
    let p = pos04(&build(&[('K', "d1 f1 e2")], "Ke1N Re9S", 'K', "KR"));
    illegal(&p, "e1-f3", Rule::R6, &["f3"]);
    illegal(&p, "e1-d4", Rule::R6, &["d4"]);
    // Long diagonal moves are fine.
    legal(&p, "e1-g3(g3)");
}

// ------------------------------------------------------------------ R7

#[test]
fn r7_what_is_forbidden() {
    // Destination holds own chevron.
    let p = pos04(&build(&[], "Ke1N Ke2N Re9S", 'K', "KR"));
    illegal(&p, "e1-e2", Rule::R7, &["e2"]);
    // Destination holds an opponent chevron attacked once: not a movement, not a pincer.
    let p = pos04(&build(&[], "Ke1N Re2S Re9S", 'K', "KR"));
    illegal(&p, "e1-e2", Rule::R7, &["e2"]);
    illegal(&p, "e1xe2", Rule::R11, &["e2"]);
    // Destination of another colour; crossing it is allowed (FAQ R7).
    let p = pos04(&build(
        &[('K', "d1 f1"), ('R', "e2")],
        "Ke1N Re9S",
        'K',
        "KR",
    ));
    illegal(&p, "e1-e2", Rule::R7, &["e2", "Red"]);
    let q = legal(&p, "e1-e3");
    assert_eq!(colour(&q, "e2"), R);
    // Jumping a chevron without a connection.
    let p = pos04(&build(&[('K', "d1 f1")], "Ke1N Re2S Re9S", 'K', "KR"));
    illegal(&p, "e1-e3", Rule::R7, &["e2"]);
}

// ------------------------------------------------------------------ R4, R10

#[test]
fn r4_borderland_change() {
    let p = Position::standard(2).unwrap();
    // a3-b4 crosses from SW into W: one of the nine neutral fields of W, mandatory.
    let crossing = moves_from(&p, "a3-b4");
    assert_eq!(crossing.len(), 9, "{crossing:?}");
    illegal(&p, "a3-b4", Rule::R4, &["W", "a4", "b4", "c6"]);
    // The destination itself may be taken (FAQ R4).
    let q = legal(&p, "a3-b4(b4)");
    assert_eq!(colour(&q, "b4"), K);
    let q = legal(&p, "a3-b4(c6)");
    assert_eq!(colour(&q, "c6"), K);
    assert_eq!(colour(&q, "b4"), None);
    // Not in the destination borderland.
    illegal(&p, "a3-b4(d4)", Rule::R4, &["d4"]);
    // A movement inside one borderland takes no field.
    illegal(&p, "e1-e2(e2)", Rule::R4, &["e2"]);
    // Two items are too many here.
    illegal(&p, "a3-b4(b4,c6)", Rule::R12, &["c6"]);
}

#[test]
fn r4_candidates_exclude_occupied_and_coloured_fields() {
    // W: a4 Red, b5 holds a Red chevron, c6 Black; the rest neutral and free.
    let p = pos04(&build(
        &[('R', "a4"), ('K', "c6")],
        "Ka3E Rb5S Re9S",
        'K',
        "KR",
    ));
    assert_eq!(
        moves_from(&p, "a3-b4"),
        [
            "a3-b4(a5)",
            "a3-b4(a6)",
            "a3-b4(b4)",
            "a3-b4(b6)",
            "a3-b4(c4)",
            "a3-b4(c5)"
        ]
    );
    illegal(&p, "a3-b4(b5)", Rule::R4, &["b5", "chevron"]);
    illegal(&p, "a3-b4(a4)", Rule::R4, &["a4"]);
    illegal(&p, "a3-b4(c6)", Rule::R4, &["c6"]);
}

#[test]
fn r4_only_the_destination_borderland_counts() {
    // FAQ R3/R4: several borders crossed, one field in the destination borderland only.
    let p = pos04(&build(&[('K', "a1 b1 c1 b2")], "Ka3NE Re9S", 'K', "KR"));
    // a3-d6 goes SW -> W -> C: candidates are C's fields.
    let list = moves_from(&p, "a3-d6");
    assert_eq!(list.len(), 9);
    assert!(list.iter().all(|m| {
        let fld = f(&m[6..8]);
        fld.borderland() == pacru_core::Borderland::C
    }));
}

#[test]
fn r4_no_free_neutral_field_gives_nothing() {
    // C: d4 is its only free neutral field (e5 is neutral but holds a chevron):
    // the crossing must take d4.
    let p = pos04(&build(
        &[('R', "e4 f5 d6 e6 f6 d5"), ('K', "f4")],
        "Kc3NE Re5S Re9S",
        'K',
        "KR",
    ));
    assert_eq!(moves_from(&p, "c3-d4"), ["c3-d4(d4)"]);
    // C: every field coloured except e5, which holds a chevron: the crossing c4-d5
    // (onto Black d5) gives nothing, and it is no transformation either (FAQ R4, R10).
    let p = pos04(&build(
        &[('R', "d4 e4 f5 d6 e6"), ('K', "f4 f6 d5")],
        "Kc4E Re5S Re9S",
        'K',
        "KR",
    ));
    illegal(&p, "c4-d4", Rule::R7, &["d4"]);
    assert_eq!(moves_from(&p, "c4-d5"), ["c4-d5"]);
    let q = legal(&p, "c4-d5");
    assert_eq!(p.field_count(Colour::Black), q.field_count(Colour::Black));
    illegal(&p, "c4-d5(e5)", Rule::R4, &["e5"]);
}

#[test]
fn r4_own_neutral_occupied_field_cannot_change() {
    // FAQ R4: the only neutral field of the borderland holds one's own chevron.
    let p = pos04(&build(
        &[('R', "d4 e4 f4 d6 e6 f6 f5"), ('K', "d5")],
        "Kc5E Ke5N Re9S",
        'K',
        "KR",
    ));
    assert_eq!(moves_from(&p, "c5-d5"), ["c5-d5"]);
}

#[test]
fn r10_borderland_transformation() {
    // C has no neutral field: crossing into it changes any free field not ours.
    let p = pos04(&build(
        &[('R', "e4 f4 d5 f5 d6 e6"), ('K', "d4 f6"), ('R', "e5")],
        "Kd3N Re5S Re9S",
        'K',
        "KR",
    ));
    assert_eq!(
        moves_from(&p, "d3-d4"),
        [
            "d3-d4(d5)",
            "d3-d4(d6)",
            "d3-d4(e4)",
            "d3-d4(e6)",
            "d3-d4(f4)",
            "d3-d4(f5)"
        ]
    );
    illegal(&p, "d3-d4", Rule::R10, &["C", "d5", "f5"]);
    illegal(&p, "d3-d4(f6)", Rule::R10, &["f6"]);
    illegal(&p, "d3-d4(e5)", Rule::R10, &["e5", "chevron"]);
    let q = legal(&p, "d3-d4(e6)");
    assert_eq!(colour(&q, "e6"), K);
}

#[test]
fn r10_neutral_but_occupied_field_blocks_transformation() {
    // FAQ R10: the only neutral field is occupied: no transformation, no change.
    let p = pos04(&build(
        &[('R', "e4 f4 d5 f5 d6 e6"), ('K', "d4 f6")],
        "Kd3N Re5S Re9S",
        'K',
        "KR",
    ));
    assert_eq!(moves_from(&p, "d3-d4"), ["d3-d4"]);
    illegal(&p, "d3-d4(e6)", Rule::R4, &["e6"]);
}

#[test]
fn r10_borderland_full_of_own_colour_gives_nothing() {
    // FAQ R10: moving into a borderland that is all one's own colour gains nothing.
    let p = pos04(&build(
        &[('K', "d4 e4 f4 d5 e5 f5 d6 e6 f6")],
        "Kd3N Re9S",
        'K',
        "KR",
    ));
    assert_eq!(moves_from(&p, "d3-d4"), ["d3-d4"]);
}

// ------------------------------------------------------------------ R8, R9, R13

/// Black e1 N with power 3 (d1, e1, f1 own), e4 own in C.
fn connection_position(extra_k: &str, extra_r: &str, chevrons: &str) -> String {
    let k = format!("d1 e1 f1 e4 {extra_k}");
    build(
        &[('K', k.trim()), ('R', extra_r)],
        &format!("Ke1N Ri9S {chevrons}"),
        'K',
        "KR",
    )
}

#[test]
fn r8_connection_change_without_crossing() {
    // e1-e3, both own, e2 Red: C = {e2}, `*` required.
    let p = pos04(&build(
        &[('K', "d1 e1 e3"), ('R', "e2")],
        "Ke1N Ri9S",
        'K',
        "KR",
    ));
    assert_eq!(moves_from(&p, "e1-e3"), ["e1-e3(*)"]);
    illegal(&p, "e1-e3", Rule::R8, &["e2", "*"]);
    illegal(&p, "e1-e3(e2)", Rule::R8, &["*"]);
    let q = legal(&p, "e1-e3(*)");
    assert_eq!(colour(&q, "e2"), K);
}

#[test]
fn r8_connection_with_nothing_to_change() {
    // FAQ R8: all intervening fields already own: no gain, no item.
    let p = pos04(&build(&[('K', "d1 e1 e2 e3")], "Ke1N Ri9S", 'K', "KR"));
    assert_eq!(moves_from(&p, "e1-e3"), ["e1-e3"]);
    illegal(&p, "e1-e3(*)", Rule::R8, &["e1", "e3"]);
}

#[test]
fn r8_a_connection_must_end_on_own_colour() {
    // FAQ R8: own start, own intervening, neutral end: not a connection.
    let p = pos04(&build(&[('K', "d1 e1 e2")], "Ke1N Ri9S", 'K', "KR"));
    assert_eq!(moves_from(&p, "e1-e3"), ["e1-e3"]);
    illegal(&p, "e1-e3(*)", Rule::R8, &["e1-e3"]);
    // The connection can run past own fields to a later own field (FAQ R8).
    let p = pos04(&build(
        &[('K', "d1 e1 f1 e3 e4"), ('R', "e2")],
        "Ke1N Ri9S",
        'K',
        "KR",
    ));
    assert!(moves(&p).contains(&"e1-e4(*)".to_string()));
    let q = legal(&p, "e1-e4(*)");
    assert_eq!(colour(&q, "e2"), K);
}

#[test]
fn r13_connection_and_crossing_both_available() {
    // e1-e4: C = {e2, e3}, crossing S -> C with free neutral fields: choose one.
    let p = pos04(&connection_position("", "", ""));
    let list = moves_from(&p, "e1-e4");
    assert!(list.contains(&"e1-e4(*)".to_string()));
    assert!(list.contains(&"e1-e4(d4)".to_string()));
    assert_eq!(list.len(), 1 + 8, "{list:?}");
    illegal(&p, "e1-e4", Rule::R13, &["*", "d4"]);
    let star = legal(&p, "e1-e4(*)");
    assert_eq!(colour(&star, "e2"), K);
    assert_eq!(colour(&star, "e3"), K);
    assert_eq!(colour(&star, "d4"), None);
    let cross = legal(&p, "e1-e4(d4)");
    assert_eq!(colour(&cross, "e2"), None);
    assert_eq!(colour(&cross, "e3"), None);
    assert_eq!(colour(&cross, "d4"), K);
    // Never both.
    illegal(&p, "e1-e4(*,d4)", Rule::R12, &["d4"]);
    illegal(&p, "e1-e4(d4,*)", Rule::R13, &[]);
    // The destination is already ours: not a crossing candidate.
    illegal(&p, "e1-e4(e4)", Rule::R4, &["e4"]);
}

#[test]
fn r13_connection_change_with_empty_crossing() {
    // C: only e5 neutral and it holds a chevron: crossing gives nothing, `*` applies.
    let p = pos04(&connection_position("", "d4 f4 d5 f5 d6 e6 f6", "Re5S"));
    assert_eq!(moves_from(&p, "e1-e4"), ["e1-e4(*)"]);
    illegal(&p, "e1-e4(d4)", Rule::R8, &["*"]);
    illegal(&p, "e1-e4", Rule::R8, &["*"]);
}

#[test]
fn r13_empty_connection_change_with_crossing() {
    // e2, e3 already ours: C empty; crossing benefit only.
    let p = pos04(&connection_position("e2 e3", "", ""));
    let list = moves_from(&p, "e1-e4");
    assert_eq!(list.len(), 8, "{list:?}");
    assert!(!list.contains(&"e1-e4(*)".to_string()));
    illegal(&p, "e1-e4(*)", Rule::R8, &[]);
    legal(&p, "e1-e4(f6)");
}

#[test]
fn r13_empty_connection_and_empty_crossing() {
    let p = pos04(&connection_position(
        "e2 e3",
        "d4 f4 d5 f5 d6 e6 f6",
        "Re5S",
    ));
    assert_eq!(moves_from(&p, "e1-e4"), ["e1-e4"]);
    let q = legal(&p, "e1-e4");
    assert_eq!(q.field_count(Colour::Black), p.field_count(Colour::Black));
}

#[test]
fn r9_connection_jump() {
    // e1-e3 over a Red chevron on e2 (neutral): a jump, no field changes.
    let p = pos04(&build(&[('K', "d1 e1 e3")], "Ke1N Re2S Ri9S", 'K', "KR"));
    assert_eq!(moves_from(&p, "e1-e3"), ["e1-e3"]);
    illegal(&p, "e1-e3(*)", Rule::R9, &["e1-e3"]);
    let q = legal(&p, "e1-e3");
    assert_eq!(colour(&q, "e2"), None);
    // Any number of chevrons can be jumped (FAQ R9).
    let p = pos04(&build(
        &[('K', "d1 f1 e1 e4")],
        "Ke1N Re2S Ke3N Ri9S",
        'K',
        "KR",
    ));
    let list = moves_from(&p, "e1-e4");
    assert!(!list.is_empty() && !list.contains(&"e1-e4(*)".to_string()));
}

#[test]
fn r9_jump_with_crossing_gets_the_crossing_benefit() {
    let p = pos04(&connection_position("", "", "Re2S"));
    let list = moves_from(&p, "e1-e4");
    assert_eq!(list.len(), 8, "{list:?}");
    illegal(&p, "e1-e4", Rule::R4, &["d4"]);
    illegal(&p, "e1-e4(*)", Rule::R9, &[]);
    let q = legal(&p, "e1-e4(d5)");
    assert_eq!(colour(&q, "d5"), K);
    assert_eq!(colour(&q, "e3"), None);
}

// ------------------------------------------------------------------ R11

/// Red e5 attacked by Black c3 (NE, power 2) and g3 (NW, power 2).
fn pincer_position(rules: RulesEdition, extra: &str) -> Position {
    pos(
        &build(
            &[('K', "a1 b1 g1 h1"), ('R', "a9 b9")],
            &format!("Kc3NE Kg3NW Ke1N Re5S Ra7E Re9S {extra}"),
            'K',
            "KR",
        ),
        rules,
    )
}

#[test]
fn r11_pincer() {
    let p = pincer_position(RulesEdition::Pacru2004, "");
    let list: Vec<String> = moves(&p).into_iter().filter(|m| m.contains('x')).collect();
    // Both attackers may take; the crossing into C takes one of C's free neutral fields.
    assert_eq!(list.len(), 16, "{list:?}");
    let q = legal(&p, "c3xe5(d4)");
    assert_eq!(colour(&q, "e5"), K);
    assert_eq!(colour(&q, "d4"), K);
    assert_eq!(facing(&q, "e5"), Some(Direction::NE));
    assert_eq!(q.chevron_at(f("e5")).unwrap().colour, Colour::Black);
    assert_eq!(q.chevrons_of(Colour::Red).count(), 2);
    // Must be written with x.
    illegal(&p, "c3-e5(d4)", Rule::R7, &["e5", "c3xe5"]);
    // The crossing item is due.
    illegal(&p, "c3xe5", Rule::R4, &["d4"]);
    // A pincer is never a connection.
    illegal(&p, "c3xe5(*)", Rule::R11, &[]);
    // The captured field is ours, so it is no crossing candidate.
    illegal(&p, "c3xe5(e5)", Rule::R4, &["e5"]);
}

#[test]
fn r11_pincer_needs_two_attackers_and_a_clear_path() {
    // Only one attacker (g3 lacks power).
    let p = pos04(&build(
        &[('K', "a1 b1"), ('R', "a9 b9")],
        "Kc3NE Kg3NW Ke1N Re5S Ra7E Re9S",
        'K',
        "KR",
    ));
    illegal(&p, "c3xe5(d4)", Rule::R11, &["e5"]);
    // A chevron in between: no attack, no jump (FAQ R11).
    let p = pincer_position(RulesEdition::Pacru2004, "Rf4S");
    illegal(&p, "g3xe5(d4)", Rule::R11, &["f4"]);
    // Nothing to take / own chevron.
    let p = pincer_position(RulesEdition::Pacru2004, "");
    illegal(&p, "c3xd4(d4)", Rule::R11, &["d4"]);
    illegal(&p, "g3xe1", Rule::R3, &["g3", "e1"]);
}

#[test]
fn r11_pincer_on_opponent_colour_and_through_colours() {
    // Red e5 stands on Red; Black attacks across a Red field f4 (colours do not matter).
    let p = pos04(&build(
        &[('K', "a1 b1 g1 h1"), ('R', "e5 f4 a9 b9")],
        "Kc3NE Kg3NW Ke1N Re5S Ra7E Re9S",
        'K',
        "KR",
    ));
    let q = legal(&p, "g3xe5(d4)");
    assert_eq!(colour(&q, "e5"), K);
    assert_eq!(colour(&q, "f4"), R);
}

#[test]
fn r11_pincer_can_make_a_transformation() {
    // FAQ R11: g5 is E's only neutral field; after the capture E is full of colour.
    let p = pos04(&build(
        &[('K', "d4 d6 h1 i1 h4 i6"), ('R', "g4 h5 h6 g6 i4 i5 a9 b9")],
        "Ke5E Kg3N Ke1N Rg5W Ra7E Re9S",
        'K',
        "KR",
    ));
    let list = moves_from(&p, "e5xg5");
    assert_eq!(
        list,
        [
            "e5xg5(g4)",
            "e5xg5(g6)",
            "e5xg5(h5)",
            "e5xg5(h6)",
            "e5xg5(i4)",
            "e5xg5(i5)"
        ]
    );
    illegal(&p, "e5xg5", Rule::R10, &["g4"]);
    let q = legal(&p, "e5xg5(h5)");
    assert_eq!(colour(&q, "g5"), K);
    assert_eq!(colour(&q, "h5"), K);
}

#[test]
fn r11_pincer_of_the_last_chevron() {
    // Red's only chevron is taken: Red is out, Black wins (last standing).
    let p = pos04(&build(
        &[('K', "a1 b1 g1 h1")],
        "Kc3NE Kg3NW Re5S",
        'K',
        "KR",
    ));
    let q = legal(&p, "c3xe5(d4)");
    assert_eq!(
        q.status(),
        Status::Won {
            winner: Colour::Black,
            reason: WinReason::LastStanding
        }
    );
    assert_eq!(q.to_move(), Colour::Black);
    assert!(q.legal_moves().next().is_none());
    // 3 players: Yellow's last chevron goes, Red plays on.
    let p = pos04(&build(
        &[('K', "a1 b1 g1 h1")],
        "Kc3NE Kg3NW Ra7E Ye5S",
        'K',
        "KRY",
    ));
    let q = legal(&p, "g3xe5(d4)");
    assert_eq!(q.status(), Status::Ongoing);
    assert!(!q.is_in_game(Colour::Yellow));
    assert_eq!(q.to_move(), Colour::Red);
    let q = legal(&q, "a7-b7");
    assert_eq!(q.to_move(), Colour::Black, "Yellow (out) is skipped");
}

// ------------------------------------------------------------------ R12

/// Black e4 N moves to e5 (own), facing e6 (Black, facing S, on own colour).
fn meeting_position(rules: RulesEdition, red_fields: &str, e5_own: bool) -> Position {
    let k = if e5_own { "e5 e6 a1" } else { "e6 a1" };
    pos(
        &build(
            &[('K', k), ('R', red_fields)],
            "Ke4N Ke6S Ke1N Ri9S",
            'K',
            "KR",
        ),
        rules,
    )
}

#[test]
fn r12_meeting() {
    let p = meeting_position(RulesEdition::Pacru2004, "", true);
    let list = moves_from(&p, "e4-e5");
    // Any field without a chevron that is not ours: 81 - 4 chevrons - 1 free own field (a1).
    assert_eq!(list.len(), 81 - 4 - 1, "{list:?}");
    illegal(&p, "e4-e5", Rule::R12, &["e5", "e6"]);
    illegal(&p, "e4-e5(a1)", Rule::R12, &["a1"]);
    illegal(&p, "e4-e5(e6)", Rule::R12, &["e6"]);
    illegal(&p, "e4-e5(i9)", Rule::R12, &["i9"]);
    illegal(&p, "e4-e5(*)", Rule::R12, &[]);
    illegal(&p, "e4-e5(b2,c2)", Rule::R12, &["b2", "c2"]);
    let q = legal(&p, "e4-e5(e4)");
    assert_eq!(colour(&q, "e4"), K);
    // A meeting may take an opponent's field (FAQ R12).
    let p = meeting_position(RulesEdition::Pacru2004, "a9", true);
    let q = legal(&p, "e4-e5(a9)");
    assert_eq!(colour(&q, "a9"), K);
}

#[test]
fn r12_no_meeting_without_own_colour_under_both() {
    // e5 neutral: the moved chevron does not stand on own colour.
    let p = meeting_position(RulesEdition::Pacru2004, "", false);
    assert_eq!(moves_from(&p, "e4-e5"), ["e4-e5"]);
    illegal(&p, "e4-e5(a2)", Rule::R4, &["a2"]);
    // The partner on a neutral field.
    let p = pos04(&build(&[('K', "e5")], "Ke4N Ke6S Ri9S", 'K', "KR"));
    assert_eq!(moves_from(&p, "e4-e5"), ["e4-e5"]);
    // The partner does not face back.
    let p = pos04(&build(&[('K', "e5 e6")], "Ke4N Ke6SE Ri9S", 'K', "KR"));
    assert_eq!(moves_from(&p, "e4-e5"), ["e4-e5"]);
    // The partner is an opponent's chevron: no meeting.
    let p = pos04(&build(
        &[('K', "e5"), ('R', "e6")],
        "Ke4N Re6S Ri9S",
        'K',
        "KR",
    ));
    assert_eq!(moves_from(&p, "e4-e5"), ["e4-e5"]);
}

#[test]
fn r12_only_the_moved_chevron_makes_a_meeting() {
    // e5 and e6 already meet; moving another chevron gives nothing.
    let p = pos04(&build(&[('K', "e5 e6")], "Ke5N Ke6S Ke1N Ri9S", 'K', "KR"));
    assert_eq!(moves_from(&p, "e1-"), ["e1-d2", "e1-e2", "e1-f2"]);
    // A reorientation that makes two chevrons face each other is no meeting (FAQ R12).
    let p = pos04(&build(
        &[('K', "e5 e6 a1 b1")],
        "Ke5NE Ke6S Ke1N Ri9S",
        'K',
        "KR",
    ));
    let q = legal(&p, "e5<(a1,b1)");
    assert_eq!(facing(&q, "e5"), Some(Direction::N));
    assert_eq!(q.field_count(Colour::Black), 2);
}

#[test]
fn r12_meeting_after_borderland_change_on_the_destination() {
    // FAQ R12: c4-d4 crosses W -> C; taking d4 itself makes the meeting with e4.
    let p = pos04(&build(
        &[('K', "e4 a4 b4 b5")],
        "Kc4E Ke4W Ke1N Ri8S",
        'K',
        "KR",
    ));
    let with_meeting = moves_from(&p, "c4-d4(d4,");
    // 81 fields - 4 chevrons - 3 free own fields (a4 b4 b5).
    assert_eq!(with_meeting.len(), 81 - 4 - 3, "{with_meeting:?}");
    assert!(moves(&p).contains(&"c4-d4(d5)".to_string()));
    assert!(!moves(&p).iter().any(|m| m.starts_with("c4-d4(d5,")));
    illegal(&p, "c4-d4(d4)", Rule::R12, &["d4", "e4"]);
    illegal(&p, "c4-d4(d5,a1)", Rule::R12, &["a1"]);
    let q = legal(&p, "c4-d4(d4,i1)");
    assert_eq!(colour(&q, "d4"), K);
    assert_eq!(colour(&q, "i1"), K);
}

#[test]
fn r12_meeting_after_connection_choice() {
    // e1-e4 connection/crossing, e4 own already; e5 holds Black facing S on own colour.
    let p = pos04(&build(
        &[('K', "d1 e1 f1 e4 e5"), ('R', "a9 b9 c9 d9 e9 f9 g9 h9 i9")],
        "Ke1N Ke5S Ri8S",
        'K',
        "KR",
    ));
    // Every first item leads to a meeting.
    assert!(moves(&p).contains(&"e1-e4(*,a1)".to_string()));
    assert!(moves(&p).contains(&"e1-e4(d4,a1)".to_string()));
    illegal(&p, "e1-e4(*)", Rule::R12, &[]);
    // The connection's own fields are no longer meeting candidates.
    illegal(&p, "e1-e4(*,e2)", Rule::R12, &["e2"]);
    legal(&p, "e1-e4(d4,e2)");
}

#[test]
fn r12_pincer_crossing_and_meeting_together() {
    // FAQ R13: a pincer that crosses a border and makes a meeting gets all three.
    let p = pos04(&build(
        &[('K', "a1 b1 g1 h1 f6"), ('R', "a9 b9")],
        "Kc3NE Kg3NW Ke1N Kf6SW Re5S Ra7E Re9S",
        'K',
        "KR",
    ));
    assert_eq!(colour(&p, "f6"), K);
    illegal(&p, "c3xe5(d4)", Rule::R12, &["e5", "f6"]);
    let q = legal(&p, "c3xe5(d4,a2)");
    for fld in ["e5", "d4", "a2"] {
        assert_eq!(colour(&q, fld), K, "{fld}");
    }
    // g3xe5 faces NW: no meeting.
    assert!(moves(&p).contains(&"g3xe5(d4)".to_string()));
}

#[test]
fn r12_2011_meeting_needs_nine_fields_of_another_colour() {
    // Red has 8 fields: no benefit under 2011; under 2004 the meeting field is due.
    let eight = "a9 b9 c9 d9 e9 f9 g9 h9";
    let p = meeting_position(R2011, eight, true);
    assert_eq!(moves_from(&p, "e4-e5"), ["e4-e5"]);
    illegal(&p, "e4-e5(a2)", Rule::R12, &["2011", "a2"]);
    legal(&p, "e4-e5");
    let p = meeting_position(RulesEdition::Pacru2004, eight, true);
    assert_eq!(moves_from(&p, "e4-e5").len(), 81 - 4 - 1);
    // Red has 9 fields: the benefit is given under 2011 too.
    let p = meeting_position(R2011, "a9 b9 c9 d9 e9 f9 g9 h9 a8", true);
    assert_eq!(moves_from(&p, "e4-e5").len(), 81 - 4 - 1);
    illegal(&p, "e4-e5", Rule::R12, &["e6"]);
}

#[test]
fn r12_2011_counts_players_who_are_out() {
    // Red is out (no chevrons) but its 9 fields count; Yellow plays on.
    let p = pos(
        &build(
            &[
                ('Y', "e5 e6 a1 b1"),
                ('R', "a9 b9 c9 a8 b8 c8 a7 b7 c7"),
                ('K', "i1 h1"),
            ],
            "Kg1N Ki3W Ye4N Ye6S",
            'R',
            "KRY",
        ),
        R2011,
    );
    assert_eq!(
        p.to_move(),
        Colour::Yellow,
        "Red has no chevrons: turn passes on"
    );
    assert!(moves(&p).contains(&"e4-e5(d5)".to_string()));
    illegal(&p, "e4-e5", Rule::R12, &[]);
}

#[test]
fn r12_2011_counts_after_the_other_field_changes() {
    // Red has exactly 9 fields, e2 among them; e1-e3(*) takes e2, leaving Red 8: the
    // 2011 meeting with e4 gives nothing; under 2004 it does.
    let ppn = build(
        &[('K', "d1 e1 f1 e3 e4"), ('R', "e2 a9 b9 c9 d9 e9 f9 g9 h9")],
        "Ke1N Ke4S Ri8S",
        'K',
        "KR",
    );
    let p = pos(&ppn, R2011);
    assert_eq!(moves_from(&p, "e1-e3"), ["e1-e3(*)"]);
    illegal(&p, "e1-e3(*,a1)", Rule::R12, &["2011"]);
    let q = legal(&p, "e1-e3(*)");
    assert_eq!(q.field_count(Colour::Red), 8);
    let p = pos(&ppn, RulesEdition::Pacru2004);
    // Meeting candidates: 81 fields - 3 chevrons - 4 free own fields (d1 e1 f1 e2).
    assert_eq!(moves_from(&p, "e1-e3").len(), 81 - 3 - 4);
    illegal(&p, "e1-e3(*)", Rule::R12, &[]);
}

// ------------------------------------------------------------------ R14

/// Black has b1 c1 d1 f1 free and e1 (with a chevron); four chevrons.
fn reorientation_position() -> Position {
    pos04(&build(
        &[('K', "b1 c1 d1 f1 e1")],
        "Ke1N Ka3E Ki3W Ki9SW Ra1NE Ra7E Ri7W Re9S",
        'K',
        "KR",
    ))
}

#[test]
fn r14_reorientation_counts() {
    let p = reorientation_position();
    let reos: Vec<String> = moves(&p)
        .into_iter()
        .filter(|m| m.contains('>') || m.contains('<'))
        .collect();
    // 4 free own fields: per chevron 2 * C(4,2) + 2 * C(4,4) = 14; 4 chevrons.
    assert_eq!(reos.len(), 4 * 14);
    assert!(reos.contains(&"e1>(b1,c1)".to_string()));
    assert!(reos.contains(&"i9<<(b1,c1,d1,f1)".to_string()));
    assert_eq!(p.legal_move_count(), moves(&p).len() as u64);
    // Nine free own fields, two chevrons: 2 * (2 * C(9,2) + 2 * C(9,4)) = 648.
    let p = pos04(&build(
        &[('K', "a1 b1 c1 d1 f1 g1 h1 i1 a2 e1")],
        "Ke1N Ki9SW Re9S",
        'K',
        "KR",
    ));
    let reos = moves(&p)
        .into_iter()
        .filter(|m| m.contains('>') || m.contains('<'))
        .count();
    assert_eq!(reos, 2 * (2 * 36 + 2 * 126));
    assert_eq!(p.legal_move_count(), moves(&p).len() as u64);
}

#[test]
fn r14_reorientation_rules() {
    let p = reorientation_position();
    let q = legal(&p, "e1>(b1,c1)");
    assert_eq!(facing(&q, "e1"), Some(Direction::NE));
    assert_eq!(colour(&q, "b1"), None);
    assert_eq!(colour(&q, "d1"), K);
    let q = legal(&p, "a3<<(b1,c1,d1,f1)");
    assert_eq!(facing(&q, "a3"), Some(Direction::N));
    assert_eq!(q.field_count(Colour::Black), 1);
    illegal(&p, "e1>(b1,c1,d1,f1)", Rule::R14, &["2"]);
    illegal(&p, "e1>>(b1,c1)", Rule::R14, &["4"]);
    illegal(&p, "e1>(b1,b2)", Rule::R14, &["b2"]);
    illegal(&p, "e1>(b1,e1)", Rule::R14, &["e1"]);
    illegal(&p, "e9>(b1,c1)", Rule::R14, &["e9"]);
    illegal(&p, "e5>(b1,c1)", Rule::R14, &["e5"]);
    illegal(&p, "e1>(b1)", Rule::R14, &[]);
}

#[test]
fn r14_too_few_fields_means_no_reorientation() {
    let p = pos04(&build(&[('K', "b1")], "Ke1N Re9S", 'K', "KR"));
    assert!(
        moves(&p)
            .iter()
            .all(|m| !m.contains('>') && !m.contains('<'))
    );
    // Three fields: only 45-degree turns.
    let p = pos04(&build(&[('K', "b1 c1 d1")], "Ke1N Re9S", 'K', "KR"));
    let reos = moves(&p)
        .into_iter()
        .filter(|m| m.contains('>') || m.contains('<'))
        .count();
    assert_eq!(reos, 2 * 3);
    illegal(&p, "e1>>(b1,c1,d1,f1)", Rule::R14, &["f1"]);
}

#[test]
fn r14_a_stuck_chevron_may_turn_if_another_can_move() {
    // FAQ R14: e1 faces S (stuck), a3 can move: e1 may reorient.
    let p = pos04(&build(&[('K', "b1 c1")], "Ke1S Ka3E Re9S", 'K', "KR"));
    let q = legal(&p, "e1<(b1,c1)");
    assert_eq!(facing(&q, "e1"), Some(Direction::SE));
}

// ------------------------------------------------------------------ R15, R16, resignation

#[test]
fn r15_blocked_players_are_removed_in_cascade() {
    // Order K Y R. After b9-a9 Yellow (a8 NW) is blocked, then Red (i1 S) is blocked.
    let ppn = build(
        &[('K', "c7 c8 d5"), ('Y', "e5 f5"), ('R', "h1")],
        "Kb9W Kc8N Kd5E Ya8NW Ri1S",
        'K',
        "KYR",
    );
    let p = pos04(&ppn);
    let q = legal(&p, "b9-a9");
    assert!(!q.is_in_game(Colour::Yellow));
    assert!(!q.is_in_game(Colour::Red));
    assert_eq!(
        q.status(),
        Status::Won {
            winner: Colour::Black,
            reason: WinReason::LastStanding
        }
    );
    assert_eq!(q.to_move(), Colour::Black);
    // Their fields stay on the board.
    assert_eq!(q.field_count(Colour::Yellow), 2);
    // Another move: Yellow can still move, Red is removed at the start of its turn later.
    let q = legal(&p, "c8-c9");
    assert_eq!(q.to_move(), Colour::Yellow);
    let q = legal(&q, "a8-a9");
    assert!(!q.is_in_game(Colour::Red));
    assert_eq!(q.to_move(), Colour::Black);
    assert_eq!(q.status(), Status::Ongoing);
    // Played in place, each move reports how many players it removed as blocked.
    let blocked = |p: &Position, text: &str| {
        let mut q = p.clone();
        q.try_play(&mv(text)).unwrap().blocked
    };
    assert_eq!(blocked(&p, "b9-a9"), 2);
    assert_eq!(blocked(&p, "c8-c9"), 0);
    assert_eq!(blocked(&legal(&p, "c8-c9"), "a8-a9"), 1);
}

#[test]
fn r15_a_loaded_position_is_settled() {
    // Black to move but blocked (a1 facing SW): Black is removed, Red wins.
    let p = pos04(&build(&[], "Ka1SW Re9S", 'K', "KR"));
    assert!(!p.is_in_game(Colour::Black));
    assert_eq!(p.winner(), Some(Colour::Red));
    assert_eq!(p.to_move(), Colour::Red);
    // 3 players: Black blocked, Red to move next.
    let p = pos04(&build(&[], "Ka1SW Re9S Ya5E", 'K', "KRY"));
    assert!(!p.is_in_game(Colour::Black));
    assert_eq!(p.to_move(), Colour::Red);
    assert_eq!(p.status(), Status::Ongoing);
    // Player to move without chevrons: the turn passes on to the next with chevrons.
    let p = pos04(&build(&[], "Ke1N Ya5E", 'R', "KRY"));
    assert_eq!(p.to_move(), Colour::Yellow);
    // ...and if that one is blocked, it is removed too.
    let p = pos04(&build(&[], "Ke1N Ya5W Ga9E", 'R', "KRYG"));
    assert_eq!(p.to_move(), Colour::Green);
    assert!(!p.is_in_game(Colour::Yellow));
    assert_eq!(p.status(), Status::Ongoing);
}

#[test]
fn r15_blocked_means_no_movement_not_no_reorientation() {
    // Black's only chevron cannot move; 2 own fields would allow a reorientation,
    // but a blocked player is out at the start of the turn.
    let p = pos04(&build(&[('K', "b1 c1")], "Ka1SW Re9S Ya5E", 'K', "KRY"));
    assert!(!p.is_in_game(Colour::Black));
    assert_eq!(p.field_count(Colour::Black), 2);
}

#[test]
fn resignation() {
    let p = Position::standard(3).unwrap();
    let q = legal(&p, "resign");
    assert!(!q.is_in_game(Colour::Black));
    assert_eq!(q.to_move(), Colour::Red);
    assert_eq!(q.status(), Status::Ongoing);
    let q = legal(&q, "resign");
    assert_eq!(
        q.status(),
        Status::Won {
            winner: Colour::Yellow,
            reason: WinReason::LastStanding
        }
    );
    assert_eq!(q.to_move(), Colour::Yellow);
    // Fields of a resigned player stay.
    let p = pos04(&build(&[('K', "b1 c1")], "Ke1N Re9S", 'K', "KR"));
    let q = legal(&p, "resign");
    assert_eq!(q.field_count(Colour::Black), 2);
    assert_eq!(q.winner(), Some(Colour::Red));
    // Resignation is not listed nor counted.
    assert!(!moves(&p).contains(&"resign".to_string()));
    assert_eq!(p.legal_move_count(), moves(&p).len() as u64);
}

#[test]
fn r16_win_by_target() {
    // 4 players, Black 21 fields: a4-a8(*) gives a5 a6 a7 -> 24 = target.
    let p = pos04(&build(
        &[
            (
                'K',
                "a1 b1 c1 d1 e1 f1 g1 h1 i1 a2 b2 c2 d2 e2 f2 a4 b4 c4 b5 c5 a8",
            ),
            ('R', "i9 h9"),
            ('Y', "i5"),
            ('G', "e5"),
        ],
        "Ka4N Re9S Yi5W Ge5S",
        'K',
        "KRYG",
    ));
    assert_eq!(p.field_count(Colour::Black), 21);
    let q = legal(&p, "a4-a8(*)");
    assert_eq!(q.field_count(Colour::Black), 24);
    assert_eq!(
        q.status(),
        Status::Won {
            winner: Colour::Black,
            reason: WinReason::Target
        }
    );
    assert_eq!(q.to_move(), Colour::Red);
    assert!(q.legal_moves().next().is_none());
    assert_eq!(q.legal_move_count(), 0);
    assert_eq!(q.perft(1), 0);
    // The crossing choice instead gives only one field: the game goes on.
    let q2 = legal(&p, "a4-a8(b8)");
    assert_eq!(q2.status(), Status::Ongoing);
    // A finished game rejects every move (R16), resignation included.
    illegal(&q, "e9-e8", Rule::R16, &["Black"]);
    let err = q.play(&Move::Resign).unwrap_err();
    assert_eq!(err.rule, Rule::R16);
    assert_eq!(
        naive::naive_apply(&ppn_of(&q), naive::Rules::Y2004, "resign"),
        None
    );
}

#[test]
fn r16_loaded_finished_position_is_not_settled() {
    // Black already has 42 fields in a 2-player game: finished, nothing removed.
    let mut k = String::new();
    for r in 1..=5 {
        for c in 'a'..='i' {
            if k.split_whitespace().count() < 42 {
                k.push_str(&format!("{c}{r} "));
            }
        }
    }
    let p = pos04(&build(&[('K', k.trim())], "Ke1N Ri9S", 'R', "KR"));
    assert_eq!(p.winner(), Some(Colour::Black));
    assert_eq!(p.to_move(), Colour::Red);
    assert!(p.is_in_game(Colour::Red));
    illegal(&p, "i9-h8", Rule::R16, &[]);
}

#[test]
fn moves_round_trip_through_notation() {
    // Every listed move's Display is canonical and parses back to the same move.
    for p in [
        Position::standard(2).unwrap(),
        pincer_position(RulesEdition::Pacru2004, "Kf6SW"),
        reorientation_position(),
    ] {
        for m in p.legal_moves() {
            let text = m.to_string();
            assert_eq!(mv(&text), m, "{text}");
        }
    }
}

#[test]
fn effects_name_who_left_and_why() {
    use pacru_core::OutReason;
    // Pincer of Green's last chevron (4 players).
    let p = pos04(&build(
        &[
            ('K', "a4 b4 d1 e1 e2"),
            ('R', "g7 h7"),
            ('Y', "a9 b9"),
            ('G', "e6 f6 d5"),
        ],
        "Kc5E Ke3N Ke1N Ra7E Ri7W Rg8S Ya5E Yc9S Ge5S",
        'K',
        "KRYG",
    ));
    let e = p.explain(&mv("e3xe5(d4)")).unwrap();
    let q = p.play(&mv("e3xe5(d4)")).unwrap();
    assert_eq!(e.out, vec![(Colour::Green, OutReason::LastChevronTaken)]);
    assert_eq!(e.captured, Some((Colour::Green, f("e5"))));
    assert_eq!(e.crossing_field, Some((f("d4"), false)));
    assert_eq!(colour(&q, "e5"), K);
    // Blocked cascade (order K Y R).
    let p = pos04(&build(
        &[('K', "c7 c8 d5"), ('Y', "e5 f5"), ('R', "h1")],
        "Kb9W Kc8N Kd5E Ya8NW Ri1S",
        'K',
        "KYR",
    ));
    let e = p.explain(&mv("b9-a9")).unwrap();
    assert_eq!(
        e.out,
        vec![
            (Colour::Yellow, OutReason::Blocked),
            (Colour::Red, OutReason::Blocked)
        ]
    );
    assert_eq!(
        e.status,
        Status::Won {
            winner: Colour::Black,
            reason: WinReason::LastStanding
        }
    );
    // Resignation.
    let p = Position::standard(2).unwrap();
    let e = p.explain(&Move::Resign).unwrap();
    assert_eq!(e.out, vec![(Colour::Black, OutReason::Resigned)]);
}

#[test]
fn illegal_crossing_lists_the_allowed_fields() {
    let p = Position::standard(2).unwrap();
    let err = p.play(&mv("a3-b4")).unwrap_err();
    let allowed: Vec<String> = err
        .allowed
        .expect("allowed fields")
        .iter()
        .map(|f| f.to_string())
        .collect();
    assert_eq!(
        allowed,
        ["a4", "b4", "c4", "a5", "b5", "c5", "a6", "b6", "c6"]
    );
}

#[test]
fn r15_blocked_is_decided_at_the_start_of_the_turn() {
    // FAQ R15: Black's move leaves its only chevron stuck (e9 facing N); Black is not
    // out until its next turn starts.
    let p = pos04(&build(&[], "Ke8N Ra1NE", 'K', "KR"));
    let q = legal(&p, "e8-e9");
    assert!(q.is_in_game(Colour::Black));
    assert_eq!(q.to_move(), Colour::Red);
    assert_eq!(q.status(), Status::Ongoing);
    let r = legal(&q, "a1-b2");
    assert!(!r.is_in_game(Colour::Black));
    assert_eq!(r.winner(), Some(Colour::Red));
    assert_eq!(r.to_move(), Colour::Red);
}

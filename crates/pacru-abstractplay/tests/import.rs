//! Import of AbstractPlay game records (`pacru_abstractplay::import`).
//!
//! The records here follow AbstractPlay's format as its code makes it:
//! - the record: `src/schemas/gamerecord.json` of `AbstractPlay/recranks` (header
//!   with `game.name`/`variants`, `site`, `date-*`, `players` with `name`,
//!   `userid`, `score`, `result`; `moves` as rounds of per-player entries), filled
//!   by `genRecord` in `src/games/_base.ts` of `AbstractPlay/gameslib` (older
//!   versions: entries are strings; newer: `{"move", "result"}` objects, `null`
//!   for a seat with no entry, and a `turn-model` header);
//! - the moves: `src/games/pacru.ts` of `AbstractPlay/gameslib` (lower case,
//!   `e1-e2`, `c3xc5`, items in parentheses in click order, `e3>>(a1,b2,c1,d1)`,
//!   `pass` for a player who is out or blocked, `resign`/`timeout`/`draw` as the
//!   last entry; starting seats `S N` for 2 players (older versions `E W`),
//!   `E W N` for 3, `E W N S` for 4; the 2011 meeting rule).

use pacru_abstractplay::{ImportError, import};
use pacru_core::{Colour, Field, Item, Move, Position, RulesEdition, Seat, SplitMix64};
use pacru_notation::pgr::{Reader, write_game};
use pacru_notation::test_support::random_moves;
use pacru_referee::{VerdictStatus, check_game};
use proptest::prelude::*;

/// A 2-player game in the older record format (entries are strings), current
/// seats (`S N`), ended by a resignation.
const TWO_PLAYERS_RESIGN: &str = r#"{
  "header": {
    "game": {"name": "Pacru"},
    "event": "Friendly cup",
    "round": "2",
    "site": {"name": "Abstract Play", "gameid": "0c1f2a6e-5a1b-4d5e-9a43-3c6d2f9b7e10"},
    "date-start": "2024-03-05T09:12:44.120Z",
    "date-end": "2024-03-09T21:40:02.511Z",
    "date-generated": "2024-03-09T21:40:03.001Z",
    "players": [
      {"name": "Alice", "userid": "a1b2", "score": 1, "result": 0},
      {"name": "Bob \"the Builder\"", "userid": "c3d4", "score": 1, "result": 1}
    ]
  },
  "moves": [["e1-e2", "e9-e8"], ["a3-b4(b4)", "a7-b6(b6)"], ["resign"]]
}"#;

const TWO_PLAYERS_RESIGN_PGR: &str = r#"[Event "Friendly cup"]
[Site "Abstract Play"]
[Date "2024.03.05"]
[Round "2"]
[Black "Alice"]
[Red "Bob \"the Builder\""]
[Players "KR"]
[Rules "2011"]
[Result "Red"]
[Termination "resignation"]
[SiteGameId "0c1f2a6e-5a1b-4d5e-9a43-3c6d2f9b7e10"]

1. e1-e2 e9-e8 2. a3-b4(b4) a7-b6(b6) 3. resign Red
"#;

fn check_ok(json: &str) -> pacru_notation::pgr::Game {
    let game = import(json).unwrap_or_else(|e| panic!("{e}"));
    let verdict = check_game(&game);
    assert_eq!(
        verdict.status,
        VerdictStatus::Ok,
        "{:?}\n{}",
        verdict.error,
        write_game(&game)
    );
    // The written record reads back to the same game.
    let text = write_game(&game);
    let back = Reader::new(text.as_bytes()).next().unwrap().unwrap();
    assert_eq!(back, game);
    game
}

#[test]
fn two_players_resignation() {
    let game = check_ok(TWO_PLAYERS_RESIGN);
    assert_eq!(write_game(&game), TWO_PLAYERS_RESIGN_PGR);
}

/// 3 players (seats `E W N`) in the newer record format (objects with results,
/// a `turn-model`), ended by a timeout: AbstractPlay makes the other two joint
/// winners, which a PGR result cannot say.
const THREE_PLAYERS_TIMEOUT: &str = r#"{
  "header": {
    "game": {"name": "Pacru", "variants": []},
    "site": {"name": "Abstract Play", "gameid": 1234},
    "date-start": "2025-02-10T08:00:00.000Z",
    "date-end": "2025-02-20T08:00:00.000Z",
    "date-generated": "2025-02-20T08:00:01.000Z",
    "players": [
      {"name": "east", "userid": "u1", "score": 0, "result": 0},
      {"name": "west", "userid": "u2", "score": 0, "result": 1},
      {"name": "north", "userid": "u3", "score": 0, "result": 1}
    ],
    "turn-model": "sequential"
  },
  "moves": [
    [{"move": "g1-g2", "result": [{"type": "move", "from": "g1", "to": "g2"}]},
     {"move": "c1-c2", "result": [{"type": "move", "from": "c1", "to": "c2"}]},
     {"move": "e9-e8", "result": [{"type": "move", "from": "e9", "to": "e8"}]}],
    ["I5-H5", "a5-b5", "a7 - b7"],
    [{"move": "timeout", "result": [{"type": "timeout", "player": 1}]}]
  ]
}"#;

/// 4 players (seats `E W N S`), older format, ended by an agreed draw.
const FOUR_PLAYERS_DRAW: &str = r#"{
  "header": {
    "game": {"name": "Pacru"},
    "site": {"name": "Abstract Play", "gameid": "g-4"},
    "date-start": "2023-07-01T12:00:00Z",
    "date-end": "2023-07-30T12:00:00Z",
    "date-generated": "2023-07-30T12:00:00Z",
    "players": [
      {"name": "p1", "userid": "1", "score": 0, "result": 1},
      {"name": "p2", "userid": "2", "score": 0, "result": 1},
      {"name": "p3", "userid": "3", "score": 0, "result": 1},
      {"name": "p4", "userid": "4", "score": 0, "result": 1}
    ]
  },
  "moves": [["g1-g2", "c1-c2", "e9-e8", "e1-e2"], ["i5-h5", "a5-b5", "a7-b7", "a3-b3"], ["draw"]]
}"#;

/// 2 players seated `E W` (AbstractPlay's older start), ended by a timeout.
const TWO_PLAYERS_OLD_SEATS: &str = r#"{
  "header": {
    "game": {"name": "Pacru"},
    "site": {"name": "Abstract Play"},
    "date-start": "2023-06-20T12:00:00Z",
    "date-end": "2023-06-21T12:00:00Z",
    "date-generated": "2023-06-21T12:00:00Z",
    "players": [
      {"name": "one", "userid": "1", "score": 0, "result": 0},
      {"name": "two", "userid": "2", "score": 0, "result": 1}
    ]
  },
  "moves": [["g1-g2", "c1-c2"], ["a9-b8", "i1-h2"], ["timeout"]]
}"#;

#[test]
fn three_players_timeout_with_joint_winners() {
    let game = check_ok(THREE_PLAYERS_TIMEOUT);
    assert_eq!(
        write_game(&game),
        r#"[Event "?"]
[Site "Abstract Play"]
[Date "2025.02.10"]
[Round "?"]
[Black "east"]
[Red "west"]
[Yellow "north"]
[Players "KRY"]
[Seats "EWN"]
[Rules "2011"]
[Result "*"]
[Termination "time"]
[SiteGameId "1234"]

1. g1-g2 c1-c2 e9-e8 2. i5-h5 a5-b5 a7-b7
{AbstractPlay: timeout (Black); joint winners Red, Yellow} *
"#
    );
}

#[test]
fn four_players_draw() {
    let game = check_ok(FOUR_PLAYERS_DRAW);
    assert_eq!(game.tags.get("Seats"), Some("EWNS"));
    assert_eq!(game.tags.get("Green"), Some("p4"));
    assert_eq!(game.result, "draw");
    assert_eq!(game.tags.get("Termination"), Some("agreement"));
    assert_eq!(game.plies().count(), 8);
}

#[test]
fn two_players_older_seats_and_timeout() {
    let game = check_ok(TWO_PLAYERS_OLD_SEATS);
    assert_eq!(game.tags.get("Seats"), Some("EW"));
    assert_eq!(game.result, "Red");
    assert_eq!(game.tags.get("Termination"), Some("time"));
    assert!(write_game(&game).ends_with("1. g1-g2 c1-c2 2. a9-b8 i1-h2 Red\n"));
}

/// Replaces `$.moves` of `record` (a JSON record) by `moves`.
fn with_moves(record: &str, moves: serde_json::Value) -> String {
    let mut value: serde_json::Value = serde_json::from_str(record).unwrap();
    value["moves"] = moves;
    value.to_string()
}

#[test]
fn a_move_illegal_here_is_imported_for_the_referee_to_report() {
    let json = with_moves(TWO_PLAYERS_RESIGN, serde_json::json!([["e1-e2", "e9-e5"]]));
    let game = import(&json).unwrap();
    let verdict = check_game(&game);
    assert_eq!(verdict.status, VerdictStatus::Illegal);
    assert_eq!(verdict.error.unwrap().ply, Some(2));
    // A pass where the player could move is kept, and is illegal (R2).
    let json = with_moves(TWO_PLAYERS_RESIGN, serde_json::json!([["e1-e2", "pass"]]));
    let game = import(&json).unwrap();
    let text = write_game(&game);
    assert!(
        text.contains("1. e1-e2 pass") && text.contains("{AbstractPlay: Red passes"),
        "{text}"
    );
    let verdict = check_game(&game);
    assert_eq!(verdict.status, VerdictStatus::Illegal);
    assert_eq!(verdict.error.unwrap().rule, Some(pacru_core::Rule::R2));
}

#[test]
fn a_resignation_out_of_turn_is_a_result_not_a_move() {
    // Black resigns while Red is to move (AbstractPlay lets anyone resign at any
    // time; the entry stands in the column of the player to move).
    let mut value: serde_json::Value = serde_json::from_str(TWO_PLAYERS_RESIGN).unwrap();
    value["moves"] = serde_json::json!([
        ["e1-e2", {"move": "resign", "result": [{"type": "resigned", "player": 1}]}]
    ]);
    value["header"]["players"][0]["result"] = 0.into();
    value["header"]["players"][1]["result"] = 1.into();
    let game = check_ok(&value.to_string());
    assert_eq!(game.plies().count(), 1);
    assert_eq!(game.result, "Red");
    assert_eq!(game.tags.get("Termination"), Some("resignation"));
}

#[test]
fn items_in_click_order_and_empty_connection_stars_are_translated() {
    // Random games written as AbstractPlay writes them: two items in either
    // order, `(*)` on connections that change nothing.
    let (mut swapped, mut stars) = (0, 0);
    for seed in 0..2000u64 {
        if seed >= 60 && swapped > 0 && stars > 0 {
            break;
        }
        let (record, moves) = ap_record(seed, true);
        let game = check_ok(&record);
        let plies: Vec<Move> = game.plies().cloned().collect();
        assert_eq!(plies, moves, "seed {seed}\n{record}");
        swapped += moves
            .iter()
            .filter(|m| matches!(m, Move::Movement(mv) if mv.items.len() == 2))
            .count();
        // `(*)` in the record beyond the moves that change fields by connection.
        stars += record.matches("(*)").count()
            - moves
                .iter()
                .filter(|m| m.to_string().ends_with("(*)"))
                .count();
    }
    assert!(swapped > 0, "no movement with two items came up");
    assert!(stars > 0, "no connection that changes nothing came up");
}

/// Whether `from`-`to` is a connection (own fields at both ends, at least one
/// field between) with no chevron between, as AbstractPlay tells.
fn is_plain_connection(pos: &Position, from: Field, to: Field) -> bool {
    let mover = Some(pos.to_move());
    if pos.colour_at(from) != mover || pos.colour_at(to) != mover {
        return false;
    }
    let step = |a: u8, b: u8| (i16::from(b) - i16::from(a)).signum();
    let (df, dr) = (step(from.file(), to.file()), step(from.rank(), to.rank()));
    let (mut file, mut rank) = (i16::from(from.file()) + df, i16::from(from.rank()) + dr);
    let mut between = 0;
    while (file, rank) != (i16::from(to.file()), i16::from(to.rank())) {
        let Some(field) = Field::new(file as u8, rank as u8) else {
            return false;
        };
        if pos.chevron_at(field).is_some() {
            return false;
        }
        between += 1;
        file += df;
        rank += dr;
    }
    between > 0
}

/// AbstractPlay's text of a move (played in `pos`): items possibly in the other
/// order or with a `*` that changes nothing, reorientation fields in descending
/// order.
fn ap_move_text(mv: &Move, pos: &Position, rng: &mut SplitMix64, swap: bool) -> String {
    match mv {
        Move::Movement(m) => {
            let mut items: Vec<String> = m.items.iter().map(|i: Item| i.to_string()).collect();
            if swap && items.len() == 2 && rng.below(2) == 0 {
                items.swap(0, 1);
            }
            // AbstractPlay adds `*` to every connection without a chevron between
            // (its click handler even when no field would change).
            if swap && items.is_empty() && is_plain_connection(pos, m.from, m.to) {
                items.push("*".to_string());
            }
            let mut text = format!("{}{}{}", m.from, if m.pincer { 'x' } else { '-' }, m.to);
            if !items.is_empty() {
                text.push_str(&format!("({})", items.join(",")));
            }
            text
        }
        Move::Reorientation(r) => {
            let mut fields: Vec<String> = r.returned.iter().map(|f| f.to_string()).collect();
            fields.reverse();
            format!("{}{}({})", r.field, r.rotation.symbol(), fields.join(","))
        }
        Move::Resign => "resign".to_string(),
    }
}

/// A random game as AbstractPlay would record it, and the moves it holds: the
/// strict turn cycle with `pass` for players who are out, a `resign` or `timeout`
/// as the last entry, results as `genRecord` gives them; entries as strings or
/// objects at random.
fn ap_record(seed: u64, swap: bool) -> (String, Vec<Move>) {
    let mut rng = SplitMix64::new(seed);
    let players = 2 + rng.below(3) as usize;
    let seats = match players {
        2 if rng.below(2) == 0 => vec![Seat::S, Seat::N],
        2 => vec![Seat::E, Seat::W],
        3 => vec![Seat::E, Seat::W, Seat::N],
        _ => vec![Seat::E, Seat::W, Seat::N, Seat::S],
    };
    let colours = &[Colour::Black, Colour::Red, Colour::Yellow, Colour::Green][..players];
    let start = Position::standard_with(colours, &seats)
        .unwrap()
        .with_rules(RulesEdition::Pacru2011);
    let limit = 20 + rng.below(300) as usize;
    let mut moves = random_moves(&start, &mut rng, limit);
    if let Some(i) = moves.iter().position(|m| *m == Move::Resign) {
        moves.truncate(i + 1);
    }
    let objects = rng.below(2) == 0;
    let mut pos = start;
    let mut slots: Vec<serde_json::Value> = Vec::new();
    let mut next = 0;
    let mut seat = 0;
    let mut loser = None;
    while !pos.is_finished() {
        let (text, result) = if pos.to_move() != colours[seat] {
            ("pass".to_string(), serde_json::json!([{"type": "pass"}]))
        } else if next == moves.len() {
            loser = Some(seat);
            (
                "timeout".to_string(),
                serde_json::json!([{"type": "timeout", "player": seat + 1}]),
            )
        } else {
            let mv = moves[next].clone();
            next += 1;
            let text = ap_move_text(&mv, &pos, &mut rng, swap);
            pos.play_unchecked(&mv);
            if mv == Move::Resign {
                loser = Some(seat);
            }
            (
                text,
                serde_json::json!([{"type": "resigned", "player": seat + 1}]),
            )
        };
        let ends = loser.is_some();
        slots.push(if objects && (ends || rng.below(2) == 0) {
            serde_json::json!({"move": text, "result": result})
        } else {
            text.into()
        });
        if ends {
            break;
        }
        seat = (seat + 1) % players;
    }
    let results: Vec<u32> = (0..players)
        .map(|s| match loser {
            Some(l) => u32::from(s != l),
            None => u32::from(pos.winner() == Some(colours[s])),
        })
        .collect();
    let rounds: Vec<serde_json::Value> = slots
        .chunks(players)
        .map(|c| serde_json::Value::Array(c.to_vec()))
        .collect();
    let record = serde_json::json!({
        "header": {
            "game": {"name": "Pacru", "variants": []},
            "site": {"name": "Abstract Play", "gameid": format!("seed-{seed}")},
            "date-start": "2024-01-01T00:00:00.000Z",
            "date-end": "2024-01-02T00:00:00.000Z",
            "date-generated": "2024-01-02T00:00:00.000Z",
            "players": (0..players).map(|s| serde_json::json!({
                "name": format!("player {}", s + 1),
                "userid": format!("u{s}"),
                "score": pos.field_count(colours[s]),
                "result": results[s],
            })).collect::<Vec<_>>(),
        },
        "moves": rounds,
    });
    (record.to_string(), moves[..next].to_vec())
}

#[test]
fn random_games_recorded_by_abstractplay_import_as_played() {
    let mut eliminations = 0;
    for seed in 1000..1040u64 {
        let (record, moves) = ap_record(seed, false);
        let game = check_ok(&record);
        let plies: Vec<Move> = game.plies().cloned().collect();
        assert_eq!(plies, moves, "seed {seed}\n{record}");
        eliminations += usize::from(record.contains("pass"));
    }
    assert!(eliminations > 0, "no game had a player out");
}

fn error_of(json: &str) -> ImportError {
    match import(json) {
        Ok(game) => panic!("imported:\n{}", write_game(&game)),
        Err(e) => e,
    }
}

#[test]
fn malformed_records_say_what_and_where() {
    let base: serde_json::Value = serde_json::from_str(TWO_PLAYERS_RESIGN).unwrap();
    let edit = |f: &dyn Fn(&mut serde_json::Value)| {
        let mut v = base.clone();
        f(&mut v);
        v.to_string()
    };
    let cases: Vec<(String, &str, &str)> = vec![
        ("{\"header\": ".to_string(), "$", "not JSON"),
        ("[]".to_string(), "$", "expected an object, found an array"),
        ("{}".to_string(), "$.header", "missing"),
        (
            edit(&|v| v["header"]["game"]["name"] = "Hex".into()),
            "$.header.game.name",
            "not Pacru",
        ),
        (
            edit(&|v| v["header"]["game"]["variants"] = serde_json::json!(["quick"])),
            "$.header.game.variants[0]",
            "unknown variant \"quick\"",
        ),
        (
            edit(&|v| v["header"]["players"] = serde_json::json!([{"name": "solo"}])),
            "$.header.players",
            "1 players",
        ),
        (
            edit(&|v| v["header"]["players"][1]["result"] = "won".into()),
            "$.header.players[1].result",
            "expected a number, found a string",
        ),
        (
            edit(&|v| v["header"]["date-start"] = "last Tuesday".into()),
            "$.header.date-start",
            "not a date-time",
        ),
        (
            edit(&|v| v["moves"] = serde_json::json!({"1": "e1-e2"})),
            "$.moves",
            "expected an array, found an object",
        ),
        (
            edit(&|v| v["moves"] = serde_json::json!([["e1-e2", 7]])),
            "$.moves[0][1]",
            "found a number",
        ),
        (
            edit(&|v| v["moves"] = serde_json::json!([["e1-e2", "e9-e8", "e2-e3"]])),
            "$.moves[0]",
            "3 entries in a round of a 2-player game",
        ),
        (
            edit(&|v| v["moves"] = serde_json::json!([["e1-e2"], ["e9-e8(e7"]])),
            "$.moves[1][0]",
            "(round 2, move 1): \"e9-e8(e7\"",
        ),
        (
            edit(&|v| v["moves"] = serde_json::json!([["e1>"]])),
            "$.moves[0][0]",
            "without the fields it returns",
        ),
        (
            edit(&|v| v["moves"] = serde_json::json!([[{"result": []}]])),
            "$.moves[0][0].move",
            "missing",
        ),
        (
            edit(&|v| v["moves"] = serde_json::json!([["resign", "e9-e8"]])),
            "$.moves[0][1]",
            "after the game ended with \"resign\"",
        ),
    ];
    for (json, path, message) in cases {
        let e = error_of(&json);
        assert_eq!(e.path(), path, "{e}");
        let text = e.to_string();
        assert!(text.contains(message), "{text:?} lacks {message:?}");
    }
}

/// Imports and, when that works, referees and writes: nothing may panic.
fn exercise(bytes: &[u8]) {
    let text = String::from_utf8_lossy(bytes);
    if let Ok(game) = import(&text) {
        let _ = check_game(&game);
        let _ = write_game(&game);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        exercise(&bytes);
    }

    #[test]
    fn mutated_records_never_panic(
        seed in 0u64..50,
        edits in proptest::collection::vec((any::<u16>(), any::<u8>(), 0u8..3), 1..8),
    ) {
        let (record, _) = ap_record(seed, true);
        let mut bytes = record.into_bytes();
        for (at, byte, op) in edits {
            let at = at as usize % (bytes.len() + 1);
            match op {
                0 if at < bytes.len() => bytes[at] = byte,
                1 if at < bytes.len() => { bytes.remove(at); }
                _ => bytes.insert(at, byte),
            }
        }
        exercise(&bytes);
    }

    #[test]
    fn any_move_text_never_panics(
        texts in proptest::collection::vec("[a-jA-J0-9xX<>(),* -]{0,14}", 1..6),
    ) {
        let moves = serde_json::Value::Array(
            texts.chunks(2).map(|c| serde_json::json!(c)).collect(),
        );
        exercise(with_moves(TWO_PLAYERS_RESIGN, moves).as_bytes());
    }
}

/// A game that ends when the last move leaves the other player blocked, as
/// AbstractPlay records it: the removed player's turn is a `pass` after the
/// last move. The import drops it and the referee finds the same end.
#[test]
fn a_pass_after_the_blocked_removal_that_ends_the_game() {
    use pacru_notation::selfplay::{SelfplaySettings, play_random_game};
    let settings = SelfplaySettings::new(2, 5).rules(RulesEdition::Pacru2011);
    let (game, last) = (1..=400)
        .find_map(|n| {
            let game = play_random_game(&settings, n).unwrap();
            let mut pos = Position::standard(2)
                .unwrap()
                .with_rules(RulesEdition::Pacru2011);
            let mut blocked = 0;
            for mv in game.plies() {
                blocked = pos.try_play(mv).unwrap().blocked;
            }
            (pos.is_finished() && blocked == 1).then_some((game, pos))
        })
        .expect("a random game that ends by a blocked removal");
    let winner = last.winner().unwrap();
    let mut entries: Vec<String> = game.plies().map(|m| m.to_string()).collect();
    entries.push("pass".to_string());
    let rounds: Vec<serde_json::Value> = entries.chunks(2).map(|c| serde_json::json!(c)).collect();
    let players: Vec<serde_json::Value> = [Colour::Black, Colour::Red]
        .iter()
        .map(|&c| {
            serde_json::json!({
                "name": c.word(), "userid": c.word(),
                "score": last.field_count(c), "result": u32::from(c == winner),
            })
        })
        .collect();
    let record = serde_json::json!({
        "header": {
            "game": {"name": "Pacru", "variants": []},
            "site": {"name": "Abstract Play", "gameid": "blocked-end"},
            "date-start": "2024-01-01T00:00:00.000Z",
            "date-end": "2024-01-02T00:00:00.000Z",
            "date-generated": "2024-01-02T00:00:00.000Z",
            "players": players,
        },
        "moves": rounds,
    });
    let imported = check_ok(&record.to_string());
    assert_eq!(imported.plies().count(), game.plies().count());
    assert_eq!(result_winner_of(&imported), Some(winner));
}

fn result_winner_of(game: &pacru_notation::pgr::Game) -> Option<Colour> {
    match game.result {
        pacru_notation::pgr::GameResult::Winner(colour) => Some(colour),
        _ => None,
    }
}

/// Every record the importer writes must read back: a tag value of more than
/// 1 MiB, or a game of more than 16 MiB, is refused with the place in the JSON.
#[test]
fn a_record_too_long_for_pgr_is_refused_where_it_grows() {
    let mut record: serde_json::Value = serde_json::from_str(TWO_PLAYERS_RESIGN).unwrap();
    record["header"]["players"][1]["name"] = "x".repeat((1 << 20) + 1).into();
    let error = import(&record.to_string()).unwrap_err();
    assert!(
        error
            .to_string()
            .starts_with("$.header.players[1].name: 1048577 bytes"),
        "{error}"
    );
    // At the limit, the record reads back.
    record["header"]["players"][1]["name"] = "x".repeat(1 << 20).into();
    let game = import(&record.to_string()).unwrap();
    let text = write_game(&game);
    assert_eq!(
        Reader::new(text.as_bytes()).read_game().unwrap().unwrap(),
        game
    );

    let mut record: serde_json::Value = serde_json::from_str(TWO_PLAYERS_RESIGN).unwrap();
    record["header"]["event"] = "e".repeat(2 << 20).into();
    let error = import(&record.to_string()).unwrap_err();
    assert!(error.to_string().starts_with("$.header.event: "), "{error}");

    // A million rounds of `e1-e2 e9-e8` make a record of about 20 MiB: more
    // than a game may hold.
    let rounds = serde_json::Value::Array(vec![serde_json::json!(["e1-e2", "e9-e8"]); 1_000_000]);
    let error = import(&with_moves(TWO_PLAYERS_RESIGN, rounds)).unwrap_err();
    assert!(
        error
            .to_string()
            .starts_with("$.moves: 2000000 entries make a record of "),
        "{error}"
    );
}

#[test]
fn a_start_date_that_is_not_in_the_calendar_is_an_error() {
    for bad in [
        "2024-13-05T09:12:44Z",
        "2024-02-30T09:12:44Z",
        "2023-02-29T00:00:00Z",
    ] {
        let mut record: serde_json::Value = serde_json::from_str(TWO_PLAYERS_RESIGN).unwrap();
        record["header"]["date-start"] = bad.into();
        let error = import(&record.to_string()).unwrap_err();
        assert!(
            error.to_string().starts_with("$.header.date-start: "),
            "{bad}: {error}"
        );
    }
}

#[test]
fn a_result_naming_no_player_of_the_game_is_an_error() {
    for (result, path) in [
        (
            serde_json::json!([{"type": "resigned", "player": 3}]),
            "$.moves[0][0].result[0].player: no player 3 in a game of 2 players",
        ),
        (
            serde_json::json!([{"type": "resigned", "player": 0}]),
            "$.moves[0][0].result[0].player: no player 0 in a game of 2 players",
        ),
        (
            serde_json::json!([{"type": "timeout", "player": -1}]),
            "$.moves[0][0].result[0].player: expected a whole number",
        ),
        (
            serde_json::json!([{"type": "resigned", "player": "1"}]),
            "$.moves[0][0].result[0].player: expected a whole number",
        ),
        (
            serde_json::json!("resigned"),
            "$.moves[0][0].result: expected an array",
        ),
        (
            serde_json::json!([1]),
            "$.moves[0][0].result[0]: expected an object",
        ),
    ] {
        let moves = serde_json::json!([[{"move": "resign", "result": result}]]);
        let error = import(&with_moves(TWO_PLAYERS_RESIGN, moves)).unwrap_err();
        assert!(error.to_string().starts_with(path), "{error}");
    }
    // Results of other kinds, and a result without a player, name nobody.
    let moves = serde_json::json!([[{"move": "resign", "result": [{"type": "eog"}, {"type": "resigned"}]}]]);
    let game = import(&with_moves(TWO_PLAYERS_RESIGN, moves)).unwrap();
    assert_eq!(game.tags.get("Termination"), Some("resignation"));
}

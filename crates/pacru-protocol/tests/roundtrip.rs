//! Every message that can be written survives writing and reading back, in both
//! framings, control characters included; a message is refused only when it cannot
//! be written exactly; every line that reads writes back to the same message; no
//! input makes a parser panic.

use pacru_core::{Colour, Move, RulesEdition, Seat};
use pacru_protocol::engines::{Rng, random_move};
use pacru_protocol::{
    Clocks, EngineId, EngineMessage, Frame, Framing, GameSetup, Go, Hello, Info, OptionKind,
    OptionSpec, Reply, Request, RequestBody, SetOption, Value,
};
use proptest::prelude::*;
use std::time::Duration;

fn id() -> impl Strategy<Value = String> {
    "[A-Za-z0-9_.:-]{1,64}".prop_filter("`-` is reserved", |s| s != "-")
}

/// Any character, often a control character, a quote, a backslash or a blank.
fn any_char() -> impl Strategy<Value = char> {
    prop_oneof![
        3 => any::<char>(),
        2 => prop::char::range('\0', '\u{a0}'),
        1 => prop::sample::select(vec!['"', '\\', ' ', '=', '{', '}', '\u{85}', '\u{2028}']),
    ]
}

/// Any text: control characters, quotes and line breaks included.
fn text() -> impl Strategy<Value = String> {
    prop::collection::vec(any_char(), 0..40).prop_map(|v| v.into_iter().collect())
}

/// A token (a list item or option name): no whitespace, control characters allowed.
fn token() -> impl Strategy<Value = String> {
    prop::collection::vec(any_char(), 1..12)
        .prop_map(|v| v.into_iter().collect::<String>())
        .prop_filter("no whitespace", |s| {
            !s.is_empty() && !s.chars().any(char::is_whitespace)
        })
}

fn colours() -> impl Strategy<Value = Vec<Colour>> {
    (2usize..=4).prop_flat_map(|n| {
        Just(Colour::ALL.to_vec())
            .prop_shuffle()
            .prop_map(move |v| v[..n].to_vec())
    })
}

fn setup() -> impl Strategy<Value = GameSetup> {
    (
        colours(),
        any::<bool>(),
        prop::option::of(text()),
        any::<bool>(),
    )
        .prop_flat_map(|(players, seated, position, y2011)| {
            let n = players.len();
            let seats = Just(Seat::ALL.to_vec())
                .prop_shuffle()
                .prop_map(move |v| v[..n].to_vec());
            (Just(players), seats).prop_map(move |(players, seats)| GameSetup {
                players,
                seats: seated.then_some(seats),
                position: position.clone(),
                rules: if y2011 {
                    RulesEdition::Pacru2011
                } else {
                    RulesEdition::Pacru2004
                },
            })
        })
}

/// Real moves of every kind, from random games.
fn history(players: usize, seed: u64, plies: usize) -> Vec<Move> {
    let mut pos = pacru_core::Position::standard(players).unwrap();
    let mut rng = Rng::new(seed);
    let mut moves = Vec::new();
    while moves.len() < plies {
        let Some(mv) = random_move(&pos, &mut rng) else {
            break;
        };
        pos = pos.play(&mv).unwrap();
        moves.push(mv);
    }
    moves
}

fn ms() -> impl Strategy<Value = Duration> {
    (0u64..10_000_000_000).prop_map(Duration::from_millis)
}

fn go() -> impl Strategy<Value = Go> {
    (
        setup(),
        any::<u64>(),
        0usize..60,
        any::<bool>(),
        ms(),
        prop::option::of(ms()),
    )
        .prop_flat_map(|(setup, seed, plies, timed, increment, move_time)| {
            let n = setup.players.len();
            let moves = history(n, seed, plies);
            prop::collection::vec(ms(), n).prop_map(move |remaining| Go {
                setup: setup.clone(),
                moves: moves.clone(),
                clocks: Clocks {
                    remaining: if timed { remaining } else { Vec::new() },
                    increment,
                    move_time,
                },
            })
        })
}

fn request() -> impl Strategy<Value = Request> {
    let body = prop_oneof![
        prop::collection::vec(any::<i64>(), 1..4)
            .prop_map(|protocols| RequestBody::Hello(Hello { protocols })),
        (token(), text())
            .prop_map(|(name, value)| RequestBody::SetOption(SetOption { name, value })),
        go().prop_map(RequestBody::Go),
        Just(RequestBody::Stop),
        Just(RequestBody::Ping),
        Just(RequestBody::Quit),
    ];
    (id(), body).prop_map(|(id, body)| Request { id, body })
}

fn option_spec() -> impl Strategy<Value = OptionSpec> {
    let kind = prop_oneof![
        any::<bool>().prop_map(|default| OptionKind::Check { default }),
        (any::<i64>(), any::<i64>(), any::<i64>()).prop_map(|(a, b, c)| {
            let mut v = [a, b, c];
            v.sort();
            OptionKind::Spin {
                min: v[0],
                default: v[1],
                max: v[2],
            }
        }),
        prop::collection::vec(token(), 1..5).prop_flat_map(|choices| {
            (0..choices.len()).prop_map(move |i| OptionKind::Combo {
                default: choices[i].clone(),
                choices: choices.clone(),
            })
        }),
        text().prop_map(|default| OptionKind::String { default }),
    ];
    (token(), kind).prop_map(|(name, kind)| OptionSpec { name, kind })
}

fn engine_message() -> impl Strategy<Value = EngineMessage> {
    prop_oneof![
        (id(), any::<u32>(), text(), text(), text()).prop_map(
            |(id, protocol, name, author, version)| {
                EngineMessage::Ok {
                    id,
                    reply: Reply::Hello(EngineId {
                        protocol,
                        name,
                        author,
                        version,
                    }),
                }
            }
        ),
        (id(), token()).prop_map(|(id, m)| EngineMessage::Ok {
            id,
            reply: Reply::Move(m)
        }),
        id().prop_map(|id| EngineMessage::Ok {
            id,
            reply: Reply::Done
        }),
        (prop_oneof![id(), Just("-".to_owned())], text())
            .prop_map(|(id, reason)| EngineMessage::Error { id, reason }),
        (
            id(),
            prop::option::of(any::<u32>()),
            prop::option::of(prop_oneof![0u64..=i64::MAX as u64, any::<u64>()]),
            prop::option::of(any::<i64>()),
            prop::collection::vec(prop_oneof![4 => token(), 1 => text()], 0..5),
            prop::option::of(text()),
        )
            .prop_map(|(id, depth, nodes, score, pv, text)| EngineMessage::Info {
                id,
                info: Info {
                    depth,
                    nodes,
                    score,
                    pv,
                    text
                },
            }),
        (id(), option_spec()).prop_map(|(id, spec)| EngineMessage::Option { id, spec }),
    ]
}

fn frame() -> impl Strategy<Value = Frame> {
    (
        "[a-z][a-z0-9_-]{0,8}",
        id(),
        prop::collection::btree_map("[a-z][a-z0-9_-]{0,8}", text(), 0..6),
    )
        .prop_map(|(tag, id, args)| Frame {
            tag,
            id,
            args: args.into_iter().map(|(k, v)| (k, Value::Str(v))).collect(),
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn requests_round_trip(request in request()) {
        for framing in [Framing::Text, Framing::Json] {
            let line = request.encode(framing).unwrap();
            prop_assert!(!line.contains(['\n', '\r']));
            prop_assert_eq!(&Request::decode(framing, &line).unwrap(), &request, "{}", line);
        }
        let json = serde_json::to_string(&request).unwrap();
        prop_assert_eq!(serde_json::from_str::<Request>(&json).unwrap(), request);
    }

    #[test]
    fn engine_messages_round_trip_or_are_refused_for_a_reason(message in engine_message()) {
        for framing in [Framing::Text, Framing::Json] {
            match message.encode(framing) {
                Ok(line) => {
                    prop_assert!(!unwritable(&message, framing), "wrote {:?} as {}", message, line);
                    prop_assert!(!line.contains(['\n', '\r']));
                    prop_assert_eq!(&EngineMessage::decode(framing, &line).unwrap(), &message, "{}", line);
                    // Values hold escapes, not raw control characters (the free-text
                    // reason of a failure reply is written as it is).
                    if framing == Framing::Text && !matches!(message, EngineMessage::Error { .. }) {
                        prop_assert!(!line.chars().any(|c| c.is_control() && c != '\t'), "{:?}", line);
                    }
                }
                Err(e) => prop_assert!(unwritable(&message, framing), "refused {:?}: {}", message, e),
            }
        }
        if let Ok(json) = serde_json::to_string(&message) {
            prop_assert_eq!(serde_json::from_str::<EngineMessage>(&json).unwrap(), message);
        }
    }

    #[test]
    fn text_frames_round_trip(frame in frame()) {
        let line = frame.to_text().unwrap();
        prop_assert_eq!(Frame::from_text(&line).unwrap(), frame);
    }

    #[test]
    fn lines_that_read_write_back_the_same(message in engine_message(), request in request(), cut in 0usize..400, junk in "[ =\"\\\\{}\\[\\],:a-z0-9u\\x00-\\x1f]{0,5}") {
        for framing in [Framing::Text, Framing::Json] {
            let lines = [message.encode(framing).ok(), request.encode(framing).ok()];
            for line in lines.into_iter().flatten() {
                let mut cut = cut.min(line.len());
                while !line.is_char_boundary(cut) {
                    cut -= 1;
                }
                let mangled = format!("{}{}{}", &line[..cut], junk, &line[cut..]);
                if let Ok(read) = Request::decode(framing, &mangled) {
                    let again = read.encode(framing).unwrap();
                    prop_assert_eq!(Request::decode(framing, &again).unwrap(), read);
                }
                if let Ok(read) = EngineMessage::decode(framing, &mangled) {
                    let again = read.encode(framing).unwrap();
                    prop_assert_eq!(EngineMessage::decode(framing, &again).unwrap(), read);
                }
            }
        }
    }

    #[test]
    fn parsers_never_panic(line in "\\PC{0,200}") {
        for framing in [Framing::Text, Framing::Json] {
            let _ = Request::decode(framing, &line);
            let _ = EngineMessage::decode(framing, &line);
        }
    }

    #[test]
    fn parsers_never_panic_on_near_misses(request in request(), cut in 0usize..400, junk in "[ =\"\\\\{}\\[\\],:a-z0-9]{0,5}") {
        for framing in [Framing::Text, Framing::Json] {
            let line = request.encode(framing).unwrap();
            let mut cut = cut.min(line.len());
            while !line.is_char_boundary(cut) {
                cut -= 1;
            }
            let mangled = format!("{}{}{}", &line[..cut], junk, &line[cut..]);
            let _ = Request::decode(framing, &mangled);
            let _ = EngineMessage::decode(framing, &mangled);
        }
    }
}

/// Whether `message` holds something `framing` cannot carry exactly, judged here
/// independently of the writer: a count beyond 64-bit integers, a list item that
/// is not a token, an invalid option (its name must also be free of control
/// characters), or (text framing) a failure reason that is not
/// one trimmed line.
fn unwritable(message: &EngineMessage, framing: Framing) -> bool {
    let not_token = |s: &String| s.is_empty() || s.chars().any(char::is_whitespace);
    match message {
        EngineMessage::Error { reason, .. } => {
            framing == Framing::Text && (reason.contains(['\n', '\r']) || reason.trim() != reason)
        }
        EngineMessage::Info { info, .. } => {
            info.nodes.is_some_and(|n| n > i64::MAX as u64) || info.pv.iter().any(not_token)
        }
        EngineMessage::Option { spec, .. }
            if spec.name.is_empty()
                || spec
                    .name
                    .chars()
                    .any(|c| c.is_whitespace() || c.is_control()) =>
        {
            true
        }
        EngineMessage::Option { spec, .. } => match &spec.kind {
            OptionKind::Spin { default, min, max } => !(min <= default && default <= max),
            OptionKind::Combo { default, choices } => {
                choices.is_empty() || choices.iter().any(not_token) || !choices.contains(default)
            }
            _ => false,
        },
        EngineMessage::Ok { .. } => false,
    }
}

/// The cases found by fuzzing the text framing: values that used to change on the
/// way through (control characters turned into spaces, lists split on them, a clock
/// past 64 bits saturated).
mod text_framing_exactness {
    use super::*;

    fn text_round_trip(message: &EngineMessage) {
        let line = message.encode(Framing::Text).unwrap();
        if !matches!(message, EngineMessage::Error { .. }) {
            assert!(!line.chars().any(|c| c.is_control()), "{line:?}");
        }
        assert_eq!(
            &EngineMessage::decode(Framing::Text, &line).unwrap(),
            message,
            "{line}"
        );
    }

    #[test]
    fn control_characters_in_info_are_escaped_not_blanked() {
        let message = EngineMessage::Info {
            id: "1".into(),
            info: Info {
                text: Some("a\u{1b}]0;t\u{7}b\u{0}".into()),
                pv: vec!["e1-e2\u{1}".into(), "x\u{9f}".into()],
                ..Info::default()
            },
        };
        text_round_trip(&message);
        let line = message.encode(Framing::Text).unwrap();
        assert_eq!(
            line,
            r#"info 1 pv="e1-e2\u{1} x\u{9f}" text="a\u{1b}]0;t\u{7}b\u{0}""#
        );
    }

    #[test]
    fn combo_choice_with_a_control_character_reads_back() {
        let spec = OptionSpec::combo("Style", "a\u{1}b", &["a\u{1}b", "c"]);
        text_round_trip(&EngineMessage::Option {
            id: "h".into(),
            spec,
        });
    }

    #[test]
    fn list_items_with_blanks_are_refused_not_split() {
        let message = EngineMessage::Info {
            id: "1".into(),
            info: Info {
                pv: vec!["e1-e2 e9-e8".into()],
                ..Info::default()
            },
        };
        assert!(message.encode(Framing::Text).is_err());
        assert!(message.encode(Framing::Json).is_err());
        let json = r#"{"type":"info","id":"1","pv":["e1-e2 e9-e8"]}"#;
        assert!(EngineMessage::decode(Framing::Json, json).is_err());
        let json = r#"{"type":"info","id":"1","pv":[""]}"#;
        assert!(EngineMessage::decode(Framing::Json, json).is_err());
    }

    #[test]
    fn clocks_past_64_bit_milliseconds_are_refused() {
        for line in [
            r#"go 1 players=KR time="18446744073709551615 1""#,
            r#"go 1 players=KR time="9223372036854775808 1""#,
            r#"go 1 players=KR movetime=18446744073709551615"#,
        ] {
            let err = Request::decode(Framing::Text, line).unwrap_err();
            assert!(err.to_string().contains("milliseconds"), "{err}");
        }
        let json = r#"{"type":"go","id":"1","players":"KR","time":[18446744073709551615,1]}"#;
        assert!(Request::decode(Framing::Json, json).is_err());
        let read = Request::decode(
            Framing::Text,
            r#"go 1 players=KR time="9223372036854775807 1""#,
        );
        let read = read.unwrap();
        assert!(
            read.encode(Framing::Text)
                .unwrap()
                .contains("time=\"9223372036854775807 1\"")
        );
        let RequestBody::Go(mut go) = read.body else {
            unreachable!()
        };
        go.clocks.move_time = Some(Duration::MAX);
        assert!(
            Request::new("1", RequestBody::Go(go))
                .encode(Framing::Text)
                .is_err()
        );
    }

    #[test]
    fn counts_are_never_saturated() {
        let err = EngineMessage::decode(Framing::Text, "info 1 depth=4294967296").unwrap_err();
        assert!(err.to_string().contains("depth"), "{err}");
        let message = EngineMessage::Info {
            id: "1".into(),
            info: Info {
                nodes: Some(u64::MAX),
                ..Info::default()
            },
        };
        assert!(message.encode(Framing::Json).is_err());
    }

    #[test]
    fn failure_reasons_in_text_are_one_trimmed_line() {
        let bad = EngineMessage::Error {
            id: "1".into(),
            reason: "two\nlines".into(),
        };
        assert!(bad.encode(Framing::Text).is_err());
        assert!(bad.encode(Framing::Json).is_ok());
        let good = EngineMessage::Error {
            id: "1".into(),
            reason: "tab\tand \u{1b} escape".into(),
        };
        assert_eq!(
            EngineMessage::decode(Framing::Text, &good.encode(Framing::Text).unwrap()).unwrap(),
            good
        );
    }

    #[test]
    fn unicode_escapes_read_and_bad_ones_are_typed_errors() {
        let read =
            EngineMessage::decode(Framing::Text, r#"info 1 text="\u{41}\u{10ffff}""#).unwrap();
        let EngineMessage::Info { info, .. } = read else {
            unreachable!()
        };
        assert_eq!(info.text.as_deref(), Some("A\u{10ffff}"));
        for bad in [
            r#"\u{}"#,
            r#"\u{d800}"#,
            r#"\u{110000}"#,
            r#"\u{1234567}"#,
            r#"\u41"#,
            r#"\u{4"#,
        ] {
            let line = format!(r#"info 1 text="{bad}""#);
            let err = EngineMessage::decode(Framing::Text, &line).unwrap_err();
            assert!(
                matches!(
                    err,
                    pacru_protocol::MessageError::Wire(
                        pacru_protocol::WireError::BadUnicodeEscape(_)
                    )
                ),
                "{line}: {err:?}"
            );
        }
    }
}

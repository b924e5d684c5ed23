//! Every message survives writing and reading back, in both framings; no input
//! makes a parser panic.

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

/// Text without control characters other than tab and line feed (which are escaped).
fn text() -> impl Strategy<Value = String> {
    "[^\\x00-\\x08\\x0b-\\x1f\\x7f-\\x9f]{0,40}"
}

/// A token: no whitespace, no controls.
fn token() -> impl Strategy<Value = String> {
    "[!-~\\u{a1}-\\u{2100}]{1,12}"
        .prop_filter("no whitespace", |s| !s.chars().any(char::is_whitespace))
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
        prop::collection::vec(any::<u32>(), 1..4)
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
    let trimmed = text().prop_map(|s| s.replace(['\t', '\n'], " ").trim().to_owned());
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
        (prop_oneof![id(), Just("-".to_owned())], trimmed)
            .prop_map(|(id, reason)| EngineMessage::Error { id, reason }),
        (
            id(),
            prop::option::of(any::<u32>()),
            prop::option::of(0u64..=i64::MAX as u64),
            prop::option::of(any::<i64>()),
            prop::collection::vec(token(), 0..5),
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
            let line = request.encode(framing);
            prop_assert!(!line.contains('\n'));
            prop_assert_eq!(&Request::decode(framing, &line).unwrap(), &request, "{}", line);
        }
        let json = serde_json::to_string(&request).unwrap();
        prop_assert_eq!(serde_json::from_str::<Request>(&json).unwrap(), request);
    }

    #[test]
    fn engine_messages_round_trip(message in engine_message()) {
        for framing in [Framing::Text, Framing::Json] {
            let line = message.encode(framing);
            prop_assert!(!line.contains('\n'));
            prop_assert_eq!(&EngineMessage::decode(framing, &line).unwrap(), &message, "{}", line);
        }
        let json = serde_json::to_string(&message).unwrap();
        prop_assert_eq!(serde_json::from_str::<EngineMessage>(&json).unwrap(), message);
    }

    #[test]
    fn text_frames_round_trip(frame in frame()) {
        let line = frame.to_text();
        prop_assert_eq!(Frame::from_text(&line).unwrap(), frame);
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
            let line = request.encode(framing);
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

//! `pacru event export --trf`: a Swiss of 2 a table run with the real commands,
//! its TRF-16 read back with a parser of the format's fixed columns, written
//! here apart from the exporter, and compared with the event's own JSON.

use crate::common;

use serde_json::Value;
use std::collections::HashMap;
use std::path::Path;

/// `pacru event ARGS`, which must succeed; its standard output.
fn event(args: &[&str]) -> String {
    let mut all = vec!["event"];
    all.extend(args);
    let run = common::pacru(&all);
    assert_eq!(run.code, 0, "pacru {all:?}: {run:?}");
    run.stdout
}

fn json(args: &[&str]) -> Value {
    serde_json::from_str(&event(args)).unwrap()
}

/// Columns `first` to `last` of `line`, counted in characters from 1 (blank
/// past the end of the line).
fn cols(line: &str, first: usize, last: usize) -> String {
    let chars: Vec<char> = line.chars().collect();
    (first..=last)
        .map(|c| chars.get(c - 1).copied().unwrap_or(' '))
        .collect()
}

/// One round of a `001` record: the opponent's field, the colour, the result.
#[derive(Debug, PartialEq, Eq)]
struct Block {
    opponent: String,
    colour: char,
    result: char,
}

/// A `001` record, read by its columns.
#[derive(Debug)]
struct Record {
    start_rank: usize,
    name: String,
    rating: Option<u32>,
    points: f64,
    rank: usize,
    rounds: Vec<Block>,
    width: usize,
}

fn read_record(line: &str) -> Record {
    assert_eq!(cols(line, 1, 3), "001", "{line}");
    for c in [4, 9, 14, 48, 53, 57, 69, 80, 85, 90, 91] {
        assert_eq!(cols(line, c, c), " ", "column {c} of {line}");
    }
    let number = |first, last| -> String { cols(line, first, last).trim().to_owned() };
    let width = line.chars().count();
    let mut rounds = Vec::new();
    let mut first = 92;
    while first <= width {
        let block = cols(line, first, first + 7);
        let chars: Vec<char> = block.chars().collect();
        assert_eq!(chars[4], ' ', "{line}");
        assert_eq!(chars[6], ' ', "{line}");
        rounds.push(Block {
            opponent: block[..4].to_owned(),
            colour: chars[5],
            result: chars[7],
        });
        assert_eq!(cols(line, first + 8, first + 9), "  ", "{line}");
        first += 10;
    }
    Record {
        start_rank: number(5, 8).parse().unwrap(),
        name: cols(line, 15, 47).trim_end().to_owned(),
        rating: Some(number(49, 52))
            .filter(|r| !r.is_empty())
            .map(|r| r.parse().unwrap()),
        points: number(81, 84).parse().unwrap(),
        rank: number(86, 89).parse().unwrap(),
        rounds,
        width,
    }
}

/// What a result code is worth.
fn worth(code: char) -> f64 {
    match code {
        '1' | 'U' | 'F' | '+' => 1.0,
        '=' | 'H' => 0.5,
        '0' | 'Z' | '-' | ' ' => 0.0,
        _ => panic!("result code {code:?}"),
    }
}

/// Exports `file` as TRF and checks every record against the JSON export
/// and the crosstable; gives the TRF.
fn check_trf(file: &Path, finished: bool) -> String {
    let file = file.to_str().unwrap();
    let text = event(&["export", file, "--trf", "-"]);
    let whole = json(&["export", file, "--json", "-"]);
    let crosstable = json(&["crosstable", file, "--format", "json"]);

    let players = whole["players"].as_array().unwrap();
    let headers: Vec<&str> = text.lines().filter(|l| !l.starts_with("001")).collect();
    let rated = players.iter().filter(|p| !p["rating"].is_null()).count();
    assert_eq!(
        headers[0],
        format!("012 {}", whole["name"].as_str().unwrap())
    );
    assert!(
        headers.contains(&format!("062 {}", players.len()).as_str()),
        "{text}"
    );
    assert!(headers.contains(&format!("072 {rated}").as_str()), "{text}");
    assert!(headers.contains(&"092 Individual: Swiss-System"), "{text}");
    let date = |record: &str| {
        headers
            .iter()
            .find(|h| h.starts_with(record))
            .map(|h| h[4..].to_owned())
    };
    // The start: the day round 1 was paired; the end, once every result is
    // in: the day of the last.
    let day = |entry: &Value| entry["at"].as_str().unwrap()[..10].replace('-', "/");
    let log = whole["log"].as_array().unwrap();
    let paired = log
        .iter()
        .rfind(|l| l["action"] == "pair" && l["round"] == 1)
        .map(day);
    let last_result = log
        .iter()
        .filter(|l| ["submit", "result", "decide"].contains(&l["action"].as_str().unwrap()))
        .map(day)
        .max();
    assert_eq!(date("042"), paired, "{text}");
    assert_eq!(date("052"), last_result.filter(|_| finished), "{text}");

    // Starting ranks: the seed order, by rating (the unrated last), then
    // registration.
    let mut seeds: Vec<&Value> = players.iter().collect();
    seeds.sort_by_key(|p| (-p["rating"].as_i64().unwrap_or(-1), p["id"].as_i64()));
    let start: HashMap<&str, usize> = seeds
        .iter()
        .enumerate()
        .map(|(i, p)| (p["name"].as_str().unwrap(), i + 1))
        .collect();

    let records: Vec<Record> = text
        .lines()
        .filter(|l| l.starts_with("001"))
        .map(read_record)
        .collect();
    assert_eq!(records.len(), players.len(), "{text}");
    let rounds = whole["pairings"].as_array().unwrap();
    for (i, record) in records.iter().enumerate() {
        // The name, cut to the 33 columns of its field.
        let player = players
            .iter()
            .find(|p| {
                let name = p["name"].as_str().unwrap();
                name.chars().take(33).collect::<String>() == record.name
            })
            .unwrap_or_else(|| panic!("no player {:?}", record.name));
        let name = player["name"].as_str().unwrap();
        assert_eq!(record.start_rank, i + 1, "{text}");
        assert_eq!(start[name], record.start_rank, "{name}");
        assert_eq!(
            record.rating,
            player["rating"].as_u64().map(|r| r as u32),
            "{name}"
        );
        let standing = whole["standings"]
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["name"] == name)
            .unwrap();
        assert_eq!(
            record.points,
            standing["points"].as_f64().unwrap(),
            "{name}"
        );
        let line = crosstable
            .as_array()
            .unwrap()
            .iter()
            .find(|l| l["name"] == name)
            .unwrap();
        assert_eq!(record.rank as u64, line["line"].as_u64().unwrap(), "{name}");
        assert!(standing["rank"].as_u64().unwrap() <= record.rank as u64);
        assert!(
            record.width <= 91 + 10 * rounds.len(),
            "{name}: rounds not paired are not written"
        );

        let mut total = 0.0;
        for (r, round) in rounds.iter().enumerate() {
            let blank = Block {
                opponent: "    ".to_owned(),
                colour: ' ',
                result: ' ',
            };
            let block = record.rounds.get(r).unwrap_or(&blank);
            total += worth(block.result);
            let bye = round["byes"]
                .as_array()
                .unwrap()
                .iter()
                .find(|b| b["name"] == name);
            let table = round["tables"]
                .as_array()
                .unwrap()
                .iter()
                .find(|t| t["seats"].as_array().unwrap().iter().any(|s| s == name));
            let expected = match (bye, table) {
                (Some(bye), _) => Block {
                    opponent: "0000".to_owned(),
                    colour: '-',
                    result: match bye["points"].as_f64().unwrap() {
                        0.5 => 'H',
                        1.0 => 'U',
                        0.0 => 'Z',
                        p => panic!("a bye worth {p}"),
                    },
                },
                (None, Some(table)) if table["result"].is_null() => Block {
                    opponent: "    ".to_owned(),
                    colour: ' ',
                    result: ' ',
                },
                (None, Some(table)) => {
                    let seats = table["seats"].as_array().unwrap();
                    assert_eq!(seats.len(), 2);
                    let seat = seats.iter().position(|s| s == name).unwrap();
                    let opponent = seats[1 - seat].as_str().unwrap();
                    let winner = &table["result"]["winner"];
                    Block {
                        opponent: format!("{:>4}", start[opponent]),
                        colour: if seat == 0 { 'w' } else { 'b' },
                        result: if winner.is_null() {
                            '='
                        } else if winner == name {
                            '1'
                        } else {
                            '0'
                        },
                    }
                }
                (None, None) => Block {
                    opponent: "0000".to_owned(),
                    colour: '-',
                    result: 'Z',
                },
            };
            assert_eq!(*block, expected, "{name}, round {}", r + 1);
        }
        assert_eq!(
            total, record.points,
            "{name}: the codes add up to the points"
        );
    }
    text
}

/// Enters a result for every table of `round` still without one, but those
/// listed in `skip`: the first seat wins, the second, or a draw, by turns;
/// table 1 of round 2 by the arbiter's decision.
fn results(file: &str, round: u32, skip: &[u64]) {
    let r = round.to_string();
    let tables = json(&["tables", file, "--round", &r, "--format", "json"]);
    for t in tables.as_array().unwrap() {
        let number = t["table"].as_u64().unwrap();
        if skip.contains(&number) || !t["result"].is_null() {
            continue;
        }
        let seats = t["seats"].as_array().unwrap();
        let table = number.to_string();
        let mut args = vec!["--round", &r, "--table", &table];
        let winner;
        match (u64::from(round) + number) % 3 {
            0 => args.push("--draw"),
            k => {
                winner = seats[(k - 1) as usize].as_str().unwrap().to_owned();
                args.extend(["--winner", &winner]);
            }
        }
        let mut command = if round == 2 && number == 1 {
            args.extend(["--reason", "the record went missing; both players agree"]);
            vec!["decide", file]
        } else {
            vec!["result", file]
        };
        command.extend(args);
        event(&command);
    }
}

#[test]
fn a_swiss_of_2_a_table_reads_back_from_its_trf_columns() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("club.pacru");
    let file = path.to_str().unwrap();
    event(&[
        "new",
        file,
        "--name",
        "Club night <TRF>",
        "--players-per-table",
        "2",
        "--system",
        "swiss",
        "--rounds",
        "4",
    ]);
    for (name, rating) in [
        ("Ada Lovelace", Some("1900")),
        ("Bob", Some("1800")),
        ("Cy", None),
        ("Dee", Some("1600")),
        ("Eve Ångström-Łukasiewicz de la Tour", None),
    ] {
        let mut args = vec!["player", "add", file, name];
        if let Some(rating) = rating {
            args.extend(["--rating", rating]);
        }
        event(&args);
    }

    for round in 1..=3 {
        event(&["pair", file]);
        results(file, round, &[]);
    }
    let text = check_trf(&path, false);
    assert_eq!(text.matches(" H").count(), 3, "a bye each round:\n{text}");
    assert!(text.contains(" = "), "a draw:\n{text}");
    assert!(
        text.contains("  Eve Ångström-Łukasiewicz de la To  "),
        "the name cut to 33 characters:\n{text}"
    );

    // Dee withdraws: round 4 has two tables and no bye; its first table gets
    // its result, the second is still to be played.
    event(&["player", "withdraw", file, "Dee"]);
    event(&["pair", file]);
    results(file, 4, &[2]);
    let text = check_trf(&path, false);
    assert!(text.contains("0000 - Z"), "Dee not paired:\n{text}");

    results(file, 4, &[]);
    let text = check_trf(&path, true);
    let out = dir.path().join("club.trf");
    event(&["export", file, "--trf", out.to_str().unwrap()]);
    assert_eq!(std::fs::read_to_string(&out).unwrap(), text);
}

#[test]
fn an_event_of_3_a_table_is_refused_with_what_to_use_instead() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("three.pacru");
    let file = path.to_str().unwrap();
    event(&[
        "new",
        file,
        "--name",
        "Threes",
        "--players-per-table",
        "3",
        "--system",
        "swiss",
        "--rounds",
        "2",
    ]);
    event(&["player", "add", file, "Ada", "Bob", "Cy"]);
    event(&["pair", file]);
    let out = dir.path().join("three.trf");
    let run = common::pacru(&["event", "export", file, "--trf", out.to_str().unwrap()]);
    assert_eq!(run.code, 2, "{run:?}");
    assert!(run.stdout.is_empty(), "{run:?}");
    assert_eq!(
        run.stderr.trim_end(),
        "pacru: error: TRF holds games between two players, White and Black, and this event has 3 players a table; `pacru event export --json` holds every seat and result"
    );
    assert!(!out.exists(), "nothing written");
}

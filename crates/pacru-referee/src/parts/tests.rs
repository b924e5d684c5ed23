//! Reading in parts gives the verdicts of one sequential reading.

use super::verdicts::check_part;
use super::*;
use crate::{Checker, Verdict};
use pacru_core::RulesEdition;
use pacru_notation::pgr::Reader;
use pacru_notation::test_support::{
    cuts_everywhere, damaged, file_with, mixed_records as corpus, offsets, records_with_traps,
};
use std::fs::File;
use std::path::Path;

/// The verdicts of one reader from the start of the file (plain reads).
fn sequential(path: &Path) -> Vec<Verdict> {
    let mut reader = Reader::new(File::open(path).unwrap()).lenient();
    let mut checker = Checker::new();
    let mut out = Vec::new();
    loop {
        match reader.read_with(&mut checker) {
            Ok(None) => return out,
            Ok(Some(verdict)) => out.push(verdict),
            Err(e) => out.push(checker.malformed(&e)),
        }
    }
}

/// The verdicts of the parts of `plan`, read on 4 threads.
fn in_parts(path: &Path, plan: &Plan) -> Vec<Verdict> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(4)
        .build()
        .unwrap();
    let mut out = Vec::new();
    let end = pool.install(|| {
        run(
            plan,
            |part| check_part(path, RulesEdition::Pacru2004, part),
            |item, before| {
                let mut verdict = item.unwrap();
                verdict.renumber(before.games, before.lines);
                out.push(verdict);
                true
            },
        )
    });
    assert!(end.complete);
    assert_eq!(end.games, out.len());
    out
}

/// The plan for cuts at `cuts` of `text`.
fn plan_at(text: &[u8], cuts: &[u64]) -> Plan {
    assert!(cuts.iter().all(|&cut| cut <= text.len() as u64));
    Plan::from_cuts(cuts)
}

#[test]
fn parts_give_the_sequential_verdicts_at_planned_cuts() {
    let text = corpus(400);
    let file = file_with(text.as_bytes());
    let plan = Plan::cut_into(file.path(), 37).unwrap();
    assert!(plan.len() > 30, "{} parts", plan.len());
    let expected = sequential(file.path());
    assert_eq!(expected.len(), 400);
    assert_eq!(in_parts(file.path(), &plan), expected);
}

#[test]
fn wrong_cuts_inside_comments_tags_and_games_are_read_through() {
    let text = records_with_traps(120);
    let bytes = text.as_bytes();
    let file = file_with(bytes);
    let cuts = cuts_everywhere(bytes);
    let expected = sequential(file.path());
    assert!(expected.iter().any(|v| !v.is_ok()));
    assert_eq!(in_parts(file.path(), &plan_at(bytes, &cuts)), expected);
}

#[test]
fn malformed_and_mutated_files_give_the_sequential_verdicts() {
    // Braces, brackets, line breaks, result tokens and bytes that are not
    // text, every few hundred bytes.
    let damaged = damaged(corpus(200).into_bytes(), 12345, 400);
    let file = file_with(&damaged);
    let mut cuts = offsets(&damaged, b"\n[", 1);
    cuts.extend(offsets(&damaged, b"{", 0));
    cuts.sort_unstable();
    cuts.dedup();
    let expected = sequential(file.path());
    assert!(expected.iter().any(|v| v.status.as_str() == "malformed"));
    assert_eq!(in_parts(file.path(), &plan_at(&damaged, &cuts)), expected);
}

#[test]
fn cuts_at_every_byte_give_the_verdicts_of_one_reading() {
    // Games that begin in the middle of a line (after a result token) or with a
    // byte order mark in the middle of the file: a reader starting there on its
    // own would count columns from 1 or skip the mark.
    let texts = [
        "1. e1-e2 *]\n\n1.  *]\n\n1. e1-e2 *\n".to_string(),
        "[Result \"*\"]\n\n1. e1-e2 * [Result \"*\"]\n\n1. e9-e8 *\n".to_string(),
        "\u{feff}[Result \"*\"]\n\n*\n\n\u{feff}[Result \"*\"]\n\n1. e1-e9 *\n\n\u{feff}*\n".to_string(),
        "{a\n\n[Event \"x\"]\n}\n[Result \"*\"]\n\n* ;c\n[Result \"*\"]\n\n1. e1-e2 e9-e8 *\r\n\r\n[X \"\u{e9}\"] *\n".to_string(),
        String::from_utf8_lossy(&damaged(corpus(3).into_bytes(), 7, 40)).into_owned(),
    ];
    for text in &texts {
        let bytes = text.as_bytes();
        let file = file_with(bytes);
        let cuts: Vec<u64> = (1..bytes.len() as u64).collect();
        assert_eq!(
            in_parts(file.path(), &plan_at(bytes, &cuts)),
            sequential(file.path()),
            "{text:?}"
        );
    }
}

#[test]
fn a_consumer_that_stops_early_does_not_hang() {
    let text = corpus(120);
    let file = file_with(text.as_bytes());
    let plan = plan_at(text.as_bytes(), &offsets(text.as_bytes(), b"\n\n[", 2));
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(3)
        .build()
        .unwrap();
    let mut seen = 0;
    let end = pool.install(|| {
        run(
            &plan,
            |part| check_part(file.path(), RulesEdition::Pacru2004, part),
            |_, _| {
                seen += 1;
                seen < 10
            },
        )
    });
    assert_eq!(seen, 10);
    assert!(!end.complete);
}

/// A file of at least `bytes` bytes: copies of a corpus.
fn big_file(bytes: usize) -> (String, tempfile::NamedTempFile) {
    let games = corpus(150);
    let mut text = String::new();
    while text.len() < bytes {
        if !text.is_empty() {
            text.push('\n');
        }
        text.push_str(&games);
    }
    let file = file_with(text.as_bytes());
    (text, file)
}

#[test]
fn check_file_reads_a_big_file_in_parts_with_the_sequential_verdicts() {
    let (_, file) = big_file(MIN_PARALLEL_BYTES as usize * 5 / 4);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(4)
        .build()
        .unwrap();
    let plan = pool.install(|| Plan::for_file(file.path(), 4)).unwrap();
    assert!(plan.is_some_and(|p| p.len() >= 16));
    let verdicts: Vec<Verdict> = check_file(file.path(), RulesEdition::Pacru2004)
        .unwrap()
        .map(Result::unwrap)
        .collect();
    assert_eq!(verdicts, sequential(file.path()));
    // Stopping half-way ends the threads (the test would hang otherwise).
    let mut iter = check_file(file.path(), RulesEdition::Pacru2004).unwrap();
    assert_eq!(iter.nth(200).unwrap().unwrap().game, 201);
    drop(iter);
}

#[test]
fn check_file_reads_a_small_file_on_the_calling_thread() {
    let text = corpus(30);
    let file = file_with(text.as_bytes());
    let verdicts: Vec<Verdict> = check_file(file.path(), RulesEdition::Pacru2004)
        .unwrap()
        .map(Result::unwrap)
        .collect();
    assert_eq!(verdicts, sequential(file.path()));
    assert!(check_file(Path::new("/nonexistent/games.pgr"), RulesEdition::Pacru2004).is_err());
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(48))]

    /// Any bytes cut anywhere: the parts give what one reading gives.
    #[test]
    fn damaged_records_cut_anywhere_read_as_one_reading(
        seed in 0u64..1000,
        damage in 0usize..60,
        cuts in proptest::collection::vec(0usize..1 << 20, 0..40),
    ) {
        let data = damaged(corpus(20 + seed % 20).into_bytes(), seed, damage);
        let mut cuts: Vec<u64> = cuts.iter().map(|&c| (c % data.len()) as u64).filter(|&c| c > 0).collect();
        cuts.sort_unstable();
        cuts.dedup();
        let file = file_with(&data);
        let plan = plan_at(&data, &cuts);
        proptest::prop_assert_eq!(in_parts(file.path(), &plan), sequential(file.path()));
    }
}

//! What every fuzz target asserts, one public function per target, each taking the
//! raw input. The fuzz targets (`fuzz/fuzz_targets/`) call them, and so does the
//! test `fuzz_regressions` of this crate, which replays every input kept under
//! `fuzz/regressions/` and the seed corpus through the same assertions with a plain
//! `cargo test`. A function panics when its property fails.
//!
//! ```
//! // A move that reads is written canonically and reads back the same.
//! pacru_testkit::fuzz_checks::parse_move(b"e1-e2");
//! ```

use pacru_abstractplay::import;
use pacru_core::{Move, Position, RulesEdition};
use pacru_notation::pgr::{Game, PgrError, Reader, write_game};
use pacru_protocol::{EngineMessage, Frame, Framing, Request, Value};
use pacru_referee::{Checker, Verdict, check_game, malformed};
use std::io::Read;

/// Move notation: never panics; what parses writes canonically and reads back to
/// the same move; the canonical text is a fixed point (nothing read is lost on
/// writing).
pub fn parse_move(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(mv) = text.parse::<Move>() {
        let canonical = mv.to_string();
        let back = canonical.parse::<Move>();
        assert_eq!(back.as_ref(), Ok(&mv), "{text:?} -> {canonical:?}");
        assert_eq!(back.unwrap().to_string(), canonical);
    }
}

/// Position notation: never panics; what parses (under either rules edition)
/// writes canonically and reads back to the same position and the same text.
pub fn parse_ppn(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(pos) = text.parse::<Position>() {
        let canonical = pos.to_string();
        let again = canonical
            .parse::<Position>()
            .expect("canonical PPN reads back");
        assert_eq!(again, pos, "{text:?} -> {canonical:?}");
        assert_eq!(again.to_string(), canonical);
    }
    for rules in [RulesEdition::Pacru2004, RulesEdition::Pacru2011] {
        if let Ok(pos) = Position::from_ppn(text, rules) {
            assert_eq!(pos.rules(), rules);
            let canonical = pos.to_string();
            let again = Position::from_ppn(&canonical, rules).expect("canonical PPN reads back");
            assert_eq!(again, pos, "{text:?} -> {canonical:?}");
        }
    }
}

/// Game records: the lenient reader never panics and always makes progress; the
/// referee judges every game that reads without panicking, and the streaming
/// checker agrees with it; a game written and read back is the same game in
/// canonical form (nothing read is lost on writing), its text is a fixed point,
/// and the referee's verdict on it is the same (writing never turns an illegal
/// game into a legal one, or the reverse).
pub fn read_pgr(data: &[u8]) {
    let mut reader = Reader::new(data).lenient().max_game_bytes(1 << 16);
    let mut count = 0usize;
    let mut streamed = Vec::new();
    let mut stream_reader = Reader::new(data).lenient().max_game_bytes(1 << 16);
    let mut checker = Checker::new();
    loop {
        match stream_reader.read_with(&mut checker) {
            Ok(Some(verdict)) => streamed.push(Some(verdict)),
            Ok(None) => break,
            Err(_) => streamed.push(None),
        }
    }
    loop {
        match reader.read_game() {
            Ok(Some(game)) => {
                let verdict = Checker::new().check_game(&game, count + 1);
                assert_eq!(streamed.get(count).and_then(Option::as_ref), Some(&verdict));
                let text = write_game(&game);
                let back = Reader::new(text.as_bytes())
                    .read_game()
                    .expect("canonical text parses")
                    .expect("one game");
                assert_eq!(back, game.canonical(), "lost on writing: {text:?}");
                assert_eq!(write_game(&back), text);
                assert_same_verdict(&verdict, &check_game(&back), &text);
            }
            Ok(None) => break,
            Err(e) => {
                assert!(e.offset as usize <= data.len());
                let _ = malformed(&e);
            }
        }
        count += 1;
        assert!(count <= data.len() + 1, "no progress");
    }
}

/// Game records read through a `Read` that hands out the bytes in chunks of
/// random sizes (as a pipe or a socket does) give exactly what reading the whole
/// buffer gives: the same games, at the same lines and offsets, and the same
/// errors; the streaming checker's verdicts agree too.
///
/// Input: 8 bytes seeding the chunk sizes, then the record text.
pub fn read_pgr_chunks(input: &[u8]) {
    if input.len() < 8 {
        return;
    }
    let (seed, data) = input.split_at(8);
    let seed = u64::from_le_bytes(seed.try_into().unwrap());
    let whole = games(Reader::new(data));
    let chunked = games(Reader::new(Chunks { data, state: seed }));
    assert_eq!(whole, chunked);

    let verdicts = |reader: &mut dyn FnMut(&mut Checker) -> Option<Result<String, PgrError>>| {
        let mut checker = Checker::new();
        let mut out = Vec::new();
        while let Some(v) = reader(&mut checker) {
            out.push(v);
        }
        out
    };
    let mut whole_reader = Reader::new(data).lenient().max_game_bytes(1 << 16);
    let mut chunk_reader = Reader::new(Chunks { data, state: seed })
        .lenient()
        .max_game_bytes(1 << 16);
    let a = verdicts(&mut |c| {
        whole_reader
            .read_with(c)
            .transpose()
            .map(|r| r.map(|v| format!("{v:?}")))
    });
    let b = verdicts(&mut |c| {
        chunk_reader
            .read_with(c)
            .transpose()
            .map(|r| r.map(|v| format!("{v:?}")))
    });
    assert_eq!(a, b);
}

/// Reading a record file in parts (`pacru_referee::parts`), cut at arbitrary
/// places, gives the verdicts of one reading from the start: the same games,
/// numbers, lines and errors, whatever bytes the file holds and wherever the
/// cuts fall (inside comments, tags, moves, damaged text). The parts are read by
/// a worker written against the public API, as a program using the crate would.
///
/// Input: 8 bytes seeding the cuts (up to 32), then the file's bytes.
pub fn read_parts(input: &[u8]) {
    use pacru_referee::Verdict;
    use pacru_referee::parts::{Part, Plan, run};
    use std::io::{Seek, SeekFrom, Write};

    if input.len() < 8 {
        return;
    }
    let (seed, data) = input.split_at(8);
    let mut state = u64::from_le_bytes(seed.try_into().unwrap());
    let mut cuts = Vec::new();
    if !data.is_empty() {
        for _ in 0..(state % 33) {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let cut = (state >> 33) % data.len() as u64;
            if cut > 0 {
                cuts.push(cut);
            }
        }
    }
    cuts.sort_unstable();
    cuts.dedup();
    let plan = Plan::from_cuts(&cuts);

    // One file per call: the tests replaying inputs run this on several threads of
    // one process at once.
    static CALLS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let call = CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let path = std::env::temp_dir().join(format!(
        "pacru-fuzz-read-parts-{}-{call}",
        std::process::id()
    ));
    let mut file = std::fs::File::create(&path).unwrap();
    file.write_all(data).unwrap();
    drop(file);

    let reader = |from: u64| {
        let mut file = std::fs::File::open(&path).unwrap();
        file.seek(SeekFrom::Start(from)).unwrap();
        let reader = Reader::new(file).lenient().max_game_bytes(1 << 16);
        if from > 0 {
            reader.continuing_at_line(1)
        } else {
            reader
        }
    };
    let mut sequential = Vec::new();
    let mut whole = reader(0);
    let mut checker = Checker::new();
    loop {
        match whole.read_with(&mut checker) {
            Ok(None) => break,
            Ok(Some(verdict)) => sequential.push(verdict),
            Err(e) => sequential.push(checker.malformed(&e)),
        }
    }
    let mut in_parts: Vec<Verdict> = Vec::new();
    let end = run(
        &plan,
        |part: &mut Part<'_, Verdict>| {
            let mut reader = reader(part.start());
            let mut checker = Checker::new();
            loop {
                let verdict = match reader.read_with(&mut checker) {
                    Ok(None) => return,
                    Ok(Some(verdict)) => verdict,
                    Err(e) => checker.malformed(&e),
                };
                if !part.game_begins(
                    reader.game_offset(),
                    reader.game_line(),
                    reader.game_column(),
                ) {
                    return;
                }
                if !part.send(verdict) {
                    return;
                }
            }
        },
        |mut verdict, before| {
            verdict.renumber(before.games, before.lines);
            in_parts.push(verdict);
            true
        },
    );
    let _ = std::fs::remove_file(&path);
    assert!(end.complete);
    assert_eq!(in_parts, sequential);
}

/// PEP messages in text framing: never panics; every line that reads as a request
/// or an engine message writes back (in text) to a line that reads as the same
/// message; written in JSON it reads back the same too, when JSON can carry it.
/// The generic frame reader round-trips the same way.
pub fn protocol_text(data: &[u8]) {
    let Ok(line) = std::str::from_utf8(data) else {
        return;
    };
    protocol_round_trips(Framing::Text, line);
}

/// PEP messages in JSON framing: never panics; every line that reads as a request
/// or an engine message writes back (in JSON) to a line that reads as the same
/// message; written in text it reads back the same too, when text can carry it.
/// The generic frame reader round-trips the same way.
pub fn protocol_json(data: &[u8]) {
    let Ok(line) = std::str::from_utf8(data) else {
        return;
    };
    protocol_round_trips(Framing::Json, line);
}

/// AbstractPlay JSON import: never panics; an imported game is refereed without
/// panicking, and written as PGR it reads back to the same game in canonical form
/// (nothing imported is lost on writing), its text a fixed point, with the same
/// verdict of the referee.
pub fn abstractplay_import(data: &[u8]) {
    let Ok(json) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(game) = import(json) {
        let verdict = check_game(&game);
        let text = write_game(&game);
        let back = Reader::new(text.as_bytes())
            .read_game()
            .expect("written text parses")
            .expect("one game");
        assert_eq!(back, game.canonical(), "lost on writing: {text:?}");
        assert_eq!(write_game(&back), text);
        assert_same_verdict(&verdict, &check_game(&back), &text);
    }
}

/// The referee says the same of a game before and after the canonical writer
/// (`pacru fmt`) wrote it, `text`: same status, plies, result, winner, final
/// position, movers, and the same offending ply and rule. Only where the text
/// stood may differ (lines, columns, the move as written, the message quoting it),
/// and the game's line when the written game is read from the start.
fn assert_same_verdict(before: &Verdict, after: &Verdict, text: &str) {
    let gist = |v: &Verdict| {
        (
            v.status,
            v.plies,
            v.result.clone(),
            v.winner,
            v.final_position.clone(),
            v.movers.clone(),
            v.error.as_ref().map(|e| (e.ply, e.rule)),
        )
    };
    assert_eq!(
        gist(before),
        gist(after),
        "the referee's verdict changed on writing: {text:?}"
    );
}

/// Yields `data` in chunks of 1 to 64 bytes, sizes from a small PRNG.
struct Chunks<'a> {
    data: &'a [u8],
    state: u64,
}

impl Read for Chunks<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        self.state = self
            .state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let want = 1 + (self.state >> 58) as usize; // 1..=64
        let n = want.min(buf.len()).min(self.data.len());
        buf[..n].copy_from_slice(&self.data[..n]);
        self.data = &self.data[n..];
        Ok(n)
    }
}

type Seen = Vec<Result<(Game, usize, u64, usize, usize), PgrError>>;

fn games<R: Read>(reader: Reader<R>) -> Seen {
    let mut out = Vec::new();
    let mut reader = reader.lenient().max_game_bytes(1 << 16);
    loop {
        match reader.read_game() {
            Ok(Some(g)) => {
                let place = (g.line, g.offset, g.result_line, g.result_column);
                out.push(Ok((g, place.0, place.1, place.2, place.3)));
            }
            Ok(None) => break,
            Err(e) => out.push(Err(e)),
        }
        assert!(out.len() <= 1 << 20, "no progress");
    }
    out
}

/// A line in `framing` that reads (as a frame, a request or an engine message)
/// writes back to a line that reads the same, in its framing and, when it can carry
/// it, in the other one.
fn protocol_round_trips(framing: Framing, line: &str) {
    let other = match framing {
        Framing::Text => Framing::Json,
        Framing::Json => Framing::Text,
    };
    if let Ok(frame) = framing.decode(line) {
        let again = framing
            .encode(&frame)
            .expect("a frame that reads writes back");
        let back = framing.decode(&again).expect("a written frame reads");
        assert_eq!(back, frame_as_read_back(framing, &frame), "{again}");
        if let Ok(written) = other.encode(&frame) {
            let back = other.decode(&written).expect("a written frame reads");
            assert_eq!(
                across_framings(&back),
                across_framings(&frame_as_read_back(other, &frame)),
                "{written}"
            );
        }
    }
    if let Ok(request) = Request::decode(framing, line) {
        let again = request
            .encode(framing)
            .expect("a request that reads writes back");
        assert_eq!(
            Request::decode(framing, &again).as_ref(),
            Ok(&request),
            "{again}"
        );
        if let Ok(text) = request.encode(other) {
            assert_eq!(
                Request::decode(other, &text).as_ref(),
                Ok(&request),
                "{text}"
            );
        }
    }
    if let Ok(message) = EngineMessage::decode(framing, line) {
        let again = message
            .encode(framing)
            .expect("a message that reads writes back");
        assert_eq!(
            EngineMessage::decode(framing, &again).as_ref(),
            Ok(&message),
            "{again}"
        );
        if let Ok(text) = message.encode(other) {
            assert_eq!(
                EngineMessage::decode(other, &text).as_ref(),
                Ok(&message),
                "{text}"
            );
        }
    }
}

/// A frame as compared after a trip through the other framing: a JSON object keeps
/// no order, so arguments are compared by name, and a failure (`?`) without a reason
/// reads back from text with an empty one.
fn across_framings(frame: &Frame) -> Frame {
    let mut frame = frame.clone();
    if frame.tag == "?" && !frame.args.iter().any(|(key, _)| key == "reason") {
        frame
            .args
            .push(("reason".to_owned(), Value::Str(String::new())));
    }
    frame.args.sort_by(|a, b| a.0.cmp(&b.0));
    frame
}

/// A frame as its framing reads it back: text carries every value as a string.
fn frame_as_read_back(framing: Framing, frame: &Frame) -> Frame {
    match framing {
        Framing::Json => frame.clone(),
        Framing::Text => Frame {
            args: frame
                .args
                .iter()
                .map(|(k, v)| (k.clone(), Value::Str(v.as_text())))
                .collect(),
            ..frame.clone()
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn verdict_of(text: &str) -> Verdict {
        let game = Reader::new(text.as_bytes())
            .read_game()
            .expect("reads")
            .expect("one game");
        check_game(&game)
    }

    #[test]
    fn same_verdict_ignores_where_the_text_stood() {
        let written = "[Result \"*\"]\n\n1. e1-e2 e9-e8 2. e2-e5 *\n";
        let elsewhere = "[Event \"E\"]\n[Result \"*\"]\n\n1. e1-e2\ne9-e8\n2. e2-e5 *\n";
        let (a, b) = (verdict_of(written), verdict_of(elsewhere));
        assert_ne!(
            a.error.as_ref().map(|e| e.line),
            b.error.as_ref().map(|e| e.line)
        );
        assert_same_verdict(&a, &b, elsewhere);
    }

    #[test]
    #[should_panic(expected = "the referee's verdict changed on writing")]
    fn a_changed_verdict_fails() {
        let two_plies = verdict_of("[Result \"*\"]\n\n1. e1-e2 e9-e8 *\n");
        let one_ply = verdict_of("[Result \"*\"]\n\n1. e1-e2 *\n");
        assert_same_verdict(&two_plies, &one_ply, "");
    }
}

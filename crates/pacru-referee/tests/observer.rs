//! The observer of the referee's replay is told exactly the plies and passes the
//! verdict counts, the last position told being the verdict's final position.

use pacru_core::{Position, Rule, RulesEdition};
use pacru_notation::pgr::Reader;
use pacru_referee::{Observer, PlyStep, VerdictStatus, check_game, replay_game};

#[derive(Default)]
struct Steps {
    plies: Vec<(usize, Position, Position)>,
    passes: Vec<usize>,
}

impl Observer for Steps {
    fn ply(&mut self, step: &PlyStep<'_>) {
        assert_eq!(step.before.to_move(), step.mover);
        assert_eq!(step.effects.mover, step.mover);
        self.plies
            .push((step.ply, step.before.clone(), step.after.clone()));
    }

    fn pass(&mut self, plies: usize, _line: usize, _column: usize) {
        self.passes.push(plies);
    }
}

/// Replays every game of `record` with and without an observer: the same
/// verdicts, and the steps told agree with them.
fn agree(record: &str) -> usize {
    let mut reader = Reader::new(record.as_bytes()).lenient();
    let mut games = 0;
    loop {
        let game = match reader.read_game() {
            Ok(Some(game)) => game,
            Ok(None) => break,
            Err(_) => continue,
        };
        games += 1;
        let mut steps = Steps::default();
        let verdict = replay_game(&game, 1, RulesEdition::default(), &mut steps);
        assert_eq!(verdict, check_game(&game), "game {games}");
        assert_eq!(steps.plies.len(), verdict.plies, "game {games}");
        for (i, (ply, _, _)) in steps.plies.iter().enumerate() {
            assert_eq!(*ply, i + 1);
        }
        if let (Some((_, _, after)), Some(last)) = (steps.plies.last(), &verdict.final_position) {
            assert_eq!(after, last, "game {games}");
        }
        for pair in steps.plies.windows(2) {
            assert_eq!(
                pair[0].2, pair[1].1,
                "game {games}: each ply starts where the last ended"
            );
        }
    }
    games
}

#[test]
fn the_observer_sees_what_the_verdict_counts() {
    let mut games = 0;
    for entry in std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples")).unwrap()
    {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "pgr") {
            games += agree(&std::fs::read_to_string(&path).unwrap());
        }
    }
    assert!(games > 0);
}

#[test]
fn a_stray_pass_is_refused_under_r2_and_told_to_no_observer() {
    let record = "[Players \"KR\"]\n[Result \"*\"]\n\n1. e1-e2 pass 2. e2-e3 e9-e8 *\n";
    let game = Reader::new(record.as_bytes()).read_game().unwrap().unwrap();
    let mut steps = Steps::default();
    let verdict = replay_game(&game, 1, RulesEdition::default(), &mut steps);
    assert_eq!(verdict.status, VerdictStatus::Illegal);
    let error = verdict.error.unwrap();
    assert_eq!((error.ply, error.rule), (Some(2), Some(Rule::R2)));
    assert_eq!(steps.plies.len(), 1);
    assert!(steps.passes.is_empty());
}

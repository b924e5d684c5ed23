//! `pacru.selfplay`: random games as canonical PGR text, byte for byte what
//! `pacru selfplay` writes for the same arguments: both write each game with
//! [`pacru_notation::selfplay::run_record`].

use pacru_core::RulesEdition;
use pacru_notation::selfplay::{SelfplaySettings, run_record};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

/// Games each thread plays between two questions whether to go on.
const BATCH_PER_THREAD: u64 = 64;

/// What to play.
#[derive(Clone, Copy, Debug)]
pub struct Selfplay {
    /// Players per game: 2, 3 or 4.
    pub players: usize,
    /// How many games.
    pub games: u64,
    /// The seed of the random players.
    pub seed: u64,
    /// The rules edition.
    pub rules: RulesEdition,
    /// Games are cut after this many moves (their result is then `*`); 0: no limit,
    /// as with `pacru selfplay --max-plies 0`.
    pub max_plies: u32,
}

impl Selfplay {
    /// The library's settings for these games.
    fn settings(&self) -> SelfplaySettings {
        SelfplaySettings::new(self.players, self.seed)
            .rules(self.rules)
            .max_plies((self.max_plies > 0).then_some(self.max_plies))
    }

    /// Every game's canonical record, one blank line apart, played on `threads`
    /// threads (the text does not depend on how many). Between batches of games
    /// `go_on` is asked whether to continue; `Ok(None)` if it said no.
    pub fn text(
        &self,
        threads: usize,
        mut go_on: impl FnMut() -> bool,
    ) -> Result<Option<String>, String> {
        let threads = threads.max(1);
        let batch = BATCH_PER_THREAD * threads as u64;
        let mut text = String::new();
        let mut first = 1;
        while first <= self.games {
            let last = self.games.min(first.saturating_add(batch - 1));
            for (_, record) in self.play_batch(first, last, threads)? {
                text.push_str(&record);
            }
            if last == self.games {
                break;
            }
            if !go_on() {
                return Ok(None);
            }
            first = last + 1;
        }
        Ok(Some(text))
    }

    /// The records of games `first..=last`, in order, played on `threads` threads.
    fn play_batch(
        &self,
        first: u64,
        last: u64,
        threads: usize,
    ) -> Result<Vec<(u64, String)>, String> {
        let next = AtomicU64::new(first);
        let records: Mutex<Vec<(u64, String)>> = Mutex::new(Vec::new());
        let failure: Mutex<Option<String>> = Mutex::new(None);
        std::thread::scope(|scope| {
            for _ in 0..threads {
                scope.spawn(|| {
                    let mut done = Vec::new();
                    loop {
                        let number = next.fetch_add(1, Ordering::Relaxed);
                        if number > last || number < first {
                            break;
                        }
                        match run_record(&self.settings(), number) {
                            Ok(record) => done.push((number, record)),
                            Err(e) => {
                                if let Ok(mut kept) = failure.lock() {
                                    kept.get_or_insert(e.to_string());
                                }
                                // Stop every worker.
                                next.store(u64::MAX, Ordering::Relaxed);
                                break;
                            }
                        }
                    }
                    if let Ok(mut all) = records.lock() {
                        all.append(&mut done);
                    }
                });
            }
        });
        if let Some(e) = failure.into_inner().ok().flatten() {
            return Err(e);
        }
        let mut records = records.into_inner().map_err(|e| e.to_string())?;
        records.sort_unstable_by_key(|(number, _)| *number);
        Ok(records)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The record the project README shows for
    /// `pacru selfplay --players 3 --games 1 --seed 42 --max-plies 12`.
    const README_GAME: &str = "[Event \"pacru selfplay\"]
[Site \"?\"]
[Date \"?\"]
[Round \"1\"]
[Black \"random\"]
[Red \"random\"]
[Yellow \"random\"]
[Players \"KRY\"]
[Rules \"2004\"]
[Result \"*\"]

1. i3-h4(i4) a5-b5 g9-h8 2. a3-b2 b5-c5 h8-i7 3. b2-c2 c9-d8(d7) i5-h6 4. e1-e2
d8-e8 g1-f2(f3) *
";

    fn text(plan: Selfplay, threads: usize) -> String {
        plan.text(threads, || true).unwrap().unwrap()
    }

    fn selfplay(players: usize, games: u64, seed: u64, max_plies: u32) -> Selfplay {
        Selfplay {
            players,
            games,
            seed,
            rules: RulesEdition::Pacru2004,
            max_plies,
        }
    }

    #[test]
    fn writes_what_the_cli_writes() {
        assert_eq!(text(selfplay(3, 1, 42, 12), 1), README_GAME);
    }

    #[test]
    fn games_are_one_blank_line_apart_in_order_whatever_the_threads() {
        let one = text(selfplay(2, 9, 7, 30), 1);
        assert_eq!(text(selfplay(2, 9, 7, 30), 4), one);
        // Several batches give the same text as one.
        let many = text(selfplay(2, 300, 7, 30), 1);
        assert_eq!(text(selfplay(2, 300, 7, 30), 3), many);
        assert!(many.starts_with(&one));
        let rounds: Vec<&str> = one
            .lines()
            .filter(|line| line.starts_with("[Round "))
            .collect();
        let expected: Vec<String> = (1..=9).map(|n| format!("[Round \"{n}\"]")).collect();
        assert_eq!(rounds, expected);
        assert_eq!(one.matches("\n\n[Event ").count(), 8);
    }

    #[test]
    fn no_games_is_empty_text() {
        assert_eq!(text(selfplay(4, 0, 1, 10), 2), "");
    }

    #[test]
    fn stops_between_batches_when_told() {
        let mut asked = 0;
        let stopped = selfplay(2, 1000, 3, 20).text(1, || {
            asked += 1;
            asked < 3
        });
        assert_eq!(stopped, Ok(None));
        assert_eq!(asked, 3);
    }
}

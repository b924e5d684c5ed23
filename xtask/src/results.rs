//! The result lines of the test runners, gathered from their output for the summary
//! at the end of `cargo xtask ci`: cargo test's `test result:` line of every test
//! target (under the `Running`/`Doc-tests` line that names it) and nextest's
//! `Summary` line, with their sum in cargo's own format, and the closing lines of
//! the browser and Python tests.

/// The counts of one or more `test result:` lines.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Counts {
    /// Tests that passed.
    pub passed: u64,
    /// Tests that failed.
    pub failed: u64,
    /// Tests marked `#[ignore]`.
    pub ignored: u64,
    /// Benchmarks measured.
    pub measured: u64,
    /// Tests left out by a filter.
    pub filtered: u64,
}

/// The results of cargo test and nextest: each test target (for nextest, the whole
/// run) with its result line, and the sum.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct CargoTestResults {
    /// `(target, result line)`: the `Running ...` or `Doc-tests ...` line, trimmed,
    /// and the `test result: ...` line that followed it.
    pub targets: Vec<(String, String)>,
    /// The sum over all targets.
    pub total: Counts,
    /// Whether some result line did not say `ok`.
    pub any_failed: bool,
}

/// Reads the output of `cargo test` or `cargo nextest run` (standard output and
/// error together).
pub fn cargo_test(output: &str) -> CargoTestResults {
    let mut results = CargoTestResults::default();
    let mut target = String::new();
    for line in output.lines() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("Running ") || trimmed.starts_with("Doc-tests ") {
            target = trimmed.to_string();
        } else if let Some(counts) = nextest_summary(trimmed) {
            // `Summary [  37.1s] 505 tests run: 504 passed, 1 failed, 2 skipped`
            for (count, word) in counts {
                let slot = match word {
                    "passed" => &mut results.total.passed,
                    "skipped" => &mut results.total.ignored,
                    _ => {
                        results.any_failed = true;
                        &mut results.total.failed
                    }
                };
                *slot += count;
            }
            results
                .targets
                .push(("cargo nextest run".to_string(), trimmed.to_string()));
        } else if let Some(rest) = line.strip_prefix("test result: ") {
            let words: Vec<&str> = rest.split_whitespace().collect();
            if words.first() != Some(&"ok.") {
                results.any_failed = true;
            }
            for pair in words.windows(2) {
                let Ok(count) = pair[0].parse::<u64>() else {
                    continue;
                };
                let slot = match pair[1].trim_end_matches(';') {
                    "passed" => &mut results.total.passed,
                    "failed" => &mut results.total.failed,
                    "ignored" => &mut results.total.ignored,
                    "measured" => &mut results.total.measured,
                    "filtered" => &mut results.total.filtered,
                    _ => continue,
                };
                *slot += count;
            }
            results.targets.push((target.clone(), line.to_string()));
        }
    }
    results
}

/// The counts of a nextest `Summary [...] N tests run: A passed, B failed, ...`
/// line, each with the word after it (`passed`, `failed`, `skipped`, `timed`,
/// ...); `None` for any other line.
fn nextest_summary(line: &str) -> Option<Vec<(u64, &str)>> {
    let rest = line.strip_prefix("Summary [")?;
    let (_, counts) = rest.split_once(" tests run: ")?;
    counts
        .split(", ")
        .map(|part| {
            let (count, what) = part.trim().split_once(' ')?;
            let word = what.split_whitespace().next()?;
            Some((count.parse().ok()?, word))
        })
        .collect()
}

impl CargoTestResults {
    /// The summary lines: every target and its result, then the sum as a `test
    /// result:` line of cargo's format.
    pub fn summary(&self) -> Vec<String> {
        if self.targets.is_empty() {
            return vec![
                "    (no test results: the test step did not run or did not finish)".into(),
            ];
        }
        let mut lines = Vec::new();
        for (target, result) in &self.targets {
            lines.push(format!("    {target}"));
            lines.push(result.clone());
        }
        let Counts {
            passed,
            failed,
            ignored,
            measured,
            filtered,
        } = self.total;
        let verdict = if self.any_failed || failed > 0 {
            "FAILED"
        } else {
            "ok"
        };
        lines.push(format!(
            "==> the {} result lines above together:",
            self.targets.len()
        ));
        lines.push(format!(
            "test result: {verdict}. {passed} passed; {failed} failed; {ignored} ignored; \
             {measured} measured; {filtered} filtered out"
        ));
        lines
    }
}

/// The closing lines of `node --test` (`# tests N`, `# pass N`, `# fail N`, ...).
pub fn node_test(output: &str) -> Vec<String> {
    output
        .lines()
        .filter(|line| {
            ["# tests ", "# pass ", "# fail ", "# skipped ", "# todo "]
                .iter()
                .any(|prefix| line.starts_with(prefix))
        })
        .map(String::from)
        .collect()
}

/// pytest's closing line (`===== 123 passed in 4.56s =====`).
pub fn pytest(output: &str) -> Vec<String> {
    output
        .lines()
        .filter(|line| {
            line.starts_with('=')
                && line.ends_with('=')
                && line.contains(" in ")
                && (line.contains(" passed") || line.contains(" failed"))
        })
        .map(String::from)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const CARGO_TEST: &str = "\
   Compiling pacru-core v0.1.0 (/w/crates/pacru-core)
    Finished `test` profile [unoptimized + debuginfo] target(s) in 1m 02s
     Running unittests src/lib.rs (target/debug/deps/pacru_core-1)

running 2 tests
test a ... ok
test b ... ok

test result: ok. 2 passed; 0 failed; 1 ignored; 0 measured; 0 filtered out; finished in 0.01s

     Running tests/perft.rs (target/debug/deps/perft-2)

running 3 tests
test result: FAILED. 2 passed; 1 failed; 0 ignored; 0 measured; 0 filtered out; finished in 3.00s

   Doc-tests pacru_core

running 4 tests
test result: ok. 4 passed; 0 failed; 0 ignored; 0 measured; 5 filtered out; finished in 0.50s
";

    #[test]
    fn every_target_and_the_sum() {
        let results = cargo_test(CARGO_TEST);
        assert_eq!(
            results.targets[0],
            (
                "Running unittests src/lib.rs (target/debug/deps/pacru_core-1)".to_string(),
                "test result: ok. 2 passed; 0 failed; 1 ignored; 0 measured; 0 filtered out; finished in 0.01s".to_string()
            )
        );
        assert_eq!(results.targets[2].0, "Doc-tests pacru_core");
        assert_eq!(
            results.total,
            Counts {
                passed: 8,
                failed: 1,
                ignored: 1,
                measured: 0,
                filtered: 5
            }
        );
        assert!(results.any_failed);
        let summary = results.summary();
        assert_eq!(summary[6], "==> the 3 result lines above together:");
        assert_eq!(
            summary[7],
            "test result: FAILED. 8 passed; 1 failed; 1 ignored; 0 measured; 5 filtered out"
        );
    }

    #[test]
    fn all_passing_targets_sum_to_ok() {
        let output = CARGO_TEST.replace("FAILED. 2 passed; 1 failed", "ok. 3 passed; 0 failed");
        let results = cargo_test(&output);
        assert!(!results.any_failed);
        assert_eq!(
            results.summary().last().unwrap(),
            "test result: ok. 9 passed; 0 failed; 1 ignored; 0 measured; 5 filtered out"
        );
    }

    #[test]
    fn nextest_summary_and_doc_tests() {
        let output = "\
    Starting 505 tests across 53 binaries (2 tests skipped)
        PASS [   0.011s] ( 1/505) pacru-core board::tests::a
     Summary [  37.103s] 505 tests run: 505 passed, 2 skipped
   Doc-tests pacru_core

running 11 tests
test result: ok. 11 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.01s
";
        let results = cargo_test(output);
        assert_eq!(
            results.targets[0],
            (
                "cargo nextest run".to_string(),
                "Summary [  37.103s] 505 tests run: 505 passed, 2 skipped".to_string()
            )
        );
        assert_eq!(results.targets[1].0, "Doc-tests pacru_core");
        assert!(!results.any_failed);
        assert_eq!(
            results.summary().last().unwrap(),
            "test result: ok. 516 passed; 0 failed; 2 ignored; 0 measured; 0 filtered out"
        );
        let failed = cargo_test(
            "     Summary [   9.000s] 12 tests run: 9 passed, 2 failed, 1 timed out, 3 skipped\n",
        );
        assert!(failed.any_failed);
        assert_eq!(
            failed.total,
            Counts {
                passed: 9,
                failed: 3,
                ignored: 3,
                measured: 0,
                filtered: 0
            }
        );
        assert!(cargo_test("Summary of the work\n").targets.is_empty());
    }

    #[test]
    fn no_results_is_said() {
        let summary = cargo_test("error: could not compile `pacru-core`\n").summary();
        assert_eq!(summary.len(), 1);
        assert!(summary[0].contains("no test results"));
    }

    #[test]
    fn closing_lines_of_node_and_pytest() {
        let node = "ok 1 - page\n# tests 12\n# suites 0\n# pass 12\n# fail 0\n# duration_ms 9\n";
        assert_eq!(node_test(node), ["# tests 12", "# pass 12", "# fail 0"]);
        let output = "tests/test_api.py ....\n\
                      ============================= 88 passed in 3.21s ==============================\n";
        assert_eq!(
            pytest(output),
            ["============================= 88 passed in 3.21s =============================="]
        );
        assert!(pytest("== test session starts ==\n").is_empty());
    }
}

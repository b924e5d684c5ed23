//! Hosts the FAQ scenario tests of the workspace (`tests/faq.rs` at the top level).
//!
//! This crate has no code of its own: its only job is to own the `faq` test target,
//! which reads the scenario files under `tests/scenarios/`, plays each scenario with
//! `pacru-core`, checks the stated expectation and snapshots the outcome with insta.
//! See `tests/scenarios/README.md` for the scenario format and `docs/faq-coverage.md`
//! for which FAQ ruling each scenario covers.

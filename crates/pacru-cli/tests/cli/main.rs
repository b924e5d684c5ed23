//! The integration tests of the `pacru` program, in one test binary (as ripgrep
//! keeps its own), so that the shared helpers and what they use are compiled and
//! linked once. Each module holds the tests of one command or theme, `common`
//! their helpers (running the real `pacru`, a real server);
//! `cargo test -p pacru-cli --test cli MODULE::` runs one module.

mod common;

mod analyse;
mod arena;
mod arena_faults;
mod board;
mod bot;
mod check;
mod commands;
mod conventions;
mod docs_examples;
mod edges;
mod event;
mod event_trf;
mod events;
mod layout;
mod ratings;
mod readme;
mod records_at_the_edges;
mod replay_agreement;
mod selfplay;
mod serve;
mod serve_cancel;
mod serve_crash;
mod serve_refusals;
mod shards;
mod view;

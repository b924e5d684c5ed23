//! The properties the fuzz targets check (see `docs/fuzzing.md`).

#[path = "../checks.rs"]
pub mod checks;

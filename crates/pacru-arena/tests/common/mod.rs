//! Shared by the tests (and the SPRT simulation example).

pub mod sprt_model;

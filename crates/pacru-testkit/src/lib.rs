#![doc = include_str!("../README.md")]

pub mod fuzz_checks;

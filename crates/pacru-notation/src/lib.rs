#![doc = include_str!("../README.md")]

pub mod pgr;
pub mod selfplay;
#[cfg(feature = "test-support")]
#[doc(hidden)]
pub mod test_support;

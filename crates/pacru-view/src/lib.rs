#![doc = include_str!("../README.md")]

mod model;
pub mod page;
mod read;
mod replay;
pub mod svg;

pub use model::{
    ChevronView, EffectsView, GameView, OutView, PlayerView, PlyView, RefusedMove, SyntaxError,
};
pub use read::Games;

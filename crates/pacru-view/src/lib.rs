#![doc = include_str!("../README.md")]

mod model;
pub mod page;
mod read;
mod replay;
pub mod svg;

pub use model::{
    ChevronView, EffectsView, ErrorView, GameView, OutView, PlayerView, PlyView, RefusedMove,
    SyntaxError, VerdictView,
};
pub use read::Games;

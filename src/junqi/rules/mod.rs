//! The Junqi Fanfanqi engine: board graph, pieces, positions, legal actions and attack
//! resolution. No notation here.

pub mod board;
pub mod movegen;
pub(crate) mod params;
pub mod perft;
pub(crate) mod piece;
pub(crate) mod position;

pub use board::{Square, parse_square, square_name};
pub use params::Params;
pub use piece::{Color, Outcome, Piece, Rank};
pub use position::{Action, Applied, Cell, Position};

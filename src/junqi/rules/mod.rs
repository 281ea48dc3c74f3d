//! The Junqi Fanfanqi engine: board graph, pieces, positions, legal actions and attack
//! resolution. No notation here.

pub(crate) mod board;
pub(crate) mod movegen;
pub(crate) mod params;
pub(crate) mod perft;
pub(crate) mod piece;
pub(crate) mod position;

pub(crate) use board::{Square, parse_square, square_name};
pub use params::Params;
pub(crate) use piece::{Color, Outcome, Piece, Rank};
pub use position::{Action, Applied, Cell, Position};

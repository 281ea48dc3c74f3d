//! The rules of Xiangqi (no notation, no formats): the board, legal moves with every
//! restriction (palace, river, horse leg, elephant eye, cannon screen, flying general, own
//! king safety), attack queries for the repetition judge, FEN, Zobrist hashing and perft.
//!
//! Squares are ICCS: files a–i from Red's left, ranks 0–9 from Red's side.

mod attacks;
mod count;
mod fen;
mod lines;
mod movegen;
mod perft;
mod position;
mod tables;
mod types;
mod zobrist;

pub use fen::SetupError;
pub use perft::perft;
pub use position::{IllegalMove, Position};
pub use types::{Color, Kind, Move, MoveList, Piece, Square};

//! Xiangqi file formats.
pub mod board;
pub mod pgn_read;
pub mod pgn_tokens;
pub mod pgn_write;
pub mod xqf;

//! Xiangqi (中国象棋): the rules engine, move notations (ICCS, WXF, Chinese) and the board
//! verdicts. The file formats live in `formats` and the `Game` implementation is glued here.

pub mod notation;
pub mod rules;
pub mod verdict;

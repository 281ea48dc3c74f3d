//! Xiangqi (中国象棋): the rules engine, move notations (ICCS, WXF, Chinese), file formats and
//! the board verdicts, glued into the `Game` implementation.

pub mod formats;
pub mod notation;
pub mod rules;
pub mod verdict;

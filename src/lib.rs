//! qipu (棋谱): the referee for records of Xiangqi, Othello and Junqi Fanfanqi.
//!
//! A nom parser reads records → the replay driver plays them through the rules → verdicts.
//! [`core`] holds what every game shares; each game has its own module split into rules,
//! notation and formats.

pub mod cli;
pub mod core;
pub mod games;
pub mod junqi;
pub mod othello;
pub mod xiangqi;

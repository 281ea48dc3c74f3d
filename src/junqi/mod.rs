//! Junqi Fanfanqi (军棋翻翻棋).

pub mod rules;
pub mod notation;
pub mod formats;

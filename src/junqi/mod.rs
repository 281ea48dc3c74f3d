//! Junqi Fanfanqi (军棋翻翻棋).

pub mod rules;

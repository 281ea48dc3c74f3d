//! Junqi notation: action text and the position notation.

pub mod action;
pub mod position;

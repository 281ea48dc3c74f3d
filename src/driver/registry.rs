//! The registry of games the core knows.

use crate::core::game::Game;
use crate::core::record::GameKind;

/// Every game, in a fixed order (used for detection).
pub fn all() -> Vec<&'static dyn Game> {
    let games: Vec<&'static dyn Game> = vec![
        &crate::xiangqi::Xiangqi,
        &crate::othello::Othello,
        &crate::junqi::Junqi,
    ];
    games
}

pub fn get(kind: GameKind) -> Option<&'static dyn Game> {
    all().into_iter().find(|g| g.kind() == kind)
}

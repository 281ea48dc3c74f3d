//! The core shared by every game: the record model, errors and diagnostics, the [`game::Game`]
//! trait, the replay and judging contracts, verdicts and rule values. It imports nothing from
//! the games or the driver above it.

pub(crate) mod analysis;
pub(crate) mod date;
pub mod diagnostic;
pub mod encoding;
pub mod error;
pub mod game;
pub(crate) mod identity;
pub(crate) mod limits;
pub(crate) mod perft;
pub mod record;
pub(crate) mod referee;
pub(crate) mod replay;
pub mod rules;
pub(crate) mod span;
pub(crate) mod svg;
pub(crate) mod tags;
#[cfg(test)]
pub(crate) mod testing;
pub(crate) mod variant;
pub mod verdict;

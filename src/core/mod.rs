//! The core shared by every game: the record model, the replay driver, verdicts, rule
//! parameters, input handling and reports.

pub mod error;
pub mod game;
pub mod record;
pub mod replay;
pub mod rules;
pub mod verdict;

//! The core shared by every game: the record model, the replay driver, verdicts, rule
//! parameters, input handling and reports.

pub mod batch;
pub mod diagnostic;
pub mod encoding;
pub mod error;
pub mod game;
pub mod html;
pub mod identity;
pub mod input;
pub mod output;
pub mod record;
pub mod referee;
pub mod replay;
pub mod report;
pub mod rules;
pub mod select;
pub mod stream;
pub mod verdict;

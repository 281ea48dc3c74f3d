//! The driver above the games: the registry of games, opening inputs (format and encoding
//! detection, streaming huge text files), the batch driver with its settings, the reports it
//! makes, and the `--where` language that selects them.

pub mod arena;
pub mod batch;
pub(crate) mod convert;
pub mod input;
pub mod open;
pub mod protocol;
pub mod referee;
pub mod registry;
pub mod report;
pub mod run;
pub mod select;
pub mod settings;
pub mod stream;

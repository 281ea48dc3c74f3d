//! The driver above the games: the registry of games, opening inputs (format and encoding
//! detection, streaming huge text files), the batch driver with its settings, the reports it
//! makes, and the `--where` language that selects them.

pub(crate) mod arena;
pub(crate) mod batch;
pub(crate) mod convert;
pub mod input;
pub mod open;
pub mod protocol;
pub mod referee;
pub mod registry;
pub mod report;
pub(crate) mod run;
pub(crate) mod select;
pub mod settings;
pub mod stream;

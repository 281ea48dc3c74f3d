//! The core shared by every game: the record model, errors and diagnostics, the [`game::Game`]
//! trait, the replay and judging contracts, verdicts and rule values. It imports nothing from
//! the games or the driver above it.

/// `Display` for a type with a name of its own: writes what its method `$name` gives (the
/// word the reports and the command line use).
macro_rules! display_by_name {
    ($($type:ty => $name:ident),* $(,)?) => {
        $(impl std::fmt::Display for $type {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.$name())
            }
        })*
    };
}
pub(crate) use display_by_name;

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

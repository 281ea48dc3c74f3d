//! Writing records in a format, for the library and Python (the CLI's `convert` adds files,
//! merging and splitting on top of the games' writers).

use crate::core::game::{Converted, FormatInfo};
use crate::core::record::Record;
use crate::core::rules::Rules;
use crate::driver::registry;

/// Writes `records` (all of one game) as the format `to` (a format id of `qipu formats`,
/// any case) under `rules` (the game's rules: some writers decide results). `Err` says why
/// nothing could be written: records of several games, or a format the game cannot write
/// (naming the ones it can). A record the writer cannot write is in `failures`. With the
/// written bytes comes the format they are in (`binary` or text).
pub fn convert(
    records: &[Record],
    to: &str,
    rules: &Rules,
) -> Result<(&'static FormatInfo, Converted), String> {
    let Some(first) = records.first() else {
        return Err("no records to convert".to_string());
    };
    let kind = first.game;
    if records.iter().any(|r| r.game != kind) {
        return Err("convert writes records of one game at a time".to_string());
    }
    let game = registry::get(kind).ok_or_else(|| format!("{kind} is not in this build"))?;
    let format = game
        .formats()
        .iter()
        .find(|f| f.write && f.id.eq_ignore_ascii_case(to))
        .ok_or_else(|| {
            let ids: Vec<&str> = game
                .formats()
                .iter()
                .filter(|f| f.write)
                .map(|f| f.id)
                .collect();
            format!(
                "{kind} records cannot be written as `{to}`; formats: {}",
                ids.join(", ")
            )
        })?;
    Ok((format, game.convert(records, format.id, rules)))
}

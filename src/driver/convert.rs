//! Writing records in a format, for the library and Python (the CLI's `convert` adds files,
//! merging and splitting on top of the games' writers).

use crate::core::game::{Converted, FormatInfo};
use crate::core::record::{GameKind, Record};
use crate::core::rules::Rules;
use crate::driver::registry;

/// Why [`convert`] wrote nothing. Its message is what the CLI and Python say.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ConvertError {
    /// No records were given.
    #[error("no records to convert")]
    NoRecords,
    /// The records are of several games (`games`, in the order they first come).
    #[error("convert writes records of one game at a time")]
    MixedGames { games: Vec<GameKind> },
    /// The game is not in this build.
    #[error("{0} is not in this build")]
    NotInBuild(GameKind),
    /// `to` is not a format the game writes; `formats` are the ones it does.
    #[error("{game} records cannot be written as `{to}`; formats: {}", .formats.join(", "))]
    CannotWrite {
        game: GameKind,
        to: String,
        formats: Vec<&'static str>,
    },
}

/// Writes `records` (all of one game) as the format `to` (a format id of `qipu formats`,
/// any case) under `rules` (the game's rules: some writers decide results). `Err` says why
/// nothing could be written: no records, records of several games, or a format the game
/// cannot write (naming the ones it can). A record the writer cannot write is in `failures`.
/// With the written bytes comes the format they are in (`binary` or text).
pub fn convert(
    records: &[Record],
    to: &str,
    rules: &Rules,
) -> Result<(&'static FormatInfo, Converted), ConvertError> {
    let Some(first) = records.first() else {
        return Err(ConvertError::NoRecords);
    };
    let kind = first.game;
    if records.iter().any(|r| r.game != kind) {
        let mut games = Vec::new();
        for r in records {
            if !games.contains(&r.game) {
                games.push(r.game);
            }
        }
        return Err(ConvertError::MixedGames { games });
    }
    let game = registry::get(kind).ok_or(ConvertError::NotInBuild(kind))?;
    let format = game
        .formats()
        .iter()
        .find(|f| f.write && f.id.eq_ignore_ascii_case(to))
        .ok_or_else(|| ConvertError::CannotWrite {
            game: kind,
            to: to.to_string(),
            formats: game
                .formats()
                .iter()
                .filter(|f| f.write)
                .map(|f| f.id)
                .collect(),
        })?;
    Ok((format, game.convert(records, format.id, rules)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(game: GameKind) -> Record {
        Record::new(game, "test", 0)
    }

    #[test]
    fn errors_carry_what_went_wrong() {
        let rules = crate::driver::referee::Referee::default_rules(GameKind::Othello);
        assert_eq!(
            convert(&[], "ggf", &rules).unwrap_err(),
            ConvertError::NoRecords
        );
        let mixed = [record(GameKind::Othello), record(GameKind::Xiangqi)];
        assert_eq!(
            convert(&mixed, "ggf", &rules).unwrap_err(),
            ConvertError::MixedGames {
                games: vec![GameKind::Othello, GameKind::Xiangqi]
            }
        );
        let e = convert(&[record(GameKind::Othello)], "xqf", &rules).unwrap_err();
        let ConvertError::CannotWrite { game, to, formats } = &e else {
            panic!("{e:?}");
        };
        assert_eq!((*game, to.as_str()), (GameKind::Othello, "xqf"));
        assert!(
            formats.contains(&"ggf") && formats.contains(&"wthor"),
            "{formats:?}"
        );
        assert!(
            e.to_string()
                .starts_with("othello records cannot be written as `xqf`; formats: "),
            "{e}"
        );
    }
}

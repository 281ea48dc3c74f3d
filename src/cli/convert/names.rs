//! File names for `convert --split`: one file per game, named from its tags (date and
//! players, else the event) where it has them, else from its input file and index; every name
//! sanitised for any file system and unique within the run.

use crate::core::record::{GameKind, Record};
use std::collections::HashSet;
use std::path::Path;

/// Longest name stem, in characters (the extension and a `-N` suffix come on top).
const MAX_CHARS: usize = 80;

/// The tags that name a game's two players.
fn player_tags(game: GameKind) -> (&'static str, &'static str) {
    match game {
        GameKind::Xiangqi => ("Red", "Black"),
        GameKind::Othello => ("Black", "White"),
        GameKind::Junqi => ("First", "Second"),
    }
}

/// A name part made safe: path separators, characters that some file systems refuse, and
/// control characters become `_`; runs of blanks become one `_`.
fn sanitise(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut blank = false;
    for c in s.trim().chars() {
        if c.is_whitespace() {
            blank = true;
            continue;
        }
        if blank && !out.is_empty() {
            out.push('_');
        }
        blank = false;
        let bad =
            c.is_control() || matches!(c, '/' | '\\' | ':' | '*' | '?' | '"' | '<' | '>' | '|');
        out.push(if bad { '_' } else { c });
    }
    out
}

fn clip(s: &str) -> String {
    let s: String = s.chars().take(MAX_CHARS).collect();
    s.trim_matches(|c: char| matches!(c, '.' | '_' | '-' | ' '))
        .to_string()
}

/// The name stem of a game from its tags, or `None` when its tags do not name it.
pub(crate) fn from_tags(record: &Record) -> Option<String> {
    let tag = |n: &str| {
        record
            .tag(n)
            .map(sanitise)
            .filter(|v| !v.is_empty() && v != "?" && v != "-")
    };
    let (a, b) = player_tags(record.game);
    let players = match (tag(a), tag(b)) {
        (Some(x), Some(y)) => Some(format!("{x}-{y}")),
        (Some(x), None) | (None, Some(x)) => Some(x),
        (None, None) => None,
    };
    let who = players.or_else(|| tag("Event"))?;
    let name = match tag("Date") {
        Some(d) => format!("{d}_{who}"),
        None => who,
    };
    let name = clip(&name);
    (!name.is_empty()).then_some(name)
}

/// The name stem of a game with no naming tags: its input's stem and its index.
pub(crate) fn from_source(input: &Path, index: usize) -> String {
    let stem = input
        .file_stem()
        .map(|s| clip(&sanitise(&s.to_string_lossy())))
        .filter(|s| !s.is_empty())
        .unwrap_or_else(|| "game".to_string());
    format!("{stem}-{index:04}")
}

/// The names given so far in a run (compared without case: two names that differ only in
/// case are one file on some file systems).
#[derive(Default)]
pub(crate) struct Names {
    used: HashSet<String>,
}

impl Names {
    /// `stem.ext`, or `stem-2.ext`, `stem-3.ext` … when taken.
    pub(crate) fn unique(&mut self, stem: &str, ext: &str) -> String {
        let mut n = 1usize;
        loop {
            let name = if n == 1 {
                format!("{stem}.{ext}")
            } else {
                format!("{stem}-{n}.{ext}")
            };
            if self.used.insert(name.to_lowercase()) {
                return name;
            }
            n += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(game: GameKind, tags: &[(&str, &str)]) -> Record {
        let mut r = Record::new(game, "pgn", 0);
        for (n, v) in tags {
            r.set_tag(n, *v);
        }
        r
    }

    #[test]
    fn names_come_from_date_and_players_else_the_event() {
        let r = record(
            GameKind::Xiangqi,
            &[
                ("Date", "2010.05.01"),
                ("Red", "许银川"),
                ("Black", "吕 钦"),
            ],
        );
        assert_eq!(from_tags(&r).as_deref(), Some("2010.05.01_许银川-吕_钦"));
        let r = record(GameKind::Othello, &[("Black", "a/b"), ("White", "..")]);
        assert_eq!(from_tags(&r).as_deref(), Some("a_b"));
        let r = record(GameKind::Junqi, &[("Event", "Cup: final?")]);
        assert_eq!(from_tags(&r).as_deref(), Some("Cup__final"));
        let r = record(GameKind::Xiangqi, &[("Date", "2010"), ("Red", "")]);
        assert_eq!(from_tags(&r), None, "a date alone does not name a game");
        assert_eq!(from_source(Path::new("dir/db.pgn"), 7), "db-0007");
        let long = "长".repeat(200);
        let r = record(GameKind::Xiangqi, &[("Red", long.as_str())]);
        assert_eq!(from_tags(&r).map(|n| n.chars().count()), Some(MAX_CHARS));
    }

    #[test]
    fn names_are_unique_without_case() {
        let mut n = Names::default();
        assert_eq!(n.unique("a", "pgn"), "a.pgn");
        assert_eq!(n.unique("A", "pgn"), "A-2.pgn");
        assert_eq!(n.unique("a", "pgn"), "a-3.pgn");
        assert_eq!(n.unique("a-2", "pgn"), "a-2-2.pgn");
    }
}

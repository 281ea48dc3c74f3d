//! Where a `.jqr` text may be cut between games, for streaming huge files and stdin (see
//! `Game::stream_cut`).
//!
//! The reader ends a game at its result token (`1-0`, `0-1`, `1/2-1/2`, `*`), at a `[` that
//! starts a token after the movetext (the next game's tags), or at the end of a line holding a
//! tag it cannot read; comments (`{…}`, `;` to the end of the line) hide all of these. That
//! depends on the text only, so this module finds the same game starts as the reader without
//! reading any action, and cuts at the start of the line of the last game that begins its line.

use super::jqr::{Reader, skip_game};
use crate::core::game::{StreamCut, line_start};
use crate::core::tags::tag_pair;

/// Byte offsets where the reader starts a game, in order. Starts that the rest of a file
/// could still change (after a tag left open at the end of `text`) are left out.
pub(crate) fn game_starts(text: &str) -> Vec<usize> {
    let mut starts = Vec::new();
    let mut r = Reader { text, pos: 0 };
    'games: while r.skip_ws() {
        starts.push(r.pos);
        while r.skip_ws() && r.rest().starts_with('[') {
            match tag_pair(r.rest()) {
                Ok((rest, _)) => r.pos = text.len() - rest.len(),
                // The tag runs to the end of the text: more text may complete it.
                Err(_) if !r.rest().contains('\n') => break 'games,
                // A tag that cannot be read ends its game at the end of its line.
                Err(_) => {
                    r.pos = r.rest().find('\n').map_or(text.len(), |n| r.pos + n);
                    continue 'games;
                }
            }
        }
        skip_game(&mut r);
    }
    starts
}

/// The cut for streaming: before the last game (not the first) that starts its line (only
/// white space before it on the line), so that `text[..cut]` holds whole games, at least one,
/// and reads the same on its own.
pub(crate) fn stream_cut(text: &str) -> StreamCut {
    for &start in game_starts(text).iter().skip(1).rev() {
        let line = line_start(text, start);
        let indent = text.get(line..start).unwrap_or("x");
        if indent.chars().all(|c| c.is_whitespace() || c == '\u{feff}') {
            return match line {
                0 => StreamCut::NotYet,
                n => StreamCut::At(n),
            };
        }
    }
    StreamCut::NotYet
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::junqi::formats::jqr::read;

    const GAME: &str = "[Game \"Junqi Fanfanqi\"]\n[Result \"*\"]\n\n1. C2=E @0:05 {a flip} 2. D0=e\n3. timeout draw? draw- *\n\n";

    /// The starts the reader itself gives: the spans of its records (a game whose first tag
    /// cannot be read is an error pointing at that tag).
    fn reader_starts(text: &str) -> Vec<usize> {
        read(text)
            .iter()
            .filter_map(|g| match g {
                Ok(g) => Some(g.span.start),
                Err(e) => e.span.map(|s| s.start),
            })
            .collect()
    }

    #[test]
    fn finds_the_games_the_reader_finds() {
        let texts = [
            GAME.repeat(3),
            // No tags: the result ends a game, the next starts on the same line.
            "1. C2=E 0-1 1. A0=e *\n1. B0=E\n".to_string(),
            // Tags right after a movetext without result.
            "1. C2=E\n[Game \"Junqi Fanfanqi\"]\n1. A0=e *".to_string(),
            // A bad action: the rest of the game is skipped up to its result.
            format!("1. C2=E 2. D0=绿兵 3. A0=e *\n{GAME}"),
            // A bad tag ends its game at the end of its line.
            format!("[Game Junqi]\n1. C2=E *\n{GAME}"),
            // Comments hide tags and results, also after a parse error.
            format!(
                "1. C2=E {{\n[Game \"x\"]\n1-0 }} 2. D0=e ; 1-0 [Game\n*\n1. Q9 ; {{ *\n{GAME}"
            ),
        ];
        for text in &texts {
            assert_eq!(game_starts(text), reader_starts(text), "{text:?}");
        }
    }

    #[test]
    fn cuts_at_the_line_of_the_last_game() {
        let text = GAME.repeat(3);
        let last = text.rfind("[Game").unwrap();
        assert_eq!(stream_cut(&text), StreamCut::At(last));
        // The first half reads as the games before the cut, the rest as the last game.
        assert_eq!(read(&text[..last]).len(), 2);
        assert_eq!(read(&text[last..]).len(), 1);
        // A game starting in the middle of a line is not a place to cut: the one before is.
        let text = format!("{GAME}{GAME}1. C2=E 0-1 1. A0=e *\n");
        assert_eq!(game_starts(&text).len(), 4);
        assert_eq!(stream_cut(&text), StreamCut::At(2 * GAME.len()));
    }

    #[test]
    fn one_game_or_nothing_is_not_yet() {
        assert_eq!(stream_cut(""), StreamCut::NotYet);
        assert_eq!(stream_cut(GAME), StreamCut::NotYet);
        // Never a cut before the first game (the text before it would hold no game).
        assert_eq!(stream_cut("  \n{only a comment"), StreamCut::NotYet);
        assert_eq!(stream_cut("\n\n1. C2=E 0-1 1. A0=e *\n"), StreamCut::NotYet);
    }

    #[test]
    fn a_tag_open_at_the_end_is_not_a_game_boundary() {
        // The [Event] value goes on past the end of this text: the line after it must not be
        // taken for a new game (more text may close the tag on its line).
        let text = format!("{GAME}[Game \"Junqi Fanfanqi\"]\n[Event \"two");
        assert_eq!(game_starts(&text), [0, GAME.len()]);
        assert_eq!(stream_cut(&text), StreamCut::At(GAME.len()));
        // Closed on its line, it is one game more.
        let whole = format!("{text} lines\"]\n1. C2=E *\n");
        assert_eq!(game_starts(&whole), reader_starts(&whole));
        assert_eq!(game_starts(&whole).len(), 2);
        // A tag is written on one line (the tag pair of every PGN-like format): one broken
        // over two lines cannot be read (its game is a bad-header error at the tag), and the
        // cut and the reader find as many games.
        let broken =
            format!("{GAME}[Game \"Junqi Fanfanqi\"]\n[Event \"two\nlines\"]\n1. C2=E *\n");
        let games = read(&broken);
        assert_eq!(game_starts(&broken).len(), games.len());
        assert!(matches!(&games[1], Err(e) if e.kind == crate::core::error::ErrorKind::BadHeader));
    }
}

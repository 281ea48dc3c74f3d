//! Othello PGN, as the public archives converted from WTHOR write it:
//!
//! ```text
//! [Event "Championnat de France - 1990"]
//! [Date "1990"]
//! [Black "Tastet Marc"]
//! [White "Shaman David"]
//! [Result "34-30"]
//!
//! 1. F5 D6
//! 3. C3 D3
//! …
//! 34-30
//! ```
//!
//! Tags `[Name "value"]`, then the moves in numbered pairs (numbered by line, 1 2 3 …, or by
//! the index of the pair's first move, 1 3 5 …; the numbers are not checked), passes left
//! out, `{…}` comments allowed, optionally the score again at the end. `Result` is the disc
//! count, Black first (`31-33`), or `1-0` / `0-1` / `1/2-1/2` / `*`. A `[FEN]` tag holding a
//! board string (64 cells and the side to move, as transcripts write it) sets the start.
//! The grammar is in grammar/othello-pgn.ebnf.

use super::transcript::{self, MAX_MOVES, too_long};
use crate::core::error::{ErrorKind, RecordError, Warning};
use crate::core::game::StreamCut;
use crate::core::record::{Claim, GameKind, GameResult, Record};
use crate::core::span::Span;
use crate::othello::notation::parse_score;
use crate::othello::rules::result_of;

pub(crate) const FORMAT_ID: &str = "pgn-othello";

/// A tag line: the tag pair of every PGN-like format (`core::tags`), alone on its line.
fn tag_line(line: &str) -> Option<(&str, String)> {
    match crate::core::tags::tag_pair(line) {
        Ok((rest, t)) if rest.trim().is_empty() => Some((t.name, t.value)),
        _ => None,
    }
}

/// The line with `{…}` comments blanked (same byte length, so spans stay), and the comments
/// with the offset where each ends; `open` carries a comment that runs on to the next line.
fn blank_comments(
    line: &str,
    base: usize,
    open: &mut Option<String>,
) -> (String, Vec<(usize, String)>) {
    let mut out = String::with_capacity(line.len());
    let mut comments = Vec::new();
    for (i, c) in line.char_indices() {
        match (open.as_mut(), c) {
            (Some(text), '}') => {
                comments.push((base + i, text.trim().to_string()));
                *open = None;
                out.push(' ');
            }
            (Some(text), _) => {
                text.push(c);
                out.extend(std::iter::repeat_n(' ', c.len_utf8()));
            }
            (None, '{') => {
                *open = Some(String::new());
                out.push(' ');
            }
            (None, _) => out.push(c),
        }
    }
    if let Some(text) = open.as_mut() {
        text.push('\n');
    }
    (out, comments)
}

/// The game being read.
struct Reading {
    rec: Record,
    /// The score or result at the end of the move text.
    end: Option<(String, Span)>,
    has_moves: bool,
}

impl Reading {
    fn new(index: usize, at: usize) -> Reading {
        let mut rec = Record::new(GameKind::Othello, FORMAT_ID, index);
        rec.span = Span::new(at, at);
        Reading {
            rec,
            end: None,
            has_moves: false,
        }
    }

    fn comment(&mut self, text: String) {
        if text.is_empty() {
            return;
        }
        match self.rec.moves.last_mut() {
            Some(m) => m.comments.push(text),
            None => self.rec.comments.push(text),
        }
    }

    fn tag(&mut self, line: &str, span: Span) {
        match tag_line(line) {
            Some((name, value)) => {
                if name.eq_ignore_ascii_case("FEN") {
                    self.rec.setup = Some((value.clone(), span));
                }
                self.rec.add_tag(name, value, span);
            }
            None => {
                self.rec.parse_error.get_or_insert(
                    RecordError::new(
                        ErrorKind::BadHeader,
                        "malformed tag: expected [Name \"value\"]",
                    )
                    .at(span)
                    .with_label("bad tag"),
                );
            }
        }
    }

    fn moves(&mut self, line: &str, base: usize) {
        if self.rec.parse_error.is_some() {
            return;
        }
        let l = transcript::parse_line(line, base);
        if !l.moves.is_empty() {
            if let Some((_, span)) = &self.end {
                self.rec.parse_error = Some(
                    RecordError::parse("a move after the game's result", *span)
                        .with_label("nothing may follow the result"),
                );
                return;
            }
            self.has_moves = true;
        }
        for m in l.moves {
            if self.rec.moves.len() >= MAX_MOVES {
                self.rec.parse_error = Some(too_long(m.span));
                return;
            }
            self.rec.moves.push(m);
        }
        if l.end.is_some() {
            self.end = l.end;
        }
        if let Some(e) = l.error {
            self.rec.parse_error = Some(e);
        }
    }

    fn finish(mut self, end: usize) -> Record {
        self.rec.span.end = end;
        // The result after the moves: 1-0 / 0-1 / 1/2-1/2 / *, or a disc count (34-30).
        let read = |text: &str| match (GameResult::parse(text), parse_score(text)) {
            (Some(r), _) => Some((r, None)),
            (None, Some((b, w))) => Some((result_of(b, w), Some((b, w)))),
            (None, None) => None,
        };
        let after_moves = self.end.take().and_then(|(text, span)| match read(&text) {
            Some(r) => Some((r, text, span)),
            None => {
                self.rec.warnings.push(
                    Warning::new(format!(
                        "the result `{text}` is neither a disc count (34-30) nor 1-0 / 0-1 / 1/2-1/2 / *"
                    ))
                    .at(span),
                );
                None
            }
        });
        if let Some(((result, score), text, span)) = self.rec.written_result(after_moves, read) {
            if let Some((b, w)) = score {
                self.rec.set_tag("Score", format!("{b}-{w}"));
            }
            self.rec.claim = Some(Claim::written(result, text, span));
        }
        self.rec
    }
}

/// Reads every game of an Othello PGN file.
pub(crate) fn read(text: &str) -> Vec<Result<Record, RecordError>> {
    let mut games = Vec::new();
    let mut current: Option<Reading> = None;
    let mut last_end = 0usize;
    let mut open_comment: Option<String> = None;
    let mut offset = 0usize;
    for raw in text.split_inclusive('\n') {
        let base = offset;
        offset += raw.len();
        let body = raw.trim_end_matches(['\n', '\r']);
        let started = body.trim_start_matches(|c: char| c.is_whitespace() || c == '\u{feff}');
        let at = base + body.len() - started.len();
        let line = started.trim_end();
        if line.is_empty() {
            continue;
        }
        let span = Span::new(at, at + line.len());
        if open_comment.is_none() && line.starts_with('[') {
            // A tag after move text starts the next game.
            if current
                .as_ref()
                .is_some_and(|g| g.has_moves || g.end.is_some())
                && let Some(done) = current.take()
            {
                games.push(Ok(done.finish(last_end)));
            }
            let g = current.get_or_insert_with(|| Reading::new(games.len(), at));
            g.tag(line, span);
            last_end = span.end;
            continue;
        }
        let g = current.get_or_insert_with(|| Reading::new(games.len(), at));
        let (blanked, comments) = blank_comments(line, at, &mut open_comment);
        let mut rest_at = 0usize;
        for (end_at, c) in comments {
            // Moves before the comment come first, so the comment follows its move.
            let cut = end_at - at;
            let piece = blanked.get(rest_at..cut).unwrap_or("");
            g.moves(piece, at + rest_at);
            g.comment(c);
            rest_at = cut;
        }
        g.moves(blanked.get(rest_at..).unwrap_or(""), at + rest_at);
        last_end = span.end;
    }
    if let Some(g) = current.take() {
        let mut r = g.finish(last_end);
        if open_comment.is_some() && r.parse_error.is_none() {
            r.parse_error = Some(
                RecordError::parse(
                    "this comment is never closed with `}`",
                    Span::new(last_end, last_end),
                )
                .with_label("unclosed comment"),
            );
        }
        games.push(Ok(r));
    }
    if games.is_empty() {
        games.push(Err(RecordError::parse(
            "no game found: the file is empty",
            Span::new(0, text.len()),
        )));
    }
    games
}

/// Whether a text looks like an Othello PGN: tag lines, then move text whose first words
/// are squares (`1. F5 D6`).
pub fn looks_like(head: &str) -> bool {
    let mut tags = 0;
    let mut squares = 0;
    let mut open = None;
    for line in head
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .take(40)
    {
        if line.starts_with('[') {
            if squares > 0 {
                break;
            }
            tags += usize::from(tag_line(line).is_some());
            continue;
        }
        let (blanked, _) = blank_comments(line, 0, &mut open);
        let l = transcript::parse_line(&blanked, 0);
        if l.error.is_some() {
            return false;
        }
        squares += l.moves.len();
        if squares >= 4 {
            break;
        }
    }
    tags > 0 && squares >= 2
}

/// Where a text of Othello PGN games may be cut (see `Game::stream_cut`): before the last
/// tag line that follows a line of move text.
pub fn stream_cut(text: &str) -> StreamCut {
    use crate::core::game::line_start;
    let mut end = text.trim_end_matches(['\n', '\r']).len();
    end = line_start(text, end);
    let mut after_tag_block: Option<usize> = None;
    while end > 0 {
        let start = line_start(text, end - 1);
        let line = text.get(start..end).unwrap_or("").trim();
        if line.starts_with('[') {
            after_tag_block = Some(start);
        } else if !line.is_empty() {
            if let Some(cut) = after_tag_block
                && cut > 0
            {
                return StreamCut::At(cut);
            }
            after_tag_block = None;
        }
        end = start;
    }
    StreamCut::NotYet
}

/// Writes one game: the tags (Event, Date, Black, White, Result first), the placements in
/// pairs numbered by the index of their first move, and the score or result again.
pub(crate) fn write_game(
    tags: &[(String, String)],
    setup: Option<&str>,
    placements: &[String],
    result: &str,
) -> String {
    let mut s = String::new();
    let quote = |v: &str| v.replace('\\', "\\\\").replace('"', "\\\"");
    let first = ["Event", "Date", "Black", "White"];
    for name in first {
        let value = tags
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map_or("?", |(_, v)| v.as_str());
        s.push_str(&format!("[{name} \"{}\"]\n", quote(value)));
    }
    s.push_str(&format!("[Result \"{}\"]\n", quote(result)));
    for (n, v) in tags {
        let skip = first.iter().any(|f| n.eq_ignore_ascii_case(f))
            || ["Result", "Score", "FEN"]
                .iter()
                .any(|f| n.eq_ignore_ascii_case(f));
        if !skip && n.chars().all(|c| c.is_alphanumeric() || c == '_') && !n.is_empty() {
            s.push_str(&format!("[{n} \"{}\"]\n", quote(v)));
        }
    }
    if let Some(b) = setup {
        s.push_str(&format!("[FEN \"{}\"]\n", quote(b)));
    }
    s.push('\n');
    for (i, pair) in placements.chunks(2).enumerate() {
        s.push_str(&format!("{}.", 2 * i + 1));
        for m in pair {
            s.push(' ');
            s.push_str(&m.to_ascii_uppercase());
        }
        s.push('\n');
    }
    s.push_str(result);
    s.push_str("\n\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::testing::records;

    const TWO: &str = "[Event \"Test - 1990\"]\n[Date \"1990\"]\n[Black \"A\"]\n[White \"B\"]\n[Result \"34-30\"]\n\n1. F5 D6\n3. C3 D3 {a comment}\n5. C4\n34-30\n\n[Event \"x\"]\n[Result \"1-0\"]\n1. f5 f6\n";

    #[test]
    fn reads_tags_moves_scores() {
        let [a, b] = records(read(TWO));
        assert!(a.parse_error.is_none(), "{:?}", a.parse_error);
        assert_eq!(a.tag("Black"), Some("A"));
        let moves: Vec<&str> = a.moves.iter().map(|m| m.text.as_str()).collect();
        assert_eq!(moves, ["F5", "D6", "C3", "D3", "C4"]);
        assert_eq!(a.moves[3].comments, ["a comment"]);
        let c = a.claim.as_ref().unwrap();
        assert_eq!(c.result, GameResult::FirstWins);
        assert_eq!(a.tag("Score"), Some("34-30"));
        let span = a.moves[2].span;
        assert_eq!(&TWO[span.start..span.end], "C3");
        assert_eq!(b.index, 1);
        assert_eq!(b.claim.as_ref().unwrap().result, GameResult::FirstWins);
        assert!(TWO[b.span.start..].starts_with("[Event \"x\"]"));
    }

    #[test]
    fn bad_input() {
        let r = read("[Event \"x\"\n1. F5").remove(0).unwrap();
        assert_eq!(r.parse_error.unwrap().kind, ErrorKind::BadHeader);
        let r = read("[Result \"34-30\"]\n1. F5 D6 34-30 F4")
            .remove(0)
            .unwrap();
        assert!(r.parse_error.is_some());
        let r = read("[Result \"34-30\"]\n1. F5 Z9").remove(0).unwrap();
        assert!(r.parse_error.is_some());
        assert!(read("").remove(0).is_err());
    }

    #[test]
    fn detection_and_cuts() {
        assert!(looks_like(TWO));
        assert!(!looks_like("[Game \"Chinese Chess\"]\n1. 炮二平五 马8进7"));
        assert!(!looks_like("[Event \"x\"]\n1. h2e2 h9g7"));
        match stream_cut(TWO) {
            StreamCut::At(n) => assert!(TWO[n..].starts_with("[Event \"x\"]")),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn writes_what_it_reads() {
        let tags = vec![
            ("White".to_string(), "B".to_string()),
            ("Black".to_string(), "A".to_string()),
        ];
        let moves: Vec<String> = ["f5", "d6", "c3"].iter().map(|s| s.to_string()).collect();
        let text = write_game(&tags, None, &moves, "34-30");
        assert!(text.starts_with("[Event \"?\"]\n[Date \"?\"]\n[Black \"A\"]\n[White \"B\"]\n[Result \"34-30\"]\n\n1. F5 D6\n3. C3\n34-30\n"), "{text}");
        let r = read(&text).remove(0).unwrap();
        assert_eq!(r.moves.len(), 3);
        assert_eq!(r.claim.unwrap().text, "34-30");
    }
}

//! The XQ PGN reader: a fast splitter cuts a file into games without backtracking, and each
//! game's slice is read element by element with the nom parsers of [`super::pgn_tokens`].
//! Moves stay text tokens; spans are byte offsets in the whole decoded file.

use super::pgn_tokens::{
    Element, element, looks_like_move, result_token, skip_space, split_suffix, termination_in,
};
use crate::core::error::{ErrorKind, RecordError, Warning};
use crate::core::limits;
use crate::core::record::{Annotation, Claim, GameKind, GameResult, MoveEntry, Record};
use crate::core::span::Span;
use memchr::memchr;

/// Reads every game of an XQ PGN file.
pub(crate) fn read_pgn(text: &str) -> Vec<Result<Record, RecordError>> {
    let games = split_games(text);
    if games.is_empty() {
        return vec![Err(RecordError::parse(
            "no game found: the file is empty",
            Span::new(0, text.len()),
        ))];
    }
    games
        .into_iter()
        .enumerate()
        .map(|(index, (start, end))| {
            let slice = text.get(start..end).unwrap_or("");
            Ok(parse_game(slice, start, index))
        })
        .collect()
}

/// Byte ranges of the games of a file. A new game starts at a line whose first non-blank
/// character is `[` once the current game has had move text (outside `{}` comments).
pub(crate) fn split_games(text: &str) -> Vec<(usize, usize)> {
    let bytes = text.as_bytes();
    let mut games = Vec::new();
    let mut start: Option<usize> = None;
    let mut last_content_end = 0;
    let mut seen_movetext = false;
    let mut in_brace = false;
    let mut pos = 0;
    while pos < bytes.len() {
        let line_end = memchr(b'\n', &bytes[pos..]).map_or(bytes.len(), |i| pos + i);
        let line = &bytes[pos..line_end];
        let indent = line
            .iter()
            .take_while(|b| matches!(b, b' ' | b'\t' | b'\r'))
            .count();
        let content = &line[indent..];
        let is_blank = content.iter().all(|b| b.is_ascii_whitespace());
        let is_tag = !in_brace && content.first() == Some(&b'[');
        if is_tag && seen_movetext {
            if let Some(s) = start.take() {
                games.push((s, last_content_end));
            }
            seen_movetext = false;
        }
        if !is_blank {
            if start.is_none() {
                start = Some(pos + indent);
            }
            last_content_end = pos + line.len() - trailing_space(line);
        }
        if !is_blank && !is_tag {
            seen_movetext = true;
            for &b in content {
                match (in_brace, b) {
                    (true, b'}') => in_brace = false,
                    (false, b'{') => in_brace = true,
                    (false, b';') => break,
                    _ => {}
                }
            }
        }
        pos = line_end + 1;
    }
    if let Some(s) = start {
        games.push((s, last_content_end));
    }
    games
}

fn trailing_space(line: &[u8]) -> usize {
    line.iter()
        .rev()
        .take_while(|b| b.is_ascii_whitespace())
        .count()
}

/// The deepest nesting of variations read.
const MAX_VARIATION_DEPTH: usize = 100;

/// The line being read: the main line, or a variation inside it.
struct Line {
    moves: Vec<MoveEntry>,
    /// Comments written before the line's first move.
    leading: Vec<String>,
    /// Where the `(` was.
    open: usize,
}

struct GameReader<'a> {
    src: &'a str,
    base: usize,
    rec: Record,
    lines: Vec<Line>,
    number: Option<u32>,
    result: Option<(GameResult, &'a str, Span)>,
    trailing_comments: Vec<String>,
    seen_movetext: bool,
    /// Moves read so far, variations included (against [`limits::max_plies`]).
    read: usize,
}

/// Reads one game from its slice; `base` is the slice's offset in the file.
pub(crate) fn parse_game(src: &str, base: usize, index: usize) -> Record {
    let mut rec = Record::new(GameKind::Xiangqi, "pgn", index);
    rec.span = Span::new(base, base + src.len());
    let mut r = GameReader {
        src,
        base,
        rec,
        lines: vec![Line {
            moves: Vec::new(),
            leading: Vec::new(),
            open: 0,
        }],
        number: None,
        result: None,
        trailing_comments: Vec::new(),
        seen_movetext: false,
        read: 0,
    };
    if let Err(e) = r.run() {
        r.rec.parse_error = Some(e);
    }
    r.finish()
}

impl<'a> GameReader<'a> {
    fn span(&self, rest_before: &str, rest_after: &str) -> Span {
        let start = self.src.len() - rest_before.len();
        let end = self.src.len() - rest_after.len();
        Span::new(self.base + start, self.base + end)
    }

    fn run(&mut self) -> Result<(), RecordError> {
        let mut rest = skip_space(self.src);
        while !rest.is_empty() {
            let Ok((after, el)) = element(rest) else {
                return Err(self.unreadable(rest));
            };
            let span = self.span(rest, after);
            self.take(el, span)?;
            rest = skip_space(after);
        }
        if self.lines.len() > 1 {
            let open = self.lines.last().map_or(0, |l| l.open);
            return Err(RecordError::parse(
                "this variation is never closed with `)`",
                Span::new(open, open + 1),
            )
            .with_label("unclosed variation"));
        }
        Ok(())
    }

    fn unreadable(&self, rest: &'a str) -> RecordError {
        let first = rest.chars().next().unwrap_or(' ');
        let span = self.span(rest, &rest[first.len_utf8()..]);
        match first {
            '{' => RecordError::parse("this comment is never closed with `}`", span)
                .with_label("unclosed comment"),
            '[' => {
                let line = rest.find(['\n', '\r']).unwrap_or(rest.len());
                RecordError::new(
                    ErrorKind::BadHeader,
                    "malformed tag: expected [Name \"value\"]",
                )
                .at(self.span(rest, &rest[line..]))
                .with_label("bad tag")
            }
            c => RecordError::parse(format!("unexpected `{c}`"), span),
        }
    }

    fn take(&mut self, el: Element<'a>, span: Span) -> Result<(), RecordError> {
        match el {
            Element::Tag { name, value } => self.tag(name, value, span)?,
            Element::Comment(text) | Element::LineComment(text) => {
                self.seen_movetext = true;
                self.comment(text.trim());
            }
            Element::Escape | Element::Ellipsis => {}
            Element::Open => {
                self.seen_movetext = true;
                if self.current().moves.is_empty() {
                    return Err(RecordError::parse(
                        "a variation must follow the move it replaces",
                        span,
                    )
                    .with_label("variation before any move"));
                }
                if self.lines.len() > MAX_VARIATION_DEPTH {
                    // Deeper trees are no real record, and walking them would overflow
                    // the stack of every reader of the record.
                    return Err(RecordError::parse(
                        format!("variations nested more than {MAX_VARIATION_DEPTH} deep"),
                        span,
                    )
                    .with_label("too deep"));
                }
                self.lines.push(Line {
                    moves: Vec::new(),
                    leading: Vec::new(),
                    open: span.start,
                });
                self.number = None;
            }
            Element::Close => {
                if self.lines.len() < 2 {
                    return Err(RecordError::parse("`)` closes no variation", span)
                        .with_label("unmatched `)`"));
                }
                let done = self.lines.pop().map(|l| l.moves).unwrap_or_default();
                if let Some(m) = self.current().moves.last_mut()
                    && !done.is_empty()
                {
                    m.variations.push(done);
                }
                self.number = None;
            }
            Element::Nag(nag) => self.annotate("nag", nag),
            Element::Number(n) => {
                self.seen_movetext = true;
                self.number = Some(n);
            }
            Element::Word(word) => self.word(word, span)?,
        }
        Ok(())
    }

    fn current(&mut self) -> &mut Line {
        // `lines` always holds the main line.
        if self.lines.is_empty() {
            self.lines.push(Line {
                moves: Vec::new(),
                leading: Vec::new(),
                open: 0,
            });
        }
        let last = self.lines.len() - 1;
        &mut self.lines[last]
    }

    fn tag(&mut self, name: &str, value: String, span: Span) -> Result<(), RecordError> {
        if self.seen_movetext {
            return Err(
                RecordError::new(ErrorKind::BadHeader, "a tag inside the move text")
                    .at(span)
                    .with_label("tag after moves"),
            );
        }
        if name.eq_ignore_ascii_case("FEN") && !value.trim().is_empty() {
            self.rec.setup = Some((value.trim().to_string(), span));
        }
        self.rec.add_tag(name, value, span);
        Ok(())
    }

    fn comment(&mut self, text: &str) {
        if text.is_empty() {
            return;
        }
        if self.result.is_some() && self.lines.len() == 1 {
            self.trailing_comments.push(text.to_string());
        }
        let in_main = self.lines.len() == 1;
        let line = self.current();
        match line.moves.last_mut() {
            Some(m) => m.comments.push(text.to_string()),
            None if in_main => self.rec.comments.push(text.to_string()),
            None => line.leading.push(text.to_string()),
        }
    }

    fn annotate(&mut self, key: &str, value: &str) {
        let in_main = self.lines.len() == 1;
        match self.current().moves.last_mut() {
            Some(m) => m.annotations.push(Annotation {
                key: key.into(),
                value: value.into(),
            }),
            None if in_main => self.rec.warnings.push(Warning::new(format!(
                "annotation {value} before the first move is ignored"
            ))),
            None => {}
        }
    }

    fn word(&mut self, word: &'a str, span: Span) -> Result<(), RecordError> {
        self.seen_movetext = true;
        if let Some(result) = result_token(word) {
            if self.lines.len() == 1 {
                self.result = Some((result, word, span));
            }
            return Ok(());
        }
        let (text, suffix) = split_suffix(word);
        let in_main = self.lines.len() == 1;
        let ply = self.rec.moves.len() + self.lines.first().map_or(0, |l| l.moves.len()) + 1;
        if !looks_like_move(text) {
            let mut e = RecordError::parse(format!("`{word}` is not a move"), span)
                .with_move(word)
                .with_label("not a move")
                .with_help("moves are written like 炮二平五, H2-E2 / h2e2, or C2.5");
            if in_main {
                e = e.with_ply(ply);
            }
            return Err(e);
        }
        if in_main && self.result.is_some() {
            return Err(RecordError::parse("a move after the game result", span)
                .with_move(word)
                .with_ply(ply)
                .with_label("move after the result"));
        }
        let text_span = Span::new(span.start, span.start + text.len());
        if limits::full(self.read) {
            let e = limits::too_long(text_span).with_move(word);
            return Err(if in_main { e.with_ply(ply) } else { e });
        }
        self.read += 1;
        let mut entry = MoveEntry::new(text, text_span);
        entry.number = self.number.take();
        if let Some(s) = suffix {
            entry.annotations.push(Annotation {
                key: "suffix".into(),
                value: s.into(),
            });
        }
        let line = self.current();
        if line.moves.is_empty() {
            entry.comments.extend(line.leading.drain(..));
        }
        line.moves.push(entry);
        Ok(())
    }

    fn finish(mut self) -> Record {
        // A parse error may leave variations open: fold them back so no move is lost.
        while self.lines.len() > 1 {
            let done = self.lines.pop().map(|l| l.moves).unwrap_or_default();
            if let Some(m) = self.current().moves.last_mut()
                && !done.is_empty()
            {
                m.variations.push(done);
            }
        }
        let main = self.lines.pop().map(|l| l.moves).unwrap_or_default();
        self.rec.moves = main;
        self.claim();
        self.rec
    }

    fn claim(&mut self) {
        let token = self.result.map(|(r, t, s)| (r, t.to_string(), s));
        let written = self
            .rec
            .written_result(token, |v| result_token(v).or_else(|| GameResult::parse(v)));
        let Some((result, text, span)) = written else {
            return;
        };
        let mut termination = self.rec.tag("Termination").and_then(termination_in);
        if termination.is_none() {
            let last = self
                .rec
                .moves
                .last()
                .map(|m| m.comments.clone())
                .unwrap_or_default();
            termination = last
                .iter()
                .chain(self.trailing_comments.iter())
                .chain(if self.rec.moves.is_empty() {
                    self.rec.comments.iter()
                } else {
                    [].iter()
                })
                .find_map(|c| termination_in(c));
        }
        self.rec.claim = Some(Claim {
            result,
            termination,
            text,
            span,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::record::Termination;
    use crate::core::testing::records;

    const TWO: &str = "[Game \"Chinese Chess\"]\n[Result \"1-0\"]\n\n1. 炮二平五 {center} 馬８進７\n2. 馬二進三 (2. 兵七進一 卒７進１) 車９平８ 1-0\n\n[Result \"*\"]\n[FEN \"4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1\"]\n1. h0h1 *\n";

    #[test]
    fn splits_games() {
        let g = split_games(TWO);
        assert_eq!(g.len(), 2);
        assert!(TWO[g[1].0..].starts_with("[Result \"*\"]"));
        assert!(TWO[..g[0].1].ends_with("1-0"));
    }

    #[test]
    fn brace_keeps_a_game_together() {
        let t = "[A \"1\"]\n1. h2e2 {note\n[not a tag]}\n h9g7\n[B \"2\"]\n1. h2e2\n";
        assert_eq!(split_games(t).len(), 2);
    }

    #[test]
    fn reads_moves_comments_variations_claims() {
        let recs = read_pgn(TWO);
        let a = recs[0].as_ref().unwrap();
        assert!(a.parse_error.is_none(), "{:?}", a.parse_error);
        let texts: Vec<_> = a.moves.iter().map(|m| m.text.as_str()).collect();
        assert_eq!(texts, ["炮二平五", "馬８進７", "馬二進三", "車９平８"]);
        assert_eq!(a.moves[0].comments, ["center"]);
        assert_eq!(a.moves[0].number, Some(1));
        assert_eq!(a.moves[2].variations.len(), 1);
        assert_eq!(a.moves[2].variations[0][1].text, "卒７進１");
        let span = a.moves[3].span;
        assert_eq!(&TWO[span.start..span.end], "車９平８");
        assert_eq!(a.claim.as_ref().unwrap().result, GameResult::FirstWins);
        let b = recs[1].as_ref().unwrap();
        assert_eq!(b.index, 1);
        assert!(b.setup.as_ref().unwrap().0.starts_with("4k4"));
        assert_eq!(&TWO[b.moves[0].span.start..b.moves[0].span.end], "h0h1");
        assert_eq!(b.claim.as_ref().unwrap().result, GameResult::Unfinished);
    }

    #[test]
    fn junk_token_is_an_error_at_the_token() {
        let t = "1. h2e2 h9g7 2. hello b9c7";
        let r = parse_game(t, 100, 0);
        let e = r.parse_error.unwrap();
        assert_eq!(e.span, Some(Span::new(100 + 16, 100 + 21)));
        assert_eq!(e.ply, Some(3));
        assert_eq!(r.moves.len(), 2);
    }

    #[test]
    fn unbalanced_variations_and_comments() {
        assert!(parse_game("1. h2e2 ) h9g7", 0, 0).parse_error.is_some());
        let r = parse_game("1. h2e2 (h2c2 h9g7", 0, 0);
        assert!(r.parse_error.is_some());
        assert_eq!(
            r.moves[0].variations.len(),
            1,
            "moves of an open variation are kept"
        );
        assert!(parse_game("1. h2e2 {oops", 0, 0).parse_error.is_some());
        assert!(parse_game("( h2e2 )", 0, 0).parse_error.is_some());
    }

    #[test]
    fn claims_and_terminations() {
        let r = parse_game("[Result \"0-1\"]\n1. h2e2 h9g7 {紅方認輸} 0-1", 0, 0);
        let c = r.claim.unwrap();
        assert_eq!(c.result, GameResult::SecondWins);
        assert_eq!(c.termination, Some(Termination::Resignation));
        let r = parse_game(
            "[Result \"1-0\"]\n[Termination \"time forfeit\"]\n1. h2e2 0-1",
            0,
            0,
        );
        assert_eq!(r.claim.as_ref().unwrap().result, GameResult::SecondWins);
        assert_eq!(r.claim.unwrap().termination, Some(Termination::Timeout));
        assert_eq!(r.warnings.len(), 1, "tag/movetext mismatch is a warning");
        let r = parse_game("[Result \"1-0\"]\n1. h2e2 $1 h9g7!?", 0, 0);
        assert_eq!(r.claim.unwrap().text, "1-0");
        assert_eq!(r.moves[0].annotations[0].value, "$1");
        assert_eq!(r.moves[1].annotations[0].value, "!?");
        assert!(parse_game("", 0, 0).claim.is_none());
        assert!(read_pgn("  \n").first().unwrap().is_err());
    }

    #[test]
    fn bad_tag_is_a_header_error() {
        let r = parse_game("[Event \"x]\n1. h2e2", 0, 0);
        let e = r.parse_error.unwrap();
        assert_eq!(e.kind, ErrorKind::BadHeader);
        assert_eq!(e.span, Some(Span::new(0, 10)));
    }

    #[test]
    fn crlf_and_one_line_games() {
        let t = "[Game \"Chinese Chess\"]\r\n[Result \"0-1\"]\r\n\r\n1. 炮二平五 马8进7 2.马二进三 车9平8 ; note\r\n0-1\r\n[Result \"*\"]\r\n1. c3c4 *\r\n";
        let [a, b] = records(read_pgn(t));
        assert!(a.parse_error.is_none(), "{:?}", a.parse_error);
        assert_eq!(a.moves.len(), 4);
        assert_eq!(a.moves[2].number, Some(2));
        assert_eq!(a.moves[3].comments, ["note"]);
        assert_eq!(a.claim.as_ref().unwrap().result, GameResult::SecondWins);
        assert_eq!(b.moves[0].text, "c3c4");
        assert_eq!(&t[b.span.start..b.span.end], "[Result \"*\"]\r\n1. c3c4 *");
    }
}

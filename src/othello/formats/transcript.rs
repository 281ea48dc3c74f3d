//! Transcripts: `f5d6c3d3c4…`, one game per line, with or without spaces and move numbers, any
//! case, explicit passes allowed, an optional final score (`34-30`, Black-White discs) or
//! result (`1-0`, `0-1`, `1/2-1/2`, `*`). A board-string line (64 cells and the side to move)
//! before a game line sets its start position. Blank lines and `#` comments are skipped.

use crate::core::error::RecordError;
use crate::core::record::{Claim, GameKind, GameResult, MoveEntry, Record};
use crate::core::span::Span;
use crate::othello::notation::parse_score;
use crate::othello::rules::result_of;
use nom::branch::alt;
use nom::bytes::complete::{tag, tag_no_case, take_while, take_while1};
use nom::character::complete::{digit1, one_of};
use nom::combinator::{opt, recognize};
use nom::{IResult, Parser};

/// One token of a game line.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Token<'a> {
    Move(&'a str),
    Number,
    Score(&'a str),
    Result(&'a str),
    Separator,
    Comment,
}

fn square(i: &str) -> IResult<&str, &str> {
    recognize((one_of("abcdefghABCDEFGH"), one_of("12345678"))).parse(i)
}

fn pass(i: &str) -> IResult<&str, &str> {
    alt((
        tag_no_case("pass"),
        tag_no_case("pa"),
        tag_no_case("ps"),
        tag("@@"),
        tag("--"),
    ))
    .parse(i)
}

fn score(i: &str) -> IResult<&str, &str> {
    recognize((digit1, tag("-"), digit1)).parse(i)
}

fn token(i: &str) -> IResult<&str, Token<'_>> {
    alt((
        take_while1(|c: char| c.is_whitespace() || c == ',' || c == ';').map(|_| Token::Separator),
        recognize((tag("#"), take_while(|_| true))).map(|_| Token::Comment),
        alt((tag("1/2-1/2"), tag("*"))).map(Token::Result),
        score.map(|s| match s {
            "1-0" | "0-1" => Token::Result(s),
            _ => Token::Score(s),
        }),
        recognize((digit1, opt(take_while1(|c| c == '.')))).map(|_| Token::Number),
        alt((pass, square)).map(Token::Move),
    ))
    .parse(i)
}

/// No legal game is longer (60 placements, and two passes in a row end the game), so a
/// reader stops collecting here; the replay always meets an illegal move before this.
pub(crate) const MAX_MOVES: usize = 200;

/// The error at the first move past [`MAX_MOVES`].
pub(crate) fn too_long(span: Span) -> RecordError {
    RecordError::parse(
        format!("more than {MAX_MOVES} moves: no Othello game is that long"),
        span,
    )
    .with_label("reading stops here")
}

/// What a game line holds.
#[derive(Debug, Default)]
pub(crate) struct Line {
    pub moves: Vec<MoveEntry>,
    /// The final score or result, as written, and where.
    pub end: Option<(String, Span)>,
    pub error: Option<RecordError>,
}

/// Reads the moves of one line (`base` = the line's offset in the file).
pub(crate) fn parse_line(line: &str, base: usize) -> Line {
    let mut out = Line::default();
    let mut rest = line;
    let mut number = None;
    while !rest.is_empty() {
        let at = base + line.len() - rest.len();
        match token(rest) {
            Ok((next, tok)) => {
                let text = &rest[..rest.len() - next.len()];
                let span = Span::new(at, at + text.len());
                let after_end =
                    out.end.is_some() && !matches!(tok, Token::Separator | Token::Comment);
                if after_end {
                    out.error = Some(
                        RecordError::parse(format!("`{text}` after the game's result"), span)
                            .with_label("nothing may follow the result"),
                    );
                    return out;
                }
                match tok {
                    Token::Move(_) if out.moves.len() >= MAX_MOVES => {
                        out.error = Some(too_long(span));
                        return out;
                    }
                    Token::Move(m) => {
                        let mut e = MoveEntry::new(m, span);
                        e.number = number.take();
                        out.moves.push(e);
                    }
                    Token::Number => number = text.trim_end_matches('.').parse().ok(),
                    Token::Score(s) | Token::Result(s) => out.end = Some((s.to_string(), span)),
                    Token::Separator | Token::Comment => {}
                }
                rest = next;
            }
            Err(_) => {
                let bad: String = rest
                    .chars()
                    .take_while(|c| !c.is_whitespace())
                    .take(12)
                    .collect();
                let span = Span::new(at, at + bad.len());
                out.error = Some(
                    RecordError::parse(format!("`{bad}` is not a square, a pass or a score"), span)
                        .with_label("expected a square a1-h8, a pass, or a final score")
                        .with_help("squares are a1..h8; passes: pass, pa, ps, @@, --"),
                );
                return out;
            }
        }
    }
    out
}

/// Whether a line starts with a board string: 64 cells, a space, the side to move. Returns
/// the board text's length.
/// A line that holds only a start position (its moves follow on the next line).
pub(crate) fn board_only(line: &str) -> bool {
    board_prefix(line).is_some_and(|n| line.get(n..).is_some_and(|r| r.trim().is_empty()))
}

fn board_prefix(line: &str) -> Option<usize> {
    let b = line.as_bytes();
    let is_cell = |c: u8| b"-.XxOoBbWw*".contains(&c);
    if b.len() < 66 || !b[..64].iter().all(|&c| is_cell(c)) || !b[64].is_ascii_whitespace() {
        return None;
    }
    let side_at = 64
        + b[64..]
            .iter()
            .take_while(|c| c.is_ascii_whitespace())
            .count();
    let side = *b.get(side_at)?;
    let ends = b.get(side_at + 1).is_none_or(|c| c.is_ascii_whitespace());
    (b"XxOoBbWw*".contains(&side) && ends).then_some(side_at + 1)
}

/// Splits a file into games.
pub(crate) fn read(text: &str) -> Vec<Result<Record, RecordError>> {
    let mut games = Vec::new();
    let mut pending: Option<(String, Span)> = None;
    let mut offset = 0;
    let new_game =
        |games: &mut Vec<_>, setup: Option<(String, Span)>, line: Option<(&str, usize)>| {
            let mut r = Record::new(GameKind::Othello, "transcript", games.len());
            let start = setup.as_ref().map(|s: &(String, Span)| s.1.start);
            r.setup = setup;
            if let Some((text, base)) = line {
                let l = parse_line(text, base);
                r.moves = l.moves;
                r.parse_error = l.error;
                if let Some((end, span)) = l.end {
                    let result = match (GameResult::parse(&end), parse_score(&end)) {
                        (Some(result), _) => result,
                        (None, Some((b, w))) => {
                            r.set_tag("Score", format!("{b}-{w}"));
                            result_of(b, w)
                        }
                        (None, None) => {
                            let e = RecordError::parse(
                                format!("score {end} counts more than 64 discs"),
                                span,
                            );
                            r.parse_error
                                .get_or_insert(e.with_label("impossible score"));
                            GameResult::Unfinished
                        }
                    };
                    r.claim = Some(Claim::written(result, end, span));
                }
                r.span = Span::new(start.unwrap_or(base), base + text.len());
            } else if let Some(s) = start {
                r.span = Span::new(s, s + 66);
            }
            games.push(Ok(r));
        };
    for raw in text.split_inclusive('\n') {
        let base = offset;
        offset += raw.len();
        let body = raw.trim_end_matches(['\n', '\r']);
        // Leading white space, and a byte-order mark on the first line.
        let started = body.trim_start_matches(|c: char| c.is_whitespace() || c == '\u{feff}');
        let lead = body.len() - started.len();
        let line = started.trim_end();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let at = base + lead;
        if let Some(n) = board_prefix(line) {
            if let Some(prev) = pending.take() {
                new_game(&mut games, Some(prev), None);
            }
            let setup = (line[..n].to_string(), Span::new(at, at + n));
            let rest = &line[n..];
            if rest.trim().is_empty() {
                pending = Some(setup);
            } else {
                new_game(&mut games, Some(setup), Some((rest, at + n)));
            }
            continue;
        }
        new_game(&mut games, pending.take(), Some((line, at)));
    }
    if let Some(prev) = pending.take() {
        new_game(&mut games, Some(prev), None);
    }
    games
}

/// Whether a file's first game line reads as a transcript (for detection by content).
pub(crate) fn looks_like(head: &str) -> bool {
    let Some(line) = head
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('#'))
    else {
        return false;
    };
    if board_prefix(line).is_some() {
        return true;
    }
    if line.len() > 240 {
        // A long line (the head may even cut it): judge by the alphabet of its start.
        let start: String = line.chars().take(240).collect();
        let squares = start
            .as_bytes()
            .windows(2)
            .filter(|w| {
                matches!(w[0].to_ascii_lowercase(), b'a'..=b'h') && matches!(w[1], b'1'..=b'8')
            })
            .count();
        return squares >= 2
            && start
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || " \t.-@+/:*".contains(c));
    }
    let l = parse_line(line, 0);
    // A transcript with a bad square is still a transcript (the reader points at the square):
    // ten good squares before it (a Xiangqi ICCS list meets rank 0 or 9 long before).
    l.moves.len() >= if l.error.is_none() { 2 } else { 10 }
}

/// One game as a transcript line: the board string line first when the start is not the
/// standard one, then the moves (`f5d6c3…`, passes left out unless they end the record),
/// then the score or result when known.
pub(crate) fn write_game(setup: Option<&str>, moves: &[String], end: Option<&str>) -> String {
    let mut s = String::new();
    if let Some(b) = setup {
        s.push_str(b);
        s.push('\n');
    }
    let last_place = moves.iter().rposition(|m| m != "pass");
    for (i, m) in moves.iter().enumerate() {
        if m == "pass" {
            if last_place.is_none_or(|p| i > p) {
                s.push_str(" pass");
            }
        } else {
            s.push_str(m);
        }
    }
    if let Some(e) = end {
        if !s.is_empty() && !s.ends_with('\n') {
            s.push(' ');
        }
        s.push_str(e);
    }
    s.push('\n');
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one(text: &str) -> Record {
        let mut v = read(text);
        assert_eq!(v.len(), 1, "{text}");
        v.remove(0).unwrap()
    }

    #[test]
    fn compact_spaced_numbered_and_mixed_case() {
        let a = one("f5d6C3d3c4\n");
        let b = one("1. f5 2. d6 3. c3 4. D3 5. c4");
        let t = |r: &Record| {
            r.moves
                .iter()
                .map(|m| m.text.to_lowercase())
                .collect::<Vec<_>>()
        };
        assert_eq!(t(&a), vec!["f5", "d6", "c3", "d3", "c4"]);
        assert_eq!(t(&a), t(&b));
        assert_eq!(a.moves[2].span, Span::new(4, 6));
        assert_eq!(b.moves[1].number, Some(2));
    }

    #[test]
    fn passes_scores_and_results() {
        let r = one("f5 d6 PA c3 -- @@ pass ps 34-30");
        assert_eq!(r.moves.len(), 8);
        assert_eq!(r.tag("Score"), Some("34-30"));
        assert_eq!(
            r.claim.as_ref().map(|c| c.result),
            Some(GameResult::FirstWins)
        );
        let r = one("f5d6 0-1");
        assert_eq!(r.claim.map(|c| c.result), Some(GameResult::SecondWins));
        let r = one("f5d6 1-0 c3");
        assert!(r.parse_error.is_some());
        assert_eq!(r.tag("Score"), None);
        let r = one("f5d6 40-30");
        assert_eq!(r.parse_error.and_then(|e| e.span), Some(Span::new(5, 10)));
    }

    #[test]
    fn a_byte_order_mark_is_skipped() {
        let r = one("\u{feff}f5d6");
        assert_eq!(r.moves[0].span, Span::new(3, 5));
        assert!(r.parse_error.is_none());
    }

    #[test]
    fn endless_lines_stop_at_the_move_cap() {
        let r = one(&"f5".repeat(100_000));
        assert_eq!(r.moves.len(), MAX_MOVES);
        assert!(r.parse_error.is_some());
    }

    #[test]
    fn bad_token_is_pointed_at() {
        let r = one("f5 d6 zz c3");
        assert_eq!(r.moves.len(), 2);
        let e = r.parse_error.unwrap();
        assert_eq!(e.span, Some(Span::new(6, 8)));
    }

    #[test]
    fn many_games_comments_and_board_lines() {
        let board = "---------------------------OX------XO--------------------------- X";
        let text = format!("# games\nf5d6\n\n{board}\nf5f6\n{board} e6\n{board}\n");
        let v: Vec<Record> = read(&text).into_iter().map(|r| r.unwrap()).collect();
        assert_eq!(v.len(), 4);
        assert!(v[0].setup.is_none());
        assert_eq!(v[1].setup.as_ref().map(|s| s.0.as_str()), Some(board));
        assert_eq!(v[1].moves.len(), 2);
        assert_eq!(v[2].moves.len(), 1);
        assert!(v[3].moves.is_empty() && v[3].setup.is_some());
        assert_eq!(v[3].index, 3);
    }

    #[test]
    fn writes_lines_that_read_back() {
        let moves: Vec<String> = ["f5", "d6", "pass"].iter().map(|s| s.to_string()).collect();
        let s = write_game(None, &moves, Some("34-30"));
        assert_eq!(s, "f5d6 pass 34-30\n");
        let r = one(&s);
        assert_eq!(r.moves.len(), 3);
        assert!(looks_like(&s));
        assert!(!looks_like("hello world"));
    }

    /// A bad square after a run of good ones is a transcript with a mistake (the reader then
    /// points at it); a Xiangqi ICCS list, whose squares leave a1–h8 at once, is not.
    #[test]
    fn a_transcript_with_a_bad_square_is_still_a_transcript() {
        assert!(looks_like("f5d6c3d3c4f4f6f3e6e7z9c6"));
        assert!(!looks_like("f5d6z9"));
        assert!(!looks_like("h2e2 h7e7 h0g2 b9c7 b0c2 h9g7 i0h0 i9h9"));
    }
}

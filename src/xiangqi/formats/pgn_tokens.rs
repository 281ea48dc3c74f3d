//! The lexical elements of XQ PGN, as nom parsers over `&str`, and the shape checks that tell
//! a move token from junk. Shapes only: whether a move is legal is the rules' business.
//!
//! The grammar is written out in `grammar/xiangqi-pgn.ebnf`.

use nom::IResult;
use nom::Parser;
use nom::branch::alt;
use nom::bytes::complete::{tag, take_till, take_until, take_while1};
use nom::character::complete::{char, digit1};
use nom::combinator::{map, recognize};
use nom::multi::many1;
use nom::sequence::{delimited, preceded};

/// One element of the text of a game.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Element<'a> {
    /// `[Name "value"]`, the value with its escapes resolved.
    Tag { name: &'a str, value: String },
    /// `{ … }` (the text inside the braces).
    Comment(&'a str),
    /// `; …` to the end of the line.
    LineComment(&'a str),
    /// `(`
    Open,
    /// `)`
    Close,
    /// `$12`
    Nag(&'a str),
    /// `12.`, `12...`, `12、`, `１２．`, or a bare `12` standing alone.
    Number(u32),
    /// `...` / `…` / `。。。` standing alone: the elided Red move before a Black one
    /// (`1. ... h7c7`). Ignored.
    Ellipsis,
    /// `%` escape line (ignored).
    Escape,
    /// Anything else up to a delimiter: a move, a result, or junk.
    Word(&'a str),
}

/// Punctuation some writers put between moves (`炮二平五，马8进7`, `1、炮二平五`): read as
/// space.
fn is_separator(c: char) -> bool {
    matches!(c, ',' | '，' | '、' | '；' | '。')
}

/// Whitespace between elements (a BOM counts as whitespace, and so do the separators).
/// Inlined into the tokenizer, whichever code unit it is compiled in (it runs between every
/// two elements of every record).
#[inline]
pub(crate) fn skip_space(input: &str) -> &str {
    input.trim_start_matches(|c: char| c.is_whitespace() || c == '\u{feff}' || is_separator(c))
}

fn is_word_char(c: char) -> bool {
    !c.is_whitespace()
        && !is_separator(c)
        && !matches!(c, '{' | '}' | '(' | ')' | ';' | '[' | ']' | '$')
}

/// `[Name "value"]` (or, leniently, `[Name value]`): the tag pair of every PGN-like format.
pub(crate) fn tag_pair(input: &str) -> IResult<&str, Element<'_>> {
    map(crate::core::tags::tag_pair, |t| Element::Tag {
        name: t.name,
        value: t.value,
    })
    .parse(input)
}

fn brace_comment(input: &str) -> IResult<&str, Element<'_>> {
    map(
        delimited(char('{'), take_until("}"), char('}')),
        Element::Comment,
    )
    .parse(input)
}

fn line_comment(input: &str) -> IResult<&str, Element<'_>> {
    map(
        preceded(char(';'), take_till(|c| c == '\n' || c == '\r')),
        Element::LineComment,
    )
    .parse(input)
}

fn escape_line(input: &str) -> IResult<&str, Element<'_>> {
    map(
        preceded(char('%'), take_till(|c| c == '\n' || c == '\r')),
        |_| Element::Escape,
    )
    .parse(input)
}

fn nag(input: &str) -> IResult<&str, Element<'_>> {
    map(recognize(preceded(char('$'), digit1)), Element::Nag).parse(input)
}

fn is_wide_digit(c: char) -> bool {
    ('０'..='９').contains(&c)
}

/// Digits, ASCII or full-width (`12`, `１２`): their value (None past u32) and the rest.
fn any_digits(input: &str) -> Option<(u32, &str)> {
    let mut value: Option<u32> = Some(0);
    let mut end = 0;
    for (i, c) in input.char_indices() {
        let d = match c {
            '0'..='9' => u32::from(c) - u32::from('0'),
            c if is_wide_digit(c) => u32::from(c) - u32::from('０'),
            _ => break,
        };
        value = value.and_then(|v| v.checked_mul(10)?.checked_add(d));
        end = i + c.len_utf8();
    }
    (end > 0)
        .then(|| value.map(|v| (v, &input[end..])))
        .flatten()
}

/// What may close a move number: `.`, `…`, `。`, the full-width `．`, `、`, `：`, `:`.
fn is_number_mark(c: char) -> bool {
    matches!(c, '.' | '…' | '。' | '．' | '、' | '：' | ':')
}

/// `12.` / `12...` / `12…` / `12、` / `１２．`, not followed by a digit (`27.1` is a WXF move,
/// not a number); or a bare `12` followed by space.
fn move_number(input: &str) -> IResult<&str, Element<'_>> {
    let fail = || nom::Err::Error(nom::error::Error::new(input, nom::error::ErrorKind::Digit));
    let (n, after_digits) = any_digits(input).ok_or_else(fail)?;
    let rest = after_digits.trim_start_matches(is_number_mark);
    let marked = rest.len() < after_digits.len();
    let next_is_digit = rest.starts_with(|c: char| c.is_ascii_digit() || is_wide_digit(c));
    let bare_ok = !marked && rest.starts_with(|c: char| c.is_whitespace() || is_separator(c));
    if next_is_digit || !(marked || bare_ok) {
        return Err(fail());
    }
    Ok((rest, Element::Number(n)))
}

/// `...`, `…`, `……`, `。。。` standing alone.
fn ellipsis(input: &str) -> IResult<&str, Element<'_>> {
    let (rest, dots) =
        recognize(many1(alt((tag("."), tag("…"), tag("。"), tag("．"))))).parse(input)?;
    let long_enough = dots.contains('…') || dots.chars().count() >= 2;
    if !long_enough || rest.starts_with(is_word_char) {
        return Err(nom::Err::Error(nom::error::Error::new(
            input,
            nom::error::ErrorKind::Char,
        )));
    }
    Ok((rest, Element::Ellipsis))
}

#[inline]
fn word(input: &str) -> IResult<&str, Element<'_>> {
    map(take_while1(is_word_char), Element::Word).parse(input)
}

fn single(input: &str) -> IResult<&str, Element<'_>> {
    alt((
        map(char('('), |_| Element::Open),
        map(char(')'), |_| Element::Close),
    ))
    .parse(input)
}

/// The next element (whitespace already skipped). An `Err` means the text at `input` starts
/// no element: an unterminated comment or tag, or a stray `]`, `}`.
pub(crate) fn element(input: &str) -> IResult<&str, Element<'_>> {
    // The first character picks the one parser that can match (a word cannot start with a
    // delimiter), so a move does not wait for seven failed alternatives.
    match input.as_bytes().first() {
        Some(b'[') => tag_pair(input),
        Some(b'{') => brace_comment(input),
        Some(b';') => line_comment(input),
        Some(b'%') => escape_line(input),
        Some(b'(' | b')') => single(input),
        Some(b'$') => nag(input),
        Some(b'0'..=b'9') => alt((move_number, word)).parse(input),
        Some(b'.') => alt((ellipsis, word)).parse(input),
        _ if input.starts_with(['…', '。', '．']) => alt((ellipsis, word)).parse(input),
        _ if input.starts_with(is_wide_digit) => alt((move_number, word)).parse(input),
        _ => word(input),
    }
}

/// Splits `!`, `?` suffixes (`!?`, `?!`, `!!` …) off a move word.
pub(crate) fn split_suffix(word: &str) -> (&str, Option<&str>) {
    let core = word.trim_end_matches(['!', '?', '！', '？']);
    if core.len() < word.len() && !core.is_empty() {
        (core, Some(&word[core.len()..]))
    } else {
        (word, None)
    }
}

/// A result token: `1-0`, `0-1`, `1/2-1/2`, `½-½`, `*`, or a Chinese result word.
pub(crate) fn result_token(word: &str) -> Option<crate::core::record::GameResult> {
    use crate::core::record::GameResult;
    match word {
        "红胜" | "紅勝" | "红方胜" | "紅方勝" | "红先胜" | "紅先勝" => {
            Some(GameResult::FirstWins)
        }
        "黑负" | "黑負" | "黑方负" | "黑方負" => Some(GameResult::FirstWins),
        "黑胜" | "黑勝" | "黑方胜" | "黑方勝" | "红先负" | "紅先負" => {
            Some(GameResult::SecondWins)
        }
        "红负" | "紅負" | "红方负" | "紅方負" => Some(GameResult::SecondWins),
        "和棋" | "和局" | "红先和" | "紅先和" | "平局" => Some(GameResult::Draw),
        "1-0" | "0-1" | "1/2-1/2" | "½-½" | "0.5-0.5" | "*" | "1:0" | "0:1" => {
            GameResult::parse(word)
        }
        _ => None,
    }
}

fn is_cn_piece(c: char) -> bool {
    matches!(
        c,
        '车' | '車'
            | '俥'
            | '伡'
            | '马'
            | '馬'
            | '傌'
            | '相'
            | '象'
            | '仕'
            | '士'
            | '帅'
            | '帥'
            | '将'
            | '將'
            | '炮'
            | '砲'
            | '包'
            | '兵'
            | '卒'
    )
}

fn is_cn_place(c: char) -> bool {
    matches!(c, '前' | '中' | '后' | '後')
}

fn is_cn_digit(c: char) -> bool {
    matches!(
        c,
        '一' | '二' | '三' | '四' | '五' | '六' | '七' | '八' | '九' | '１'..='９' | '1'..='9'
    )
}

fn is_cn_action(c: char) -> bool {
    matches!(c, '进' | '進' | '退' | '平')
}

/// `炮二平五`, `馬８進７`, `前车进一`, `一兵平五`.
pub(crate) fn is_chinese_move(word: &str) -> bool {
    // Four or five characters (a move token is short: no list is built for it).
    let mut c = ['\0'; 5];
    let mut n = 0;
    for ch in word.chars() {
        if n == c.len() {
            return false;
        }
        c[n] = ch;
        n += 1;
    }
    let [a, b, third, fourth, fifth] = c;
    match n {
        // `前兵三平四`: a pawn of one of two doubled files, the file after the pawn.
        5 => {
            (is_cn_place(a) || is_cn_digit(a))
                && is_cn_piece(b)
                && is_cn_digit(third)
                && is_cn_action(fourth)
                && is_cn_digit(fifth)
        }
        4 => {
            (is_cn_piece(a) || is_cn_place(a) || is_cn_digit(a))
                && (is_cn_piece(b) || is_cn_digit(b))
                && is_cn_action(third)
                && is_cn_digit(fourth)
        }
        _ => false,
    }
}

/// `H2-E2`, `h2e2`.
pub(crate) fn is_iccs_move(word: &str) -> bool {
    super::board::parse_iccs_move(word).is_some()
}

/// `C2.5`, `H8+7`, `+R-1`, `R1=2`, `27+1` (tandem pawns).
pub(crate) fn is_wxf_move(word: &str) -> bool {
    let b = word.as_bytes();
    let [a, s, action, to] = b else { return false };
    let piece = |c: u8| b"RNHBEAKCPrnhbeakcp".contains(&c);
    (piece(*a) || matches!(a, b'+' | b'-' | b'=' | b'1'..=b'9'))
        && (piece(*s) || matches!(s, b'+' | b'-' | b'.' | b'=' | b'1'..=b'9'))
        && matches!(action, b'+' | b'-' | b'.' | b'=')
        && to.is_ascii_digit()
        && *to != b'0'
}

/// The notation a move token is written in, judged by its shape (the three shapes do not
/// overlap).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TokenNotation {
    Chinese,
    Iccs,
    Wxf,
}

/// Which notation a move token has the shape of, if any.
pub fn token_notation(word: &str) -> Option<TokenNotation> {
    if is_chinese_move(word) {
        Some(TokenNotation::Chinese)
    } else if is_iccs_move(word) {
        Some(TokenNotation::Iccs)
    } else if is_wxf_move(word) {
        Some(TokenNotation::Wxf)
    } else {
        None
    }
}

/// Whether a word has the shape of a move in one of the three PGN notations.
pub(crate) fn looks_like_move(word: &str) -> bool {
    token_notation(word).is_some()
}

/// The termination a comment or a Termination tag describes, if any.
pub(crate) fn termination_in(text: &str) -> Option<crate::core::record::Termination> {
    use crate::core::record::Termination;
    let lower = text.to_lowercase();
    let has = |keys: &[&str]| keys.iter().any(|k| lower.contains(k));
    if has(&["认输", "認輸", "投子", "resign"]) {
        Some(Termination::Resignation)
    } else if has(&[
        "超时",
        "超時",
        "timeout",
        "time forfeit",
        "on time",
        "time-forfeit",
    ]) {
        Some(Termination::Timeout)
    } else if has(&[
        "作和",
        "议和",
        "議和",
        "言和",
        "和棋",
        "同意和",
        "agreement",
        "agreed",
        "draw offer accepted",
    ]) {
        Some(Termination::Agreement)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn first(s: &str) -> Element<'_> {
        element(s).map(|(_, e)| e).unwrap()
    }

    #[test]
    fn elements() {
        assert_eq!(
            first(r#"[Event "a \"b\" c"]"#),
            Element::Tag {
                name: "Event",
                value: "a \"b\" c".into()
            }
        );
        assert_eq!(first("{good move} 2."), Element::Comment("good move"));
        assert_eq!(
            first(r#"[Event "2008"Cup" x"]"#),
            Element::Tag {
                name: "Event",
                value: "2008\"Cup\" x".into()
            }
        );
        assert_eq!(first("; rest\nx"), Element::LineComment(" rest"));
        assert_eq!(first("12... h9g7"), Element::Number(12));
        assert_eq!(first("1.炮二平五"), Element::Number(1));
        assert_eq!(first("27.1"), Element::Word("27.1"));
        assert_eq!(first("$14 x"), Element::Nag("$14"));
        assert_eq!(first("C2.5)"), Element::Word("C2.5"));
        assert_eq!(first("% escaped\nx"), Element::Escape);
        assert_eq!(first("(1... h9g7)"), Element::Open);
        assert_eq!(first(") x"), Element::Close);
        assert_eq!(first("1-0"), Element::Word("1-0"));
        assert_eq!(first("炮二平五 1-0"), Element::Word("炮二平五"));
        for stray in ["]", "}", "$x", "[ ]"] {
            assert!(element(stray).is_err(), "{stray}");
        }
        assert!(element("{never closed").is_err());
        assert!(element("[Event \"open").is_err());
        assert_eq!(
            first("[Event 中国 ]"),
            Element::Tag {
                name: "Event",
                value: "中国".into()
            }
        );
    }

    #[test]
    fn move_shapes() {
        for m in ["炮二平五", "馬８進７", "前车进一", "一兵平五", "後車平四"] {
            assert!(is_chinese_move(m), "{m}");
        }
        for m in ["H2-E2", "h2e2", "C2.5", "H8+7", "+R-1", "R1=2"] {
            assert!(looks_like_move(m), "{m}");
        }
        assert_eq!(token_notation("馬８進７"), Some(TokenNotation::Chinese));
        assert_eq!(token_notation("h2-e2"), Some(TokenNotation::Iccs));
        assert_eq!(token_notation("C2-5"), Some(TokenNotation::Wxf));
        assert!(is_chinese_move("前兵三平四"));
        assert!(is_chinese_move("二兵１平４"));
        for m in ["炮二平五五", "前兵三平", "兵前三平四", "炮二平五!"] {
            assert!(!is_chinese_move(m), "{m}");
        }
        for m in ["hello", "炮二平", "炮二走五", "j2e2", "C2.0", "1-0"] {
            assert!(!looks_like_move(m), "{m}");
        }
    }

    #[test]
    fn suffixes_and_results() {
        assert_eq!(split_suffix("炮二平五!?"), ("炮二平五", Some("!?")));
        assert_eq!(split_suffix("h2e2"), ("h2e2", None));
        assert!(result_token("½-½").is_some());
        assert!(result_token("紅勝").is_some());
        assert!(result_token("h2e2").is_none());
    }

    #[test]
    fn terminations() {
        use crate::core::record::Termination;
        assert_eq!(termination_in("黑方认输"), Some(Termination::Resignation));
        assert_eq!(
            termination_in("Red lost on time"),
            Some(Termination::Timeout)
        );
        assert_eq!(termination_in("双方议和"), Some(Termination::Agreement));
        assert_eq!(termination_in("好棋"), None);
    }
}

#[cfg(test)]
mod dialect_tests {
    use super::*;

    /// The elements of a text, whitespace skipped, words as their text.
    fn all(mut s: &str) -> Vec<Element<'_>> {
        let mut out = Vec::new();
        s = skip_space(s);
        while !s.is_empty() {
            let (rest, e) = element(s).unwrap_or_else(|_| panic!("no element at {s:?}"));
            out.push(e);
            s = skip_space(rest);
        }
        out
    }

    #[test]
    fn black_first_ellipsis() {
        use Element::*;
        assert_eq!(all("1. ... H7-C7"), [Number(1), Ellipsis, Word("H7-C7")]);
        assert_eq!(all("1... h7c7"), [Number(1), Word("h7c7")]);
        assert_eq!(all("1. … 炮8平5"), [Number(1), Ellipsis, Word("炮8平5")]);
        assert_eq!(all("1.……马8进7"), [Number(1), Word("马8进7")]);
    }

    #[test]
    fn numbers_without_space_or_with_chinese_marks() {
        use Element::*;
        assert_eq!(
            all("1.H2-E2 H9-G7"),
            [Number(1), Word("H2-E2"), Word("H9-G7")]
        );
        assert_eq!(
            all("1、炮二平五 马8进7"),
            [Number(1), Word("炮二平五"), Word("马8进7")]
        );
        assert_eq!(
            all("１２．炮二平五　马８进７"),
            [Number(12), Word("炮二平五"), Word("马８进７")]
        );
        assert_eq!(all("3：h2e2"), [Number(3), Word("h2e2")]);
        assert_eq!(all("7 h2e2 h9g7"), [Number(7), Word("h2e2"), Word("h9g7")]);
        // Not numbers: WXF moves and results that start with digits.
        assert_eq!(all("27+1 1-0"), [Word("27+1"), Word("1-0")]);
        assert_eq!(all("0.5-0.5"), [Word("0.5-0.5")]);
    }

    #[test]
    fn full_width_separators_split_moves() {
        use Element::*;
        assert_eq!(
            all("炮二平五，马8进7；马二进三。"),
            [Word("炮二平五"), Word("马8进7"), Word("马二进三")]
        );
    }

    #[test]
    fn curly_quoted_tags_and_chinese_results() {
        assert_eq!(
            all("[Event “全国赛”]"),
            [Element::Tag {
                name: "Event",
                value: "全国赛".into()
            }]
        );
        use crate::core::record::GameResult;
        assert_eq!(result_token("红胜"), Some(GameResult::FirstWins));
        assert_eq!(result_token("黑负"), Some(GameResult::FirstWins));
        assert_eq!(result_token("黑胜"), Some(GameResult::SecondWins));
        assert_eq!(result_token("紅負"), Some(GameResult::SecondWins));
        assert_eq!(result_token("和棋"), Some(GameResult::Draw));
        assert_eq!(result_token("1:0"), Some(GameResult::FirstWins));
    }
}

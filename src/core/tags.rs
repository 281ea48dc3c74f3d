//! The tag pairs of the PGN-like formats (Xiangqi PGN, Othello PGN, Junqi `.jqr`), read by one
//! parser: `[Name "value"]`, leniently as writers produce them — the curly quotes of text
//! pasted from a word processor, quotes left unescaped inside a value, or no quotes at all
//! (`[Event 中国]`). The grammar is the `tag pair` rule of `grammar/xiangqi-pgn.ebnf`, which
//! the other formats' grammars name.

use nom::IResult;
use nom::Parser;
use nom::bytes::complete::{take_till1, take_while, take_while1};
use nom::character::complete::char;

/// One `[Name "value"]`.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct TagPair<'a> {
    pub(crate) name: &'a str,
    /// The value with its escapes resolved.
    pub(crate) value: String,
    /// Where the value is written, in bytes from the start of the tag (`[`), quotes left out.
    pub(crate) value_at: (usize, usize),
}

/// The inside of a quoted tag value with its escapes resolved, and where it ends in `input`
/// (at the closing quote).
fn quoted_value(input: &str) -> IResult<&str, (String, usize)> {
    // Straight quotes, or the curly ones of text pasted from a word processor.
    let (rest, open) = nom::branch::alt((char('"'), char('“'))).parse(input)?;
    let close = if open == '“' { '”' } else { '"' };
    let mut value = String::new();
    let mut chars = rest.char_indices();
    while let Some((i, c)) = chars.next() {
        match c {
            // A quote ends the value only before the closing `]`: some files leave quotes
            // inside values unescaped (`[Event "2008"Cup" 2008"]`).
            c if c == close
                && rest[i + c.len_utf8()..]
                    .trim_start_matches([' ', '\t'])
                    .starts_with(']') =>
            {
                return Ok((&rest[i + c.len_utf8()..], (value, i)));
            }
            '\\' => match chars.next() {
                Some((_, e)) => value.push(e),
                None => break,
            },
            '\n' | '\r' => break,
            _ => value.push(c),
        }
    }
    Err(nom::Err::Error(nom::error::Error::new(
        input,
        nom::error::ErrorKind::Char,
    )))
}

/// `[Name "value"]` (or, leniently, `[Name value]`), and the text after it.
pub(crate) fn tag_pair(input: &str) -> IResult<&str, TagPair<'_>> {
    let spaces = |i| take_while(|c: char| c == ' ' || c == '\t')(i);
    let (i, _) = (char('['), spaces).parse(input)?;
    let (i, name) = take_while1(|c: char| c.is_alphanumeric() || c == '_' || c == '-')(i)?;
    let (i, _) = spaces(i)?;
    let at = |rest: &str| input.len() - rest.len();
    let (i, value, value_at) = match quoted_value(i) {
        Ok((rest, (value, end))) => {
            let open = i.chars().next().map_or(1, char::len_utf8);
            let start = at(i) + open;
            (rest, value, (start, start + end))
        }
        Err(_) => {
            let (rest, raw) =
                take_till1(|c| c == ']' || c == '"' || c == '“' || c == '\n' || c == '\r')(i)?;
            let value = raw.trim_end();
            (rest, value.to_string(), (at(i), at(i) + value.len()))
        }
    };
    let (i, _) = (spaces, char(']')).parse(i)?;
    Ok((
        i,
        TagPair {
            name,
            value,
            value_at,
        },
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The name, the value, and the value as written (from `value_at`).
    fn pair(text: &str) -> (String, String, String) {
        let (_, t) = tag_pair(text).unwrap();
        let (a, b) = t.value_at;
        (t.name.to_string(), t.value, text[a..b].to_string())
    }

    #[test]
    fn every_written_form() {
        let (name, value, raw) = pair(r#"[Event "A \"quoted\" cup"] rest"#);
        assert_eq!(
            (name.as_str(), value.as_str()),
            ("Event", r#"A "quoted" cup"#)
        );
        assert_eq!(raw, r#"A \"quoted\" cup"#);
        assert_eq!(pair("[Event “全国赛”]").1, "全国赛");
        assert_eq!(pair("[Event “全国赛”]").2, "全国赛");
        assert_eq!(pair(r#"[Event "2008"Cup" 2008"]"#).1, r#"2008"Cup" 2008"#);
        assert_eq!(pair("[ Event  中国 ]").1, "中国");
        assert_eq!(pair("[ Event  中国 ]").2, "中国");
        assert_eq!(pair(r#"[Rules "step-limit=200"]"#).0, "Rules");
        assert_eq!(tag_pair(r#"[Event "x"] 1."#).unwrap().0, " 1.");
    }

    #[test]
    fn what_is_not_a_tag() {
        assert!(tag_pair(r#"[Event "never closed"#).is_err());
        assert!(tag_pair("[Event \"broken\nline\"]").is_err());
        assert!(tag_pair(r#"["no name"]"#).is_err());
        assert!(tag_pair("[Event]").is_err());
    }
}

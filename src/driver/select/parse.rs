//! Reading a `--where` expression (nom): the expression as written, before its tests are
//! checked against the fields.

use super::Op;
use nom::branch::alt;
use nom::bytes::complete::{tag, tag_no_case, take_while, take_while1};
use nom::character::complete::{char, multispace0, satisfy};
use nom::combinator::{not, peek, recognize, value};
use nom::sequence::{delimited, preceded};
use nom::{IResult, Parser};

/// A name as written: a field keyword or a tag.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Name {
    Word(String),
    Bracketed(String),
}

/// A test as written, before it is checked against the fields.
#[derive(Debug, Clone)]
pub(super) struct RawTest {
    pub name: Name,
    pub cmp: Option<(Op, String)>,
    pub at: usize,
}

#[derive(Debug, Clone)]
pub(super) enum Raw {
    Or(Vec<Raw>),
    And(Vec<Raw>),
    Not(Box<Raw>),
    Test(RawTest),
}

pub(super) fn ws(i: &str) -> IResult<&str, &str> {
    multispace0(i)
}

/// A character that ends a word.
fn is_stop(c: char) -> bool {
    c.is_whitespace() || matches!(c, '=' | '!' | '~' | '<' | '>' | '(' | ')' | '"' | '[' | ']')
}

/// A keyword (`and`, `or`, `not`) as a whole word.
fn keyword<'a>(
    k: &'static str,
) -> impl Parser<&'a str, Output = &'a str, Error = nom::error::Error<&'a str>> {
    recognize((tag_no_case(k), peek(not(satisfy(|c: char| !is_stop(c))))))
}

pub(super) fn expr(i: &str) -> IResult<&str, Raw> {
    chain(i, ("or", "||"), term, Raw::Or)
}

fn term(i: &str) -> IResult<&str, Raw> {
    chain(i, ("and", "&&"), unary, Raw::And)
}

/// `element (sep element)*` where `sep` is the word or the symbol; one element stands alone,
/// several are joined by `join`. An element missing after a separator is an error.
fn chain<'a>(
    i: &'a str,
    (word, symbol): (&'static str, &'static str),
    element: fn(&'a str) -> IResult<&'a str, Raw>,
    join: fn(Vec<Raw>) -> Raw,
) -> IResult<&'a str, Raw> {
    let (mut i, first) = element(i)?;
    let mut parts = vec![first];
    while let Ok((rest, _)) = preceded(ws, alt((keyword(word), tag(symbol)))).parse(i) {
        let (rest, t) = element(rest)?;
        parts.push(t);
        i = rest;
    }
    Ok((
        i,
        if parts.len() == 1 {
            parts.remove(0)
        } else {
            join(parts)
        },
    ))
}

fn unary(i: &str) -> IResult<&str, Raw> {
    let (i, _) = ws(i)?;
    if let Ok((rest, _)) = keyword("not").parse(i) {
        let (rest, inner) = unary(rest)?;
        return Ok((rest, Raw::Not(Box::new(inner))));
    }
    if let Ok((rest, _)) = char::<&str, nom::error::Error<&str>>('(').parse(i) {
        let (rest, inner) = expr(rest)?;
        let (rest, _) = preceded(ws, char(')')).parse(rest)?;
        return Ok((rest, inner));
    }
    test(i)
}

fn test(input: &str) -> IResult<&str, Raw> {
    let bracketed = delimited(char('['), take_while1(|c: char| c != ']'), char(']'))
        .map(|n: &str| Name::Bracketed(n.trim().to_string()));
    let word = take_while1(|c: char| !is_stop(c)).map(|n: &str| Name::Word(n.to_string()));
    let (i, name) = alt((bracketed, word)).parse(input)?;
    let (i, cmp) = match preceded(ws, op).parse(i) {
        Ok((rest, op)) => {
            // After an operator the value is required: the error points at where it is
            // missing.
            let (rest, _) = ws(rest)?;
            let (rest, v) = value_text(rest).map_err(|e| match e {
                nom::Err::Error(e) => nom::Err::Failure(e),
                other => other,
            })?;
            (rest, Some((op, v)))
        }
        Err(_) => (i, None),
    };
    Ok((
        i,
        Raw::Test(RawTest {
            name,
            cmp,
            // The length of the input from the test on: its position once the whole
            // expression's length is known.
            at: input.len(),
        }),
    ))
}

fn op(i: &str) -> IResult<&str, Op> {
    alt((
        value(Op::Ne, tag("!=")),
        value(Op::NotContains, tag("!~")),
        value(Op::Le, tag("<=")),
        value(Op::Ge, tag(">=")),
        value(Op::Eq, tag("==")),
        value(Op::Eq, tag("=")),
        value(Op::Contains, tag("~")),
        value(Op::Lt, tag("<")),
        value(Op::Gt, tag(">")),
    ))
    .parse(i)
}

fn value_text(i: &str) -> IResult<&str, String> {
    let quoted = delimited(char('"'), recognize(many_quoted), char('"'))
        .map(|s: &str| s.replace("\\\"", "\"").replace("\\\\", "\\"));
    let word = take_while1(|c: char| !c.is_whitespace() && !matches!(c, '(' | ')' | '"'))
        .map(str::to_string);
    alt((quoted, word)).parse(i)
}

/// The inside of a quoted value: anything but an unescaped `"`.
fn many_quoted(i: &str) -> IResult<&str, ()> {
    let mut rest = i;
    loop {
        let (r, _) = take_while(|c: char| c != '"' && c != '\\').parse(rest)?;
        match r.strip_prefix('\\') {
            Some(after) => {
                let mut cs = after.chars();
                cs.next();
                rest = cs.as_str();
            }
            None => return Ok((r, ())),
        }
    }
}

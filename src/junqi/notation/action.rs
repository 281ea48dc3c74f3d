//! Action text: `C2=红工兵` / `C2=E` (a flip), `G0-F0` (a move), `G0xF0` with an optional
//! outcome `>` `=` `<` or `#` (an attack), `timeout`.

use crate::junqi::rules::{Color, Outcome, Piece, Rank, Square, parse_square, square_name};
use nom::branch::alt;
use nom::bytes::complete::{tag, tag_no_case, take};
use nom::character::complete::one_of;
use nom::combinator::{eof, map, map_opt, opt, value};
use nom::{IResult, Parser};

/// What an attack's written outcome claims.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mark {
    Outcome(Outcome),
    /// `#`: the flag was taken.
    FlagTaken,
}

/// An action as the record wrote it, before it meets a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ActionText {
    Flip {
        sq: Square,
        piece: Piece,
    },
    Move {
        from: Square,
        to: Square,
        /// Written with `x`.
        attack: bool,
        mark: Option<Mark>,
    },
    Timeout,
}

fn square(i: &str) -> IResult<&str, Square> {
    map_opt(take(2usize), parse_square).parse(i)
}

fn chinese_color(i: &str) -> IResult<&str, Color> {
    alt((
        value(Color::Red, alt((tag("红"), tag("紅")))),
        value(Color::Blue, alt((tag("蓝"), tag("藍"), tag("黑")))),
    ))
    .parse(i)
}

fn chinese_rank(i: &str) -> IResult<&str, Rank> {
    for r in Rank::ALL {
        for name in [r.chinese(), r.traditional()] {
            if let Some(rest) = i.strip_prefix(name) {
                return Ok((rest, r));
            }
        }
    }
    // A few other common spellings.
    for (name, r) in [
        ("军棋", Rank::Flag),
        ("軍棋", Rank::Flag),
        ("旗", Rank::Flag),
    ] {
        if let Some(rest) = i.strip_prefix(name) {
            return Ok((rest, r));
        }
    }
    Err(nom::Err::Error(nom::error::Error::new(
        i,
        nom::error::ErrorKind::Tag,
    )))
}

fn ascii_piece(i: &str) -> IResult<&str, Piece> {
    alt((
        // Colour letter and rank letter: `rE`, `bM`, `RE`.
        map_opt(
            (one_of("rRbB"), one_of("MGDBRTCPEXLFmgdbrtcpexlf")),
            |(c, r)| Some(Piece::new(Color::from_letter(c)?, Rank::from_letter(r)?)),
        ),
        // One letter: upper case Red, lower case Blue.
        map_opt(one_of("MGDBRTCPEXLFmgdbrtcpexlf"), Piece::from_letter),
    ))
    .parse(i)
}

fn piece(i: &str) -> IResult<&str, Piece> {
    alt((
        map((chinese_color, chinese_rank), |(c, r)| Piece::new(c, r)),
        ascii_piece,
    ))
    .parse(i)
}

fn mark(i: &str) -> IResult<&str, Mark> {
    alt((
        value(Mark::Outcome(Outcome::Wins), tag(">")),
        value(Mark::Outcome(Outcome::Both), tag("=")),
        value(Mark::Outcome(Outcome::Loses), tag("<")),
        value(Mark::FlagTaken, tag("#")),
    ))
    .parse(i)
}

fn action(i: &str) -> IResult<&str, ActionText> {
    alt((
        value(
            ActionText::Timeout,
            alt((tag_no_case("timeout"), tag("超时"), tag("超時"))),
        ),
        map((square, tag("="), piece), |(sq, _, piece)| {
            ActionText::Flip { sq, piece }
        }),
        map(
            (
                square,
                alt((tag("-"), tag("x"), tag("X"), tag("×"))),
                square,
                opt(mark),
            ),
            |(from, sep, to, mark)| ActionText::Move {
                from,
                to,
                attack: sep != "-",
                mark,
            },
        ),
    ))
    .parse(i)
}

/// What is wrong with an action token ([`parse_action`]): the token, and the square it starts
/// with where it has one; its message says what comes where.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ActionTextError {
    /// Not even a square or `timeout` at its start.
    #[error(
        "`{0}` is not an action: expected a flip (C2=红工兵), a move (G0-F0), an attack (G0xF0) or `timeout`"
    )]
    NotAnAction(String),
    /// A flip of something that is not a piece.
    #[error(
        "`{piece}` is not a piece: write colour and rank in Chinese (红工兵, 藍司令) or in letters (E = red engineer, e = blue engineer; M G D B R T C P E X L F) after `{at}=`"
    )]
    NotAPiece { at: String, piece: String },
    /// A move or attack whose target (or outcome) is not readable.
    #[error(
        "`{token}`: after `{at}` and `-` or `x` comes a square A0 … L4, then optionally an outcome > = < or #"
    )]
    BadTarget { token: String, at: String },
    /// A square followed by neither `=`, `-` nor `x`.
    #[error("`{token}`: after the square `{at}` comes `=` (flip), `-` (move) or `x` (attack)")]
    BadAfterSquare { token: String, at: String },
}

/// Reads one action token (the whole token must be an action).
pub fn parse_action(token: &str) -> Result<ActionText, ActionTextError> {
    match (action, eof).parse(token) {
        Ok((_, (a, _))) => Ok(a),
        Err(_) => Err(explain(token)),
    }
}

/// Whether a token looks like an action at all (a square, `timeout`), so the reader can tell
/// a bad action from other text.
pub(crate) fn looks_like_action(token: &str) -> bool {
    square(token).is_ok() || token.eq_ignore_ascii_case("timeout")
}

fn explain(token: &str) -> ActionTextError {
    match square(token) {
        Err(_) => ActionTextError::NotAnAction(token.to_string()),
        Ok((rest, sq)) => {
            let at = square_name(sq);
            let token = token.to_string();
            if let Some(p) = rest.strip_prefix('=') {
                ActionTextError::NotAPiece {
                    at,
                    piece: p.to_string(),
                }
            } else if rest.starts_with(['-', 'x', 'X']) {
                ActionTextError::BadTarget { token, at }
            } else {
                ActionTextError::BadAfterSquare { token, at }
            }
        }
    }
}

/// The canonical text of a flip (`C2=红工兵`) or an ASCII one (`C2=E`).
pub(crate) fn flip_text(sq: Square, piece: Piece, ascii: bool) -> String {
    if ascii {
        format!("{}={}", square_name(sq), piece.letter())
    } else {
        format!("{}={}", square_name(sq), piece.chinese())
    }
}

/// The text of an action in a position: `C2=E` / `C2=红工兵`, `G0-F0`, `G0xF0`, `timeout`.
pub fn action_text(
    pos: &crate::junqi::rules::Position,
    action: crate::junqi::rules::Action,
    ascii: bool,
) -> String {
    use crate::junqi::rules::{Action, Cell};
    match action {
        Action::Timeout => "timeout".into(),
        Action::Flip { sq, piece } => flip_text(sq, piece, ascii),
        Action::Move { from, to } => {
            let sep = if matches!(pos.cell(to), Cell::Up(_)) {
                'x'
            } else {
                '-'
            };
            format!("{}{sep}{}", square_name(from), square_name(to))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_every_form() {
        let red_engineer = Piece::new(Color::Red, Rank::Engineer);
        let c2 = parse_square("C2").unwrap();
        for t in ["C2=红工兵", "c2=紅工兵", "C2=E", "C2=rE", "C2=Re"] {
            assert_eq!(
                parse_action(t),
                Ok(ActionText::Flip {
                    sq: c2,
                    piece: red_engineer
                }),
                "{t}"
            );
        }
        assert_eq!(
            parse_action("C2=藍師長"),
            Ok(ActionText::Flip {
                sq: c2,
                piece: Piece::new(Color::Blue, Rank::Division)
            })
        );
        assert!(matches!(
            parse_action("G0xF0="),
            Ok(ActionText::Move {
                attack: true,
                mark: Some(Mark::Outcome(Outcome::Both)),
                ..
            })
        ));
        assert!(matches!(
            parse_action("G0-F0"),
            Ok(ActionText::Move {
                attack: false,
                mark: None,
                ..
            })
        ));
        assert_eq!(parse_action("timeout"), Ok(ActionText::Timeout));
    }

    #[test]
    fn rejects_with_a_reason() {
        assert!(
            parse_action("C2=绿工兵")
                .unwrap_err()
                .to_string()
                .contains("not a piece")
        );
        assert_eq!(
            parse_action("C2=Q"),
            Err(ActionTextError::NotAPiece {
                at: "C2".into(),
                piece: "Q".into()
            })
        );
        assert_eq!(
            parse_action("C2-M0"),
            Err(ActionTextError::BadTarget {
                token: "C2-M0".into(),
                at: "C2".into()
            })
        );
        assert!(parse_action("C2-M0").is_err());
        assert!(parse_action("G0xF0>>").is_err());
        assert!(parse_action("Q1").is_err());
    }
}

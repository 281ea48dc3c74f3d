//! ICCS / UCCI coordinates: `h2e2` or `H2-E2` (any case): the from and to squares, files
//! a–i from Red's left, ranks 0–9 from Red's side.

use super::NotationError;
use crate::xiangqi::rules::{Move, Position, Square};
use nom::character::complete::{char, satisfy};
use nom::combinator::{eof, opt};
use nom::{IResult, Parser};

fn square(input: &str) -> IResult<&str, Square> {
    let (rest, (f, r)) = (
        satisfy(|c| matches!(c.to_ascii_lowercase(), 'a'..='i')),
        satisfy(|c| c.is_ascii_digit()),
    )
        .parse(input)?;
    let sq = Square::new(f.to_ascii_lowercase() as u8 - b'a', r as u8 - b'0');
    match sq {
        Some(sq) => Ok((rest, sq)),
        None => Err(nom::Err::Error(nom::error::Error::new(
            input,
            nom::error::ErrorKind::Verify,
        ))),
    }
}

/// Parses `h2e2` / `H2-E2` into a move (not checked against a position).
pub fn parse(text: &str) -> Result<Move, NotationError> {
    let t = text.trim();
    let r: IResult<&str, (Square, Option<char>, Square, &str)> =
        (square, opt(char('-')), square, eof).parse(t);
    match r {
        Ok((_, (from, _, to, _))) => Ok(Move::new(from, to)),
        Err(_) => Err(NotationError::parse(format!(
            "`{t}` is not an ICCS move: expected two squares such as h2e2 or H2-E2"
        ))),
    }
}

/// Resolves an ICCS move against the legal moves.
pub(crate) fn resolve(pos: &Position, text: &str) -> Result<(Move, Option<String>), NotationError> {
    let mv = parse(text)?;
    let own = pos
        .piece_at(mv.from)
        .is_some_and(|p| p.color == pos.side_to_move());
    if own && pos.is_legal(mv) {
        return Ok((mv, None));
    }
    let side = pos.side_to_move();
    let why = match pos.piece_at(mv.from) {
        None => format!("there is no piece on {}", mv.from),
        Some(p) if p.color != side => {
            format!("{} is to move but {} holds a {p}", side.name(), mv.from)
        }
        Some(p) if pos.is_pseudo_legal(mv) => format!(
            "the {p} on {} cannot go to {}: that would leave {}'s king in check or facing the other king",
            mv.from,
            mv.to,
            side.name()
        ),
        Some(p) => format!("the {p} on {} cannot go to {}", mv.from, mv.to),
    };
    Err(NotationError::illegal(format!("`{}`: {why}", text.trim())))
}

/// `h2e2`, or `H2-E2` with `dash`.
pub(crate) fn write(mv: Move, dash: bool) -> String {
    if dash {
        format!("{}-{}", mv.from, mv.to).to_ascii_uppercase()
    } else {
        mv.iccs()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::xiangqi::notation::NotationErrorKind;

    #[test]
    fn both_forms_and_errors() {
        let pos = Position::start();
        let (mv, note) = resolve(&pos, "h2e2").unwrap();
        assert_eq!(note, None);
        assert_eq!(resolve(&pos, "H2-E2").unwrap().0, mv);
        assert_eq!(write(mv, true), "H2-E2");
        assert_eq!(write(mv, false), "h2e2");
        let refused = |text| resolve(&pos, text).unwrap_err().kind;
        assert_eq!(refused("h2j2"), NotationErrorKind::Parse);
        assert_eq!(refused("h2e3"), NotationErrorKind::Illegal);
        let e = resolve(&pos, "h7e7").unwrap_err();
        assert!(e.message.contains("Black cannon"), "{e}");
    }
}

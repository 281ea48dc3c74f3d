//! WXF notation: piece letter, from-file, direction, number — `C2.5`, `H8+7`, `R1-1`.
//!
//! Files count from the mover's own right (Red: 1 = i-file; Black: 1 = a-file). `+` advances,
//! `-` retreats, `.` (or `=`) traverses; for straight movers (K R C P) going forward or back
//! the number is steps, otherwise the target file. Two pieces of a kind on one file: the
//! file digit becomes `+` (front) or `-` (rear): `R+.3`, `C--1` (`+R.3` is read too). Pawns,
//! as the WXF rules have it: three on a file `P+`, `P3` (middle), `P-`; four or five `++`,
//! `P+`, (`P3`), `P-`, `--`; two files with several pawns: the file digit replaces the
//! letter, `3+.4`, `33.4`, `3-.4`. Also read: Fairy-Stockfish's pawn form, the index from the
//! front then the file (`14+1`, `21.2`), which it writes for a file of three or more pawns, or
//! of two while another file holds two; `dd` is told from WXF's middle pawn by the board
//! (see [`resolve`]).

use super::NotationError;
use super::relative::{self, Action, Described, Relative, Tandem, Which};
use crate::xiangqi::rules::{Kind, Move, Position};
use nom::branch::alt;
use nom::character::complete::{one_of, satisfy};
use nom::combinator::{eof, map, opt};
use nom::{IResult, Parser};

fn kind_of(c: char) -> Option<Kind> {
    Some(match c.to_ascii_uppercase() {
        'K' | 'G' => Kind::King,
        'A' => Kind::Advisor,
        'E' | 'B' | 'M' => Kind::Elephant,
        'H' | 'N' => Kind::Horse,
        'R' => Kind::Rook,
        'C' => Kind::Cannon,
        'P' | 'S' => Kind::Pawn,
        _ => return None,
    })
}

fn letter(input: &str) -> IResult<&str, Kind> {
    map(satisfy(|c| kind_of(c).is_some()), |c| {
        kind_of(c).unwrap_or(Kind::Pawn)
    })
    .parse(input)
}

fn digit(input: &str) -> IResult<&str, u8> {
    map(one_of("123456789"), |c| c as u8 - b'0').parse(input)
}

fn sign(input: &str) -> IResult<&str, bool> {
    map(one_of("+-"), |c| c == '+').parse(input)
}

/// The piece designation and whether a plain file names the middle of three or five.
#[derive(Debug, Clone, Copy)]
enum Head {
    Named(Kind, Which),
    /// `3+`, `33`, `3-`: pawns on two files.
    PawnFile(u8, Option<bool>, u8),
}

fn head(input: &str) -> IResult<&str, Head> {
    alt((
        map((letter, digit), |(k, d)| Head::Named(k, Which::File(d))),
        map((letter, sign), |(k, s)| {
            let t = if s { Tandem::WxfPlus } else { Tandem::WxfMinus };
            Head::Named(k, Which::Tandem(t, None))
        }),
        map((sign, letter), |(s, k)| {
            let t = if s { Tandem::Front } else { Tandem::Rear };
            Head::Named(k, Which::Tandem(t, None))
        }),
        map((sign, sign), |(a, b)| {
            let t = if a { Tandem::Front } else { Tandem::Rear };
            // `+-` is not a designation; map it to a tandem that resolves nowhere.
            let t = if a == b { t } else { Tandem::Nth(0) };
            Head::Named(Kind::Pawn, Which::Tandem(t, None))
        }),
        map((digit, sign), |(d, s)| Head::PawnFile(d, Some(s), d)),
        map((digit, digit), |(d, e)| Head::PawnFile(d, None, e)),
    ))
    .parse(input)
}

fn action(input: &str) -> IResult<&str, Action> {
    map(one_of("+-.="), |c| match c {
        '+' => Action::Advance,
        '-' => Action::Retreat,
        _ => Action::Traverse,
    })
    .parse(input)
}

/// Parses a WXF move into its syntax (no board).
pub fn parse(text: &str) -> Result<Relative, NotationError> {
    let t = text.trim();
    let bad = || {
        NotationError::parse(format!(
            "`{t}` is not a WXF move: expected piece letter, file, + - or ., and a number (C2.5, H8+7, R+.3)"
        ))
    };
    let r: IResult<&str, (Head, Option<Action>, u8, &str)> =
        (head, opt(action), digit, eof).parse(t);
    let (_, (h, act, arg, _)) = r.map_err(|_| bad())?;
    let (kind, which, middle) = match h {
        Head::Named(k, w) => (k, w, matches!(w, Which::File(_))),
        Head::PawnFile(d, Some(s), _) => {
            let t = if s { Tandem::WxfPlus } else { Tandem::WxfMinus };
            (Kind::Pawn, Which::Tandem(t, Some(d)), false)
        }
        Head::PawnFile(d, None, e) if d == e => {
            (Kind::Pawn, Which::Tandem(Tandem::Middle, Some(d)), false)
        }
        // Fairy-Stockfish's form: the index from the front, then the file (`14+1`).
        Head::PawnFile(d, None, e) => (Kind::Pawn, Which::Tandem(Tandem::Nth(d), Some(e)), false),
    };
    // `C25` (no sign) is a traverse, but only after a plain file.
    let action = match act {
        Some(a) => a,
        None if matches!(h, Head::Named(_, Which::File(_))) => Action::Traverse,
        None => return Err(bad()),
    };
    Ok(Relative {
        kind,
        which,
        action,
        arg,
        file_means_middle: middle,
    })
}

/// Resolves a WXF move against the legal moves.
pub(crate) fn resolve(pos: &Position, text: &str) -> Result<(Move, Option<String>), NotationError> {
    let rel = parse(text)?;
    let text = text.trim();
    match rel.which {
        Which::Tandem(Tandem::Middle, Some(d)) => resolve_same_digits(pos, rel, d, text),
        _ => relative::resolve(pos, &rel, text),
    }
}

/// `dd` (`33.4`, `11+1`) is WXF's middle pawn of file d when two files hold several pawns,
/// and Fairy-Stockfish's d-th pawn from the front of file d (it numbers the pawns of a file
/// from the front when the file holds three or more, or two while another file also holds
/// two). Both are read: first the one a writer would give on this board — WXF's when file d
/// has a middle pawn and another file is doubled, else Fairy-Stockfish's — then the other if
/// the first names no legal move. When both name different legal moves, the first is taken and
/// a note says so.
fn resolve_same_digits(
    pos: &Position,
    wxf: Relative,
    d: u8,
    text: &str,
) -> Result<(Move, Option<String>), NotationError> {
    let counts = relative::count_by_number(pos, Kind::Pawn);
    let here = counts[usize::from(d) - 1];
    let doubled = counts.iter().filter(|&&n| n >= 2).count();
    let fsf = Relative {
        which: Which::Tandem(Tandem::Nth(d), Some(d)),
        ..wxf
    };
    let wxf_first = doubled >= 2 && here % 2 == 1;
    let (first, second) = if wxf_first { (wxf, fsf) } else { (fsf, wxf) };
    match (
        relative::resolve(pos, &first, text),
        relative::resolve(pos, &second, text),
    ) {
        (Ok((a, note)), Ok((b, _))) if a != b => {
            let (chosen, other) = if wxf_first {
                (
                    "WXF's middle pawn",
                    "Fairy-Stockfish's pawn counted from the front",
                )
            } else {
                (
                    "Fairy-Stockfish's pawn counted from the front",
                    "WXF's middle pawn",
                )
            };
            let both = format!("`{text}` can be {chosen} ({a}) or {other} ({b}); read as {chosen}");
            Ok((
                a,
                Some(note.map_or(both.clone(), |n| format!("{n}; {both}"))),
            ))
        }
        (Ok(r), _) | (Err(_), Ok(r)) => Ok(r),
        (Err(e), Err(_)) => Err(e),
    }
}

fn letter_of(kind: Kind) -> char {
    match kind {
        Kind::King => 'K',
        Kind::Advisor => 'A',
        Kind::Elephant => 'E',
        Kind::Horse => 'H',
        Kind::Rook => 'R',
        Kind::Cannon => 'C',
        Kind::Pawn => 'P',
    }
}

/// The first two characters of the canonical form.
fn head_text(d: &Described) -> String {
    let l = letter_of(d.kind);
    let f = char::from(b'0' + d.file);
    match d.tandem {
        None => format!("{l}{f}"),
        Some((i, n, other)) if d.kind == Kind::Pawn && other => {
            let second = if i == 0 {
                '+'
            } else if i + 1 == n {
                '-'
            } else {
                f
            };
            format!("{f}{second}")
        }
        Some((i, n, _)) if d.kind == Kind::Pawn && n >= 4 => match i {
            0 => "++".to_string(),
            1 => format!("{l}+"),
            i if i + 1 == n => "--".to_string(),
            i if i + 2 == n => format!("{l}-"),
            _ => format!("{l}{f}"),
        },
        Some((i, n, _)) => {
            if i == 0 {
                format!("{l}+")
            } else if i + 1 == n {
                format!("{l}-")
            } else {
                format!("{l}{f}")
            }
        }
    }
}

/// The canonical WXF text of a move of the side to move.
pub(crate) fn write(pos: &Position, mv: Move) -> String {
    let Some(d) = relative::describe(pos, mv) else {
        return mv.iccs();
    };
    let act = match d.action {
        Action::Advance => '+',
        Action::Retreat => '-',
        Action::Traverse => '.',
    };
    format!("{}{act}{}", head_text(&d), d.arg)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::xiangqi::notation::{NotationErrorKind, test_cases};
    use crate::xiangqi::rules::Square;

    /// Each `TEXT ICCS` of `cases` resolves in `fen` to that move, and the move written back
    /// resolves to itself.
    fn ok(fen: &str, cases: &str) {
        let pos = Position::from_fen(fen).unwrap();
        for (text, iccs) in test_cases(cases) {
            let (mv, _) = resolve(&pos, text).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(mv.iccs(), iccs, "{text}");
            assert_eq!(resolve(&pos, &write(&pos, mv)).unwrap().0, mv);
        }
    }

    /// How `resolve` refuses `text` in `fen`.
    fn refused(fen: &str, text: &str) -> NotationErrorKind {
        resolve(&Position::from_fen(fen).unwrap(), text)
            .unwrap_err()
            .kind
    }

    fn written(pos: &Position, iccs: &str) -> String {
        let square = |at: usize| Square::parse(&iccs[at..at + 2]).unwrap();
        write(pos, Move::new(square(0), square(2)))
    }

    #[test]
    fn plain_moves() {
        let start = Position::START_FEN;
        ok(start, "C2.5 h2e2, C2=5 h2e2, c25 h2e2, H2+3 h0g2");
        ok(start, "R1+1 i0i1, E3+5 g0e2, A4+5 f0e1, P7+1 c3c4");
        assert_eq!(written(&Position::start(), "h2e2"), "C2.5");
        // Black counts files from its own right: file 2 is the b-file.
        let black = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1";
        ok(black, "H8+7 h9g7, C2.5 b7e7");
    }

    #[test]
    fn tandem_pieces() {
        // Two red rooks on the e-file (Red file 5).
        let fen = "5k3/9/9/9/9/4R4/9/4R4/9/3K5 w - - 0 1";
        ok(fen, "R+.3 e4g4, +R.3 e4g4, R-.3 e2g2");
        assert_eq!(refused(fen, "R5.3"), NotationErrorKind::Ambiguous);
    }

    #[test]
    fn tandem_pawns() {
        // Three red pawns on the c-file (file 7), two on the g-file (file 3).
        let fen = "3k5/2P6/2P3P2/2P3P2/9/9/9/9/9/4K4 w - - 0 1";
        ok(fen, "7+.8 c8b8, 77.8 c7b7, 7-.8 c6b6, 3++1 g7g8");
        // Four pawns on one file.
        let four = "3k5/2P6/2P6/2P6/2P6/9/9/9/9/4K4 w - - 0 1";
        ok(four, "++.8 c8b8, P+.8 c7b7, P-.8 c6b6, --.8 c5b5");
        assert!(parse("7x.8").is_err());
        // Fairy-Stockfish's index-then-file form.
        ok(fen, "27.8 c7b7, 13+1 g7g8");
        assert_eq!(refused(fen, "97.8"), NotationErrorKind::Illegal);
    }

    /// Fairy-Stockfish numbers the pawns of a file from the front when two files each hold two
    /// (`11+1`, `21+1`); equal digits were read as WXF's middle pawn, which two pawns lack.
    #[test]
    fn fairy_stockfish_two_doubled_files() {
        // Red: pawns i8, i7 (file 1) and c6, c5 (file 7).
        let fen = "3k5/8P/2P5P/2P6/9/9/9/9/9/4K4 w - - 0 1";
        ok(fen, "11+1 i8i9, 21.2 i7h7, 17+1 c7c8, 27.8 c6b6");
        // WXF's own form for the same moves.
        ok(fen, "1++1 i8i9, 1-.2 i7h7");
        assert_eq!(written(&Position::from_fen(fen).unwrap(), "i8i9"), "1++1");
        // Black: pawns a1, a2 (its file 1) and i2, i3 (its file 9).
        ok(
            "3k5/9/9/9/9/9/8p/p7p/p8/4K4 b - - 0 1",
            "11+1 a1a0, 29.8 i3h3",
        );
    }

    /// Three pawns on one file and no other doubled file: Fairy-Stockfish writes `33` for the
    /// rear one (the third from the front), which WXF writes `P-`.
    #[test]
    fn fairy_stockfish_three_on_a_file() {
        // Red pawns c8, c7, c6 (file 7) and g8, g7, g6 (file 3) would be two files; here only
        // file 3 (g) holds three.
        let fen = "3k5/6P2/6P2/6P2/9/9/9/9/9/4K4 w - - 0 1";
        ok(fen, "13.4 g8f8, 23.4 g7f7");
        let pos = Position::from_fen(fen).unwrap();
        let (mv, note) = resolve(&pos, "33.4").unwrap();
        assert_eq!(mv.iccs(), "g6f6");
        assert!(note.is_some_and(|n| n.contains("WXF's middle pawn")));
        ok(fen, "P-.4 g6f6, P3.4 g7f7");
    }

    /// Two files with several pawns, three on file 3: `33` is WXF's middle pawn (what qipu
    /// writes), but Fairy-Stockfish's rear one; both can traverse, so a note says which.
    #[test]
    fn same_digits_prefer_wxf_when_it_fits() {
        let fen = "3k5/2P3P2/2P3P2/6P2/9/9/9/9/9/4K4 w - - 0 1";
        let pos = Position::from_fen(fen).unwrap();
        let (mv, note) = resolve(&pos, "33.4").unwrap();
        assert_eq!(mv.iccs(), "g7f7");
        assert!(note.is_some_and(|n| n.contains("Fairy-Stockfish")));
        ok(fen, "3-.4 g6f6, 13.4 g8f8");
    }
}

//! The relative move model shared by WXF and Chinese notation: a piece named by its kind and
//! its file (or its place among pieces of its kind on one file), a direction, and a number.
//! Files are counted from the mover's own right (1–9); "front" is towards the enemy.
//!
//! Parsing builds a [`Relative`] without a board; [`resolve`] then finds the one legal move it
//! names. [`describe`] goes the other way, for the canonical writers.

use super::NotationError;
use super::numerals::{Digits, file_text};
use crate::xiangqi::rules::{Color, Kind, Move, Piece, Position, Square};

/// Advance (进, `+`), retreat (退, `-`) or traverse (平, `.`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    Advance,
    Retreat,
    Traverse,
}

/// Which of several pieces of one kind on one file, counted from the front.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tandem {
    /// 前, WXF `++` (the foremost).
    Front,
    /// 后/後, WXF `--` (the rearmost).
    Rear,
    /// 中: the middle one of three (or five).
    Middle,
    /// 一…五: the n-th from the front (1-based).
    Nth(u8),
    /// WXF `+` after the letter: the front one of two or three, the second of four or five.
    WxfPlus,
    /// WXF `-` after the letter: the rear one of two or three, the second-last of four or five.
    WxfMinus,
}

/// How the moving piece is named.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Which {
    /// The piece of that kind on this file (1–9 from the mover's right).
    File(u8),
    /// A piece among several on one file; the file is named only when two files qualify.
    Tandem(Tandem, Option<u8>),
}

/// A parsed WXF or Chinese move, before it meets a board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Relative {
    pub kind: Kind,
    pub which: Which,
    pub action: Action,
    /// Steps (straight movers going forward or back) or a file number (1–9).
    pub arg: u8,
    /// WXF: `P3` on a file with three or five pawns names the middle one.
    pub file_means_middle: bool,
}

/// The file number (1–9 from the side's own right) of a board file (0 = a).
pub(crate) fn file_number(color: Color, file: u8) -> u8 {
    match color {
        Color::Red => 9 - file,
        Color::Black => file + 1,
    }
}

/// The board file (0 = a) of a file number 1–9 counted from the side's own right.
pub(crate) fn board_file(color: Color, number: u8) -> u8 {
    match color {
        Color::Red => 9 - number,
        Color::Black => number - 1,
    }
}

/// The pieces of `color` and `kind` on a board file, front first.
fn on_file(pos: &Position, color: Color, kind: Kind, file: u8) -> Vec<Square> {
    // Compared by board code (this runs for every move of a record).
    let code = Piece::new(color, kind).code();
    let mut v: Vec<Square> = Vec::with_capacity(5);
    for r in 0..10u8 {
        if let Some(s) = Square::new(file, r)
            && pos.board.get(s.index()) == Some(&code)
        {
            v.push(s);
        }
    }
    if color == Color::Red {
        v.reverse();
    }
    v
}

/// How many pieces of `kind` the side to move has on each file, by file number (index 0 is
/// file 1, the mover's right).
pub(super) fn count_by_number(pos: &Position, kind: Kind) -> [usize; 9] {
    let color = pos.side_to_move();
    let mut n = [0; 9];
    for (i, slot) in n.iter_mut().enumerate() {
        *slot = on_file(pos, color, kind, board_file(color, i as u8 + 1)).len();
    }
    n
}

fn tandem_index(t: Tandem, n: usize) -> Option<usize> {
    match t {
        Tandem::Front => Some(0),
        Tandem::Rear => n.checked_sub(1),
        Tandem::Middle => (n % 2 == 1 && n >= 3).then_some(n / 2),
        Tandem::Nth(k) => (k >= 1 && (k as usize) <= n).then(|| k as usize - 1),
        Tandem::WxfPlus => Some(if n <= 3 { 0 } else { 1 }),
        Tandem::WxfMinus => n.checked_sub(if n <= 3 { 1 } else { 2 }),
    }
}

/// Where a piece of `kind` on `from` lands for `action arg`, if that makes sense at all.
fn target(kind: Kind, color: Color, from: Square, action: Action, arg: u8) -> Option<Square> {
    if !(1..=9).contains(&arg) {
        return None;
    }
    let fwd: i32 = color.forward() as i32;
    let (f, r) = (from.file() as i32, from.rank() as i32);
    let sign = match action {
        Action::Advance => 1,
        Action::Retreat => -1,
        Action::Traverse => 0,
    };
    let (nf, nr) = match kind {
        Kind::King | Kind::Rook | Kind::Cannon | Kind::Pawn => {
            if action == Action::Traverse {
                (board_file(color, arg) as i32, r)
            } else {
                (f, r + sign * fwd * arg as i32)
            }
        }
        Kind::Advisor | Kind::Elephant | Kind::Horse => {
            if action == Action::Traverse {
                return None;
            }
            let nf = board_file(color, arg) as i32;
            let df = (nf - f).abs();
            let dr = match (kind, df) {
                (Kind::Advisor, 1) => 1,
                (Kind::Elephant, 2) => 2,
                (Kind::Horse, 1) => 2,
                (Kind::Horse, 2) => 1,
                _ => return None,
            };
            (nf, r + sign * fwd * dr)
        }
    };
    if nf < 0 || nr < 0 {
        return None;
    }
    Square::new(nf as u8, nr as u8)
}

fn numeral(color: Color, n: u8) -> String {
    file_text(color, n, Digits::FullWidth)
}

/// Finds the one legal move a relative move names. `Ok((mv, Some(note)))` when it was read
/// leniently (front/rear missing but only one piece on that file can make the move).
pub(crate) fn resolve(
    pos: &Position,
    rel: &Relative,
    text: &str,
) -> Result<(Move, Option<String>), NotationError> {
    let color = pos.side_to_move();
    let kind_name = rel.kind.name();
    // Candidate pieces.
    let (candidates, lenient, preferred) = match rel.which {
        Which::File(n) => {
            if !(1..=9).contains(&n) {
                return Err(NotationError::parse(format!(
                    "`{text}`: file {n} is not 1–9"
                )));
            }
            let pieces = on_file(pos, color, rel.kind, board_file(color, n));
            let middle = (rel.file_means_middle && pieces.len() >= 3 && pieces.len() % 2 == 1)
                .then(|| pieces[pieces.len() / 2]);
            // Two advisors or elephants on a file need no 前/后: the front one can only
            // retreat, the rear one only advance (the computer standard writes them so).
            let lenient = pieces.len() > 1
                && middle.is_none()
                && !matches!(rel.kind, Kind::Advisor | Kind::Elephant);
            (pieces, lenient, middle)
        }
        Which::Tandem(t, file) => {
            let files: Vec<u8> = match file {
                Some(n) if (1..=9).contains(&n) => vec![board_file(color, n)],
                Some(n) => {
                    return Err(NotationError::parse(format!(
                        "`{text}`: file {n} is not 1–9"
                    )));
                }
                None => (0..9).collect(),
            };
            let doubled: Vec<Vec<Square>> = files
                .iter()
                .map(|&f| on_file(pos, color, rel.kind, f))
                .filter(|p| p.len() >= 2)
                .collect();
            let mut v = Vec::new();
            if let (Tandem::Nth(k), None, true) = (t, file, doubled.len() >= 2) {
                // Several doubled files and no file named: the computer standard's numbering
                // across them, files from the mover's right to left, each front to back.
                let mut all: Vec<Square> = Vec::new();
                let mut by_number = doubled.clone();
                by_number.sort_by_key(|p| p.first().map(|s| file_number(color, s.file())));
                for p in by_number {
                    all.extend(p);
                }
                if let Some(&s) = (k as usize).checked_sub(1).and_then(|i| all.get(i)) {
                    v.push(s);
                }
            } else {
                for pieces in &doubled {
                    if let Some(&s) = tandem_index(t, pieces.len()).and_then(|i| pieces.get(i)) {
                        v.push(s);
                    }
                }
            }
            if v.is_empty() {
                return Err(NotationError::illegal(format!(
                    "`{text}`: {} has no {kind_name}s standing together on one file to tell apart",
                    color.name()
                )));
            }
            (v, false, None)
        }
    };
    if candidates.is_empty() {
        let Which::File(n) = rel.which else {
            return Err(NotationError::illegal(format!(
                "`{text}`: no such {kind_name}"
            )));
        };
        return Err(NotationError::illegal(format!(
            "`{text}`: {} has no {kind_name} on file {} ({}-file)",
            color.name(),
            numeral(color, n),
            (b'a' + board_file(color, n)) as char
        )));
    }
    let mut found: Vec<Move> = Vec::new();
    let mut why = Vec::new();
    for &from in &candidates {
        match target(rel.kind, color, from, rel.action, rel.arg) {
            None => why.push(format!("the {kind_name} on {from} cannot move that way")),
            Some(to) => {
                let mv = Move::new(from, to);
                // The candidates are the mover's own pieces, so this is "among the legal
                // moves", without generating them all.
                if pos.is_legal(mv) {
                    found.push(mv);
                } else {
                    why.push(explain(pos, mv, kind_name));
                }
            }
        }
    }
    if let Some(p) = preferred
        && let Some(&mv) = found.iter().find(|m| m.from == p)
    {
        return Ok((mv, None));
    }
    match found.as_slice() {
        [mv] => {
            let note = lenient.then(|| {
                format!(
                    "`{text}` does not say which of the {} {kind_name}s on that file moves; \
                     only the one on {} can, so it is read as {mv}",
                    candidates.len(),
                    mv.from
                )
            });
            Ok((*mv, note))
        }
        [] => Err(NotationError::illegal(format!(
            "`{text}`: {}",
            why.join("; ")
        ))),
        several => Err(NotationError::ambiguous(format!(
            "`{text}` fits {} legal moves: {}; say which {kind_name} (front/rear)",
            several.len(),
            several
                .iter()
                .map(|m| m.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        ))),
    }
}

/// Why a move that the text names is not legal.
fn explain(pos: &Position, mv: Move, kind_name: &str) -> String {
    let follows_rules = pos.is_pseudo_legal(mv);
    if follows_rules {
        format!(
            "the {kind_name} on {} cannot go to {}: that would leave {}'s king in check or facing the other king",
            mv.from,
            mv.to,
            pos.side_to_move().name()
        )
    } else {
        format!("the {kind_name} on {} cannot go to {}", mv.from, mv.to)
    }
}

/// A move described for the canonical writers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Described {
    pub color: Color,
    pub kind: Kind,
    /// The from-file number (1–9 from the mover's right).
    pub file: u8,
    /// `(index from the front, count on the file, another file also has two or more)` when
    /// several pieces of the kind share the file.
    pub tandem: Option<(usize, usize, bool)>,
    pub action: Action,
    pub arg: u8,
}

/// Describes a move of the side to move (it need not be checked legal, only move a piece).
pub(crate) fn describe(pos: &Position, mv: Move) -> Option<Described> {
    let piece = pos.piece_at(mv.from)?;
    let color = piece.color;
    let fwd = color.forward() as i32;
    let dr = (mv.to.rank() as i32 - mv.from.rank() as i32) * fwd;
    let action = match dr {
        d if d > 0 => Action::Advance,
        d if d < 0 => Action::Retreat,
        _ => Action::Traverse,
    };
    let straight = matches!(
        piece.kind,
        Kind::King | Kind::Rook | Kind::Cannon | Kind::Pawn
    );
    let arg = if straight && action != Action::Traverse {
        dr.unsigned_abs() as u8
    } else {
        file_number(color, mv.to.file())
    };
    let here = on_file(pos, color, piece.kind, mv.from.file());
    let tandem = if here.len() >= 2 {
        let idx = here.iter().position(|&s| s == mv.from)?;
        let other = (0..9u8)
            .filter(|&f| f != mv.from.file())
            .any(|f| on_file(pos, color, piece.kind, f).len() >= 2);
        Some((idx, here.len(), other))
    } else {
        None
    };
    Some(Described {
        color,
        kind: piece.kind,
        file: file_number(color, mv.from.file()),
        tandem,
        action,
        arg,
    })
}

//! The vocabulary of the board: squares, colours, piece kinds, pieces and moves.
//!
//! Squares follow ICCS: files `a`–`i` from Red's left, ranks `0`–`9` from Red's side, so the
//! square index is `rank * 9 + file` (a0 = 0, i9 = 89).

use std::fmt;

/// One of the 90 points of the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// `file` 0–8 (a–i), `rank` 0–9.
    pub(crate) fn new(file: u8, rank: u8) -> Option<Square> {
        (file < 9 && rank < 10).then(|| Square(rank * 9 + file))
    }
    pub(crate) fn from_index(index: usize) -> Option<Square> {
        (index < 90).then_some(Square(index as u8))
    }
    /// For indices known to be on the board (the engine's own tables).
    pub(crate) const fn from_raw(index: u8) -> Square {
        Square(index)
    }
    pub(crate) fn index(self) -> usize {
        self.0 as usize
    }
    pub(crate) fn file(self) -> u8 {
        self.0 % 9
    }
    pub(crate) fn rank(self) -> u8 {
        self.0 / 9
    }
    /// Parses an ICCS square (`h2`, `E7`).
    pub(crate) fn parse(s: &str) -> Option<Square> {
        let b = s.as_bytes();
        if b.len() != 2 {
            return None;
        }
        let f = b[0].to_ascii_lowercase();
        if !(b'a'..=b'i').contains(&f) || !b[1].is_ascii_digit() {
            return None;
        }
        Square::new(f - b'a', b[1] - b'0')
    }
    /// Whether the square is on `color`'s own half (before the river).
    pub(crate) fn on_own_half(self, color: Color) -> bool {
        match color {
            Color::Red => self.rank() <= 4,
            Color::Black => self.rank() >= 5,
        }
    }
    /// Whether the square is inside `color`'s palace.
    pub(crate) fn in_palace(self, color: Color) -> bool {
        let (f, r) = (self.file(), self.rank());
        (3..=5).contains(&f)
            && match color {
                Color::Red => r <= 2,
                Color::Black => r >= 7,
            }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank())
    }
}

/// The two sides. Red moves first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Color {
    Red,
    Black,
}

impl Color {
    pub(crate) fn other(self) -> Color {
        match self {
            Color::Red => Color::Black,
            Color::Black => Color::Red,
        }
    }
    pub(crate) fn index(self) -> usize {
        self as usize
    }
    pub(crate) fn name(self) -> &'static str {
        match self {
            Color::Red => "Red",
            Color::Black => "Black",
        }
    }
    /// +1 for Red (towards rank 9), −1 for Black.
    pub(crate) fn forward(self) -> i8 {
        match self {
            Color::Red => 1,
            Color::Black => -1,
        }
    }
}

/// The seven kinds of pieces.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    King,
    Advisor,
    Elephant,
    Horse,
    Rook,
    Cannon,
    Pawn,
}

impl Kind {
    pub(crate) const ALL: [Kind; 7] = [
        Kind::King,
        Kind::Advisor,
        Kind::Elephant,
        Kind::Horse,
        Kind::Rook,
        Kind::Cannon,
        Kind::Pawn,
    ];
    /// The FEN letter (upper case).
    pub(crate) fn letter(self) -> char {
        match self {
            Kind::King => 'K',
            Kind::Advisor => 'A',
            Kind::Elephant => 'B',
            Kind::Horse => 'N',
            Kind::Rook => 'R',
            Kind::Cannon => 'C',
            Kind::Pawn => 'P',
        }
    }
    pub(crate) fn name(self) -> &'static str {
        match self {
            Kind::King => "king",
            Kind::Advisor => "advisor",
            Kind::Elephant => "elephant",
            Kind::Horse => "horse",
            Kind::Rook => "rook",
            Kind::Cannon => "cannon",
            Kind::Pawn => "pawn",
        }
    }
}

/// A coloured piece.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Piece {
    pub color: Color,
    pub kind: Kind,
}

impl Piece {
    pub(crate) fn new(color: Color, kind: Kind) -> Piece {
        Piece { color, kind }
    }
    /// The engine's one-byte code: kind 1–7, plus 8 for Black; 0 is an empty point.
    pub(crate) fn code(self) -> u8 {
        self.kind as u8 + 1 + if self.color == Color::Black { 8 } else { 0 }
    }
    pub(crate) fn from_code(code: u8) -> Option<Piece> {
        let kind = *Kind::ALL.get(((code & 7) as usize).checked_sub(1)?)?;
        let color = if code & 8 != 0 {
            Color::Black
        } else {
            Color::Red
        };
        Some(Piece { color, kind })
    }
    /// The FEN letter: upper case for Red, lower case for Black.
    pub(crate) fn fen_char(self) -> char {
        let c = self.kind.letter();
        match self.color {
            Color::Red => c,
            Color::Black => c.to_ascii_lowercase(),
        }
    }
    /// Reads a FEN letter; `H` and `E` are accepted for `N` and `B`.
    pub(crate) fn from_fen_char(c: char) -> Option<Piece> {
        let color = if c.is_ascii_uppercase() {
            Color::Red
        } else {
            Color::Black
        };
        let kind = match c.to_ascii_uppercase() {
            'K' => Kind::King,
            'A' => Kind::Advisor,
            'B' | 'E' => Kind::Elephant,
            'N' | 'H' => Kind::Horse,
            'R' => Kind::Rook,
            'C' => Kind::Cannon,
            'P' => Kind::Pawn,
            _ => return None,
        };
        Some(Piece { color, kind })
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.color.name(), self.kind.name())
    }
}

/// A move: a piece goes from one point to another (capturing whatever stands there).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    pub from: Square,
    pub to: Square,
}

impl Move {
    pub(crate) fn new(from: Square, to: Square) -> Move {
        Move { from, to }
    }
    /// ICCS lower case without a dash: `h2e2`.
    pub fn iccs(self) -> String {
        format!("{}{}", self.from, self.to)
    }

    /// Moves in ICCS without dashes, parted by white space (`"h2e2 h9g7"`), for tests.
    #[cfg(test)]
    pub(crate) fn line(iccs: &str) -> Vec<Move> {
        let sq = |t: &str| Square::parse(t).unwrap();
        iccs.split_whitespace()
            .map(|m| Move::new(sq(&m[..2]), sq(&m[2..])))
            .collect()
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)
    }
}

/// A fixed-capacity list of moves, filled by the move generator without allocating.
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; MoveList::CAPACITY],
    len: usize,
}

impl MoveList {
    /// No position with a possible set of pieces has more pseudo-legal moves than this (2
    /// rooks and 2 cannons reach at most 17 points each, the rest far fewer: at most 119). A
    /// placement read with `from_fen_unchecked` holding more pieces than a side can have may
    /// exceed it; the moves beyond are dropped (never a panic).
    pub(crate) const CAPACITY: usize = 160;

    pub(crate) fn new() -> MoveList {
        MoveList {
            moves: [Move::new(Square(0), Square(0)); MoveList::CAPACITY],
            len: 0,
        }
    }
    #[inline(always)]
    pub(crate) fn push(&mut self, mv: Move) {
        if self.len < MoveList::CAPACITY {
            self.moves[self.len] = mv;
            self.len += 1;
        }
    }
    pub(crate) fn clear(&mut self) {
        self.len = 0;
    }
    #[inline(always)]
    pub(crate) fn truncate(&mut self, len: usize) {
        self.len = len.min(self.len);
    }
    #[inline(always)]
    pub(crate) fn set(&mut self, i: usize, mv: Move) {
        if i < self.len {
            self.moves[i] = mv;
        }
    }
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList::new()
    }
}

impl std::ops::Deref for MoveList {
    type Target = [Move];
    fn deref(&self) -> &[Move] {
        &self.moves[..self.len]
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

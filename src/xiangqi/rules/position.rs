//! The position: a 90-point mailbox with occupancy bitsets per colour, the king points kept
//! incrementally, the side to move, the FEN counters and an incremental Zobrist hash.

use super::lines::BIT_T;
use super::types::{Color, Kind, Move, MoveList, Piece, Square};
use super::zobrist;

pub(crate) const NO_SQUARE: u8 = 90;
pub(crate) const KING_CODE: u8 = 1;
pub(crate) const ADVISOR_CODE: u8 = 2;
pub(crate) const ELEPHANT_CODE: u8 = 3;
pub(crate) const HORSE_CODE: u8 = 4;
pub(crate) const ROOK_CODE: u8 = 5;
pub(crate) const CANNON_CODE: u8 = 6;
pub(crate) const PAWN_CODE: u8 = 7;

#[inline(always)]
pub(crate) fn color_bit(c: Color) -> u8 {
    match c {
        Color::Red => 0,
        Color::Black => 8,
    }
}

/// A Xiangqi position.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Position {
    pub(crate) board: [u8; 90],
    pub(crate) occ: [u128; 2],
    /// The same occupancy transposed (bit `file * 10 + rank`), for file look-ups.
    pub(crate) occ_t: [u128; 2],
    pub(crate) kings: [u8; 2],
    pub(crate) side: Color,
    pub(crate) halfmove: u32,
    pub(crate) fullmove: u32,
    pub(crate) hash: u64,
}

impl Default for Position {
    fn default() -> Self {
        Position::start()
    }
}

/// Flips the occupancy bits of side `$c`'s move from `$f` to `$t` and of the piece `$cap` it
/// takes there (0: none), a taken king put on `$king` (off the board when the move is made,
/// back on `$t` when it is taken back): the same flip makes the move and takes it back. A
/// macro, not a function: perft's inner loop, where a function (even inlined) cost 0.25 % more
/// instructions at depth 4.
macro_rules! flip_occupancy {
    ($pos:ident, $c:ident, $f:ident, $t:ident, $cap:ident, $king:expr) => {
        $pos.occ[$c] ^= (1u128 << $f) | (1u128 << $t);
        $pos.occ_t[$c] ^= BIT_T[$f] | BIT_T[$t];
        if $cap != 0 {
            $pos.occ[$c ^ 1] ^= 1u128 << $t;
            $pos.occ_t[$c ^ 1] ^= BIT_T[$t];
            if $cap & 7 == KING_CODE {
                $pos.kings[$c ^ 1] = $king;
            }
        }
    };
}

impl Position {
    /// The standard start position, FEN of [`Position::START_FEN`].
    pub(crate) const START_FEN: &'static str =
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

    pub fn start() -> Position {
        let mut p = Position::empty(Color::Red);
        let back = [
            Kind::Rook,
            Kind::Horse,
            Kind::Elephant,
            Kind::Advisor,
            Kind::King,
            Kind::Advisor,
            Kind::Elephant,
            Kind::Horse,
            Kind::Rook,
        ];
        for (f, k) in back.iter().enumerate() {
            p.put(f as u8, 0, Piece::new(Color::Red, *k));
            p.put(f as u8, 9, Piece::new(Color::Black, *k));
        }
        for f in [1u8, 7] {
            p.put(f, 2, Piece::new(Color::Red, Kind::Cannon));
            p.put(f, 7, Piece::new(Color::Black, Kind::Cannon));
        }
        for f in [0u8, 2, 4, 6, 8] {
            p.put(f, 3, Piece::new(Color::Red, Kind::Pawn));
            p.put(f, 6, Piece::new(Color::Black, Kind::Pawn));
        }
        p
    }

    fn put(&mut self, file: u8, rank: u8, piece: Piece) {
        if let Some(sq) = Square::new(file, rank) {
            self.set_piece(sq, Some(piece));
        }
    }

    /// An empty board (no kings): for building set-ups with [`Position::set_piece`].
    pub(crate) fn empty(side: Color) -> Position {
        let mut p = Position {
            board: [0; 90],
            occ: [0; 2],
            occ_t: [0; 2],
            kings: [NO_SQUARE; 2],
            side,
            halfmove: 0,
            fullmove: 1,
            hash: 0,
        };
        p.hash = p.compute_hash();
        p
    }

    /// Puts a piece on (or clears) a point, keeping the bitsets, kings and hash right.
    pub fn set_piece(&mut self, sq: Square, piece: Option<Piece>) {
        let s = sq.index();
        let old = self.board[s];
        if old != 0 {
            let c = (old >> 3) as usize;
            self.occ[c] &= !(1u128 << s);
            self.occ_t[c] &= !BIT_T[s];
            self.hash ^= zobrist::PIECE[old as usize][s];
            if old & 7 == KING_CODE && self.kings[c] == s as u8 {
                self.kings[c] = NO_SQUARE;
            }
        }
        self.board[s] = 0;
        if let Some(p) = piece {
            let code = p.code();
            let c = (code >> 3) as usize;
            self.board[s] = code;
            self.occ[c] |= 1u128 << s;
            self.occ_t[c] |= BIT_T[s];
            self.hash ^= zobrist::PIECE[code as usize][s];
            if p.kind == Kind::King {
                self.kings[c] = s as u8;
            }
        }
        if piece.is_some_and(|p| p.kind == Kind::King) {
            return;
        }
        // A king removed: look for another one of that colour (set-ups with two kings).
        for c in 0..2 {
            if self.kings[c] == NO_SQUARE {
                let code = KING_CODE | (c as u8) << 3;
                if let Some(k) = self.board.iter().position(|&b| b == code) {
                    self.kings[c] = k as u8;
                }
            }
        }
    }

    pub(crate) fn compute_hash(&self) -> u64 {
        let mut h = 0;
        for (s, &code) in self.board.iter().enumerate() {
            h ^= zobrist::PIECE[code as usize][s];
        }
        if self.side == Color::Black {
            h ^= zobrist::BLACK_TO_MOVE;
        }
        h
    }

    pub fn side_to_move(&self) -> Color {
        self.side
    }
    pub(crate) fn set_side_to_move(&mut self, side: Color) {
        if side != self.side {
            self.side = side;
            self.hash ^= zobrist::BLACK_TO_MOVE;
        }
    }
    pub(crate) fn piece_at(&self, sq: Square) -> Option<Piece> {
        Piece::from_code(self.board[sq.index()])
    }
    /// The king of `color`, if it is on the board.
    pub(crate) fn king(&self, color: Color) -> Option<Square> {
        Square::from_index(self.kings[color.index()] as usize)
    }
    /// Plies since the last capture (FEN field 5): the no-capture count.
    pub(crate) fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }
    /// FEN field 6: starts at 1, grows after each Black move.
    #[cfg(test)]
    pub(crate) fn fullmove_number(&self) -> u32 {
        self.fullmove
    }
    pub(crate) fn set_counters(&mut self, halfmove: u32, fullmove: u32) {
        self.halfmove = halfmove;
        self.fullmove = fullmove.max(1);
    }
    /// The Zobrist hash of the placement and side to move (not of the counters).
    pub(crate) fn hash(&self) -> u64 {
        self.hash
    }
    /// Every piece with its point, from a0 upwards.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.board
            .iter()
            .enumerate()
            .filter_map(|(i, &c)| Some((Square::from_index(i)?, Piece::from_code(c)?)))
    }

    /// Moves a piece without hash or counters (the search's inner loop). Returns the code of
    /// the captured piece (0: none). The side to move changes.
    #[inline(always)]
    pub(crate) fn make_raw(&mut self, mv: Move) -> u8 {
        let (f, t) = (mv.from.index(), mv.to.index());
        let p = self.board[f];
        let cap = self.board[t];
        let c = (p >> 3) as usize & 1;
        self.board[t] = p;
        self.board[f] = 0;
        flip_occupancy!(self, c, f, t, cap, NO_SQUARE);
        if p & 7 == KING_CODE {
            self.kings[c] = t as u8;
        }
        self.side = self.side.other();
        cap
    }

    #[inline(always)]
    pub(crate) fn unmake_raw(&mut self, mv: Move, cap: u8) {
        let (f, t) = (mv.from.index(), mv.to.index());
        let p = self.board[t];
        let c = (p >> 3) as usize & 1;
        self.board[f] = p;
        self.board[t] = cap;
        flip_occupancy!(self, c, f, t, cap, t as u8);
        if p & 7 == KING_CODE {
            self.kings[c] = f as u8;
        }
        self.side = self.side.other();
    }

    /// Plays a move without checking it (it must at least move a piece); updates the hash and
    /// the counters. Returns the captured piece.
    pub fn play_unchecked(&mut self, mv: Move) -> Option<Piece> {
        let (f, t) = (mv.from.index(), mv.to.index());
        let p = self.board[f];
        let cap = self.board[t];
        self.hash ^= zobrist::PIECE[p as usize][f]
            ^ zobrist::PIECE[p as usize][t]
            ^ zobrist::PIECE[cap as usize][t]
            ^ zobrist::BLACK_TO_MOVE;
        let mover = self.side;
        self.make_raw(mv);
        self.halfmove = if cap != 0 {
            0
        } else {
            self.halfmove.saturating_add(1)
        };
        if mover == Color::Black {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        Piece::from_code(cap)
    }

    /// Plays a legal move; an illegal one is refused and leaves the position unchanged.
    pub fn play(&mut self, mv: Move) -> Result<Option<Piece>, IllegalMove> {
        if self.is_legal(mv) {
            Ok(self.play_unchecked(mv))
        } else {
            Err(IllegalMove(mv))
        }
    }

    /// The legal moves of the side to move, into `out` (cleared first).
    pub(crate) fn legal_moves(&self, out: &mut MoveList) {
        let mut p = self.clone();
        p.legal_moves_mut(out);
    }

    /// The legal moves as a vector.
    pub fn legal_moves_vec(&self) -> Vec<Move> {
        let mut list = MoveList::new();
        self.legal_moves(&mut list);
        list.to_vec()
    }

    /// The legal moves of the piece on `from` (any colour: the piece's own side moves).
    pub(crate) fn legal_moves_from(&self, from: Square) -> Vec<Move> {
        let Some(piece) = self.piece_at(from) else {
            return Vec::new();
        };
        let mut p = self.clone();
        p.set_side_to_move(piece.color);
        let mut list = MoveList::new();
        p.legal_moves_mut(&mut list);
        list.iter().copied().filter(|m| m.from == from).collect()
    }

    /// Whether the move is legal for the piece on `from`, whoever is to move: it follows the
    /// piece's rules and does not leave its own king attacked (nor facing the other king).
    pub(crate) fn is_legal(&self, mv: Move) -> bool {
        let Some(piece) = self.piece_at(mv.from) else {
            return false;
        };
        if !self.is_pseudo_legal(mv) {
            return false;
        }
        // One attack test on the king after the move (the move generator's shortcut needs
        // a check test before it, which costs as much).
        let mut p = self.clone();
        p.make_raw(mv);
        match p.king(piece.color) {
            None => true,
            Some(k) => !p.king_attacked_at(k.index(), piece.color),
        }
    }

    /// Whether the move follows the moving piece's own rules (palace, river, leg, eye,
    /// screen, not onto an own piece), ignoring the safety of its king.
    pub(crate) fn is_pseudo_legal(&self, mv: Move) -> bool {
        self.reaches(mv.from.index(), mv.to.index())
    }

    /// No legal move and in check: the side to move is checkmated (it loses).
    pub(crate) fn is_checkmate(&self) -> bool {
        self.is_check() && !self.has_legal_move()
    }

    /// No legal move and not in check: 困毙, the side to move loses too.
    pub(crate) fn is_stalemate(&self) -> bool {
        !self.is_check() && !self.has_legal_move()
    }

    pub fn has_legal_move(&self) -> bool {
        self.clone().any_legal_mut()
    }

    /// Whether neither side has a piece that can cross the river (only kings, advisors and
    /// elephants are left): neither can ever attack the other king.
    pub(crate) fn is_insufficient_material(&self) -> bool {
        self.board
            .iter()
            .all(|&c| c == 0 || !matches!(c & 7, HORSE_CODE | ROOK_CODE | CANNON_CODE | PAWN_CODE))
    }
}

/// A move that is not legal in the position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IllegalMove(pub Move);

impl std::fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "illegal move {}", self.0)
    }
}

impl std::error::Error for IllegalMove {}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        Square::parse(s).unwrap()
    }

    fn names(v: Vec<Square>) -> Vec<String> {
        let mut v: Vec<String> = v.into_iter().map(|s| s.to_string()).collect();
        v.sort();
        v
    }

    #[test]
    fn attackers_follow_each_piece_rule() {
        // The black horse on e5: red rook a5 (open rank), red horse d3 (leg d4 empty), red
        // pawn e4 (forward); not the red horse f7 (leg f6 blocked) nor the cannon e2 (two
        // pieces between).
        let pos = Position::from_fen("3k5/9/5N3/5r3/R3n4/4P4/3NP4/4C4/9/3K5 w - - 0 1").unwrap();
        assert_eq!(
            names(pos.attackers_of(sq("e5"), Color::Red)),
            vec!["a5", "d3", "e4"]
        );
        // The cannon on e2 has two pieces (e3, e4) between it and e5: no attack. Remove e4:
        let mut p = pos.clone();
        p.set_piece(sq("e4"), None);
        assert_eq!(
            names(p.attackers_of(sq("e5"), Color::Red)),
            vec!["a5", "d3", "e2"]
        );
        assert!(p.is_attacked(sq("e5"), Color::Red));
        assert!(!p.is_attacked(sq("i9"), Color::Red));
    }

    #[test]
    fn pinned_attacker_is_not_a_legal_attacker() {
        // The black rook on e8 pins the red rook e3 to the red king e0; the red rook attacks
        // a3 but may not take it.
        let pos = Position::from_fen("3k5/4r4/9/9/9/9/r3R4/9/9/4K4 w - - 0 1").unwrap();
        assert_eq!(names(pos.attackers_of(sq("a3"), Color::Red)), vec!["e3"]);
        assert!(pos.legal_attackers_of(sq("a3"), Color::Red).is_empty());
        assert!(!pos.is_legal(Move::new(sq("e3"), sq("a3"))));
        assert!(pos.is_legal(Move::new(sq("e3"), sq("e8"))));
    }

    #[test]
    fn flying_general_and_king_capture() {
        // Kings on d-file and e-file: moving the red king to d0 would face the black king.
        let pos = Position::from_fen("3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1").unwrap();
        assert!(!pos.is_legal(Move::new(sq("e0"), sq("d0"))));
        assert!(pos.is_legal(Move::new(sq("e0"), sq("e1"))));
        assert!(!pos.can_capture_king());
        let open = Position::from_fen_unchecked("3k5/9/9/9/9/9/9/9/9/3K5 w").unwrap();
        assert!(open.can_capture_king());
        assert_eq!(names(open.attackers_of(sq("d9"), Color::Red)), vec!["d0"]);
    }

    #[test]
    fn play_updates_counters() {
        let mut pos = Position::start();
        pos.play(Move::new(sq("h2"), sq("e2"))).unwrap();
        assert_eq!((pos.halfmove_clock(), pos.fullmove_number()), (1, 1));
        pos.play(Move::new(sq("h9"), sq("g7"))).unwrap();
        assert_eq!((pos.halfmove_clock(), pos.fullmove_number()), (2, 2));
        let cap = pos.play(Move::new(sq("e2"), sq("e6"))).unwrap();
        assert_eq!(cap, Some(Piece::new(Color::Black, Kind::Pawn)));
        assert_eq!(pos.halfmove_clock(), 0);
        assert!(pos.play(Move::new(sq("a0"), sq("a5"))).is_err());
        assert!(!Position::start().is_insufficient_material());
    }
}

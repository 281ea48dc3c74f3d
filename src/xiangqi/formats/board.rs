//! A tiny piece-placement board used by the readers to build setup FENs (XQF piece tables,
//! DhtmlXQ `binit`) and by the writers to turn a FEN back into a piece table. It knows no
//! rules: it only places letters on a 9×10 grid.
//!
//! Coordinates are ICCS: files `a`–`i` left to right from Red's side (0–8), ranks 0–9 from
//! Red's back rank. The FEN lists rank 9 first.

use crate::core::error::{ErrorKind, RecordError};

/// The standard start position.
pub(crate) const START_FEN: &str =
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

/// Why a placement was refused: a FEN board field that is not 10 ranks of 9 files, a piece
/// letter or a square that is not one, two pieces on one square, or more pieces of a kind
/// than a piece table has slots.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PlacementError {
    #[error("a FEN board has 10 ranks, this one has {ranks}")]
    Ranks { ranks: usize },
    #[error("rank {rank} of the FEN is longer than 9 files")]
    RankTooLong { rank: u8 },
    #[error("rank {rank} of the FEN does not have 9 files")]
    RankTooShort { rank: u8 },
    #[error("unknown piece {piece:?}")]
    UnknownPiece { piece: char },
    #[error("square ({file}, {rank}) is off the board")]
    OffBoard { file: u8, rank: u8 },
    /// `square` in ICCS (`e4`); `first` was there when `second` came.
    #[error("two pieces on {square}: {first} and {second}")]
    TwoPieces {
        square: String,
        first: char,
        second: char,
    },
    #[error(
        "too many {} pieces of kind {kind} for a piece table",
        if *.red { "Red" } else { "Black" }
    )]
    TooManyForTable { red: bool, kind: char },
}

/// The fixed order of the 16 pieces of one side in XQF and DhtmlXQ piece tables:
/// rook, knight, bishop, advisor, king, advisor, bishop, knight, rook, two cannons, five pawns.
pub(crate) const PIECE_TABLE_ORDER: [char; 16] = [
    'R', 'N', 'B', 'A', 'K', 'A', 'B', 'N', 'R', 'C', 'C', 'P', 'P', 'P', 'P', 'P',
];

/// Piece letters as FEN writes them (`H`/`E` are accepted as knight/bishop aliases on input).
fn normalize_letter(c: char) -> Option<char> {
    let upper = match c.to_ascii_uppercase() {
        'H' => 'N',
        'E' => 'B',
        u @ ('R' | 'N' | 'B' | 'A' | 'K' | 'C' | 'P') => u,
        _ => return None,
    };
    Some(if c.is_ascii_lowercase() {
        upper.to_ascii_lowercase()
    } else {
        upper
    })
}

/// A square in ICCS text (`h2`).
pub(crate) fn square_name(file: u8, rank: u8) -> String {
    format!("{}{}", char::from(b'a' + file.min(8)), rank.min(9))
}

/// Reads an ICCS square (`h2`, `H2`) into (file, rank).
pub(crate) fn parse_square(s: &str) -> Option<(u8, u8)> {
    let mut chars = s.chars();
    let f = chars.next()?.to_ascii_lowercase();
    let r = chars.next()?;
    if chars.next().is_some() || !('a'..='i').contains(&f) || !r.is_ascii_digit() {
        return None;
    }
    Some((f as u8 - b'a', r as u8 - b'0'))
}

/// Reads an ICCS move (`h2e2`, `H2-E2`) into (from, to) squares.
pub fn parse_iccs_move(s: &str) -> Option<((u8, u8), (u8, u8))> {
    if !s.is_ascii() {
        return None;
    }
    let to_at = match s.len() {
        4 => 2,
        5 if s.as_bytes().get(2) == Some(&b'-') => 3,
        _ => return None,
    };
    let from = parse_square(s.get(0..2)?)?;
    let to = parse_square(s.get(to_at..)?)?;
    Some((from, to))
}

/// Pieces on a 9×10 grid.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Placement {
    /// `cells[rank][file]`, rank 0 = Red's back rank.
    cells: [[Option<char>; 9]; 10],
}

impl Placement {
    pub(crate) fn empty() -> Placement {
        Placement {
            cells: [[None; 9]; 10],
        }
    }

    pub(crate) fn start() -> Placement {
        Placement::from_fen(START_FEN).unwrap_or_else(|_| Placement::empty())
    }

    pub(crate) fn get(&self, file: u8, rank: u8) -> Option<char> {
        self.cells
            .get(usize::from(rank))
            .and_then(|row| row.get(usize::from(file)))
            .copied()
            .flatten()
    }

    /// Places a piece; fails when the square is off the board or taken.
    pub(crate) fn put(&mut self, file: u8, rank: u8, piece: char) -> Result<(), PlacementError> {
        let letter = normalize_letter(piece).ok_or(PlacementError::UnknownPiece { piece })?;
        let cell = self
            .cells
            .get_mut(usize::from(rank))
            .and_then(|row| row.get_mut(usize::from(file)))
            .ok_or(PlacementError::OffBoard { file, rank })?;
        if let Some(other) = cell {
            return Err(PlacementError::TwoPieces {
                square: square_name(file, rank),
                first: *other,
                second: letter,
            });
        }
        *cell = Some(letter);
        Ok(())
    }

    /// All pieces with their squares, rank 9 first, files left to right.
    pub(crate) fn pieces(&self) -> Vec<(u8, u8, char)> {
        let mut out = Vec::new();
        for rank in (0..10u8).rev() {
            for file in 0..9u8 {
                if let Some(p) = self.get(file, rank) {
                    out.push((file, rank, p));
                }
            }
        }
        out
    }

    /// The board field of a FEN.
    pub(crate) fn board_fen(&self) -> String {
        let mut rows = Vec::with_capacity(10);
        for rank in (0..10u8).rev() {
            let mut row = String::new();
            let mut gap = 0;
            for file in 0..9u8 {
                match self.get(file, rank) {
                    Some(p) => {
                        if gap > 0 {
                            row.push_str(&gap.to_string());
                            gap = 0;
                        }
                        row.push(p);
                    }
                    None => gap += 1,
                }
            }
            if gap > 0 {
                row.push_str(&gap.to_string());
            }
            rows.push(row);
        }
        rows.join("/")
    }

    /// A full FEN with the side to move (`w` = Red).
    pub(crate) fn to_fen(&self, red_to_move: bool) -> String {
        format!(
            "{} {} - - 0 1",
            self.board_fen(),
            if red_to_move { 'w' } else { 'b' }
        )
    }

    /// The side to move of a placement whose format does not say it and whose record has no
    /// move to tell it: Red, unless Red to move would leave Black's king capturable (a
    /// position no game reaches), when Black, the side in check, must be the one to move.
    pub(crate) fn red_to_move_without_moves(&self) -> bool {
        use crate::xiangqi::rules::Position;
        Position::from_fen(&self.to_fen(true)).is_ok()
            || Position::from_fen(&self.to_fen(false)).is_err()
    }

    /// Reads the board field of a FEN (other fields are ignored).
    pub fn from_fen(fen: &str) -> Result<Placement, PlacementError> {
        let board = fen.split_whitespace().next().unwrap_or("");
        let rows: Vec<&str> = board.split('/').collect();
        if rows.len() != 10 {
            return Err(PlacementError::Ranks { ranks: rows.len() });
        }
        let mut p = Placement::empty();
        for (i, row) in rows.iter().enumerate() {
            let rank = 9 - i as u8;
            let mut file: u8 = 0;
            for c in row.chars() {
                if let Some(d) = c.to_digit(10) {
                    file = file.saturating_add(d as u8);
                } else {
                    if file >= 9 {
                        return Err(PlacementError::RankTooLong { rank });
                    }
                    p.put(file, rank, c)?;
                    file += 1;
                }
            }
            if file != 9 {
                return Err(PlacementError::RankTooShort { rank });
            }
        }
        Ok(p)
    }

    /// Builds a placement from a 32-entry piece table (Red's 16 then Black's 16, in
    /// [`PIECE_TABLE_ORDER`]); `None` entries are pieces off the board.
    pub(crate) fn from_piece_table(
        squares: &[Option<(u8, u8)>; 32],
    ) -> Result<Placement, PlacementError> {
        let mut p = Placement::empty();
        for (i, sq) in squares.iter().enumerate() {
            let Some((file, rank)) = *sq else { continue };
            let letter = PIECE_TABLE_ORDER[i % 16];
            let letter = if i < 16 {
                letter
            } else {
                letter.to_ascii_lowercase()
            };
            p.put(file, rank, letter)?;
        }
        Ok(p)
    }

    /// The 32-entry piece table of this placement (the inverse of [`Self::from_piece_table`]);
    /// fails when a side has more pieces of a kind than the table has slots.
    pub(crate) fn to_piece_table(&self) -> Result<[Option<(u8, u8)>; 32], PlacementError> {
        let mut table = [None; 32];
        for (file, rank, piece) in self.pieces() {
            let red = piece.is_ascii_uppercase();
            let kind = piece.to_ascii_uppercase();
            let base = if red { 0 } else { 16 };
            let slot = (0..16).find(|&i| PIECE_TABLE_ORDER[i] == kind && table[base + i].is_none());
            match slot {
                Some(i) => table[base + i] = Some((file, rank)),
                None => return Err(PlacementError::TooManyForTable { red, kind }),
            }
        }
        Ok(table)
    }
}

/// The piece table of the position `fen`, for a writer; a FEN that has none is a set-up error
/// that says why after `cannot` (what the writer cannot do with it).
pub(crate) fn fen_piece_table(
    fen: &str,
    cannot: &str,
) -> Result<[Option<(u8, u8)>; 32], RecordError> {
    Placement::from_fen(fen)
        .and_then(|p| p.to_piece_table())
        .map_err(|m| RecordError::new(ErrorKind::BadSetup, format!("{cannot}: {m}")))
}

/// The side to move of a FEN: `Some(true)` for Red (`w`/`r`), `Some(false)` for Black.
pub(crate) fn fen_red_to_move(fen: &str) -> Option<bool> {
    match fen.split_whitespace().nth(1)? {
        "w" | "r" | "W" | "R" => Some(true),
        "b" | "B" => Some(false),
        _ => None,
    }
}

/// The full-move number of a FEN (field 6), when it is there.
pub(crate) fn fen_move_number(fen: &str) -> Option<u32> {
    fen.split_whitespace().nth(5)?.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_round_trips() {
        let p = Placement::start();
        assert_eq!(p.to_fen(true), START_FEN);
        assert_eq!(p.get(7, 2), Some('C'));
        assert_eq!(p.get(4, 9), Some('k'));
    }

    #[test]
    fn piece_table_round_trips() {
        let p = Placement::start();
        let table = p.to_piece_table().unwrap();
        assert_eq!(Placement::from_piece_table(&table).unwrap(), p);
    }

    #[test]
    fn rejects_bad_fens() {
        assert_eq!(
            Placement::from_fen("9/9/9"),
            Err(PlacementError::Ranks { ranks: 3 })
        );
        assert_eq!(
            Placement::from_fen("rnbakabnrr/9/9/9/9/9/9/9/9/9"),
            Err(PlacementError::RankTooLong { rank: 9 })
        );
        let e = Placement::from_fen("x8/9/9/9/9/9/9/9/9/9").unwrap_err();
        assert_eq!(e, PlacementError::UnknownPiece { piece: 'x' });
        assert_eq!(e.to_string(), "unknown piece 'x'");
        assert_eq!(
            Placement::from_fen("8/9/9/9/9/9/9/9/9/9"),
            Err(PlacementError::RankTooShort { rank: 9 })
        );
        let mut p = Placement::empty();
        p.put(0, 0, 'R').unwrap();
        let e = p.put(0, 0, 'r').unwrap_err();
        assert_eq!(e.to_string(), "two pieces on a0: R and r");
        let three_rooks = "RRR6/9/9/9/9/9/9/9/9/4k4";
        assert!(
            Placement::from_fen(three_rooks)
                .unwrap()
                .to_piece_table()
                .is_err()
        );
    }

    #[test]
    fn iccs_moves() {
        assert_eq!(parse_iccs_move("h2e2"), Some(((7, 2), (4, 2))));
        assert_eq!(parse_iccs_move("H2-E2"), Some(((7, 2), (4, 2))));
        assert_eq!(parse_iccs_move("j2e2"), None);
        assert_eq!(parse_iccs_move("-h2e2"), None);
        assert_eq!(parse_iccs_move("h2e2-"), None);
        assert_eq!(square_name(0, 9), "a9");
    }
}

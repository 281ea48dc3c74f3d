//! FEN in and out, and the checks that refuse impossible set-ups.
//!
//! `rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1`: ranks from 9
//! (Black's back rank) down to 0, files a–i; upper case Red. `H`/`E` are read as `N`/`B`.
//! The side is `w` or `r` (Red) or `b` (Black); the two `-` fields and the counters may be
//! missing (defaults: Red to move, 0, 1).

use super::position::Position;
use super::types::{Color, Kind, Piece, Square};
use crate::core::error::{ErrorKind, RecordError};

/// Why a FEN cannot be a position: a syntax error, or the reasons the set-up is impossible.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SetupError {
    pub reasons: Vec<String>,
}

impl SetupError {
    fn one(reason: impl Into<String>) -> SetupError {
        SetupError {
            reasons: vec![reason.into()],
        }
    }
    /// A `bad-setup` record error listing every reason.
    pub fn to_record_error(&self) -> RecordError {
        RecordError::new(ErrorKind::BadSetup, format!("impossible set-up: {self}"))
    }
}

impl std::fmt::Display for SetupError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.reasons.join("; "))
    }
}

impl std::error::Error for SetupError {}

impl From<SetupError> for RecordError {
    fn from(e: SetupError) -> RecordError {
        e.to_record_error()
    }
}

impl Position {
    /// Reads a FEN and checks that the set-up is possible (see [`Position::setup_problems`]).
    pub fn from_fen(fen: &str) -> Result<Position, SetupError> {
        Position::from_fen_checked(fen, false)
    }

    /// Reads a FEN as a composed position (a rulebook's diagram, a problem): refused only where
    /// the rules cannot be applied ([`Position::unplayable_problems`]); what no game can reach
    /// (a pawn behind its starting rank, a third rook) is left to the caller to warn about
    /// ([`Position::setup_problems`] lists it).
    pub(crate) fn from_fen_composed(fen: &str) -> Result<Position, SetupError> {
        Position::from_fen_checked(fen, true)
    }

    fn from_fen_checked(fen: &str, unplayable_only: bool) -> Result<Position, SetupError> {
        let pos = Position::from_fen_unchecked(fen)?;
        let problems = pos.problems(unplayable_only);
        if problems.is_empty() {
            Ok(pos)
        } else {
            Err(SetupError { reasons: problems })
        }
    }

    /// Reads a FEN, refusing only syntax errors (any placement is accepted).
    pub fn from_fen_unchecked(fen: &str) -> Result<Position, SetupError> {
        let mut fields = fen.split_whitespace();
        let placement = fields.next().ok_or_else(|| SetupError::one("empty FEN"))?;
        let ranks: Vec<&str> = placement.split('/').collect();
        if ranks.len() != 10 {
            return Err(SetupError::one(format!(
                "the placement has {} ranks, expected 10",
                ranks.len()
            )));
        }
        let mut pos = Position::empty(Color::Red);
        for (row, text) in ranks.iter().enumerate() {
            let rank = 9 - row as u8;
            let mut file: u8 = 0;
            for c in text.chars() {
                if let Some(d) = c.to_digit(10) {
                    if d == 0 {
                        return Err(SetupError::one(format!(
                            "rank {rank}: `0` is not a count of empty points"
                        )));
                    }
                    file = file.saturating_add(d as u8);
                } else if let Some(piece) = Piece::from_fen_char(c) {
                    let sq = Square::new(file, rank).ok_or_else(|| {
                        SetupError::one(format!("rank {rank} (`{text}`) has more than 9 points"))
                    })?;
                    pos.set_piece(sq, Some(piece));
                    file += 1;
                } else {
                    return Err(SetupError::one(format!(
                        "`{c}` is not a piece letter (rank {rank})"
                    )));
                }
                if file > 9 {
                    return Err(SetupError::one(format!(
                        "rank {rank} (`{text}`) has more than 9 points"
                    )));
                }
            }
            if file != 9 {
                return Err(SetupError::one(format!(
                    "rank {rank} (`{text}`) has {file} points, expected 9"
                )));
            }
        }
        let side = match fields.next() {
            None => Color::Red,
            Some("w") | Some("W") | Some("r") | Some("R") => Color::Red,
            Some("b") | Some("B") => Color::Black,
            Some(s) => {
                return Err(SetupError::one(format!(
                    "`{s}` is not a side to move (w, r or b)"
                )));
            }
        };
        pos.set_side_to_move(side);
        // Fields 3 and 4 (castling, en passant) are `-` in Xiangqi; tolerate anything there
        // when the counters follow, and missing counters.
        let rest: Vec<&str> = fields.collect();
        let numbers: Vec<&str> = rest.iter().copied().filter(|s| *s != "-").collect();
        let mut counters = [0u32, 1u32];
        for (i, s) in numbers.iter().take(2).enumerate() {
            counters[i] = s
                .parse()
                .map_err(|_| SetupError::one(format!("`{s}` is not a move counter")))?;
        }
        pos.set_counters(counters[0], counters[1]);
        Ok(pos)
    }

    /// Why the placement cannot arise in a game (empty if it can): king count, pieces outside
    /// the points they can reach, too many pieces of a kind, the side not to move in check.
    pub fn setup_problems(&self) -> Vec<String> {
        self.problems(false)
    }

    /// Why the rules cannot be applied to the placement (empty if they can): a side with no
    /// king or two, a king outside its palace, the side not to move in check. A composed
    /// position with only other oddities is judged.
    pub(crate) fn unplayable_problems(&self) -> Vec<String> {
        self.problems(true)
    }

    fn problems(&self, unplayable_only: bool) -> Vec<String> {
        let mut out = Vec::new();
        for color in [Color::Red, Color::Black] {
            let mut counts = [0usize; 7];
            for (sq, p) in self.pieces().filter(|(_, p)| p.color == color) {
                counts[p.kind as usize] += 1;
                if !reachable(p, sq) && (!unplayable_only || p.kind == Kind::King) {
                    out.push(format!("{} on {sq} is outside the points it can reach", p));
                }
            }
            let name = color.name();
            match counts[Kind::King as usize] {
                0 => out.push(format!("{name} has no king")),
                1 => {}
                n => out.push(format!("{name} has {n} kings")),
            }
            for kind in Kind::ALL.iter().skip(1).filter(|_| !unplayable_only) {
                let max = if *kind == Kind::Pawn { 5 } else { 2 };
                let n = counts[*kind as usize];
                if n > max {
                    out.push(format!("{name} has {n} {}s (at most {max})", kind.name()));
                }
            }
        }
        if out.is_empty() && self.can_capture_king() {
            out.push(format!(
                "{} is to move but {} is in check",
                self.side.name(),
                self.side.other().name()
            ));
        }
        out
    }

    /// The FEN of the position (`w` for Red, `- -` fields, the counters).
    pub fn to_fen(&self) -> String {
        let mut s = String::with_capacity(90);
        for rank in (0..10u8).rev() {
            let mut empty = 0;
            for file in 0..9u8 {
                match Square::new(file, rank).and_then(|sq| self.piece_at(sq)) {
                    Some(p) => {
                        if empty > 0 {
                            s.push(char::from(b'0' + empty));
                            empty = 0;
                        }
                        s.push(p.fen_char());
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                s.push(char::from(b'0' + empty));
            }
            if rank > 0 {
                s.push('/');
            }
        }
        let side = if self.side == Color::Red { 'w' } else { 'b' };
        format!("{s} {side} - - {} {}", self.halfmove, self.fullmove)
    }
}

/// Whether a piece can ever stand on `sq`.
fn reachable(p: Piece, sq: Square) -> bool {
    let (f, r) = (sq.file(), sq.rank());
    // Ranks seen from the piece's own side.
    let own_rank = match p.color {
        Color::Red => r,
        Color::Black => 9 - r,
    };
    match p.kind {
        Kind::King => sq.in_palace(p.color),
        Kind::Advisor => sq.in_palace(p.color) && (f + own_rank) % 2 == 1,
        Kind::Elephant => {
            own_rank <= 4 && matches!((f, own_rank), (2 | 6, 0) | (0 | 4 | 8, 2) | (2 | 6, 4))
        }
        Kind::Pawn => own_rank >= 5 || (own_rank >= 3 && f % 2 == 0),
        Kind::Horse | Kind::Rook | Kind::Cannon => true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_round_trip() {
        let p = Position::from_fen(Position::START_FEN).unwrap();
        assert_eq!(p, Position::start());
        assert_eq!(p.to_fen(), Position::START_FEN);
    }

    #[test]
    fn tolerant_reading() {
        let p = Position::from_fen("rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r")
            .unwrap();
        assert_eq!(p, Position::start());
        let b = Position::from_fen("4k4/9/9/9/9/9/9/9/9/3K5 b").unwrap();
        assert_eq!(b.side_to_move(), Color::Black);
        assert_eq!(b.to_fen(), "4k4/9/9/9/9/9/9/9/9/3K5 b - - 0 1");
    }

    /// A composed position (a rulebook diagram) is read unless the rules cannot apply to it.
    #[test]
    fn composed_positions_are_refused_only_when_unplayable() {
        // A black pawn behind its starting rank, a third red rook: odd, but playable.
        let odd = "4k4/8p/9/9/9/9/9/RRR6/9/3K5 w - - 0 1";
        assert!(Position::from_fen(odd).is_err());
        let pos = Position::from_fen_composed(odd).unwrap();
        assert_eq!(pos.setup_problems().len(), 2, "{:?}", pos.setup_problems());
        assert!(pos.unplayable_problems().is_empty());
        // Two red kings, no black king, a king outside its palace.
        assert!(Position::from_fen_composed("4k4/9/9/9/9/9/9/9/4K4/3K5 w").is_err());
        assert!(Position::from_fen_composed("9/9/9/9/9/9/9/9/9/3K5 w").is_err());
        assert!(Position::from_fen_composed("4k4/9/9/9/9/9/9/9/9/K8 w").is_err());
        // Red to move while Black is in check: the side to move could take the king.
        assert!(Position::from_fen_composed("4k4/9/9/9/9/9/9/9/4R4/3K5 w").is_err());
    }

    #[test]
    fn impossible_setups_are_explained() {
        let e = Position::from_fen("4k4/9/9/9/9/9/9/9/9/3KK4 w").unwrap_err();
        assert!(
            e.reasons.iter().any(|r| r.contains("Red has 2 kings")),
            "{e}"
        );
        let e = Position::from_fen("9/9/9/9/9/9/9/9/9/4K4 w").unwrap_err();
        assert!(
            e.reasons.iter().any(|r| r.contains("Black has no king")),
            "{e}"
        );
        let e = Position::from_fen("4k4/9/9/9/9/9/9/9/P8/4K4 w").unwrap_err();
        assert!(e.to_string().contains("Red pawn on a1"), "{e}");
        let e = Position::from_fen("4k4/9/9/9/9/4B4/9/9/9/4K4 w").unwrap_err();
        assert!(e.to_string().contains("Red elephant on e4"), "{e}");
        // Kings facing on an open file: the side to move could take the other king.
        let e = Position::from_fen("4k4/9/9/9/9/9/9/9/9/4K4 w").unwrap_err();
        assert!(e.to_string().contains("Black is in check"), "{e}");
        assert!(Position::from_fen("4k4/9/9/9/9/9/9/9/9/4K4 w - - x 1").is_err());
        assert!(Position::from_fen("4k4/9/9/9/9/9/9/9/4K4 w").is_err());
        assert!(Position::from_fen("4k4/9/9/9/9/9/9/9/9/4K5 w").is_err());
        assert!(Position::from_fen_unchecked("4k4/9/9/9/9/9/9/9/9/4K4 w").is_ok());
    }
}

//! Othello notation: squares `a1`..`h8` (column a-h left to right, row 1-8 top to bottom),
//! pass spellings, and board strings (64 cells and the side to move).

use crate::core::record::{Player, Record};
use crate::othello::rules::{Board, Move};

/// The pass spellings accepted (case-insensitive).
pub(crate) const PASS_SPELLINGS: &[&str] = &["pass", "pa", "ps", "@@", "--"];

/// Reads a square (`f5`, `F5`) into its bit index.
pub(crate) fn parse_square(s: &str) -> Option<u8> {
    let b = s.as_bytes();
    if b.len() != 2 {
        return None;
    }
    let col = b[0].to_ascii_lowercase();
    let row = b[1];
    if !(b'a'..=b'h').contains(&col) || !(b'1'..=b'8').contains(&row) {
        return None;
    }
    Some((row - b'1') * 8 + (col - b'a'))
}

pub fn is_pass(s: &str) -> bool {
    PASS_SPELLINGS.iter().any(|p| p.eq_ignore_ascii_case(s))
}

/// Reads a move token: a square or a pass.
pub fn parse_move(s: &str) -> Option<Move> {
    match parse_square(s) {
        Some(sq) => Some(Move::Place(sq)),
        None => is_pass(s).then_some(Move::Pass),
    }
}

/// The names of the 64 squares, two bytes each, in square-index order (a1 b1 … h8).
const SQUARE_NAMES: &str = "a1b1c1d1e1f1g1h1a2b2c2d2e2f2g2h2a3b3c3d3e3f3g3h3a4b4c4d4e4f4g4h4\
                            a5b5c5d5e5f5g5h5a6b6c6d6e6f6g6h6a7b7c7d7e7f7g7h7a8b8c8d8e8f8g8h8";

/// `f5` for a square index, without allocating.
pub(crate) fn square_str(sq: u8) -> &'static str {
    let i = 2 * usize::from(sq & 63);
    SQUARE_NAMES.get(i..i + 2).unwrap_or("??")
}

/// `f5` for a square index.
pub fn square_name(sq: u8) -> String {
    square_str(sq).to_string()
}

/// `f5`, or `pass`.
pub fn move_name(mv: Move) -> String {
    match mv {
        Move::Place(sq) => square_name(sq),
        Move::Pass => "pass".to_string(),
    }
}

pub(crate) fn player_name(p: Player) -> &'static str {
    match p {
        Player::First => "Black",
        Player::Second => "White",
    }
}

/// A cell of a board string: `Some(Some(player))` a disc, `Some(None)` empty.
fn cell(c: char) -> Option<Option<Player>> {
    match c {
        '-' | '.' | '_' => Some(None),
        'X' | 'x' | '*' | 'B' | 'b' | '●' => Some(Some(Player::First)),
        'O' | 'o' | 'W' | 'w' | '○' => Some(Some(Player::Second)),
        _ => None,
    }
}

/// The side-to-move letter of a board string.
fn side(c: char) -> Option<Player> {
    match c {
        'X' | 'x' | '*' | 'B' | 'b' => Some(Player::First),
        'O' | 'o' | 'W' | 'w' => Some(Player::Second),
        _ => None,
    }
}

/// What is wrong with a board string ([`parse_board`]); its message says it in words.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BoardTextError {
    /// A character that is no cell (`-`, `X`, `O` and their variants).
    #[error("`{0}` is not a board cell (use - X O)")]
    NotACell(char),
    /// Fewer than 64 cells: how many there were.
    #[error("the board has {0} cells, not 64")]
    TooFewCells(usize),
    /// The side to move is not `X` or `O` (or a variant).
    #[error("`{0}` is not a side to move (X or O)")]
    NotASide(char),
    /// Nothing after the 64 cells.
    #[error("the side to move (X or O) is missing after the board")]
    NoSideToMove,
    /// More than one character after the cells.
    #[error("unexpected `{0}` after the board")]
    TrailingText(String),
}

/// Reads a board string: 64 cells (row 1 first; spaces between rows allowed), then the side
/// to move (`X`/`*`/`B` black, `O`/`W` white). A leading board size `8` (as in GGF `BO[8 …]`)
/// is accepted. The error says what is wrong.
pub fn parse_board(s: &str) -> Result<Board, BoardTextError> {
    let mut t = s.trim();
    if let Some(rest) = t.strip_prefix('8')
        && rest.starts_with(char::is_whitespace)
    {
        t = rest.trim_start();
    }
    let (mut black, mut white) = (0u64, 0u64);
    let mut n = 0usize;
    let mut chars = t.char_indices();
    for (_, c) in chars.by_ref() {
        if c.is_whitespace() {
            continue;
        }
        match cell(c) {
            Some(Some(Player::First)) => black |= 1 << n,
            Some(Some(Player::Second)) => white |= 1 << n,
            Some(None) => {}
            None => return Err(BoardTextError::NotACell(c)),
        }
        n += 1;
        if n == 64 {
            break;
        }
    }
    if n < 64 {
        return Err(BoardTextError::TooFewCells(n));
    }
    let rest: String = chars
        .map(|(_, c)| c)
        .filter(|c| !c.is_whitespace())
        .collect();
    let mut rc = rest.chars();
    let to_move = match (rc.next(), rc.next()) {
        (Some(c), None) => side(c).ok_or(BoardTextError::NotASide(c))?,
        (None, _) => return Err(BoardTextError::NoSideToMove),
        _ => return Err(BoardTextError::TrailingText(rest)),
    };
    Ok(Board {
        black,
        white,
        to_move,
    })
}

/// The board string of a position: 64 cells `-`/`X`/`O`, a space, `X` or `O`.
pub fn board_string(b: &Board) -> String {
    let mut s = Vec::with_capacity(66);
    s.extend((0..64).map(|sq| match b.at(sq) {
        Some(Player::First) => b'X',
        Some(Player::Second) => b'O',
        None => b'-',
    }));
    s.push(b' ');
    s.push(if b.to_move == Player::First {
        b'X'
    } else {
        b'O'
    });
    String::from_utf8(s).unwrap_or_default()
}

/// The standard start as a board string.
pub(crate) fn is_standard(b: &Board) -> bool {
    *b == Board::start()
}

/// The score a record states (tag `Score`): `34-30` (Black-White discs) or a GGF-style disc
/// difference `+4.000` / `-10` / `0` (Black minus White, 64 discs shared).
pub fn stated_score(record: &Record) -> Option<(u32, u32)> {
    parse_score(record.tag("Score")?)
}

pub(crate) fn parse_score(s: &str) -> Option<(u32, u32)> {
    let s = s.trim();
    let s = s.split(':').next().unwrap_or(s).trim();
    if let Some((b, w)) = s.split_once('-').filter(|(b, _)| !b.is_empty()) {
        let (b, w): (u32, u32) = (b.trim().parse().ok()?, w.trim().parse().ok()?);
        return (b + w <= 64).then_some((b, w));
    }
    let d: f64 = s.parse().ok()?;
    if d.fract() != 0.0 || d.abs() > 64.0 || (d as i64) % 2 != 0 {
        return None;
    }
    let d = d as i64;
    Some(((32 + d / 2) as u32, (32 - d / 2) as u32))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stated_scores() {
        assert_eq!(parse_score("34-30"), Some((34, 30)));
        assert_eq!(parse_score("+4.000"), Some((34, 30)));
        assert_eq!(parse_score("-10"), Some((27, 37)));
        assert_eq!(parse_score("+64.000:r"), Some((64, 0)));
        assert_eq!(parse_score("0"), Some((32, 32)));
        assert_eq!(parse_score("+3"), None);
        assert_eq!(parse_score("40-30"), None);
        assert_eq!(parse_score("?"), None);
    }

    #[test]
    fn squares_round_trip_and_orientation() {
        for sq in 0..64u8 {
            assert_eq!(parse_square(&square_name(sq)), Some(sq));
        }
        assert_eq!(parse_square("A1"), Some(0));
        assert_eq!(parse_square("h8"), Some(63));
        assert_eq!(parse_square("f5"), Some(4 * 8 + 5));
        assert_eq!(parse_square("i1"), None);
        assert_eq!(parse_square("a9"), None);
        assert!(parse_move("PA").is_some_and(|m| m == Move::Pass));
        assert!(parse_move("@@").is_some_and(|m| m == Move::Pass));
        assert_eq!(parse_move("ps"), Some(Move::Pass));
        assert_eq!(parse_move("xx"), None);
    }

    #[test]
    fn board_strings() {
        let s = board_string(&Board::start());
        assert_eq!(
            s,
            "---------------------------OX------XO--------------------------- X"
        );
        assert_eq!(parse_board(&s), Ok(Board::start()));
        let ggf = "8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *";
        assert_eq!(parse_board(ggf), Ok(Board::start()));
        assert_eq!(parse_board("---"), Err(BoardTextError::TooFewCells(3)));
        assert_eq!(
            parse_board(&s.replace(" X", " Q")),
            Err(BoardTextError::NotASide('Q'))
        );
        assert_eq!(
            parse_board(&format!("{s}O")).map_err(|e| e.to_string()),
            Err("unexpected `XO` after the board".to_string())
        );
        assert!(parse_board("---").is_err());
        assert!(parse_board(&s.replace(" X", " Q")).is_err());
        assert!(parse_board(&s.replace(" X", "")).is_err());
    }
}

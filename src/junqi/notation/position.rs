//! The position notation (like FEN): the board with face-down and face-up pieces, who acts,
//! the colours and the counters. Also the `[Layout]` form (the board alone, every piece
//! face down) and a text diagram.
//!
//! ```text
//! BMdcx/GBPbL/x1t1l/DL1pg/P1e1F/mXdTE/Cfrcc/X1e1D/Cl1RE/L1C1p/rETPR/telbp 1 - --- 0 0 0/0 0/0
//! ```
//!
//! Fields: board (rows A … L, `/`-separated; a digit is that many empty stations, a letter a
//! piece — upper case Red, lower case Blue — `*` before a letter marks it face down, `?` is a
//! face-down piece the position does not know); who acts (`1` first player, `2` second);
//! the first player's colour (`r`, `b`, `-` not set yet); the previous flips of the first
//! player, the second player and either player (`r`, `b`, `-` each); steps played; steps
//! since the last attack; timeouts `first/second`; mines lost `red/blue`. Every field after
//! the board may be left off (the defaults are those of a game's start). The repetition
//! windows are not part of it.

use crate::core::record::Player;
use crate::junqi::rules::board::{COLS, ROWS, SQUARES, is_camp, square};
use crate::junqi::rules::{Cell, Color, Piece, Position, Rank};

/// The layout perft and the tests use when none is given (a fixed shuffle).
pub(crate) const STANDARD_TEST_LAYOUT: &str =
    "BMdcx/GBPbL/x1t1l/DL1pg/P1e1F/mXdTE/Cfrcc/X1e1D/Cl1RE/L1C1p/rETPR/telbp";

/// An error with the byte range of the offending text inside the notation.
#[derive(Debug, Clone, PartialEq)]
pub struct NotationError {
    pub message: String,
    pub start: usize,
    pub end: usize,
}

fn err(message: impl Into<String>, start: usize, end: usize) -> NotationError {
    NotationError {
        message: message.into(),
        start,
        end,
    }
}

/// Reads the board field. In a layout, plain letters are face-down pieces.
fn parse_board(s: &str, base: usize, layout: bool) -> Result<[Cell; SQUARES], NotationError> {
    let mut cells = [Cell::Empty; SQUARES];
    let rows: Vec<(usize, &str)> = {
        let mut v = Vec::new();
        let mut start = 0;
        for part in s.split('/') {
            v.push((start, part));
            start += part.len() + 1;
        }
        v
    };
    if rows.len() != ROWS {
        return Err(err(
            format!(
                "the board has {} rows; it needs 12 (A … L), separated by `/`",
                rows.len()
            ),
            base,
            base + s.len(),
        ));
    }
    for (r, (off, row)) in rows.iter().enumerate() {
        let mut col = 0usize;
        let mut down = false;
        for (i, ch) in row.char_indices() {
            let at = base + off + i;
            let here = |m: String| err(m, at, at + ch.len_utf8());
            if col >= COLS && ch != '*' {
                return Err(here(format!(
                    "row {} has more than 5 stations",
                    (b'A' + r as u8) as char
                )));
            }
            match ch {
                '1'..='5' => {
                    if down {
                        return Err(here("`*` must be followed by a piece letter".into()));
                    }
                    col += (ch as u8 - b'0') as usize;
                    if col > COLS {
                        return Err(here(format!(
                            "row {} has more than 5 stations",
                            (b'A' + r as u8) as char
                        )));
                    }
                }
                '*' => {
                    if down || col >= COLS {
                        return Err(here("misplaced `*`".into()));
                    }
                    down = true;
                }
                '?' => {
                    cells[square(r, col) as usize] = Cell::Down(None);
                    col += 1;
                }
                c => {
                    let p = Piece::from_letter(c).ok_or_else(|| {
                        here(format!(
                            "`{c}` is not a piece letter (M G D B R T C P E X L F; lower case for Blue)"
                        ))
                    })?;
                    cells[square(r, col) as usize] = if down || layout {
                        Cell::Down(Some(p))
                    } else {
                        Cell::Up(p)
                    };
                    down = false;
                    col += 1;
                }
            }
        }
        if col != COLS || down {
            let at = base + off;
            return Err(err(
                format!(
                    "row {} has {col} stations; it needs 5",
                    (b'A' + r as u8) as char
                ),
                at,
                at + row.len(),
            ));
        }
    }
    Ok(cells)
}

/// Reads a complete hidden layout: 50 face-down pieces on the 50 non-camp stations, exactly
/// the composition of each colour.
pub fn parse_layout(s: &str) -> Result<Position, NotationError> {
    let t = s.trim();
    let base = s.len() - s.trim_start().len();
    let cells = parse_board(t, base, true)?;
    let whole = |m: String| err(m, base, base + t.len());
    for (i, c) in cells.iter().enumerate() {
        let sq = i as u8;
        match (is_camp(sq), c) {
            (true, Cell::Empty) | (false, Cell::Down(Some(_))) => {}
            (true, _) => {
                return Err(whole(format!(
                    "{} is a camp: camps start empty",
                    crate::junqi::rules::square_name(sq)
                )));
            }
            (false, _) => {
                return Err(whole(format!(
                    "{} is empty or unknown: a layout places a known piece on every non-camp station",
                    crate::junqi::rules::square_name(sq)
                )));
            }
        }
    }
    let mut pos = Position::empty();
    pos.cells = cells;
    pos.recount_known();
    for color in Color::BOTH {
        for rank in Rank::ALL {
            let n = pos.known[Piece::new(color, rank).index()];
            if n != rank.count() {
                return Err(whole(format!(
                    "the layout has {n} {} {}s; a colour has {}",
                    color.english(),
                    rank.english(),
                    rank.count()
                )));
            }
        }
    }
    Ok(pos)
}

fn color_field(c: char, at: usize) -> Result<Option<Color>, NotationError> {
    match c {
        '-' => Ok(None),
        c => Color::from_letter(c).map(Some).ok_or_else(|| {
            err(
                format!("`{c}` is not a colour (r, b or -)"),
                at,
                at + c.len_utf8(),
            )
        }),
    }
}

fn pair(s: &str, at: usize, what: &str) -> Result<(u32, u32), NotationError> {
    let bad = || err(format!("{what} must be written N/N"), at, at + s.len());
    let (a, b) = s.split_once('/').ok_or_else(bad)?;
    Ok((a.parse().map_err(|_| bad())?, b.parse().map_err(|_| bad())?))
}

/// Reads a position.
pub fn parse_position(s: &str) -> Result<Position, NotationError> {
    let mut fields = Vec::new();
    let mut offset = 0;
    for part in s.split(' ') {
        if !part.is_empty() {
            fields.push((offset, part));
        }
        offset += part.len() + 1;
    }
    let Some(&(b_at, board)) = fields.first() else {
        return Err(err("empty position", 0, s.len()));
    };
    let mut pos = Position::empty();
    pos.cells = parse_board(board, b_at, false)?;
    pos.recount_known();
    let field = |i: usize| fields.get(i).copied();
    if let Some((at, f)) = field(1) {
        pos.to_move = match f {
            "1" => Player::First,
            "2" => Player::Second,
            _ => return Err(err("who acts: `1` (first player) or `2`", at, at + f.len())),
        };
    }
    if let Some((at, f)) = field(2) {
        let mut cs = f.chars();
        let c = cs.next().unwrap_or('?');
        if cs.next().is_some() {
            return Err(err(
                "the first player's colour: r, b or -",
                at,
                at + f.len(),
            ));
        }
        pos.first_color = color_field(c, at)?;
    }
    if let Some((at, f)) = field(3) {
        let cs: Vec<char> = f.chars().collect();
        if cs.len() != 3 {
            return Err(err(
                "previous flips: three of r/b/- (first player, second player, either)",
                at,
                at + f.len(),
            ));
        }
        pos.last_flip = [color_field(cs[0], at)?, color_field(cs[1], at + 1)?];
        pos.last_flip_any = color_field(cs[2], at + 2)?;
    }
    for (i, name) in [(4, "steps"), (5, "steps since the last attack")] {
        if let Some((at, f)) = field(i) {
            let n: u32 = f
                .parse()
                .map_err(|_| err(format!("{name}: a whole number"), at, at + f.len()))?;
            if i == 4 {
                pos.steps = n;
            } else {
                pos.quiet = n;
            }
        }
    }
    if let Some((at, f)) = field(6) {
        let (a, b) = pair(f, at, "timeouts")?;
        pos.timeouts = [a, b];
    }
    if let Some((at, f)) = field(7) {
        let (a, b) = pair(f, at, "mines lost")?;
        if a > 3 || b > 3 {
            return Err(err("mines lost: at most 3 a colour", at, at + f.len()));
        }
        pos.mines_lost = [a as u8, b as u8];
    }
    if let Some((at, f)) = field(8) {
        return Err(err("unexpected field", at, at + f.len()));
    }
    Ok(pos)
}

fn cell_text(c: Cell) -> String {
    match c {
        Cell::Empty => String::new(),
        Cell::Down(None) => "?".into(),
        Cell::Down(Some(p)) => format!("*{}", p.letter()),
        Cell::Up(p) => p.letter().to_string(),
    }
}

/// The board field.
pub(crate) fn format_board(pos: &Position) -> String {
    let mut rows = Vec::with_capacity(ROWS);
    for r in 0..ROWS {
        let mut s = String::new();
        let mut empty = 0;
        for c in 0..COLS {
            match pos.cells[square(r, c) as usize] {
                Cell::Empty => empty += 1,
                cell => {
                    if empty > 0 {
                        s.push_str(&empty.to_string());
                        empty = 0;
                    }
                    s.push_str(&cell_text(cell));
                }
            }
        }
        if empty > 0 {
            s.push_str(&empty.to_string());
        }
        rows.push(s);
    }
    rows.join("/")
}

fn flip_char(c: Option<Color>) -> char {
    c.map(Color::letter).unwrap_or('-')
}

/// The whole position notation.
pub fn format_position(pos: &Position) -> String {
    format!(
        "{} {} {} {}{}{} {} {} {}/{} {}/{}",
        format_board(pos),
        if pos.to_move == Player::First { 1 } else { 2 },
        flip_char(pos.first_color),
        flip_char(pos.last_flip[0]),
        flip_char(pos.last_flip[1]),
        flip_char(pos.last_flip_any),
        pos.steps,
        pos.quiet,
        pos.timeouts[0],
        pos.timeouts[1],
        pos.mines_lost[0],
        pos.mines_lost[1]
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn standard_layout_is_complete() {
        let pos = parse_layout(STANDARD_TEST_LAYOUT).unwrap();
        assert_eq!(pos.face_down_count(), 50);
    }

    #[test]
    fn round_trip() {
        let pos = parse_layout(STANDARD_TEST_LAYOUT).unwrap();
        let text = format_position(&pos);
        assert_eq!(parse_position(&text).unwrap(), pos);
        let odd = "?4/*E1M2/5/5/5/5/5/5/5/5/5/4f 2 r rb- 12 3 1/0 2/0";
        let p = parse_position(odd).unwrap();
        assert_eq!(format_position(&p), odd);
    }

    #[test]
    fn errors_point_at_the_text() {
        let e = parse_position("5/5/5/5/5/5/5/5/5/5/5/4Z").unwrap_err();
        assert_eq!(&"5/5/5/5/5/5/5/5/5/5/5/4Z"[e.start..e.end], "Z");
        assert!(parse_layout("5/5/5/5/5/5/5/5/5/5/5/5").is_err());
        assert!(parse_position("5/5").is_err());
    }
}

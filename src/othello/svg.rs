//! An SVG picture of an Othello position (for `qipu show --svg` and the HTML explanation):
//! the green 8×8 board with its four star points, black and white discs, the legal moves of
//! the side to move as small dots, the last move as a red dot on its disc.

use crate::core::record::Player;
use crate::othello::rules::{Board, Move};

/// The side of a square.
pub(crate) const STEP: f64 = 60.0;
/// Space around the board (the coordinates live there).
pub(crate) const MARGIN: f64 = 36.0;
pub(crate) const GREEN: &str = "#1e7b45";
pub(crate) const BLACK_DISC: &str = "#141414";
pub(crate) const WHITE_DISC: &str = "#f4f4f4";
/// The legal-move dots.
pub(crate) const LEGAL_DOT: &str = "#0b3d20";
/// The dot on the disc just placed.
pub(crate) const LAST_MOVE: &str = "#e0302a";
const FRAME: &str = "#3b2a1a";

/// The picture's width and height (it is square).
pub(crate) fn size() -> f64 {
    MARGIN * 2.0 + 8.0 * STEP
}

/// The centre of square `sq` (0 = a1 at the top left, row by row).
pub(crate) fn centre(sq: usize) -> (f64, f64) {
    let (row, col) = (sq / 8, sq % 8);
    (
        MARGIN + (col as f64 + 0.5) * STEP,
        MARGIN + (row as f64 + 0.5) * STEP,
    )
}

/// The board: the frame, the green cloth, the lines, the four star points, coordinates.
pub(crate) fn board() -> String {
    let w = size();
    let inner = 8.0 * STEP;
    let mut s = format!(
        "<rect width=\"{w}\" height=\"{w}\" fill=\"{FRAME}\"/>\n\
         <rect x=\"{MARGIN}\" y=\"{MARGIN}\" width=\"{inner}\" height=\"{inner}\" fill=\"{GREEN}\"/>\n"
    );
    for i in 0..=8 {
        let at = MARGIN + f64::from(i) * STEP;
        let end = MARGIN + inner;
        s.push_str(&format!(
            "<line x1=\"{at}\" y1=\"{MARGIN}\" x2=\"{at}\" y2=\"{end}\" stroke=\"#000\" stroke-width=\"1.5\"/>\n\
             <line x1=\"{MARGIN}\" y1=\"{at}\" x2=\"{end}\" y2=\"{at}\" stroke=\"#000\" stroke-width=\"1.5\"/>\n"
        ));
    }
    for (cx, cy) in [(2.0, 2.0), (6.0, 2.0), (2.0, 6.0), (6.0, 6.0)] {
        s.push_str(&format!(
            "<circle cx=\"{}\" cy=\"{}\" r=\"4.5\" fill=\"#000\"/>\n",
            MARGIN + cx * STEP,
            MARGIN + cy * STEP
        ));
    }
    for i in 0..8u8 {
        let mid = MARGIN + (f64::from(i) + 0.5) * STEP;
        s.push_str(&format!(
            "<text x=\"{mid}\" y=\"{}\" font-size=\"18\" fill=\"#eee\" text-anchor=\"middle\" font-family=\"sans-serif\">{}</text>\n\
             <text x=\"{}\" y=\"{}\" font-size=\"18\" fill=\"#eee\" text-anchor=\"middle\" font-family=\"sans-serif\">{}</text>\n",
            MARGIN - 11.0,
            char::from(b'a' + i),
            MARGIN / 2.0,
            mid + 6.0,
            i + 1
        ));
    }
    s
}

/// The discs, the legal-move dot and the last-move dot, each drawn once around (0, 0).
pub(crate) fn defs() -> String {
    format!(
        "<circle id=\"ot-black\" r=\"25\" fill=\"{BLACK_DISC}\" stroke=\"#000\" stroke-width=\"1.5\"/>\n\
         <circle id=\"ot-white\" r=\"25\" fill=\"{WHITE_DISC}\" stroke=\"#555\" stroke-width=\"1.5\"/>\n\
         <circle id=\"ot-legal\" r=\"7\" fill=\"{LEGAL_DOT}\" opacity=\"0.75\"/>\n\
         <circle id=\"ot-last\" r=\"7\" fill=\"{LAST_MOVE}\"/>\n"
    )
}

/// The discs, the legal moves of the side to move, the last move: one SVG element each.
pub(crate) fn items(board: &Board, last: Option<Move>) -> Vec<String> {
    let legal = board.legal();
    let mut out = Vec::with_capacity(65);
    for sq in 0..64 {
        let (x, y) = centre(sq);
        let class = match board.at(sq) {
            Some(Player::First) => "disc black",
            Some(Player::Second) => "disc white",
            None if legal >> sq & 1 == 1 => "legal",
            None => continue,
        };
        let id = match class {
            "legal" => "ot-legal",
            "disc black" => "ot-black",
            _ => "ot-white",
        };
        out.push(format!(
            "<use class=\"{class}\" href=\"#{id}\" x=\"{x}\" y=\"{y}\"/>"
        ));
    }
    if let Some(Move::Place(sq)) = last {
        let (x, y) = centre(usize::from(sq));
        out.push(format!(
            "<use class=\"last-move\" href=\"#ot-last\" x=\"{x}\" y=\"{y}\"/>"
        ));
    }
    out
}

/// The position as an SVG document; `last` is the move that led to it.
pub(crate) fn svg(board: &Board, last: Option<Move>) -> String {
    let w = size();
    let items = items(board, last);
    crate::core::svg::document((w, w), Some("sans-serif"), &defs(), &self::board(), items)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_board_has_four_discs_and_four_legal_dots() {
        let s = svg(&Board::start(), None);
        assert_eq!(s.matches("class=\"disc black\"").count(), 2);
        assert_eq!(s.matches("class=\"disc white\"").count(), 2);
        assert_eq!(s.matches("class=\"legal\"").count(), 4);
        assert!(!s.contains("last-move"));
    }
}

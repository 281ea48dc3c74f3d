//! An SVG picture of a Xiangqi position (for `qipu show --svg` and the HTML explanation): the
//! 9×10 board with the river (楚河 漢界) and the palace diagonals, pieces as ivory discs with a
//! red or black rim and character, the last move marked, Black at the top.

use crate::xiangqi::notation::chinese::glyph;
use crate::xiangqi::notation::chinese::{Script, piece_char};
use crate::xiangqi::rules::{Color, Kind, Move, Piece, Position, Square};

/// Distance between two points of the board.
pub(crate) const STEP: f64 = 60.0;
/// Space around the outermost lines (the coordinates live there).
pub(crate) const MARGIN: f64 = 72.0;
/// The board's background.
pub(crate) const BOARD_FILL: &str = "#eccb8a";
pub(crate) const RED: &str = "#c0272d";
pub(crate) const BLACK: &str = "#1e1e1e";
/// The piece discs.
pub(crate) const IVORY: &str = "#fbf1d6";
/// The last move: a ring around the destination, a small square on the origin.
pub(crate) const LAST_MOVE: &str = "#1f6fd1";
const LINE: &str = "#5b3a1c";
/// The fonts tried for the characters (any CJK serif the viewer has, then a generic one).
const CJK_FONTS: &str = "'Noto Serif CJK SC', 'Noto Serif CJK TC', 'Source Han Serif SC', \
'AR PL UMing CN', 'SimSun', 'Songti SC', 'Noto Sans CJK SC', 'WenQuanYi Micro Hei', serif";

/// The picture's width and height.
pub(crate) fn size() -> (f64, f64) {
    (MARGIN * 2.0 + 8.0 * STEP, MARGIN * 2.0 + 9.0 * STEP)
}

/// The centre of a point: file a at the left, rank 0 (Red's back rank) at the bottom.
pub(crate) fn point(file: u8, rank: u8) -> (f64, f64) {
    (
        MARGIN + f64::from(file) * STEP,
        MARGIN + f64::from(9 - rank.min(9)) * STEP,
    )
}

fn line(s: &mut String, (x1, y1): (f64, f64), (x2, y2): (f64, f64), width: f64) {
    s.push_str(&format!(
        "<line x1=\"{x1}\" y1=\"{y1}\" x2=\"{x2}\" y2=\"{y2}\" stroke=\"{LINE}\" stroke-width=\"{width}\"/>\n"
    ));
}

/// The empty board: lines, river, palaces, the marks of the cannon and pawn points, the
/// coordinates.
pub(crate) fn board() -> String {
    let mut s = String::new();
    board_into(&mut s);
    s
}

fn board_into(s: &mut String) {
    let (w, h) = size();
    s.push_str(&format!(
        "<rect width=\"{w}\" height=\"{h}\" fill=\"{BOARD_FILL}\"/>\n\
         <rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"{LINE}\" stroke-width=\"4\"/>\n",
        MARGIN - 8.0,
        MARGIN - 8.0,
        8.0 * STEP + 16.0,
        9.0 * STEP + 16.0
    ));
    for rank in 0..10u8 {
        line(s, point(0, rank), point(8, rank), 1.6);
    }
    for file in 0..9u8 {
        if file == 0 || file == 8 {
            line(s, point(file, 0), point(file, 9), 1.6);
        } else {
            // The river cuts the inner files.
            line(s, point(file, 0), point(file, 4), 1.6);
            line(s, point(file, 5), point(file, 9), 1.6);
        }
    }
    for (low, high) in [(0u8, 2u8), (7, 9)] {
        line(s, point(3, low), point(5, high), 1.6);
        line(s, point(5, low), point(3, high), 1.6);
    }
    // The marks of the cannon and pawn points.
    let marks: [(u8, u8); 14] = [
        (1, 2),
        (7, 2),
        (1, 7),
        (7, 7),
        (0, 3),
        (2, 3),
        (4, 3),
        (6, 3),
        (8, 3),
        (0, 6),
        (2, 6),
        (4, 6),
        (6, 6),
        (8, 6),
    ];
    for (file, rank) in marks {
        point_mark(s, file, rank);
    }
    let river_y = MARGIN + 4.5 * STEP + 12.0;
    for (text, x) in [
        ("楚 河", MARGIN + 2.0 * STEP),
        ("漢 界", MARGIN + 6.0 * STEP),
    ] {
        s.push_str(&format!(
            "<text x=\"{x}\" y=\"{river_y}\" font-size=\"32\" fill=\"{LINE}\" text-anchor=\"middle\" font-family=\"{CJK_FONTS}\">{text}</text>\n"
        ));
    }
    for file in 0..9u8 {
        let (x, _) = point(file, 0);
        let letter = char::from(b'a' + file);
        for y in [MARGIN - 40.0, MARGIN + 9.0 * STEP + 54.0] {
            s.push_str(&format!(
                "<text x=\"{x}\" y=\"{y}\" font-size=\"18\" fill=\"{LINE}\" text-anchor=\"middle\" font-family=\"sans-serif\">{letter}</text>\n"
            ));
        }
    }
    for rank in 0..10u8 {
        let (_, y) = point(0, rank);
        s.push_str(&format!(
            "<text x=\"{}\" y=\"{}\" font-size=\"18\" fill=\"{LINE}\" text-anchor=\"middle\" font-family=\"sans-serif\">{rank}</text>\n",
            MARGIN - 48.0,
            y + 6.0
        ));
    }
}

/// The small corner marks around a cannon or pawn point (only on the board's inner side at
/// the edges).
fn point_mark(s: &mut String, file: u8, rank: u8) {
    let (x, y) = point(file, rank);
    let (gap, arm) = (5.0, 10.0);
    let mut sides = Vec::new();
    if file > 0 {
        sides.push(-1.0);
    }
    if file < 8 {
        sides.push(1.0);
    }
    for dx in sides {
        for dy in [-1.0, 1.0] {
            let cx = x + dx * gap;
            let cy = y + dy * gap;
            s.push_str(&format!(
                "<polyline points=\"{},{} {cx},{cy} {cx},{}\" fill=\"none\" stroke=\"{LINE}\" stroke-width=\"1.4\"/>\n",
                cx + dx * arm,
                cy,
                cy + dy * arm
            ));
        }
    }
}

/// The target marks (a repetition cycle's attacked pieces).
pub(crate) const TARGET: &str = "#d4145a";

/// The id of a piece's drawing in [`defs`]: `xq-` and its FEN letter (`xq-R` a red rook,
/// `xq-r` a black one) — ids are case-sensitive.
fn piece_id(p: Piece) -> String {
    format!("xq-{}", p.fen_char())
}

/// The fourteen pieces, each drawn once around (0, 0): the items place them with `<use>`.
pub(crate) fn defs() -> String {
    defs_in(None)
}

/// [`defs`] with the characters of a script (a record's Chinese moves), or, with `None`, the
/// board characters that tell Red from Black (帥 俥 傌 against 將 車 馬).
pub(crate) fn defs_in(script: Option<Script>) -> String {
    let mut s = String::new();
    for color in [Color::Red, Color::Black] {
        let ink = if color == Color::Red { RED } else { BLACK };
        for kind in Kind::ALL {
            let p = Piece::new(color, kind);
            s.push_str(&format!(
                "<g id=\"{}\">\
                 <circle cy=\"2.5\" r=\"26\" fill=\"#8a6a3a\" opacity=\"0.35\"/>\
                 <circle r=\"26\" fill=\"{IVORY}\" stroke=\"{ink}\" stroke-width=\"3\"/>\
                 <circle r=\"21\" fill=\"none\" stroke=\"{ink}\" stroke-width=\"1.2\"/>\
                 <text y=\"10\" font-size=\"28\" font-weight=\"bold\" fill=\"{ink}\" text-anchor=\"middle\" font-family=\"{CJK_FONTS}\">{}</text></g>\n",
                piece_id(p),
                script.map_or_else(|| glyph(color, kind), |s| piece_char(color, kind, s))
            ));
        }
    }
    s
}

/// What stands on the board: the last move's origin, every piece, the ring around the piece
/// that moved; one SVG element each (see [`crate::core::game::Frame::items`]).
pub(crate) fn items(pos: &Position, last: Option<Move>) -> Vec<String> {
    let mut out = Vec::with_capacity(34);
    if let Some(mv) = last {
        let (x, y) = point(mv.from.file(), mv.from.rank());
        out.push(format!(
            "<rect class=\"last-from\" x=\"{}\" y=\"{}\" width=\"24\" height=\"24\" fill=\"none\" stroke=\"{LAST_MOVE}\" stroke-width=\"3\" stroke-dasharray=\"6 4\"/>",
            x - 12.0,
            y - 12.0
        ));
    }
    for rank in 0..10u8 {
        for file in 0..9u8 {
            let Some(p) = Square::new(file, rank).and_then(|sq| pos.piece_at(sq)) else {
                continue;
            };
            let (x, y) = point(file, rank);
            out.push(format!(
                "<use class=\"piece {}\" href=\"#{}\" x=\"{x}\" y=\"{y}\"/>",
                p.color.name().to_ascii_lowercase(),
                piece_id(p)
            ));
        }
    }
    if let Some(mv) = last {
        let (x, y) = point(mv.to.file(), mv.to.rank());
        out.push(format!(
            "<circle class=\"last-to\" cx=\"{x}\" cy=\"{y}\" r=\"30\" fill=\"none\" stroke=\"{LAST_MOVE}\" stroke-width=\"3.5\"/>"
        ));
    }
    out
}

/// A target mark: a dashed ring and corner ticks around the point, over the piece.
pub(crate) fn target(sq: Square) -> String {
    let (x, y) = point(sq.file(), sq.rank());
    format!(
        "<circle class=\"target\" cx=\"{x}\" cy=\"{y}\" r=\"34\" fill=\"none\" stroke=\"{TARGET}\" stroke-width=\"4\" stroke-dasharray=\"9 5\"/>"
    )
}

/// The target mark of a cycle's target text: the last word of it that is a square (`e9`).
pub(crate) fn target_mark(text: &str) -> Option<String> {
    text.split(|c: char| !c.is_ascii_alphanumeric())
        .rev()
        .find_map(Square::parse)
        .map(target)
}

/// The position as an SVG document; `last` is the move that led to it.
pub(crate) fn svg(pos: &Position, last: Option<Move>) -> String {
    crate::core::svg::document(size(), None, &defs(), &board(), items(pos, last))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_has_32_pieces_and_the_river() {
        let pos = Position::start();
        let s = svg(&pos, None);
        assert_eq!(s.matches("class=\"piece red\"").count(), 16);
        assert_eq!(s.matches("class=\"piece black\"").count(), 16);
        assert!(s.contains("楚 河") && s.contains("漢 界"));
        assert!(!s.contains("last-to"));
    }

    #[test]
    fn targets_are_marked_by_their_square() {
        assert!(target_mark("e9").is_some_and(|m| m.contains("class=\"target\"")));
        assert!(target_mark("the king on e9").is_some());
        assert_eq!(target_mark("e9"), target_mark("車 e9"));
        assert!(target_mark("nothing").is_none());
        assert!(target_mark("").is_none());
    }
}

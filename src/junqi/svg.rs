//! An SVG picture of a position (for `qipu show --svg`): roads as thin lines, railways as
//! thick ones with white sleepers (the railway look of the printed board), camps as circles,
//! headquarters as rounded boxes, pieces as labelled tiles, the last action outlined.

use crate::junqi::rules::board::{
    COLS, ROWS, SQUARES, Square, col_of, graph, is_camp, is_headquarters, row_of,
};
use crate::junqi::rules::{Cell, Color, Piece, Position, Rank};

const STEP_X: f64 = 90.0;
const STEP_Y: f64 = 50.0;
const MARGIN: f64 = 62.0;
/// Extra space between rows F and G (the front line).
const FRONT: f64 = 30.0;

/// The centre of a station in the picture.
pub(crate) fn xy(sq: Square) -> (f64, f64) {
    let (r, c) = (row_of(sq), col_of(sq));
    let y = MARGIN + r as f64 * STEP_Y + if r >= 6 { FRONT } else { 0.0 };
    (MARGIN + c as f64 * STEP_X, y)
}

/// The outline of the last action's squares.
pub(crate) const LAST_MOVE: &str = "#f39c12";
const FONTS: &str =
    "'Noto Sans CJK SC', 'WenQuanYi Micro Hei', 'Microsoft YaHei', 'PingFang SC', sans-serif";

/// The picture's width and height.
pub(crate) fn size() -> (f64, f64) {
    (
        MARGIN * 2.0 + (COLS - 1) as f64 * STEP_X,
        MARGIN * 2.0 + (ROWS - 1) as f64 * STEP_Y + FRONT,
    )
}

#[cfg(test)]
pub(crate) fn svg(pos: &Position) -> String {
    svg_marked(pos, None)
}

/// The board without pieces: background, roads, railways with their sleepers, camps,
/// headquarters, the coordinates.
pub(crate) fn board() -> String {
    let (w, h) = size();
    let mut s = format!("<rect width=\"{w}\" height=\"{h}\" fill=\"#f4e9c8\"/>\n");
    let g = graph();
    let mut sleepers = String::new();
    for a in 0..SQUARES as Square {
        for &(b, rail) in g.links.get(a as usize).map(Vec::as_slice).unwrap_or(&[]) {
            if b < a {
                continue;
            }
            let ((x1, y1), (x2, y2)) = (xy(a), xy(b));
            let width = if rail { 4 } else { 1 };
            if rail {
                sleepers.push_str(&format!("M{x1} {y1}L{x2} {y2}"));
            }
            s.push_str(&format!(
                "<line x1=\"{x1}\" y1=\"{y1}\" x2=\"{x2}\" y2=\"{y2}\" stroke=\"#333\" stroke-width=\"{width}\"/>\n"
            ));
        }
    }
    if !sleepers.is_empty() {
        s.push_str(&format!(
            "<path class=\"railway\" d=\"{sleepers}\" stroke=\"#f4e9c8\" stroke-width=\"2\" stroke-dasharray=\"6 6\" fill=\"none\"/>\n"
        ));
    }
    for sq in 0..SQUARES as Square {
        let (x, y) = xy(sq);
        if is_camp(sq) {
            s.push_str(&format!(
                "<circle cx=\"{x}\" cy=\"{y}\" r=\"19\" fill=\"#f4e9c8\" stroke=\"#333\" stroke-width=\"2\"/>\n"
            ));
        } else if is_headquarters(sq) {
            s.push_str(&format!(
                "<rect x=\"{}\" y=\"{}\" width=\"48\" height=\"32\" rx=\"12\" fill=\"#f4e9c8\" stroke=\"#333\" stroke-width=\"2\"/>\n",
                x - 24.0,
                y - 16.0
            ));
        }
    }
    for c in 0..COLS {
        let (x, _) = xy(c as Square);
        s.push_str(&format!(
            "<text x=\"{x}\" y=\"22\" font-size=\"14\" text-anchor=\"middle\">{c}</text>\n"
        ));
    }
    for r in 0..ROWS {
        let (_, y) = xy((r * COLS) as Square);
        s.push_str(&format!(
            "<text x=\"16\" y=\"{}\" font-size=\"14\">{}</text>\n",
            y + 5.0,
            (b'A' + r as u8) as char
        ));
    }
    s
}

/// The id of a cell's tile in [`defs`] (`jq-down`, `jq-down-E` a known face-down red
/// engineer, `jq-up-e` a face-up blue one: ids are case-sensitive), `None` for an empty one.
fn tile_id(cell: Cell) -> Option<String> {
    match cell {
        Cell::Empty => None,
        Cell::Down(None) => Some("jq-down".to_string()),
        Cell::Down(Some(p)) => Some(format!("jq-down-{}", p.letter())),
        Cell::Up(p) => Some(format!("jq-up-{}", p.letter())),
    }
}

/// One tile around (0, 0). A face-down piece whose identity the record's layout tells shows
/// it small and faint (for the arbiter), so that the tile still reads as face down.
fn tile(cell: Cell) -> String {
    let (fill, text, size, ink) = match cell {
        Cell::Empty => return String::new(),
        Cell::Down(None) => ("#777", String::new(), 16, "white"),
        Cell::Down(Some(p)) => (
            "#777",
            p.rank.chinese().to_string(),
            11,
            match p.color {
                Color::Red => "#f2b8b0",
                Color::Blue => "#b4cdf2",
            },
        ),
        Cell::Up(p) => (
            match p.color {
                Color::Red => "#c0392b",
                Color::Blue => "#2c5aa0",
            },
            p.rank.chinese().to_string(),
            16,
            "white",
        ),
    };
    format!(
        "<rect x=\"-28\" y=\"-14\" width=\"56\" height=\"28\" rx=\"4\" fill=\"{fill}\" stroke=\"#222\"/><text y=\"{}\" font-size=\"{size}\" fill=\"{ink}\" text-anchor=\"middle\" font-family=\"{FONTS}\">{text}</text>",
        if size > 12 { 6.0 } else { 4.0 }
    )
}

/// Every tile a cell can show (face down, and each piece face down known or face up), and
/// the last action's outline.
pub(crate) fn defs() -> String {
    let mut cells = vec![Cell::Down(None)];
    for color in [Color::Red, Color::Blue] {
        for rank in Rank::ALL {
            let p = Piece::new(color, rank);
            cells.push(Cell::Down(Some(p)));
            cells.push(Cell::Up(p));
        }
    }
    let mut s = String::new();
    for cell in cells {
        if let Some(id) = tile_id(cell) {
            s.push_str(&format!("<g id=\"{id}\">{}</g>\n", tile(cell)));
        }
    }
    s.push_str(&format!(
        "<rect id=\"jq-last\" x=\"-32\" y=\"-18\" width=\"64\" height=\"36\" rx=\"6\" fill=\"none\" stroke=\"{LAST_MOVE}\" stroke-width=\"3\"/>\n"
    ));
    s
}

/// The pieces and the last action's outline, one SVG element each.
pub(crate) fn items(pos: &Position, last: Option<(Square, Square)>) -> Vec<String> {
    let mut out = Vec::with_capacity(52);
    for sq in 0..SQUARES as Square {
        let cell = pos.cell(sq);
        let Some(id) = tile_id(cell) else {
            continue;
        };
        let (x, y) = xy(sq);
        let class = match cell {
            Cell::Up(p) if p.color == Color::Red => "tile up red",
            Cell::Up(_) => "tile up blue",
            _ => "tile down",
        };
        out.push(format!(
            "<use class=\"{class}\" href=\"#{id}\" x=\"{x}\" y=\"{y}\"/>"
        ));
    }
    if let Some((from, to)) = last {
        let squares = if from == to {
            vec![from]
        } else {
            vec![from, to]
        };
        for sq in squares {
            let (x, y) = xy(sq);
            out.push(format!(
                "<use class=\"last-move\" href=\"#jq-last\" x=\"{x}\" y=\"{y}\"/>"
            ));
        }
    }
    out
}

/// The picture, with the last action's squares (`from`, `to`; the same square for a flip)
/// outlined.
pub(crate) fn svg_marked(pos: &Position, last: Option<(Square, Square)>) -> String {
    crate::core::svg::document(size(), Some(FONTS), &defs(), &board(), items(pos, last))
}

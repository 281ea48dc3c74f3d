//! Every table qipu prints besides `validate`'s and `adjudicate`'s game table (which has forms
//! of its own, [`super::table`]): `solve`, `solve --theoretical`, `formats`, `dedupe`, the
//! match standings. The same width rules: a table that fits is left whole; else the flexible
//! columns (paths, move lists, prose) are narrowed to a roomy width, then the least useful
//! columns are left out one at a time (said above the table), then the flexible columns are
//! narrowed to their least. A word is never broken across lines: a path is shortened from the
//! left (`…/dir/file`), a cell is cut with `…`, prose wraps between words inside its cell.

use super::table::{cut, glued, shorten_path, wrap_glued, wrapping};
use unicode_width::UnicodeWidthStr;

/// How a column gives up width.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Fill {
    /// Never narrowed (numbers, short words): the column is left out before it is cut.
    Whole,
    /// Cut with `…`, down to `least` columns.
    Cut { least: usize },
    /// Paths (each line of the cell a path, perhaps followed by words without `/`):
    /// shortened from the left, down to `least` columns.
    Path { least: usize },
    /// Prose: wrapped between words inside the cell, down to `least` columns (a word longer
    /// than the column is cut with `…`).
    Wrap { least: usize },
}

/// A column of a fitted table.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Column {
    pub header: &'static str,
    pub fill: Fill,
    /// When the column is left out: the lowest first; `None` never.
    pub drop: Option<u8>,
}

impl Column {
    pub(crate) const fn new(header: &'static str, fill: Fill, drop: Option<u8>) -> Column {
        Column { header, fill, drop }
    }
}

/// A flexible column is first narrowed to no fewer columns than this.
const ROOMY: usize = 24;

/// A table laid out at a width.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Fitted {
    /// Lines above the table (the columns left out).
    pub above: Vec<String>,
    pub headers: Vec<String>,
    pub widths: Vec<usize>,
    /// Each row's cells, each cell its lines.
    pub cells: Vec<Vec<Vec<String>>>,
}

/// The widest line of a cell.
fn cell_width(cell: &str) -> usize {
    cell.lines().map(|l| l.width()).max().unwrap_or(0)
}

/// Lays out `rows` (a cell a column; a cell may hold lines) under `columns` in `width`.
pub(crate) fn fit(columns: &[Column], rows: &[Vec<String>], width: usize) -> Fitted {
    let n = columns.len();
    let natural: Vec<usize> = (0..n)
        .map(|i| {
            rows.iter()
                .map(|r| r.get(i).map_or(0, |c| cell_width(c)))
                .max()
                .unwrap_or(0)
                .max(columns[i].header.width())
        })
        .collect();
    let least: Vec<usize> = (0..n)
        .map(|i| {
            let h = columns[i].header.width();
            match columns[i].fill {
                Fill::Whole => natural[i],
                Fill::Cut { least } | Fill::Path { least } | Fill::Wrap { least } => {
                    least.max(h).min(natural[i])
                }
            }
        })
        .collect();
    // Prose wraps well at any width: it is narrowed to its least before a column is left out.
    let roomy: Vec<usize> = (0..n)
        .map(|i| match columns[i].fill {
            Fill::Wrap { .. } => least[i],
            _ => natural[i].min(least[i].max(ROOMY)),
        })
        .collect();
    let total = |shown: &[usize], ws: &[usize]| -> usize {
        shown.iter().map(|&i| ws[i]).sum::<usize>() + 3 * shown.len() + 1
    };
    // Narrows the widest column of `shown` above its floor, a column at a time, until the
    // table fits or none can give more.
    let narrow = |shown: &[usize], ws: &mut Vec<usize>, floor: &[usize]| {
        while total(shown, ws) > width {
            let widest = shown
                .iter()
                .copied()
                .filter(|&i| ws[i] > floor[i])
                .max_by_key(|&i| ws[i]);
            match widest {
                Some(i) => ws[i] -= 1,
                None => break,
            }
        }
    };
    let mut shown: Vec<usize> = (0..n).collect();
    let mut ws = natural.clone();
    loop {
        ws.clone_from(&natural);
        narrow(&shown, &mut ws, &roomy);
        if total(&shown, &ws) <= width {
            break;
        }
        let next = shown
            .iter()
            .enumerate()
            .filter_map(|(k, &i)| columns[i].drop.map(|d| (d, k)))
            .min();
        match next {
            Some((_, k)) => {
                shown.remove(k);
            }
            None => {
                narrow(&shown, &mut ws, &least);
                break;
            }
        }
    }
    let mut above = Vec::new();
    let left_out: Vec<&str> = (0..n)
        .filter(|i| !shown.contains(i))
        .map(|i| columns[i].header)
        .collect();
    if !left_out.is_empty() {
        let names: Vec<String> = left_out.iter().map(|h| glued(h)).collect();
        above.extend(wrap_glued(
            &format!(
                "not shown at {width} columns: {} (see --json)",
                names.join(", ")
            ),
            width,
            "",
        ));
    }
    let cells = rows
        .iter()
        .map(|r| {
            shown
                .iter()
                .map(|&i| {
                    let text = r.get(i).map_or("", String::as_str);
                    fill_cell(text, columns[i].fill, ws[i])
                })
                .collect()
        })
        .collect();
    Fitted {
        above,
        headers: shown
            .iter()
            .map(|&i| cut(columns[i].header, ws[i]))
            .collect(),
        widths: shown.iter().map(|&i| ws[i]).collect(),
        cells,
    }
}

/// A cell's lines in `width` columns.
fn fill_cell(text: &str, fill: Fill, width: usize) -> Vec<String> {
    let lines = text.lines();
    let out: Vec<String> = match fill {
        Fill::Whole | Fill::Cut { .. } => lines.map(|l| cut(l, width)).collect(),
        Fill::Path { .. } => lines.map(|l| shorten_path(l, width)).collect(),
        Fill::Wrap { .. } => lines
            .flat_map(|l| {
                if l.width() <= width {
                    return vec![l.to_string()];
                }
                textwrap::wrap(l, wrapping(width).width(width))
                    .into_iter()
                    .map(|w| cut(&w, width))
                    .collect()
            })
            .collect(),
    };
    if out.is_empty() {
        vec![String::new()]
    } else {
        out
    }
}

/// Writes a fitted table: the lines above it, then the table.
pub(crate) fn write_fitted<W: std::io::Write>(out: &mut W, t: &Fitted) -> std::io::Result<()> {
    for l in &t.above {
        writeln!(out, "{l}")?;
    }
    let pad = |s: &str, w: usize| format!("{s}{}", " ".repeat(w.saturating_sub(s.width())));
    let block = |lines: &[String], w: usize| {
        lines
            .iter()
            .map(|l| pad(l, w))
            .collect::<Vec<_>>()
            .join("\n")
    };
    let mut table = comfy_table::Table::new();
    table.load_style(comfy_table::presets::UTF8_FULL_CONDENSED);
    table.set_content_arrangement(comfy_table::ContentArrangement::Disabled);
    table.force_no_tty();
    table.set_header(t.headers.iter().zip(&t.widths).map(|(h, &w)| pad(h, w)));
    for row in &t.cells {
        table.add_row(row.iter().zip(&t.widths).map(|(c, &w)| block(c, w)));
    }
    writeln!(out, "{table}")
}

/// The same, as a string (for stdout through `print!`).
pub(crate) fn render(t: &Fitted) -> String {
    let mut v = Vec::new();
    // Writing to a Vec cannot fail.
    let _ = write_fitted(&mut v, t);
    String::from_utf8_lossy(&v).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cols() -> Vec<Column> {
        vec![
            Column::new("position", Fill::Path { least: 10 }, None),
            Column::new("score", Fill::Whole, None),
            Column::new("pv", Fill::Cut { least: 8 }, Some(3)),
            Column::new("nodes", Fill::Whole, Some(1)),
            Column::new("nodes/s", Fill::Whole, Some(0)),
        ]
    }

    fn rows() -> Vec<Vec<String>> {
        vec![vec![
            "samples/othello/positions.obf line 5".into(),
            "-44".into(),
            "g7 b2 c1 b1 a1 a2 f2 h8 g8 h7 pass h1 pass g2 pass c8 b8 a8".into(),
            "1352600".into(),
            "6923216".into(),
        ]]
    }

    fn widest(t: &Fitted) -> usize {
        render(t).lines().map(|l| l.width()).max().unwrap_or(0)
    }

    #[test]
    fn a_table_that_fits_is_whole() {
        let t = fit(&cols(), &rows(), 200);
        assert!(t.above.is_empty());
        assert_eq!(t.cells[0][2][0], rows()[0][2]);
    }

    #[test]
    fn columns_are_left_out_in_their_order_and_words_kept_whole() {
        for width in [40, 60, 80, 100] {
            let t = fit(&cols(), &rows(), width);
            assert!(widest(&t) <= width, "{width}: {}", render(&t));
            // A number is never cut: it is shown whole or not at all.
            for c in t.cells[0].iter().flatten() {
                assert!(!c.contains('…') || !c.chars().next().unwrap().is_ascii_digit());
            }
        }
        let t = fit(&cols(), &rows(), 70);
        assert_eq!(t.headers, ["position", "score", "pv"], "{t:?}");
        assert!(t.above[0].contains("nodes/s"), "{:?}", t.above);
        assert_eq!(t.cells[0][0][0], "…/positions.obf line 5");
    }

    #[test]
    fn prose_wraps_between_words() {
        let cols = [
            Column::new("id", Fill::Whole, None),
            Column::new("description", Fill::Wrap { least: 12 }, None),
        ];
        let rows = vec![vec![
            "pgn".to_string(),
            "XQ PGN in Chinese, ICCS or WXF notation (writes Chinese, simplified)".to_string(),
        ]];
        let t = fit(&cols, &rows, 30);
        assert!(widest(&t) <= 30, "{}", render(&t));
        let words: Vec<&str> = rows[0][1].split(' ').collect();
        let got: Vec<String> = t.cells[0][1]
            .iter()
            .flat_map(|l| l.split(' ').map(str::to_string))
            .collect();
        assert_eq!(got, words);
    }
}

//! The terminal report of `validate` and `adjudicate`: a table that fits a width without
//! breaking a word, and the one-line-a-game `--format short`.
//!
//! Every cell is one line. The directory common to every path is printed once above the rows.
//! To fit the width the table, in this order: prints a column that says the same on every row
//! as a line above the table (a table of three rows or fewer that fits is left whole); writes an error's place shorter (`illegal-move @12` for
//! `illegal-move at ply 12 (2:34)`); shows an invalid game's error in the verdict column
//! (adjudicate: an invalid game has no verdict); shortens paths from the left
//! (`…/disputed/allowed-draw.pgn`); leaves out the columns `plies`, `game`, `#` and
//! `claimed`, in this order, saying so above the table (without `#`, a file of several games
//! writes each game's number after its name: `block.pgn #2`); and at last cuts cells with `…`.
//! A word is never broken across lines.

mod layout;

pub(crate) use layout::*;
use std::sync::Arc;
use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};

/// How the terminal report looks: its width in columns, colour, `--format short`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct View {
    pub width: usize,
    pub color: bool,
    pub short: bool,
}

/// The width when stdout is not a terminal, or its size is unknown.
pub(crate) const DEFAULT_WIDTH: usize = 100;

impl Default for View {
    fn default() -> Self {
        View {
            width: DEFAULT_WIDTH,
            color: false,
            short: false,
        }
    }
}

/// How a row is marked (colour on a terminal that takes it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Mark {
    Plain,
    /// Valid, but the claimed result disagrees with the verdict.
    Disputed,
    Invalid,
}

/// One game's row, as the table and the short lines show it.
#[derive(Debug, Clone)]
pub(crate) struct Row {
    pub source: Arc<str>,
    /// The game's number in its file, from 1.
    pub number: usize,
    pub game: &'static str,
    pub plies: usize,
    /// `valid`, or the error's kind and where it is: in full (`illegal-move at ply 12
    /// (2:34)`) and short (`illegal-move @12`).
    pub status: String,
    pub status_short: String,
    pub claimed: Option<String>,
    /// `0-1 perpetual-chase @8`; `None` for validate and for a game without verdict.
    pub verdict: Option<String>,
    pub agrees: Option<bool>,
    pub mark: Mark,
}

impl Row {
    fn agrees_text(&self) -> &'static str {
        match self.agrees {
            Some(true) => "yes",
            // An invalid game has no verdict to agree with (its JSON `agrees` is false, as the
            // spec says; the table does not count it as a disagreement).
            Some(false) if self.mark == Mark::Invalid => "-",
            Some(false) => "NO",
            None => "-",
        }
    }

    /// The one line of `--format short`, like a compiler's message: `path:game N: word:
    /// what; claimed …; game, plies`, the word one of valid, invalid (validate), agrees,
    /// disputed, unclaimed, invalid (adjudicate).
    pub(crate) fn short_line(&self, adjudicate: bool) -> String {
        let plies = format!(
            "{}{} {}",
            if self.game.is_empty() { "" } else { self.game },
            if self.game.is_empty() { "" } else { "," },
            counted_plies(self.plies)
        );
        let plies = plies.trim_start();
        let claimed = match &self.claimed {
            Some(c) => format!("claimed {c}"),
            None => "no claim".to_string(),
        };
        let verdict = self.verdict.as_deref().unwrap_or("-");
        let (word, what) = match (self.mark, adjudicate) {
            (Mark::Invalid, _) => ("invalid", self.status.as_str()),
            (_, false) => ("valid", ""),
            (_, true) => (
                match self.agrees {
                    Some(true) => "agrees",
                    Some(false) => "disputed",
                    None => "unclaimed",
                },
                verdict,
            ),
        };
        let mut parts = vec![what.to_string()];
        if adjudicate {
            parts.push(claimed);
        }
        parts.push(plies.to_string());
        parts.retain(|p| !p.is_empty());
        format!(
            "{}:game {}: {word}: {}",
            self.source,
            self.number,
            parts.join("; ")
        )
    }
}

/// `1 ply`, `2 plies`.
fn counted_plies(n: usize) -> String {
    format!("{n} {}", if n == 1 { "ply" } else { "plies" })
}

/// Rows rendered by comfy-table at a time (the cells are padded to the column widths, so
/// that the parts line up as one table; comfy-table holds a part, never a big batch).
const PART_ROWS: usize = 256;

/// Writes the table of `rows` (laid out in `view.width`), colouring disputed and invalid
/// rows when `view.color`.
pub(crate) fn write_table<W: std::io::Write>(
    out: &mut W,
    rows: &[Row],
    adjudicate: bool,
    view: &View,
) -> std::io::Result<()> {
    if rows.is_empty() {
        return Ok(());
    }
    let laid = lay_out(rows, adjudicate, view.width);
    for l in &laid.above {
        writeln!(out, "{l}")?;
    }
    let pad = |s: &str, w: usize| format!("{s}{}", " ".repeat(w.saturating_sub(s.width())));
    let parts = rows.len().div_ceil(PART_ROWS);
    for (k, (cells, marks)) in laid
        .cells
        .chunks(PART_ROWS)
        .zip(rows.chunks(PART_ROWS))
        .enumerate()
    {
        let mut t = comfy_table::Table::new();
        t.load_style(comfy_table::presets::UTF8_FULL_CONDENSED);
        t.set_content_arrangement(comfy_table::ContentArrangement::Disabled);
        t.force_no_tty();
        if k == 0 {
            t.set_header(
                laid.headers
                    .iter()
                    .zip(&laid.widths)
                    .map(|(h, &w)| pad(h, w)),
            );
        }
        for row in cells {
            t.add_row(row.iter().zip(&laid.widths).map(|(c, &w)| pad(c, w)));
        }
        let lines: Vec<String> = t.lines().collect();
        // Lines: the top border, (the header and its rule,) the rows, the bottom border.
        let start = if k == 0 { 3 } else { 1 };
        let end = lines.len().saturating_sub(1);
        for (i, line) in lines.iter().enumerate() {
            if k > 0 && i == 0 {
                continue; // the top border of a part that continues the table
            }
            if k + 1 < parts && i == end {
                continue; // the bottom border of a part that the next continues
            }
            let mark = if (start..end).contains(&i) {
                marks.get(i - start).map_or(Mark::Plain, |m| m.mark)
            } else {
                Mark::Plain
            };
            writeln!(out, "{}", paint(line, mark, view.color))?;
        }
    }
    Ok(())
}

/// The style of a row's mark.
fn style(mark: Mark) -> Option<anstyle::Style> {
    match mark {
        Mark::Plain => None,
        Mark::Disputed => Some(anstyle::AnsiColor::Yellow.on_default()),
        Mark::Invalid => Some(anstyle::AnsiColor::Red.on_default()),
    }
}

/// A table line with its text between the outer borders in the mark's colour.
fn paint(line: &str, mark: Mark, color: bool) -> String {
    let Some(st) = style(mark).filter(|_| color) else {
        return line.to_string();
    };
    let first = line.chars().next().map_or(0, char::len_utf8);
    let last = line.chars().next_back().map_or(0, char::len_utf8);
    if line.len() < first + last {
        return line.to_string();
    }
    let (head, rest) = line.split_at(first);
    let (mid, tail) = rest.split_at(rest.len() - last);
    format!("{head}{}{mid}{}{tail}", st.render(), st.render_reset())
}

/// A short line in the mark's colour.
pub(crate) fn paint_line(line: &str, mark: Mark, color: bool) -> String {
    match style(mark).filter(|_| color) {
        Some(st) => format!("{}{line}{}", st.render(), st.render_reset()),
        None => line.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_are_shortened_from_the_left_at_directory_bounds() {
        let p = "samples/xiangqi/disputed/allowed-draw.pgn";
        assert_eq!(shorten_path(p, 60), p);
        assert_eq!(shorten_path(p, 30), "…/disputed/allowed-draw.pgn");
        assert_eq!(shorten_path(p, 20), "…/allowed-draw.pgn");
        assert_eq!(shorten_path(p, 16), "allowed-draw.pgn");
        assert_eq!(shorten_path(p, 12), "allowed….pgn");
        assert_eq!(shorten_path("没有扩展名的文件", 7), "没有扩…");
    }

    fn row(source: &str, verdict: &str) -> Row {
        Row {
            source: Arc::from(source),
            number: 1,
            game: "xiangqi",
            plies: 14,
            status: "valid".into(),
            status_short: "valid".into(),
            claimed: Some("1-0".into()),
            verdict: Some(verdict.into()),
            agrees: Some(true),
            mark: Mark::Plain,
        }
    }

    /// When even the shortest forms do not fit, the path and the verdict are cut alike, not
    /// the path to its least width first (`nonex….pgn` beside a 26-column verdict).
    #[test]
    fn a_narrow_table_cuts_the_widest_cells_first() {
        let rows = [
            row("nonexistent.pgn", "1-0 resignation @14"),
            row(
                "cjk/子目录/许银川对胡荣华的一盘很长名字的棋局.pgn",
                "1/2-1/2 insufficient-material @0",
            ),
        ];
        let laid = lay_out(&rows, true, 50);
        let total: usize = laid.widths.iter().sum::<usize>() + 3 * laid.widths.len() + 1;
        assert_eq!(total, 50, "{laid:?}");
        assert_eq!(laid.cells[0][0], "nonexistent.pgn", "{laid:?}");
        let (source, verdict) = (laid.widths[0], laid.widths[1]);
        assert!(source.abs_diff(verdict) <= 1, "{laid:?}");
    }

    #[test]
    fn cells_are_cut_by_display_width() {
        assert_eq!(cut("perpetual-chase", 8), "perpetu…");
        assert_eq!(cut("炮二平五", 5), "炮二…");
        assert_eq!(cut("short", 8), "short");
    }
}

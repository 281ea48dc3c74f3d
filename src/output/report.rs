//! The reports printed: a comfy-table with a summary line, JSON Lines or YAML, and the text
//! of `adjudicate --explain`.

use crate::core::verdict::{CycleMove, Reason, Verdict};
use crate::driver::report::{GameReport, Summary, game_number};
use crate::output::table::{self, Mark, Row, View};
use std::sync::Arc;

/// `--report`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ReportFormat {
    Table,
    Json,
    Yaml,
}

/// Rows of the table printed at a time: a batch of millions of games is printed as tables of
/// this many rows each (memory stays flat); smaller batches are one table.
pub const TABLE_BLOCK_ROWS: usize = 10_000;

/// Writes reports as they come; the table is printed at the end (or in blocks of
/// [`TABLE_BLOCK_ROWS`] rows), the lines of `--format short` as they come.
pub(crate) struct ReportWriter<W: std::io::Write> {
    format: ReportFormat,
    out: W,
    rows: Vec<Row>,
    yaml_started: bool,
    adjudicate: bool,
    view: View,
}

impl<W: std::io::Write> ReportWriter<W> {
    pub(crate) fn new(format: ReportFormat, out: W, adjudicate: bool) -> Self {
        ReportWriter {
            format,
            out,
            rows: Vec::new(),
            yaml_started: false,
            adjudicate,
            view: View::default(),
        }
    }

    /// The table's width and colour, and `--format short`.
    pub(crate) fn with_view(mut self, view: View) -> Self {
        self.view = view;
        self
    }

    /// Prints the rows kept so far as one table.
    fn print_table(&mut self) -> std::io::Result<()> {
        if self.rows.is_empty() {
            return Ok(());
        }
        table::write_table(&mut self.out, &self.rows, self.adjudicate, &self.view)?;
        self.rows.clear();
        Ok(())
    }

    pub(crate) fn write(&mut self, r: &GameReport) -> std::io::Result<()> {
        match self.format {
            ReportFormat::Json => {
                let line = serde_json::to_string(r).map_err(std::io::Error::other)?;
                writeln!(self.out, "{line}")
            }
            ReportFormat::Yaml => {
                let y = serde_yaml::to_string(r).map_err(std::io::Error::other)?;
                self.yaml_started = true;
                // One element of a YAML sequence per game.
                let mut first = true;
                for l in y.lines() {
                    if first {
                        writeln!(self.out, "- {l}")?;
                        first = false;
                    } else {
                        writeln!(self.out, "  {l}")?;
                    }
                }
                Ok(())
            }
            ReportFormat::Table if self.view.short => {
                let row = table_row(r, None, self.adjudicate);
                let line = row.short_line(self.adjudicate);
                writeln!(
                    self.out,
                    "{}",
                    table::paint_line(&line, row.mark, self.view.color)
                )
            }
            ReportFormat::Table => {
                // Games of one file share their source's text.
                let same = self.rows.last().map(|l| l.source.clone());
                self.rows.push(table_row(r, same, self.adjudicate));
                if self.rows.len() >= TABLE_BLOCK_ROWS {
                    self.print_table()?;
                }
                Ok(())
            }
        }
    }

    /// The output, for a command that prints something else than reports (dedupe).
    pub(crate) fn into_inner(self) -> W {
        self.out
    }

    pub(crate) fn finish(mut self, summary: &Summary) -> std::io::Result<()> {
        match self.format {
            ReportFormat::Table => {
                self.print_table()?;
                // Wrapped at the width between words, the lines after the first indented.
                for l in table::wrap_glued(&summary.glued_line(), self.view.width, "  ") {
                    writeln!(self.out, "{l}")?;
                }
                Ok(())
            }
            ReportFormat::Yaml => {
                if !self.yaml_started {
                    writeln!(self.out, "[]")?;
                }
                Ok(())
            }
            ReportFormat::Json => Ok(()),
        }
    }
}

/// A report's row (`same`: the source of the row before, shared when it is this one's).
fn table_row(r: &GameReport, same: Option<Arc<str>>, adjudicate: bool) -> Row {
    let (status, status_short) = match &r.error {
        None => ("valid".to_string(), "valid".to_string()),
        Some(e) => {
            let at = match (e.ply, e.line, e.column, e.offset) {
                (Some(p), Some(l), Some(c), _) => format!(" at ply {p} ({l}:{c})"),
                (Some(p), _, _, Some(o)) => format!(" at ply {p} (byte {o})"),
                (None, Some(l), Some(c), _) => format!(" at {l}:{c}"),
                (None, _, _, Some(o)) => format!(" at byte {o}"),
                (Some(p), _, _, _) => format!(" at ply {p}"),
                _ => String::new(),
            };
            let short = match e.ply {
                Some(p) => format!("{} @{p}", e.kind),
                None => e.kind.to_string(),
            };
            (format!("{}{at}", e.kind), short)
        }
    };
    let verdict = match &r.verdict {
        Some(v) if v.reason == Reason::Unfinished => Some("* (unfinished)".to_string()),
        Some(v) => Some(format!("{} {} @{}", v.result, v.reason, v.ply)),
        None => None,
    };
    let mark = if r.error.is_some() || r.input_failure {
        Mark::Invalid
    } else if adjudicate && r.agrees == Some(false) {
        Mark::Disputed
    } else {
        Mark::Plain
    };
    Row {
        source: same
            .filter(|s| **s == *r.source)
            .unwrap_or_else(|| Arc::from(r.source.as_str())),
        number: game_number(r.index),
        game: r.game.map(|g| g.name()).unwrap_or(""),
        plies: r.plies,
        status,
        status_short,
        claimed: r.claimed.clone(),
        verdict,
        agrees: r.agrees,
        mark,
    }
}

/// What the position shown with an explanation is: the repeated one for a repetition ruling,
/// else the one that decided.
pub(crate) fn position_title(v: &Verdict) -> String {
    let repetition = matches!(
        v.reason,
        Reason::PerpetualCheck
            | Reason::PerpetualChase
            | Reason::PerpetualMateThreat
            | Reason::PerpetualAttack
            | Reason::RepetitionDraw
            | Reason::Repetition
    );
    if v.cycle.is_some() || repetition {
        format!("the repeated position (after ply {})", v.ply)
    } else if v.ply == 0 {
        "the start position".to_string()
    } else {
        format!("the deciding position (after ply {})", v.ply)
    }
}

/// `text` followed by spaces up to `width` terminal columns (wide CJK characters count two).
fn pad_to_width(text: &str, width: usize) -> String {
    let w = unicode_width::UnicodeWidthStr::width(text);
    format!("{text}{}", " ".repeat(width.saturating_sub(w)))
}

/// A paragraph wrapped between words at `width` (no wrapping without a width: piped), the
/// lines after the first starting with `indent`.
fn paragraph(text: &str, width: Option<usize>, first: &str, indent: &str) -> String {
    let text = format!("{first}{text}");
    match width {
        None => format!("{}\n", text.replace(table::GLUE, " ")),
        Some(w) => {
            let mut s = String::new();
            for l in table::wrap_glued(&text, w, indent) {
                s.push_str(&l);
                s.push('\n');
            }
            s
        }
    }
}

/// The verdict's detail without the list of the cycle's moves (the table under it lists them).
fn detail_without_cycle(v: &Verdict) -> String {
    match &v.cycle {
        Some(c) => v
            .detail
            .replacen(&format!(": {}", CycleMove::listing(c)), "", 1),
        None => v.detail.clone(),
    }
}

/// The cycle's moves, a line each: ply, side, move, class, targets (wrapped under their
/// column when the line would pass `width`).
fn cycle_table(cycle: &[CycleMove], width: Option<usize>) -> String {
    use unicode_width::UnicodeWidthStr;
    let class = |m: &CycleMove| format!("{} {}", m.kind.as_str(), m.label());
    // A column is as wide as its widest cell, and at least as wide as its heading.
    let column = |cell: &dyn Fn(&CycleMove) -> usize, heading: &str| {
        cycle.iter().map(cell).max().unwrap_or(0).max(heading.len())
    };
    let w_ply = column(&|m| m.ply.to_string().len(), "ply");
    let w_side = column(&|m| m.side.width(), "side");
    let w_move = column(&|m| m.move_text.width(), "move");
    let w_class = column(&|m| class(m).width(), "class");
    // Two spaces between the columns, one where that leaves no room for the targets.
    let narrow = |gap: usize| 2 + w_ply + w_side + w_move + w_class + 4 * gap + "targets".len();
    let gap = if width.is_some_and(|w| narrow(2) > w) {
        1
    } else {
        2
    };
    let lead = narrow(gap) - "targets".len();
    let sp = " ".repeat(gap);
    let row = |ply: &str, side: &str, mv: &str, class: &str| {
        format!(
            "  {ply:>w_ply$}{sp}{}{sp}{}{sp}{}{sp}",
            pad_to_width(side, w_side),
            pad_to_width(mv, w_move),
            pad_to_width(class, w_class)
        )
    };
    let mut s = row("ply", "side", "move", "class");
    s.push_str("targets\n");
    for m in cycle {
        let head = row(&m.ply.to_string(), &m.side, &m.move_text, &class(m));
        let targets = m.targets.join(" ");
        let room = width.map(|w| w.saturating_sub(lead));
        match room {
            Some(r) if targets.width() > r => {
                // Under the targets column when it has room for a target, else indented.
                let (room, pad) = if r >= 8 {
                    (r, lead)
                } else {
                    (width.unwrap_or(0) - 6, 6)
                };
                let lines = textwrap::wrap(&targets, table::wrapping(room).width(room));
                s.push_str(head.trim_end());
                s.push('\n');
                for l in lines {
                    s.push_str(&format!("{}{l}\n", " ".repeat(pad)));
                }
            }
            _ => {
                s.push_str(format!("{head}{targets}").trim_end());
                s.push('\n');
            }
        }
    }
    s
}

/// The text of `adjudicate --explain` for one verdict: the ruling, a repetition cycle move by
/// move with each move's class and targets (said once: the ruling's text leaves the list to
/// the table), and the diagram of the position that decided (`diagram`, the game's `show` at
/// the verdict's ply). With a `width` (a terminal's), the prose is wrapped between words.
pub(crate) fn explain(
    source: &str,
    index: usize,
    v: &Verdict,
    remarks: &[String],
    diagram: Option<&str>,
    width: Option<usize>,
) -> String {
    let head = format!(
        "{source}, game {}: {} {} at {}: {}",
        game_number(index),
        v.result,
        v.reason,
        table::glued(&format!("ply {}", v.ply)),
        detail_without_cycle(v)
    );
    let mut s = paragraph(&head, width, "", "  ");
    if let Some(cycle) = &v.cycle {
        s.push_str(&cycle_table(cycle, width));
    }
    if let Some(sides) = &v.sides {
        s.push_str(&paragraph(
            &crate::core::verdict::CycleSide::summary(sides),
            width,
            "  ",
            "    ",
        ));
    }
    for r in remarks {
        s.push_str(&paragraph(r, width, "  note: ", "    "));
    }
    if let Some(d) = diagram {
        s.push_str(&format!("  {}:\n", position_title(v)));
        // A board's rows as drawn, never wrapped (a Junqi board needs about 60 columns); the
        // lines of words under it (the move, the side to move, the FEN) wrapped.
        for l in d.lines() {
            if l.starts_with(|c: char| c.is_ascii_alphabetic()) {
                s.push_str(&paragraph(l, width, "    ", "      "));
            } else {
                s.push_str("    ");
                s.push_str(l);
                s.push('\n');
            }
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use unicode_width::UnicodeWidthStr;

    #[test]
    fn cycle_columns_line_up_in_terminal_columns() {
        // Chinese move texts are two columns a character: the class column must start at the
        // same terminal column for them as for ICCS texts.
        let rows = [pad_to_width("馬七進六", 12), pad_to_width("h2e2", 12)];
        for r in &rows {
            assert_eq!(r.width(), 12, "{r:?}");
        }
        assert_eq!(
            pad_to_width("a very long move text", 4),
            "a very long move text"
        );
    }
}

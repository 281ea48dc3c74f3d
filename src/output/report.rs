//! The reports printed: a comfy-table with a summary line, JSON Lines or YAML, and the text
//! of `adjudicate --explain`.

use crate::core::verdict::{Reason, Verdict};
use crate::driver::report::{GameReport, Summary, game_number};
use crate::output::table::{self, Mark, Row, View};
use std::sync::Arc;

/// `--report`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReportFormat {
    Table,
    Json,
    Yaml,
}

/// Rows of the table printed at a time: a batch of millions of games is printed as tables of
/// this many rows each (memory stays flat); smaller batches are one table.
pub const TABLE_BLOCK_ROWS: usize = 10_000;

/// Writes reports as they come; the table is printed at the end (or in blocks of
/// [`TABLE_BLOCK_ROWS`] rows), the lines of `--format short` as they come.
pub struct ReportWriter<W: std::io::Write> {
    format: ReportFormat,
    out: W,
    rows: Vec<Row>,
    yaml_started: bool,
    adjudicate: bool,
    view: View,
}

impl<W: std::io::Write> ReportWriter<W> {
    pub fn new(format: ReportFormat, out: W, adjudicate: bool) -> Self {
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
    pub fn with_view(mut self, view: View) -> Self {
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

    pub fn write(&mut self, r: &GameReport) -> std::io::Result<()> {
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
    pub fn into_inner(self) -> W {
        self.out
    }

    pub fn finish(mut self, summary: &Summary) -> std::io::Result<()> {
        match self.format {
            ReportFormat::Table => {
                self.print_table()?;
                // Wrapped at the width between words, the lines after the first indented.
                let line = summary.line();
                let options = table::wrapping(self.view.width).subsequent_indent("  ");
                for l in textwrap::wrap(&line, options) {
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
pub fn position_title(v: &Verdict) -> String {
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

/// The text of `adjudicate --explain` for one verdict: the ruling, a repetition cycle move by
/// move with each move's class and targets, and the diagram of the position that decided
/// (`diagram`, the game's `show` at the verdict's ply).
/// `text` followed by spaces up to `width` terminal columns (wide CJK characters count two).
fn pad_to_width(text: &str, width: usize) -> String {
    let w = unicode_width::UnicodeWidthStr::width(text);
    format!("{text}{}", " ".repeat(width.saturating_sub(w)))
}

pub fn explain(
    source: &str,
    index: usize,
    v: &Verdict,
    remarks: &[String],
    diagram: Option<&str>,
) -> String {
    let mut s = format!(
        "{source}, game {}: {} {} at ply {}: {}\n",
        game_number(index),
        v.result,
        v.reason,
        v.ply,
        v.detail
    );
    if let Some(cycle) = &v.cycle {
        s.push_str(&format!(
            "  {:>8}  {:<6} {:<12} {:<12} {}\n",
            "ply", "side", "move", "class", "targets"
        ));
        for m in cycle {
            // Padded by display width: a Chinese move text is twice as wide as its chars.
            s.push_str(&format!(
                "  ply {:>4}  {:<6} {} {:<12} {}\n",
                m.ply,
                m.side,
                pad_to_width(&m.move_text, 12),
                format!("{} {}", m.kind.as_str(), m.kind.label()),
                m.targets.join(" ")
            ));
        }
    }
    if let Some(sides) = &v.sides {
        s.push_str(&format!(
            "  {}\n",
            crate::core::verdict::CycleSide::summary(sides)
        ));
    }
    for r in remarks {
        s.push_str(&format!("  note: {r}\n"));
    }
    if let Some(d) = diagram {
        s.push_str(&format!("  {}:\n", position_title(v)));
        for l in d.lines() {
            s.push_str("    ");
            s.push_str(l);
            s.push('\n');
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

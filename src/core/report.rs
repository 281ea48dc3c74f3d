//! The report: one object per game (spec: "The report"), printed as a comfy-table with a
//! summary line, as JSON Lines, or as YAML.

use crate::core::encoding::line_col;
use crate::core::error::{ErrorKind, RecordError, Warning};
use crate::core::game::Checked;
use crate::core::record::{GameKind, Record};
use crate::core::verdict::{self, Reason, Verdict};
use serde::Serialize;
use std::collections::BTreeMap;

/// A game's number in human-readable output: games count from 1, as plies do. (The JSON
/// report's `index`, and `show --game-index`, count from 0, as the spec has them.)
pub fn game_number(index: usize) -> usize {
    index.saturating_add(1)
}

/// `n` and a noun, plural unless `n` is 1: "1 file", "2 files".
pub fn counted(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// `error` of the report.
#[derive(Debug, Clone, Serialize)]
pub struct ErrorReport {
    pub kind: ErrorKind,
    pub message: String,
    pub ply: Option<usize>,
    #[serde(rename = "move")]
    pub move_text: Option<String>,
    pub line: Option<usize>,
    pub column: Option<usize>,
    /// Byte offset in the file, for binary formats.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub offset: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub help: Option<String>,
}

impl ErrorReport {
    pub fn from_error(e: &RecordError, text: Option<&str>) -> ErrorReport {
        let (line, column, offset) = match (e.span, text) {
            (Some(s), Some(t)) => {
                let (l, c) = line_col(t, s.start);
                (Some(l), Some(c), None)
            }
            (Some(s), None) => (None, None, Some(s.start)),
            (None, _) => (None, None, None),
        };
        ErrorReport {
            kind: e.kind,
            message: e.message.clone(),
            ply: e.ply,
            move_text: e.move_text.clone(),
            line,
            column,
            offset,
            help: e.help.clone(),
        }
    }
}

/// One game's report, in the field order of the spec.
#[derive(Debug, Clone, Serialize)]
pub struct GameReport {
    pub source: String,
    pub index: usize,
    pub game: Option<GameKind>,
    pub format: Option<&'static str>,
    pub valid: bool,
    pub plies: usize,
    pub error: Option<ErrorReport>,
    pub claimed: Option<String>,
    pub verdict: Option<Verdict>,
    pub agrees: Option<bool>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub warnings: Vec<Warning>,
    /// The whole input failed (could not be opened, detected or decoded): exit status 2.
    #[serde(skip)]
    pub input_failure: bool,
}

impl GameReport {
    /// Turns the error's byte offset into line and column with the file's index (reports
    /// made without the text carry the offset only; see `cli::check`).
    pub fn locate(&mut self, index: &crate::core::encoding::LineIndex<'_>) {
        if let Some(e) = &mut self.error
            && let Some(o) = e.offset.take()
        {
            let (l, c) = index.line_col(o);
            e.line = Some(l);
            e.column = Some(c);
        }
    }

    /// A report for a checked record.
    pub fn from_checked(
        source: &str,
        record: &Record,
        checked: Checked,
        text: Option<&str>,
        adjudicate: bool,
    ) -> GameReport {
        let valid = checked.error.is_none();
        let claimed = record.claim.as_ref().map(|c| c.result.as_str().to_string());
        // Spec: an invalid game gets no verdict beyond its error, and agrees = false.
        let agrees = match (&checked.verdict, adjudicate) {
            (Some(v), true) => verdict::agrees(record.claim.as_ref(), v),
            (None, true) if !valid => Some(false),
            _ => None,
        };
        GameReport {
            source: source.to_string(),
            index: record.index,
            game: Some(record.game),
            format: Some(record.format),
            valid,
            plies: checked.plies,
            error: checked
                .error
                .as_ref()
                .map(|e| ErrorReport::from_error(e, text)),
            claimed,
            verdict: if adjudicate { checked.verdict } else { None },
            agrees,
            warnings: checked.warnings,
            input_failure: false,
        }
    }

    /// A report for a game that could not be read at all.
    pub fn unreadable(
        source: &str,
        index: usize,
        game: Option<GameKind>,
        format: Option<&'static str>,
        error: &RecordError,
        text: Option<&str>,
        adjudicate: bool,
    ) -> GameReport {
        GameReport {
            source: source.to_string(),
            index,
            game,
            format,
            valid: false,
            plies: 0,
            error: Some(ErrorReport::from_error(error, text)),
            claimed: None,
            verdict: None,
            agrees: if adjudicate { Some(false) } else { None },
            warnings: Vec::new(),
            input_failure: false,
        }
    }

    /// A report for an input that failed as a whole.
    pub fn input_failure(source: &str, kind: ErrorKind, message: &str) -> GameReport {
        GameReport {
            source: source.to_string(),
            index: 0,
            game: None,
            format: None,
            valid: false,
            plies: 0,
            error: Some(ErrorReport {
                kind,
                message: message.to_string(),
                ply: None,
                move_text: None,
                line: None,
                column: None,
                offset: None,
                help: None,
            }),
            claimed: None,
            verdict: None,
            agrees: None,
            warnings: Vec::new(),
            input_failure: true,
        }
    }

    /// Invalid, or (adjudicate) the claim disagrees: exit status 1.
    pub fn is_bad(&self) -> bool {
        !self.valid || self.agrees == Some(false)
    }

    pub fn disputed(&self) -> bool {
        self.valid && self.agrees == Some(false)
    }
}

/// Counts for the summary line.
#[derive(Debug, Default, Clone, Serialize)]
pub struct Summary {
    pub files: usize,
    pub games: usize,
    pub valid: usize,
    pub invalid: usize,
    pub disputed: usize,
    pub unreadable_inputs: usize,
    /// Games read and left out by `--where` (not in the other counts).
    pub left_out: usize,
    pub by_reason: BTreeMap<String, usize>,
    pub by_error: BTreeMap<String, usize>,
    pub seconds: f64,
}

impl Summary {
    pub fn add(&mut self, r: &GameReport) {
        if r.input_failure {
            self.unreadable_inputs += 1;
            return;
        }
        self.games += 1;
        if r.valid {
            self.valid += 1;
        } else {
            self.invalid += 1;
        }
        if r.disputed() {
            self.disputed += 1;
        }
        if let Some(v) = &r.verdict {
            *self
                .by_reason
                .entry(v.reason.as_str().to_string())
                .or_default() += 1;
        }
        if let Some(e) = &r.error {
            *self
                .by_error
                .entry(e.kind.as_str().to_string())
                .or_default() += 1;
        }
    }

    pub fn line(&self) -> String {
        let mut s = format!(
            "{}, {}: {} valid, {} invalid, {} disputed",
            counted(self.files, "file"),
            counted(self.games, "game"),
            self.valid,
            self.invalid,
            self.disputed
        );
        if self.unreadable_inputs > 0 {
            s.push_str(&format!(
                ", {} unreadable",
                counted(self.unreadable_inputs, "input")
            ));
        }
        if self.left_out > 0 {
            s.push_str(&format!(", {} left out by --where", self.left_out));
        }
        if !self.by_reason.is_empty() {
            let parts: Vec<String> = self
                .by_reason
                .iter()
                .map(|(k, v)| format!("{k} {v}"))
                .collect();
            s.push_str(&format!("; verdicts: {}", parts.join(", ")));
        }
        if !self.by_error.is_empty() {
            let parts: Vec<String> = self
                .by_error
                .iter()
                .map(|(k, v)| format!("{k} {v}"))
                .collect();
            s.push_str(&format!("; errors: {}", parts.join(", ")));
        }
        if self.seconds > 0.0 {
            // Every game read counts for the rate, the ones --where left out too.
            s.push_str(&format!(
                "; {:.2} s, {:.0} games/s",
                self.seconds,
                (self.games + self.left_out) as f64 / self.seconds.max(1e-9)
            ));
        }
        s
    }
}

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
/// [`TABLE_BLOCK_ROWS`] rows).
pub struct ReportWriter<W: std::io::Write> {
    format: ReportFormat,
    out: W,
    rows: Vec<[String; 8]>,
    yaml_started: bool,
    adjudicate: bool,
}

impl<W: std::io::Write> ReportWriter<W> {
    pub fn new(format: ReportFormat, out: W, adjudicate: bool) -> Self {
        ReportWriter {
            format,
            out,
            rows: Vec::new(),
            yaml_started: false,
            adjudicate,
        }
    }

    /// Prints the rows kept so far as one table.
    fn print_table(&mut self) -> std::io::Result<()> {
        if self.rows.is_empty() {
            return Ok(());
        }
        let mut t = comfy_table::Table::new();
        t.load_style(comfy_table::presets::UTF8_FULL_CONDENSED);
        t.set_content_arrangement(comfy_table::ContentArrangement::Dynamic);
        let mut header = vec!["source", "#", "game", "plies", "status"];
        if self.adjudicate {
            header.extend(["claimed", "verdict", "agrees"]);
        }
        let columns = header.len();
        t.set_header(header);
        for row in self.rows.drain(..) {
            t.add_row(row.into_iter().take(columns));
        }
        writeln!(self.out, "{t}")
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
            ReportFormat::Table => {
                self.rows.push(table_row(r));
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
                writeln!(self.out, "{}", summary.line())
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

fn table_row(r: &GameReport) -> [String; 8] {
    let status = match &r.error {
        None => "valid".to_string(),
        Some(e) => {
            let at = match (e.ply, e.line, e.column, e.offset) {
                (Some(p), Some(l), Some(c), _) => format!(" at ply {p} ({l}:{c})"),
                (Some(p), _, _, Some(o)) => format!(" at ply {p} (byte {o})"),
                (None, Some(l), Some(c), _) => format!(" at {l}:{c}"),
                (None, _, _, Some(o)) => format!(" at byte {o}"),
                (Some(p), _, _, _) => format!(" at ply {p}"),
                _ => String::new(),
            };
            format!("{}{at}", e.kind)
        }
    };
    let verdict = match &r.verdict {
        Some(v) if v.reason == Reason::Unfinished => "* (unfinished)".to_string(),
        Some(v) => format!("{} {} @{}", v.result, v.reason, v.ply),
        None => "-".to_string(),
    };
    [
        r.source.clone(),
        game_number(r.index).to_string(),
        r.game.map(|g| g.name().to_string()).unwrap_or_default(),
        r.plies.to_string(),
        status,
        r.claimed.clone().unwrap_or_else(|| "-".to_string()),
        verdict,
        match r.agrees {
            Some(true) => "yes".to_string(),
            Some(false) => "NO".to_string(),
            None => "-".to_string(),
        },
    ]
}

/// Whether a verdict was decided on the board by a rule (not by the record's own events or
/// claim, and not "unfinished").
pub fn decided_on_board(v: &Verdict) -> bool {
    !matches!(
        v.reason,
        Reason::Resignation | Reason::Timeout | Reason::Agreement | Reason::Unfinished
    )
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

pub fn explain(source: &str, index: usize, v: &Verdict, diagram: Option<&str>) -> String {
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
        let words: Vec<String> = sides
            .iter()
            .map(|s| {
                format!(
                    "{} {} ({})",
                    s.side,
                    s.term,
                    if s.forbidden { "forbidden" } else { "allowed" }
                )
            })
            .collect();
        s.push_str(&format!("  {}\n", words.join("; ")));
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

//! The report: one object per game (spec: "The report"), and the counts of the summary line;
//! the output layer prints them.

use crate::core::encoding::line_col;
use crate::core::error::{ErrorKind, RecordError, Warning};
use crate::core::game::{Analysis, Checked, Game};
use crate::core::record::{GameKind, Record};
use crate::core::rules::Rules;
use crate::core::verdict::{self, Reason, Verdict};
use serde::Serialize;
use std::collections::BTreeMap;

pub(crate) use crate::core::record::game_number;

/// `n` and a noun, plural unless `n` is 1: "1 file", "2 files".
pub(crate) fn counted(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// A space that wrapping never breaks at: inside a unit such as `perpetual-chase 1` or `647
/// games/s` (`output::table::wrap_glued` prints it as a plain space).
pub(crate) const GLUE: char = '\u{a0}';

/// `words` with their spaces turned into [`GLUE`]s: one unit, never wrapped inside.
pub(crate) fn glued(words: &str) -> String {
    words.replace(' ', "\u{a0}")
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
    /// `adjudicate --explain` with a JSON or YAML report: the game's own analysis of its moves
    /// (Othello: where the game was lost, docs/games/othello.md); absent otherwise, so that
    /// the report without `--explain` is unchanged.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub analysis: Option<Analysis>,
    /// `adjudicate --explain` with a JSON or YAML report: the notes the text prints under the
    /// ruling (Xiangqi: the rulebook edition the record's Date suggests, and that edition's
    /// ruling when it differs); absent when there are none.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
    /// The whole input failed (could not be opened, detected or decoded): exit status 2.
    #[serde(skip)]
    pub input_failure: bool,
}

impl GameReport {
    /// Turns the error's byte offset into line and column with the file's index (reports
    /// made without the text carry the offset only; see `cli::check`).
    pub(crate) fn locate(&mut self, index: &crate::core::encoding::LineIndex<'_>) {
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
            analysis: None,
            notes: Vec::new(),
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
            analysis: None,
            notes: Vec::new(),
            input_failure: false,
        }
    }

    /// A report for an input that failed as a whole.
    pub(crate) fn input_failure(source: &str, kind: ErrorKind, message: &str) -> GameReport {
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
            analysis: None,
            notes: Vec::new(),
            input_failure: true,
        }
    }

    /// Adds the game's analysis of its moves (`adjudicate --explain` in a JSON or YAML
    /// report, Python's `explain=True`) to an adjudicated game with a verdict.
    pub(crate) fn explain_with(&mut self, game: &dyn Game, record: &Record, rules: &Rules) {
        if let Some(v) = &self.verdict {
            self.analysis = game.analysis(record, rules);
            self.notes = game.explain_remarks(record, rules, v);
        }
    }

    /// Invalid, or (adjudicate) the claim disagrees: exit status 1.
    pub(crate) fn is_bad(&self) -> bool {
        !self.valid || self.agrees == Some(false)
    }

    pub(crate) fn disputed(&self) -> bool {
        self.valid && self.agrees == Some(false)
    }
}

/// Counts for the summary line.
#[derive(Debug, Default, Clone, Serialize)]
pub(crate) struct Summary {
    pub files: usize,
    pub games: usize,
    pub valid: usize,
    pub invalid: usize,
    pub disputed: usize,
    pub unreadable_inputs: usize,
    /// Inputs named that do not exist (counted in `unreadable_inputs` too).
    #[serde(skip_serializing_if = "is_zero")]
    pub not_found: usize,
    /// Inputs that hold no record: an empty or blank file, a directory without record files
    /// (exit status 1: nothing in them was checked).
    #[serde(skip_serializing_if = "is_zero")]
    pub without_records: usize,
    /// Games read and left out by `--where` (not in the other counts).
    pub left_out: usize,
    pub by_reason: BTreeMap<String, usize>,
    pub by_error: BTreeMap<String, usize>,
    pub seconds: f64,
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

/// `; what: name n, name n` for the counts by name, when there are any.
fn push_counts(s: &mut String, what: &str, counts: &BTreeMap<String, usize>) {
    if counts.is_empty() {
        return;
    }
    let parts: Vec<String> = counts
        .iter()
        .map(|(k, v)| format!("{k}{GLUE}{v}"))
        .collect();
    s.push_str(&format!("; {what}: {}", parts.join(", ")));
}

impl Summary {
    pub(crate) fn add(&mut self, r: &GameReport) {
        if r.input_failure {
            self.unreadable_inputs += 1;
            if r.error
                .as_ref()
                .is_some_and(|e| e.kind == ErrorKind::NotFound)
            {
                self.not_found += 1;
            }
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

    /// The inputs that gave no game, by why: `1 input not found`, `2 inputs unreadable`,
    /// `1 input without records` (the ones there are), for the summary lines.
    pub(crate) fn input_counts(&self) -> Vec<String> {
        let unreadable = self.unreadable_inputs - self.not_found.min(self.unreadable_inputs);
        [
            (self.not_found, "not found"),
            (unreadable, "unreadable"),
            (self.without_records, "without records"),
        ]
        .into_iter()
        .filter(|&(n, _)| n > 0)
        .map(|(n, why)| format!("{} {why}", counted(n, "input")))
        .collect()
    }

    /// The summary line.
    pub(crate) fn line(&self) -> String {
        self.glued_line().replace(GLUE, " ")
    }

    /// The summary line with [`GLUE`]s inside its units (`perpetual-chase 1`, `0.12 s`,
    /// `647 games/s`), for wrapping between units only (`output::table::wrap_glued`).
    pub(crate) fn glued_line(&self) -> String {
        let mut s = format!(
            "{}, {}: {}, {}, {}",
            glued(&counted(self.files, "file")),
            glued(&counted(self.games, "game")),
            glued(&format!("{} valid", self.valid)),
            glued(&format!("{} invalid", self.invalid)),
            glued(&format!("{} disputed", self.disputed)),
        );
        for unit in self.input_counts() {
            s.push_str(", ");
            s.push_str(&glued(&unit));
        }
        if self.left_out > 0 {
            s.push_str(&format!(
                ", {}",
                glued(&format!("{} left out by --where", self.left_out))
            ));
        }
        push_counts(&mut s, "verdicts", &self.by_reason);
        push_counts(&mut s, "errors", &self.by_error);
        if self.seconds > 0.0 {
            // Every game read counts for the rate, the ones --where left out too.
            s.push_str(&format!(
                "; {}, {}",
                glued(&format!("{:.2} s", self.seconds)),
                glued(&{
                    let rate = (self.games + self.left_out) as f64 / self.seconds.max(1e-9);
                    // A slow game (a solve) is not "0 games/s".
                    if rate < 10.0 {
                        format!("{rate:.2} games/s")
                    } else {
                        format!("{rate:.0} games/s")
                    }
                })
            ));
        }
        s
    }
}

/// Whether a verdict was decided on the board by a rule (not by the record's own events or
/// claim, and not "unfinished").
pub fn decided_on_board(v: &Verdict) -> bool {
    !matches!(
        v.reason,
        Reason::Resignation | Reason::Timeout | Reason::Agreement | Reason::Unfinished
    )
}

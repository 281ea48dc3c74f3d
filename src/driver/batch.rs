//! Checking records as a library: validating or adjudicating files into the report objects
//! of the CLI's `--report json` (the same [`GameReport`] and serializer), in input order, on
//! all cores, with the CLI's own batch driver (`driver::run`) and settings
//! ([`crate::driver::settings::Settings`]). The Python package and the crate's users call
//! this.

use crate::core::encoding::LineIndex;
use crate::core::error::{ErrorKind, RecordError};
use crate::core::record::Record;
use crate::driver::input;
use crate::driver::report::GameReport;
use crate::driver::run::{self, Consumer, Ctx, Delivered};
use crate::driver::settings::Settings;
use std::sync::atomic::AtomicBool;

/// The report of one record (`text`: the decoded file its spans point into, when it is a
/// text format).
pub fn check_record(
    settings: &Settings,
    source: &str,
    record: &Record,
    text: Option<&str>,
    adjudicate: bool,
) -> GameReport {
    let rules = settings.rules_for(record.game);
    let Some(game) = crate::driver::registry::get(record.game) else {
        let e = RecordError::new(ErrorKind::Unsupported, "this game is not in this build");
        return GameReport::unreadable(source, record.index, None, None, &e, None, adjudicate);
    };
    let checked = game.check(record, &rules, adjudicate);
    let mut r = GameReport::from_checked(source, record, checked, None, adjudicate);
    if let Some(t) = text {
        r.locate(&LineIndex::new(t));
    }
    r
}

/// [`check_record`] adjudicated, with the game's analysis of its moves: the report of
/// `adjudicate --explain --report json` (`GameReport::analysis`).
pub fn explain_record(
    settings: &Settings,
    source: &str,
    record: &Record,
    text: Option<&str>,
) -> GameReport {
    let mut r = check_record(settings, source, record, text, true);
    if let Some(game) = crate::driver::registry::get(record.game) {
        r.explain_with(game, record, &settings.rules_for(record.game));
    }
    r
}

/// Validates (or adjudicates) every input with the streaming batch driver
/// (`driver::run`, the CLI's) on the current rayon pool: `each` receives the reports
/// in input order (the inputs that could not be found first, as the CLI prints them), a file
/// or a piece of a streamed one at a time; it returns `false` to stop.
pub(crate) fn check_inputs(
    settings: &Settings,
    inputs: &[String],
    adjudicate: bool,
    each: impl FnMut(Vec<GameReport>) -> bool,
) {
    check_inputs_in(None, settings, inputs, adjudicate, each)
}

/// [`check_inputs`] on `pool` (rayon's global pool when `None`). The calling thread takes the
/// results in order while the pool's threads check, so it must not be one of that pool's
/// threads (with one thread it would wait for itself): call it from the main thread or a
/// thread of its own, not inside `pool.install`.
pub fn check_inputs_in(
    pool: Option<&rayon::ThreadPool>,
    settings: &Settings,
    inputs: &[String],
    adjudicate: bool,
    each: impl FnMut(Vec<GameReport>) -> bool,
) {
    run_inputs(pool, settings, inputs, (adjudicate, false), each)
}

/// [`check_inputs_in`] adjudicating, each report with the game's analysis of its moves: the
/// reports of `adjudicate --explain --report json` (`GameReport::analysis`).
pub fn explain_inputs_in(
    pool: Option<&rayon::ThreadPool>,
    settings: &Settings,
    inputs: &[String],
    each: impl FnMut(Vec<GameReport>) -> bool,
) {
    run_inputs(pool, settings, inputs, (true, true), each)
}

/// The batch of [`check_inputs_in`]: `(adjudicate, analysis)`.
fn run_inputs(
    pool: Option<&rayon::ThreadPool>,
    settings: &Settings,
    inputs: &[String],
    (adjudicate, analysis): (bool, bool),
    mut each: impl FnMut(Vec<GameReport>) -> bool,
) {
    let (files, problems) = settings.collect(inputs);
    let failures: Vec<GameReport> = problems
        .iter()
        .map(|p| GameReport::input_failure(&p.source, p.kind, &p.message))
        .collect();
    if !failures.is_empty() && !each(failures) {
        return;
    }
    let sizes = input::file_sizes(&files);
    let keep_records = AtomicBool::new(false);
    let ctx = Ctx::<()> {
        analysis,
        ..Ctx::plain(settings, adjudicate, &keep_records)
    };
    let mut reports = Reports {
        each,
        stopped: false,
    };
    run::run(pool, &files, &sizes, &ctx, &mut reports);
}

/// The consumer of [`check_inputs`]: the reports of each delivery to `each`.
struct Reports<F> {
    each: F,
    stopped: bool,
}

impl<F: FnMut(Vec<GameReport>) -> bool> Consumer<()> for Reports<F> {
    fn take(&mut self, delivered: Delivered<()>) {
        let reports: Vec<GameReport> = delivered.games.into_iter().map(|g| g.report).collect();
        if !reports.is_empty() && !(self.each)(reports) {
            self.stopped = true;
        }
    }

    fn stopped(&self) -> bool {
        self.stopped
    }
}

/// [`check_inputs`] into one vector.
pub(crate) fn check_all(
    settings: &Settings,
    inputs: &[String],
    adjudicate: bool,
) -> Vec<GameReport> {
    let mut all = Vec::new();
    check_inputs(settings, inputs, adjudicate, |r| {
        all.extend(r);
        true
    });
    all
}

/// One report as the line `--report json` prints for it.
pub fn json_line(report: &GameReport) -> String {
    // A report is plain data; serializing it cannot fail.
    serde_json::to_string(report).unwrap_or_default()
}

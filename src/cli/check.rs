//! `qipu validate` and `qipu adjudicate`: read every input, replay every game (in parallel,
//! reported in input order), print the report and a diagnostic for each invalid game.

use super::common::{self, Setup};
use super::{CheckArgs, EXIT_INVALID, EXIT_OK, EXIT_USAGE};
use crate::core::diagnostic;
use crate::core::game::{ShowOptions, Shown};
use crate::core::html;
use crate::core::output;
use crate::core::report::{GameReport, ReportFormat, ReportWriter, Summary};
use rayon::prelude::*;
use std::io::Write;
use std::time::Instant;

/// Files handled per batch: the reports of a batch are printed before the next starts, so
/// memory stays bounded however many files there are.
const FILES_PER_BATCH: usize = 256;
/// At most this many diagnostics are printed in full.
const MAX_DIAGNOSTICS: usize = 100;

struct FileOutcome {
    reports: Vec<GameReport>,
    diagnostics: Vec<String>,
    /// Per report (same order): the position at the verdict's ply, when an explanation
    /// needs it.
    shown: Vec<Option<Result<Shown, String>>>,
}

/// What `adjudicate` explains: `--explain` (text on stderr), `--html FILE` (`--force` replaces
/// an existing file).
#[derive(Debug, Clone, Default)]
pub struct Explain {
    pub text: bool,
    pub html: Option<String>,
    pub force: bool,
}

pub fn run(args: &CheckArgs, adjudicate: bool, explain: &Explain) -> i32 {
    let setup = match Setup::new(&args.common) {
        Ok(s) => s,
        Err(e) => return common::usage_error(&e),
    };
    if let Some(path) = &explain.html
        && std::path::Path::new(path).exists()
        && !explain.force
    {
        return common::usage_error(&format!(
            "refusing to overwrite {path}: it exists (use --force to replace it)"
        ));
    }
    let mut page = explain.html.as_ref().map(|_| html::Page::new());
    let format = common::report_format(&args.report);
    let show_diagnostics = format == ReportFormat::Table && !args.common.quiet;
    let color = common::stderr_color();
    let started = Instant::now();
    let (files, problems) = setup.collect(&args.inputs);
    let stdout = std::io::stdout();
    let mut writer = ReportWriter::new(format, stdout.lock());
    let mut summary = Summary::default();
    let mut exit = EXIT_OK;
    let mut diagnostics_printed = 0usize;
    let mut diagnostics_skipped = 0usize;

    for p in &problems {
        exit = EXIT_USAGE;
        if !args.common.quiet {
            eprintln!("qipu: {}: {}", p.source, p.message);
        }
        let r = GameReport::input_failure(&p.source, p.kind, &p.message);
        summary.add(&r);
        if writer.write(&r).is_err() {
            return EXIT_USAGE;
        }
    }
    let bar = common::progress(&args.common, files.len() as u64);
    let from = args.common.from.as_deref();
    let game = args.common.game.map(|g| g.kind());
    summary.files = files.len();
    let mut games_done = 0usize;

    for batch in files.chunks(FILES_PER_BATCH) {
        // Pictures are made only while the page has room for more explained games.
        let html = page.as_ref().is_some_and(html::Page::has_room);
        let outcomes: Vec<FileOutcome> = common::with_pool(args.common.jobs, || {
            batch
                .par_iter()
                .map(|file| {
                    check_file(
                        &setup,
                        file,
                        from,
                        game,
                        adjudicate,
                        (explain.text, html),
                        show_diagnostics,
                        color,
                    )
                })
                .collect()
        });
        for o in outcomes {
            for (i, r) in o.reports.iter().enumerate() {
                if let Some(p) = &mut page {
                    p.add(r, o.shown.get(i).and_then(Option::as_ref));
                }
                if r.input_failure {
                    exit = EXIT_USAGE;
                } else if r.is_bad() && exit == EXIT_OK {
                    exit = EXIT_INVALID;
                }
                summary.add(r);
                if writer.write(r).is_err() {
                    // stdout closed (a pipe): stop quietly.
                    return exit.max(EXIT_INVALID);
                }
            }
            games_done += o.reports.len();
            for d in o.diagnostics {
                if diagnostics_printed < MAX_DIAGNOSTICS {
                    bar.suspend(|| eprint!("{d}"));
                    diagnostics_printed += 1;
                } else {
                    diagnostics_skipped += 1;
                }
            }
            bar.inc(1);
        }
        let secs = started.elapsed().as_secs_f64().max(1e-9);
        bar.set_message(format!(
            "{games_done} games, {:.0} games/s",
            games_done as f64 / secs
        ));
    }
    bar.finish_and_clear();
    if diagnostics_skipped > 0 {
        eprintln!(
            "qipu: {diagnostics_skipped} more diagnostics not shown (use --report json for all errors)"
        );
    }
    summary.seconds = started.elapsed().as_secs_f64();
    if writer.finish(&summary, adjudicate).is_err() {
        return exit.max(EXIT_INVALID);
    }
    if format != ReportFormat::Table && !args.common.quiet {
        eprintln!("{}", summary.line());
    }
    if let (Some(page), Some(path)) = (&page, &explain.html) {
        let inputs: Vec<_> = files
            .iter()
            .filter_map(|f| f.path.as_deref())
            .map(output::canonical)
            .collect();
        let bytes = page.render(&summary);
        if let Err(e) = output::write_atomic(
            std::path::Path::new(path),
            bytes.as_bytes(),
            &inputs,
            explain.force,
        ) {
            eprintln!("qipu: {e}");
            exit = EXIT_USAGE;
        }
    }
    let _ = std::io::stdout().flush();
    exit
}

#[allow(clippy::too_many_arguments)]
fn check_file(
    setup: &Setup,
    file: &crate::core::input::FoundFile,
    from: Option<&str>,
    game: Option<crate::core::record::GameKind>,
    adjudicate: bool,
    (explain, html): (bool, bool),
    show_diagnostics: bool,
    color: bool,
) -> FileOutcome {
    let read = match common::read_file(setup, file, from, game) {
        Ok(r) => r,
        Err(p) => {
            // Files found by walking a directory with a known extension are reported too:
            // a bad file must never vanish from a batch.
            let d = if show_diagnostics {
                vec![format!("qipu: {}: {}\n", p.source, p.message)]
            } else {
                Vec::new()
            };
            return FileOutcome {
                reports: vec![GameReport::input_failure(&p.source, p.kind, &p.message)],
                diagnostics: d,
                shown: vec![None],
            };
        }
    };
    let rules = setup.rules_for(read.game.kind());
    let text = read.input.text.clone();
    // Reports are made without the text and located with one index of it: a file with
    // many errors is not quadratic.
    let index = text.as_deref().map(crate::core::encoding::LineIndex::new);
    type Outcome = (
        GameReport,
        Option<(usize, crate::core::error::RecordError)>,
        Option<Result<Shown, String>>,
    );
    let results: Vec<Outcome> = read
        .records
        .par_iter()
        .enumerate()
        .map(|(i, rec)| {
            let mut shown = None;
            let (mut report, error) = match rec {
                Ok(record) => {
                    let checked = read.game.check(record, &rules, adjudicate);
                    let err = checked.error.clone();
                    let mut r =
                        GameReport::from_checked(&file.display, record, checked, None, adjudicate);
                    r.format = Some(read.format.id);
                    let wanted = (explain && show_diagnostics) || (html && html::wants_section(&r));
                    if let Some(v) = r.verdict.as_ref().filter(|_| wanted) {
                        let opts = ShowOptions {
                            ply: Some(v.ply),
                            color: false,
                            svg: html,
                        };
                        shown = Some(read.game.show(record, &rules, &opts).map_err(|e| e.message));
                    }
                    (r, err.map(|e| (record.index, e)))
                }
                Err(e) => (
                    GameReport::unreadable(
                        &file.display,
                        i,
                        Some(read.game.kind()),
                        Some(read.format.id),
                        e,
                        None,
                        adjudicate,
                    ),
                    Some((i, e.clone())),
                ),
            };
            if let Some(ix) = &index {
                report.locate(ix);
            }
            (report, error, shown)
        })
        .collect();
    let mut reports = Vec::with_capacity(results.len());
    let mut diagnostics = Vec::new();
    let mut shown_all = Vec::with_capacity(results.len());
    for (r, error, sh) in results {
        // Only as many diagnostics are rendered as can be printed.
        if show_diagnostics && diagnostics.len() < MAX_DIAGNOSTICS {
            let mut diag = None;
            if let Some((index, e)) = &error {
                let d = diagnostic::record_diagnostic(&file.display, *index, e, text.as_ref());
                diag = Some(diagnostic::render(&d, color));
            }
            if explain && let Some(v) = &r.verdict {
                let diagram = match &sh {
                    Some(Ok(s)) => Some(s.diagram.clone()),
                    Some(Err(e)) => Some(format!("(the position cannot be shown: {e})")),
                    None => None,
                };
                let s = crate::core::report::explain(&file.display, r.index, v, diagram.as_deref());
                diag = Some(diag.unwrap_or_default() + &s);
            }
            if let Some(d) = diag {
                diagnostics.push(d);
            }
        }
        reports.push(r);
        shown_all.push(sh);
    }
    if reports.is_empty() {
        // Opened and decoded, but nothing in it: the file is invalid (exit 1), not unreadable.
        let e = crate::core::error::RecordError::new(
            crate::core::error::ErrorKind::Parse,
            "no game found in this file",
        );
        reports.push(GameReport::unreadable(
            &file.display,
            0,
            Some(read.game.kind()),
            Some(read.format.id),
            &e,
            None,
            adjudicate,
        ));
        shown_all.push(None);
        if show_diagnostics {
            diagnostics.push(format!(
                "qipu: {}: no game found in this file\n",
                file.display
            ));
        }
    }
    FileOutcome {
        reports,
        diagnostics,
        shown: shown_all,
    }
}

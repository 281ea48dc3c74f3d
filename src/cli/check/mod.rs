//! `qipu validate`, `qipu adjudicate` and `qipu dedupe`: read every input, replay every game
//! on all cores, report in input order (dedupe: gather each game's identity, then print the
//! groups of games that are the same game).
//!
//! The batch driver (`driver::run`) reads and checks the inputs on all cores and
//! gives out the results in input order; the [`Printer`] here takes them as they come:
//! reports, diagnostics, explanations, HTML pages, the progress bar.

mod printer;

use super::common;
use super::dedupe::Collector;
use super::{CheckArgs, EXIT_INVALID, EXIT_OK, EXIT_USAGE};
use crate::core::diagnostic;
use crate::core::game::Game;
use crate::core::record::Record;
use crate::core::rules::Rules;
use crate::driver::input::FoundFile;
use crate::driver::report::{GameReport, Summary, counted};
use crate::driver::run::{self, Consumer, Ctx, Delivered};
use crate::driver::settings::Settings;
use crate::output;
use crate::output::html;
use crate::output::report::{ReportFormat, ReportWriter};
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// At most this many diagnostics are printed in full.
const MAX_DIAGNOSTICS: usize = 100;

/// Which command runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Mode {
    Validate,
    Adjudicate,
    Dedupe,
}

/// What `adjudicate` explains: `--explain` (text on stderr), `--html FILE`, `--html-dir DIR`
/// (`--force` replaces existing files).
#[derive(Debug, Clone, Default)]
pub(crate) struct Explain {
    pub text: bool,
    pub html: Option<String>,
    pub html_dir: Option<String>,
    pub force: bool,
}

/// `--html-dir`: where the pages go, and the index built as the reports come.
struct HtmlDir {
    dir: std::path::PathBuf,
    index: html::Index,
    /// The canonical paths of the inputs (never written over).
    inputs: Vec<std::path::PathBuf>,
    force: bool,
    /// Game pages numbered so far, and written.
    numbered: usize,
    pages: usize,
    /// Pages not written (the first one's error is printed).
    failed: usize,
}

/// The folder of the game pages under `--html-dir`.
const GAMES_DIR: &str = "games";

/// A game's `--html-dir` page, written aside by the job that checked the game (named and put
/// in place in input order).
type Staged = Result<output::Staged, String>;

/// What takes the driver's results: the writer, the summary, the diagnostics, the pages.
struct Printer<'w, W: Write> {
    writer: ReportWriter<W>,
    summary: Summary,
    exit: i32,
    diagnostics_printed: usize,
    diagnostics_skipped: usize,
    show_diagnostics: bool,
    explain: bool,
    /// The width `--explain` wraps its prose to: `--width`, else stderr's terminal's (none
    /// when piped: a paragraph a line).
    explain_width: Option<usize>,
    /// `--quiet`: not even the warnings (an input without records) on stderr.
    quiet: bool,
    color: bool,
    files: &'w [FoundFile],
    bar: indicatif::ProgressBar,
    started: Instant,
    bytes_before_file: u64,
    sizes: &'w [u64],
    files_done: usize,
    broken: bool,
    page: Option<html::Page>,
    /// dedupe: the identities gathered.
    dedupe: Option<Collector>,
    page_room: &'w AtomicBool,
    html_dir: Option<HtmlDir>,
    settings: &'w Settings,
}

pub(crate) fn run(args: &CheckArgs, mode: Mode, explain: &Explain) -> i32 {
    let adjudicate = mode == Mode::Adjudicate;
    let settings = match common::settings(&args.common) {
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
    if let Some(dir) = &explain.html_dir {
        let dir = std::path::Path::new(dir);
        let index = dir.join(html::index_name(1));
        if dir.exists() && !dir.is_dir() {
            return common::usage_error(&format!(
                "--html-dir {}: it is not a directory",
                dir.display()
            ));
        }
        if index.exists() && !explain.force {
            return common::usage_error(&format!(
                "refusing to overwrite {}: it exists (use --force to replace it)",
                index.display()
            ));
        }
        if let Err(e) = std::fs::create_dir_all(dir.join(GAMES_DIR)) {
            return common::usage_error(&format!("cannot make {}: {e}", dir.display()));
        }
    }
    let format = common::report_format(&args.report);
    let view = common::view(&args.view);
    if view.short && (format != ReportFormat::Table || mode == Mode::Dedupe) {
        return common::usage_error(if mode == Mode::Dedupe {
            "--format short is for validate and adjudicate: dedupe prints groups of games"
        } else {
            "--format short is a form of the table report; it does not go with --report json or yaml"
        });
    }
    let show_diagnostics =
        format == ReportFormat::Table && !args.common.run.quiet && mode != Mode::Dedupe;
    let started = Instant::now();
    let (files, problems) = settings.collect(&args.inputs);
    let stdout = std::io::stdout();
    let out = std::io::BufWriter::with_capacity(1 << 16, stdout.lock());
    let sizes = crate::driver::input::file_sizes(&files);
    // The inputs' canonical paths, that no page is written over: only when pages are written
    // (canonicalising every path of a big directory costs more than validating its games).
    let writes_pages = explain.html.is_some() || explain.html_dir.is_some();
    let inputs: Vec<_> = files
        .iter()
        .filter(|_| writes_pages)
        .filter_map(|f| f.path.as_deref())
        .map(output::canonical)
        .collect();
    let page_room = AtomicBool::new(explain.html.is_some());
    // A filter that asks for the verdict needs one even when the command only validates.
    let verdict_for_filter = !adjudicate
        && args
            .select
            .filter
            .as_ref()
            .is_some_and(|f| f.needs().verdict);
    let mut p = Printer {
        writer: ReportWriter::new(format, out, adjudicate).with_view(view),
        summary: Summary::default(),
        exit: EXIT_OK,
        diagnostics_printed: 0,
        diagnostics_skipped: 0,
        show_diagnostics,
        explain: explain.text,
        quiet: args.common.run.quiet,
        explain_width: args
            .view
            .width
            .map(usize::from)
            .or_else(common::stderr_columns),
        color: common::color_for(args.view.color, &std::io::stderr()),
        files: &files,
        bar: common::progress_bytes(&args.common, sizes.iter().sum()),
        started,
        bytes_before_file: 0,
        sizes: &sizes,
        files_done: 0,
        broken: false,
        page: explain.html.as_ref().map(|_| html::Page::new()),
        dedupe: (mode == Mode::Dedupe).then(|| Collector::new(args.common.run.quiet, view.width)),
        page_room: &page_room,
        html_dir: explain.html_dir.as_ref().map(|d| HtmlDir {
            dir: std::path::PathBuf::from(d),
            index: html::Index::new(),
            inputs: inputs.clone(),
            force: explain.force,
            numbered: 0,
            pages: 0,
            failed: 0,
        }),
        settings: &settings,
    };
    for pr in &problems {
        p.exit = EXIT_USAGE;
        if !args.common.run.quiet {
            eprintln!("qipu: {}: {}", pr.source, pr.message);
        }
        let r = GameReport::input_failure(&pr.source, pr.kind, &pr.message);
        p.summary.add(&r);
        if p.dedupe.is_none() && p.writer.write(&r).is_err() {
            return EXIT_USAGE;
        }
    }
    for dir in crate::driver::input::empty_directories(&args.inputs, &files) {
        p.no_records(
            dir,
            "this directory (no file with a record extension: see `qipu formats`)",
        );
    }
    p.summary.files = files.len();
    let games_dir = explain
        .html_dir
        .as_ref()
        .map(|d| std::path::Path::new(d).join(GAMES_DIR));
    let make_page = games_dir.as_deref().map(|dir| {
        move |report: &GameReport,
              record: Option<&Record>,
              game: &'static dyn Game,
              rules: &Rules| { stage_page(dir, report, record, game, rules) }
    });
    let ctx = Ctx {
        settings: &settings,
        adjudicate,
        filter: args.select.filter.as_ref(),
        verdict_for_filter,
        identity: mode == Mode::Dedupe,
        explain_text: explain.text && show_diagnostics,
        analysis: explain.text && format != ReportFormat::Table,
        keep_records: &page_room,
        page: make_page.as_ref().map(|m| m as &run::PageMaker<'_, Staged>),
    };

    let pool = common::pool(args.common.run.jobs);
    run::run(pool.as_ref(), &files, &sizes, &ctx, &mut p);
    if p.broken {
        // stdout closed (a pipe): stop quietly.
        return p.exit.max(EXIT_INVALID);
    }
    p.bar.finish_and_clear();
    if p.diagnostics_skipped > 0 {
        eprintln!(
            "qipu: {} more diagnostics not shown (use --report json for all errors)",
            p.diagnostics_skipped
        );
    }
    p.summary.seconds = started.elapsed().as_secs_f64();
    if let Some(d) = p.dedupe.take() {
        let out = p.writer.into_inner();
        return d.finish(out, format, &p.summary, &files).max(p.exit);
    }
    let summary = p.summary.clone();
    if p.writer.finish(&summary).is_err() {
        return p.exit.max(EXIT_INVALID);
    }
    if format != ReportFormat::Table && !args.common.run.quiet {
        eprintln!("{}", summary.line());
    }
    if let Some(d) = &p.html_dir {
        let mut index_written = false;
        for (name, page) in d.index.finish(&summary) {
            let first = name == html::index_name(1);
            match output::write_atomic(&d.dir.join(name), page.as_bytes(), &d.inputs, d.force) {
                Ok(()) => index_written |= first,
                Err(e) => {
                    eprintln!("qipu: {e}");
                    p.exit = EXIT_USAGE;
                }
            }
        }
        if index_written && !args.common.run.quiet {
            eprintln!(
                "wrote {} and {} in {}",
                d.dir.join(html::index_name(1)).display(),
                counted(d.pages, "game page"),
                d.dir.join(GAMES_DIR).display()
            );
        }
        if d.failed > 0 {
            eprintln!(
                "qipu: {} of {} game pages were not written",
                d.failed,
                d.pages + d.failed
            );
            p.exit = EXIT_USAGE;
        }
    }
    if let (Some(page), Some(path)) = (&p.page, &explain.html) {
        let bytes = page.render(&summary);
        if let Err(e) = output::write_atomic(
            std::path::Path::new(path),
            bytes.as_bytes(),
            &inputs,
            explain.force,
        ) {
            eprintln!("qipu: {e}");
            p.exit = EXIT_USAGE;
        } else if !args.common.run.quiet {
            eprintln!("wrote {path}");
        }
    }
    let _ = std::io::stdout().flush();
    p.exit
}

/// A game's `--html-dir` page, staged in `dir` on the pool thread that checked the game.
fn stage_page(
    dir: &std::path::Path,
    report: &GameReport,
    record: Option<&Record>,
    game: &'static dyn Game,
    rules: &Rules,
) -> Staged {
    let view = html::GameView {
        id: 0,
        report,
        record,
        game: Some(game),
        rules: Some(rules),
        open: None,
    };
    let page = html::game_page(&view, Some("../index.html"));
    output::stage(dir, page.as_bytes()).map_err(|e| e.to_string())
}

impl<W: Write> Consumer<Staged> for Printer<'_, W> {
    fn take(&mut self, delivered: Delivered<Staged>) {
        self.print(delivered);
    }

    fn stopped(&self) -> bool {
        self.broken
    }
}

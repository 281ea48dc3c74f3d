//! `qipu validate`, `qipu adjudicate` and `qipu dedupe`: read every input, replay every game
//! on all cores, report in input order (dedupe: gather each game's identity, then print the
//! groups of games that are the same game).
//!
//! The main thread walks the inputs in order and hands out jobs to one thread pool: a whole
//! file, or a piece of whole games of a huge text file that it streams (see
//! [`crate::core::stream`]). At most [`MAX_IN_FLIGHT`] jobs are out at a time; finished jobs
//! are printed in input order as soon as every job before them is, so memory stays flat and
//! no core waits on a batch barrier.

mod dispatch;
mod jobs;
mod printer;

use dispatch::*;
use jobs::*;

use super::common::{self, Setup};
use super::dedupe::Collector;
use super::{CheckArgs, EXIT_INVALID, EXIT_OK, EXIT_USAGE};
use crate::core::diagnostic;
use crate::core::encoding::LineIndex;
use crate::core::error::{ErrorKind, RecordError};
use crate::core::game::{CheckWants, Game, ShowOptions, Shown};
use crate::core::html;
use crate::core::identity::Identity;
use crate::core::input::FoundFile;
use crate::core::output;
use crate::core::record::{GameKind, Input, Record};
use crate::core::report::{GameReport, ReportFormat, ReportWriter, Summary, counted};
use crate::core::rules::Rules;
use crate::core::select::{Facts, Filter};
use crate::core::stream::{self, Piece, TextStream};
use rayon::prelude::*;
use std::collections::BTreeMap;
use std::io::{Read, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::Instant;

/// At most this many diagnostics are printed in full.
const MAX_DIAGNOSTICS: usize = 100;
/// Jobs handed out and not printed yet (each a file or a piece of about a megabyte).
const MAX_IN_FLIGHT: usize = 64;
/// Input bytes out at a time (files read whole and pieces of streamed ones): what a job holds
/// while it runs is proportional to them. At least one job is always out.
const MAX_BYTES_IN_FLIGHT: u64 = 2 << 20;
/// A binary file's bytes count this many times against [`MAX_BYTES_IN_FLIGHT`] (and
/// [`GROUP_BYTES`]): binary records are dense.
const BINARY_WEIGHT: u64 = 16;
/// Small files are handed out in groups of up to this many input bytes …
const GROUP_BYTES: u64 = 256 << 10;
/// … or this many files.
const GROUP_FILES: usize = 64;
/// Games of one file replayed in parallel when there are at least this many.
const PAR_GAMES: usize = 32;
/// Games of a file read at a time by formats that can read a slice (`Game::read_some`).
const READ_GAMES: usize = 256;
/// A job sends what it has finished once it holds this many games (a whole WTHOR file is
/// thousands), so a file's reports never wait all together for the printer.
const PART_GAMES: usize = 1024;

/// A job's message: its number, finished outcomes, and whether the job is done (a job over a
/// big file sends its games in parts as it goes).
type Msg = (usize, Vec<Outcome>, bool);

/// What a job is about.
struct JobInfo<'a> {
    file: &'a FoundFile,
    file_no: usize,
    /// A piece of a streamed file (game indices count from the games before it).
    piece: Option<PieceInfo>,
}

#[derive(Clone, Copy)]
struct PieceInfo {
    lines_before: usize,
    last: bool,
    bytes_done: u64,
}

/// One game's result, with what its diagnostic needs.
struct GameOut {
    report: GameReport,
    error: Option<RecordError>,
    /// The position at the verdict's ply, when an explanation needs it.
    shown: Option<Result<Shown, String>>,
    /// dedupe: what makes it the same game as another (`None`: it could not be read).
    identity: Option<Identity>,
    /// The tags, when `--where` tests the index: the game is selected once its index in the
    /// file is known (by the printer).
    tags: Option<Vec<crate::core::record::Tag>>,
    /// The record, while the `--html` page still makes games replayable.
    record: Option<Record>,
    /// The game's `--html-dir` page, written aside (named and put in place in input order).
    page: Option<Result<output::Staged, String>>,
}

/// Which command runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    Validate,
    Adjudicate,
    Dedupe,
}

/// What `adjudicate` explains: `--explain` (text on stderr), `--html FILE`, `--html-dir DIR`
/// (`--force` replaces existing files).
#[derive(Debug, Clone, Default)]
pub struct Explain {
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

/// A finished job.
struct Outcome {
    file_no: usize,
    piece: Option<PieceInfo>,
    games: Vec<GameOut>,
    /// The text the errors' spans point into.
    text: Option<Arc<str>>,
    /// The file as a whole failed (problem reported as one input failure).
    failure: Option<GameReport>,
    /// Games read (before `--where`): the index of the next piece's first game counts on
    /// from them.
    read: usize,
    /// Games read and left out by `--where`.
    left_out: usize,
}

/// Settings every job reads.
struct Ctx<'a> {
    setup: &'a Setup,
    from: Option<&'a str>,
    game: Option<GameKind>,
    adjudicate: bool,
    /// `--where`, and whether it needs a verdict that the command does not report.
    filter: Option<&'a Filter>,
    verdict_for_filter: bool,
    /// dedupe: each game's identity.
    identity: bool,
    /// `--explain` with diagnostics shown: the deciding position is drawn.
    explain_text: bool,
    /// `--html FILE`: records go to the printer while the page makes games replayable.
    page_room: &'a AtomicBool,
    /// `--html-dir`: the folder the game pages are written in.
    games_dir: Option<std::path::PathBuf>,
}

/// The main thread's state: the reorder buffer, the writer, the summary.
struct Printer<'w, W: Write> {
    writer: ReportWriter<W>,
    summary: Summary,
    exit: i32,
    next: usize,
    /// Outcomes received ahead of their turn, and whether their job is done.
    waiting: BTreeMap<usize, (Vec<Outcome>, bool)>,
    /// Games printed so far of the current file (for streamed pieces).
    file_games: (usize, usize),
    diagnostics_printed: usize,
    diagnostics_skipped: usize,
    show_diagnostics: bool,
    explain: bool,
    color: bool,
    adjudicate: bool,
    files: &'w [FoundFile],
    bar: indicatif::ProgressBar,
    started: Instant,
    bytes_before_file: u64,
    sizes: Vec<u64>,
    files_done: usize,
    broken: bool,
    page: Option<html::Page>,
    /// dedupe: the identities gathered.
    dedupe: Option<Collector>,
    /// `--where`, when it tests the index (selected here, see `GameOut::tags`), and whether
    /// its verdict is for the filter only.
    late_filter: Option<&'w Filter>,
    verdict_for_filter: bool,
    page_room: &'w AtomicBool,
    html_dir: Option<HtmlDir>,
    setup: &'w Setup,
}

pub fn run(args: &CheckArgs, mode: Mode, explain: &Explain) -> i32 {
    let adjudicate = mode == Mode::Adjudicate;
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
    let show_diagnostics =
        format == ReportFormat::Table && !args.common.quiet && mode != Mode::Dedupe;
    let started = Instant::now();
    let (files, problems) = setup.collect(&args.inputs);
    let stdout = std::io::stdout();
    let out = std::io::BufWriter::with_capacity(1 << 16, stdout.lock());
    let sizes = common::file_sizes(&files);
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
        writer: ReportWriter::new(format, out, adjudicate),
        summary: Summary::default(),
        exit: EXIT_OK,
        next: 0,
        waiting: BTreeMap::new(),
        file_games: (usize::MAX, 0),
        diagnostics_printed: 0,
        diagnostics_skipped: 0,
        show_diagnostics,
        explain: explain.text,
        color: common::stderr_color(),
        adjudicate,
        files: &files,
        bar: common::progress_bytes(&args.common, sizes.iter().sum()),
        started,
        bytes_before_file: 0,
        sizes,
        files_done: 0,
        broken: false,
        page: explain.html.as_ref().map(|_| html::Page::new()),
        dedupe: (mode == Mode::Dedupe).then(|| Collector::new(args.common.quiet)),
        late_filter: args.select.filter.as_ref().filter(|f| f.needs().index),
        verdict_for_filter,
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
        setup: &setup,
    };
    for pr in &problems {
        p.exit = EXIT_USAGE;
        if !args.common.quiet {
            eprintln!("qipu: {}: {}", pr.source, pr.message);
        }
        let r = GameReport::input_failure(&pr.source, pr.kind, &pr.message);
        p.summary.add(&r);
        if p.dedupe.is_none() && p.writer.write(&r).is_err() {
            return EXIT_USAGE;
        }
    }
    p.summary.files = files.len();
    let ctx = Ctx {
        setup: &setup,
        from: args.common.from.as_deref(),
        game: args.common.game.map(|g| g.kind()),
        adjudicate,
        filter: args.select.filter.as_ref(),
        verdict_for_filter,
        identity: mode == Mode::Dedupe,
        explain_text: explain.text && show_diagnostics,
        page_room: &page_room,
        games_dir: explain
            .html_dir
            .as_ref()
            .map(|d| std::path::Path::new(d).join(GAMES_DIR)),
    };

    let pool = common::pool(args.common.jobs);
    let (tx, rx) = mpsc::channel::<Msg>();
    match &pool {
        Some(pool) => pool.in_place_scope(|s| dispatch(s, &files, &ctx, &mut p, tx, &rx)),
        None => rayon::in_place_scope(|s| dispatch(s, &files, &ctx, &mut p, tx, &rx)),
    }
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
    if format != ReportFormat::Table && !args.common.quiet {
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
        if index_written && !args.common.quiet {
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
        } else if !args.common.quiet {
            eprintln!("wrote {path}");
        }
    }
    let _ = std::io::stdout().flush();
    p.exit
}

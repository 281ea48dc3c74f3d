//! `qipu validate` and `qipu adjudicate`: read every input, replay every game on all cores,
//! report in input order.
//!
//! The main thread walks the inputs in order and hands out jobs to one thread pool: a whole
//! file, or a piece of whole games of a huge text file that it streams (see
//! [`crate::core::stream`]). At most [`MAX_IN_FLIGHT`] jobs are out at a time; finished jobs
//! are printed in input order as soon as every job before them is, so memory stays flat and
//! no core waits on a batch barrier.

use super::common::{self, Setup};
use super::{CheckArgs, EXIT_INVALID, EXIT_OK, EXIT_USAGE};
use crate::core::diagnostic;
use crate::core::encoding::LineIndex;
use crate::core::error::{ErrorKind, RecordError};
use crate::core::game::{Game, ShowOptions, Shown};
use crate::core::html;
use crate::core::input::{self, FoundFile, Selection};
use crate::core::output;
use crate::core::record::{GameKind, Input, Record};
use crate::core::report::{GameReport, ReportFormat, ReportWriter, Summary};
use crate::core::rules::Rules;
use crate::core::stream::{self, Piece, Start, TextStream};
use rayon::prelude::*;
use std::collections::BTreeMap;
use std::io::{Read, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Instant;

/// At most this many diagnostics are printed in full.
const MAX_DIAGNOSTICS: usize = 100;
/// Jobs handed out and not printed yet (each a file or a piece of about a megabyte).
const MAX_IN_FLIGHT: usize = 64;
/// Input bytes out at a time (files read whole and pieces of streamed ones): what a job holds
/// while it runs is proportional to them. At least one job is always out.
const MAX_BYTES_IN_FLIGHT: u64 = 4 << 20;
/// Small files are handed out in groups of up to this many input bytes …
const GROUP_BYTES: u64 = 256 << 10;
/// … or this many files.
const GROUP_FILES: usize = 64;
/// Games of one file replayed in parallel when there are at least this many.
const PAR_GAMES: usize = 32;
/// Games of a file read at a time by formats that can read a slice (`Game::read_some`).
const READ_GAMES: usize = 1024;

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
}

/// What `adjudicate` explains: `--explain` (text on stderr), `--html FILE` (`--force` replaces
/// an existing file).
#[derive(Debug, Clone, Default)]
pub struct Explain {
    pub text: bool,
    pub html: Option<String>,
    pub force: bool,
}

/// Pictures made for the HTML page at most (the page shows no more sections than this).
const MAX_PICTURES: usize = 600;

/// A finished job.
struct Outcome {
    file_no: usize,
    piece: Option<PieceInfo>,
    games: Vec<GameOut>,
    /// The text the errors' spans point into.
    text: Option<Arc<str>>,
    /// The file as a whole failed (problem reported as one input failure).
    failure: Option<GameReport>,
    /// Set when the file (or piece) held no game.
    empty: bool,
}

/// Settings every job reads.
struct Ctx<'a> {
    setup: &'a Setup,
    from: Option<&'a str>,
    game: Option<GameKind>,
    adjudicate: bool,
    /// `--explain` with diagnostics shown: the deciding position is drawn.
    explain_text: bool,
    /// `--html`: pictures for the page, while `pictures_left` lasts.
    html: bool,
    pictures_left: AtomicUsize,
}

/// The main thread's state: the reorder buffer, the writer, the summary.
struct Printer<'w, W: Write> {
    writer: ReportWriter<W>,
    summary: Summary,
    exit: i32,
    next: usize,
    waiting: BTreeMap<usize, Vec<Outcome>>,
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
    let format = common::report_format(&args.report);
    let show_diagnostics = format == ReportFormat::Table && !args.common.quiet;
    let started = Instant::now();
    let (files, problems) = setup.collect(&args.inputs);
    let stdout = std::io::stdout();
    let out = std::io::BufWriter::with_capacity(1 << 16, stdout.lock());
    let sizes = common::file_sizes(&files);
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
    };
    for pr in &problems {
        p.exit = EXIT_USAGE;
        if !args.common.quiet {
            eprintln!("qipu: {}: {}", pr.source, pr.message);
        }
        let r = GameReport::input_failure(&pr.source, pr.kind, &pr.message);
        p.summary.add(&r);
        if p.writer.write(&r).is_err() {
            return EXIT_USAGE;
        }
    }
    p.summary.files = files.len();
    let ctx = Ctx {
        setup: &setup,
        from: args.common.from.as_deref(),
        game: args.common.game.map(|g| g.kind()),
        adjudicate,
        explain_text: explain.text && show_diagnostics,
        html: explain.html.is_some(),
        pictures_left: AtomicUsize::new(MAX_PICTURES),
    };

    let pool = common::pool(args.common.jobs);
    let (tx, rx) = mpsc::channel::<(usize, Vec<Outcome>)>();
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
    let summary = p.summary.clone();
    if p.writer.finish(&summary).is_err() {
        return p.exit.max(EXIT_INVALID);
    }
    if format != ReportFormat::Table && !args.common.quiet {
        eprintln!("{}", summary.line());
    }
    if let (Some(page), Some(path)) = (&p.page, &explain.html) {
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
            p.exit = EXIT_USAGE;
        }
    }
    let _ = std::io::stdout().flush();
    p.exit
}

/// Walks the files in order, hands out jobs to the pool and prints finished ones in order.
fn dispatch<'s, W: Write>(
    s: &rayon::Scope<'s>,
    files: &'s [FoundFile],
    ctx: &'s Ctx<'s>,
    p: &mut Printer<'_, W>,
    tx: mpsc::Sender<(usize, Vec<Outcome>)>,
    rx: &mpsc::Receiver<(usize, Vec<Outcome>)>,
) {
    let mut seq = 0usize;
    // (seq, input bytes) of the jobs out.
    let mut out: Vec<(usize, u64)> = Vec::new();
    // Small files read whole go out in groups (one job, one message for many files).
    let mut group: Vec<(usize, Option<Vec<u8>>)> = Vec::new();
    let mut group_bytes = 0u64;
    let flush = |p: &mut Printer<'_, W>,
                 out: &mut Vec<(usize, u64)>,
                 seq: &mut usize,
                 group: &mut Vec<(usize, Option<Vec<u8>>)>,
                 group_bytes: &mut u64| {
        if group.is_empty() {
            return;
        }
        make_room(p, rx, out, *group_bytes);
        wait_for_room(p, rx, *seq, 0);
        out.push((*seq, *group_bytes));
        let tx = tx.clone();
        let my_seq = *seq;
        let jobs = std::mem::take(group);
        *group_bytes = 0;
        s.spawn(move |_| {
            let outcomes = jobs
                .into_iter()
                .map(|(file_no, bytes)| {
                    let job = JobInfo {
                        file: &files[file_no],
                        file_no,
                        piece: None,
                    };
                    check_whole(ctx, &job, bytes)
                })
                .collect();
            let _ = tx.send((my_seq, outcomes));
        });
        *seq += 1;
    };
    for (file_no, file) in files.iter().enumerate() {
        if p.broken {
            break;
        }
        let size = p.sizes.get(file_no).copied().unwrap_or(0);
        let streamable = file.path.is_none() || size >= stream::STREAM_MIN_BYTES;
        let mut whole: Option<Vec<u8>> = None;
        if streamable {
            flush(p, &mut out, &mut seq, &mut group, &mut group_bytes);
            match open_stream(ctx, file) {
                Opened::Whole(bytes) => whole = Some(bytes),
                Opened::Failed(o) => {
                    let mut o = *o;
                    o.file_no = file_no;
                    wait_for_room(p, rx, seq, 0);
                    let _ = tx.send((seq, vec![o]));
                    seq += 1;
                    continue;
                }
                Opened::Stream(mut st, g, format_id) => {
                    let rules = ctx.setup.rules_for(g.kind());
                    loop {
                        let next = st.next_piece();
                        let (piece, last) = match next {
                            Ok(Some(pc)) => (pc, false),
                            Ok(None) => (
                                Piece {
                                    text: Arc::from(""),
                                    lines_before: 0,
                                    bytes_done: size,
                                },
                                true,
                            ),
                            Err(stream::StreamError::Input(m)) => {
                                let o = failed(file_no, file, ErrorKind::Encoding, &m, true);
                                wait_for_room(p, rx, seq, 0);
                                let _ = tx.send((seq, vec![o]));
                                seq += 1;
                                break;
                            }
                        };
                        make_room(p, rx, &mut out, piece.text.len() as u64);
                        wait_for_room(p, rx, seq, 0);
                        let info = PieceInfo {
                            lines_before: piece.lines_before,
                            last,
                            bytes_done: piece.bytes_done,
                        };
                        let tx = tx.clone();
                        let rules = rules.clone();
                        let my_seq = seq;
                        out.push((seq, piece.text.len() as u64));
                        s.spawn(move |_| {
                            let job = JobInfo {
                                file,
                                file_no,
                                piece: Some(info),
                            };
                            let o = check_piece(ctx, &job, g, format_id, &rules, piece.text);
                            let _ = tx.send((my_seq, vec![o]));
                        });
                        seq += 1;
                        if last {
                            break;
                        }
                    }
                    continue;
                }
            }
        }
        group_bytes += whole.as_ref().map_or(size, |b| b.len() as u64);
        group.push((file_no, whole));
        if group_bytes >= GROUP_BYTES || group.len() >= GROUP_FILES {
            flush(p, &mut out, &mut seq, &mut group, &mut group_bytes);
        }
    }
    flush(p, &mut out, &mut seq, &mut group, &mut group_bytes);
    while p.next < seq && !p.broken {
        receive_one(p, rx);
    }
}

/// Blocks until `weight` more input bytes fit in [`MAX_BYTES_IN_FLIGHT`] (or nothing is out).
fn make_room<W: Write>(
    p: &mut Printer<'_, W>,
    rx: &mpsc::Receiver<(usize, Vec<Outcome>)>,
    out: &mut Vec<(usize, u64)>,
    weight: u64,
) {
    loop {
        out.retain(|&(q, _)| q >= p.next);
        let held: u64 = out.iter().map(|&(_, w)| w).sum();
        if out.is_empty() || held + weight <= MAX_BYTES_IN_FLIGHT || p.broken {
            return;
        }
        receive_one(p, rx);
    }
}

/// Blocks until fewer than [`MAX_IN_FLIGHT`] jobs are out.
fn wait_for_room<W: Write>(
    p: &mut Printer<'_, W>,
    rx: &mpsc::Receiver<(usize, Vec<Outcome>)>,
    seq: usize,
    _extra: usize,
) {
    // Print what is ready without waiting.
    while let Ok((s, o)) = rx.try_recv() {
        p.accept(s, o);
    }
    while seq.saturating_sub(p.next) >= MAX_IN_FLIGHT && !p.broken {
        receive_one(p, rx);
    }
}

fn receive_one<W: Write>(p: &mut Printer<'_, W>, rx: &mpsc::Receiver<(usize, Vec<Outcome>)>) {
    match rx.recv() {
        Ok((s, o)) => p.accept(s, o),
        Err(_) => p.broken = true,
    }
}

impl<W: Write> Printer<'_, W> {
    fn accept(&mut self, seq: usize, o: Vec<Outcome>) {
        self.waiting.insert(seq, o);
        while let Some(group) = self.waiting.remove(&self.next) {
            self.next += 1;
            for o in group {
                self.print(o);
            }
        }
    }

    fn print(&mut self, o: Outcome) {
        if self.broken {
            return;
        }
        let file = &self.files[o.file_no];
        if self.file_games.0 != o.file_no {
            self.file_games = (o.file_no, 0);
        }
        let base = if o.piece.is_some() {
            self.file_games.1
        } else {
            0
        };
        let mut reports = Vec::new();
        if let Some(f) = o.failure {
            reports.push((f, None, None));
        }
        for g in o.games {
            let mut r = g.report;
            r.index += base;
            reports.push((r, g.error, g.shown));
        }
        let file_done = o.piece.is_none_or(|pc| pc.last);
        if file_done && self.file_games.1 == 0 && reports.is_empty() && o.empty {
            // Opened and decoded, but nothing in it: the file is invalid (exit 1).
            let e = RecordError::new(ErrorKind::Parse, "no game found in this file");
            reports.push((
                GameReport::unreadable(&file.display, 0, None, None, &e, None, self.adjudicate),
                None,
                None,
            ));
            if self.show_diagnostics {
                self.diagnostic(format!(
                    "qipu: {}: no game found in this file\n",
                    file.display
                ));
            }
        }
        self.file_games.1 += reports.len();
        let lines_before = o.piece.map_or(0, |pc| pc.lines_before);
        for (r, err, shown) in reports {
            if let Some(page) = &mut self.page {
                page.add(&r, shown.as_ref());
            }
            if r.input_failure {
                self.exit = EXIT_USAGE;
                if self.show_diagnostics
                    && let Some(e) = &r.error
                {
                    self.diagnostic(format!("qipu: {}: {}\n", r.source, e.message));
                }
            } else if r.is_bad() && self.exit == EXIT_OK {
                self.exit = EXIT_INVALID;
            }
            if self.show_diagnostics {
                if let Some(e) = &err {
                    if self.diagnostics_printed < MAX_DIAGNOSTICS {
                        let d = diagnostic::record_diagnostic_in_piece(
                            &file.display,
                            r.index,
                            e,
                            o.text.as_ref(),
                            lines_before,
                        );
                        let s = diagnostic::render(&d, self.color);
                        self.diagnostic(s);
                    } else {
                        self.diagnostics_skipped += 1;
                    }
                }
                if self.explain
                    && let Some(v) = &r.verdict
                {
                    let diagram = match &shown {
                        Some(Ok(s)) => Some(s.diagram.clone()),
                        Some(Err(e)) => Some(format!("(the position cannot be shown: {e})")),
                        None => None,
                    };
                    let s =
                        crate::core::report::explain(&file.display, r.index, v, diagram.as_deref());
                    self.bar.suspend(|| eprint!("{s}"));
                }
            }
            self.summary.add(&r);
            if self.writer.write(&r).is_err() {
                self.broken = true;
                return;
            }
        }
        let size = self.sizes.get(o.file_no).copied().unwrap_or(0);
        match o.piece {
            Some(pc) if !pc.last => {
                self.bar
                    .set_position(self.bytes_before_file + pc.bytes_done.min(size));
            }
            _ => {
                self.files_done += 1;
                self.bytes_before_file += size;
                self.bar.set_position(self.bytes_before_file);
            }
        }
        self.bar.set_message(common::progress_message(
            self.files_done,
            self.files.len(),
            self.summary.games,
            self.started,
        ));
    }

    fn diagnostic(&mut self, s: String) {
        if self.diagnostics_printed < MAX_DIAGNOSTICS {
            self.bar.suspend(|| eprint!("{s}"));
            self.diagnostics_printed += 1;
        } else {
            self.diagnostics_skipped += 1;
        }
    }
}

fn failed(file_no: usize, file: &FoundFile, kind: ErrorKind, message: &str, last: bool) -> Outcome {
    Outcome {
        file_no,
        piece: Some(PieceInfo {
            lines_before: 0,
            last,
            bytes_done: 0,
        }),
        games: Vec::new(),
        text: None,
        failure: Some(GameReport::input_failure(&file.display, kind, message)),
        empty: false,
    }
}

enum Opened<R> {
    Stream(TextStream<R>, &'static dyn Game, &'static str),
    Whole(Vec<u8>),
    Failed(Box<Outcome>),
}

/// Opens a large file or stdin on the main thread: detects its format from the head and
/// streams it when the format is cut by games.
fn open_stream(ctx: &Ctx<'_>, file: &FoundFile) -> Opened<Box<dyn Read + Send>> {
    let fail = |m: String| {
        let mut o = failed(0, file, ErrorKind::Unsupported, &m, true);
        o.piece = None;
        Opened::Failed(Box::new(o))
    };
    let mut reader: Box<dyn Read + Send> = match &file.path {
        Some(path) => match std::fs::File::open(path) {
            Ok(f) => Box::new(f),
            Err(e) => return fail(format!("cannot open: {e}")),
        },
        None => Box::new(std::io::stdin()),
    };
    let mut head = Vec::with_capacity(64 * 1024);
    if let Err(e) = (&mut reader).take(64 * 1024).read_to_end(&mut head) {
        return fail(format!("cannot read: {e}"));
    }
    let sel = Selection {
        game: ctx.game,
        from: ctx.from,
    };
    let whole = |head: Vec<u8>, mut reader: Box<dyn Read + Send>| {
        let mut bytes = head;
        match reader.read_to_end(&mut bytes) {
            Ok(_) => Opened::Whole(bytes),
            Err(e) => fail(format!("cannot read: {e}")),
        }
    };
    let Ok((g, format)) = input::detect(&ctx.setup.games, &file.display, &head, sel) else {
        // Reported by the whole-file path, with its message.
        return whole(head, reader);
    };
    if format.binary {
        return whole(head, reader);
    }
    match TextStream::start(g, format.id, head, reader, ctx.setup.encoding) {
        Ok(Start::Stream(st)) => Opened::Stream(st, g, format.id),
        Ok(Start::Whole(head, reader)) => whole(head, reader),
        Err(e) => fail(format!("cannot read: {e}")),
    }
}

/// Reads and checks a whole file (its bytes given when they are read already), a slice of
/// [`READ_GAMES`] games at a time: a big binary database never holds all its records.
fn check_whole(ctx: &Ctx<'_>, job: &JobInfo<'_>, bytes: Option<Vec<u8>>) -> Outcome {
    let file = job.file;
    let opened = match bytes
        .map_or_else(|| common::read_bytes(file), Ok)
        .and_then(|b| common::open_loaded(ctx.setup, file, b, ctx.from, ctx.game))
    {
        Ok(o) => o,
        Err(p) => {
            // Files found by walking a directory are reported too: a bad file never vanishes.
            let mut o = failed(job.file_no, file, p.kind, &p.message, true);
            o.piece = None;
            return o;
        }
    };
    let rules = ctx.setup.rules_for(opened.game.kind());
    let mut games = Vec::new();
    let mut from = 0;
    loop {
        let (records, more) =
            opened
                .game
                .read_some(opened.format.id, &opened.input, from, READ_GAMES);
        let got = records.len();
        games.extend(check_records(
            ctx,
            job,
            (opened.game, opened.format.id),
            &rules,
            &opened.input,
            (from, records),
        ));
        from += got;
        if !more || got == 0 {
            break;
        }
    }
    let empty = games.is_empty();
    Outcome {
        file_no: job.file_no,
        piece: None,
        games,
        text: opened.input.text.clone(),
        failure: None,
        empty,
    }
}

/// Reads and checks one piece of a streamed file.
fn check_piece(
    ctx: &Ctx<'_>,
    job: &JobInfo<'_>,
    game: &'static dyn Game,
    format: &'static str,
    rules: &Rules,
    text: Arc<str>,
) -> Outcome {
    let games = if text.trim().is_empty() {
        Vec::new()
    } else {
        let input = Input {
            name: job.file.display.clone(),
            bytes: Arc::from(&[][..]),
            text: Some(text.clone()),
            siblings: Vec::new(),
        };
        let records = game.read(format, &input);
        check_records(ctx, job, (game, format), rules, &input, (0, records))
    };
    let empty = games.is_empty();
    Outcome {
        file_no: job.file_no,
        piece: job.piece,
        games,
        text: Some(text),
        failure: None,
        empty,
    }
}

/// Replays the records of a file or piece (in parallel when there are many); `first` is the
/// index in the file of the first record.
fn check_records(
    ctx: &Ctx<'_>,
    job: &JobInfo<'_>,
    (game, format): (&'static dyn Game, &'static str),
    rules: &Rules,
    input: &Input,
    (first, records): (usize, Vec<Result<Record, RecordError>>),
) -> Vec<GameOut> {
    // Reports are made without the text and located with one index of it: a file with many
    // errors is not quadratic.
    let index = input.text.as_deref().map(LineIndex::new);
    let lines_before = job.piece.map_or(0, |p| p.lines_before);
    let one = |(i, rec): (usize, &Result<Record, RecordError>)| {
        let mut shown = None;
        let (mut report, error) = match rec {
            Ok(record) => {
                let checked = game.check(record, rules, ctx.adjudicate);
                let err = checked.error.clone();
                let mut r = GameReport::from_checked(
                    &job.file.display,
                    record,
                    checked,
                    None,
                    ctx.adjudicate,
                );
                r.format = Some(format);
                let picture = ctx.html
                    && html::wants_section(&r)
                    && ctx
                        .pictures_left
                        .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |n| n.checked_sub(1))
                        .is_ok();
                if let Some(v) = r.verdict.as_ref().filter(|_| ctx.explain_text || picture) {
                    let opts = ShowOptions {
                        ply: Some(v.ply),
                        color: false,
                        svg: picture,
                    };
                    shown = Some(game.show(record, rules, &opts).map_err(|e| e.message));
                }
                (r, err)
            }
            Err(e) => (
                GameReport::unreadable(
                    &job.file.display,
                    first + i,
                    Some(game.kind()),
                    Some(format),
                    e,
                    None,
                    ctx.adjudicate,
                ),
                Some(e.clone()),
            ),
        };
        if let Some(ix) = &index {
            report.locate(ix);
        }
        if lines_before > 0
            && let Some(e) = &mut report.error
        {
            e.line = e.line.map(|l| l + lines_before);
        }
        GameOut {
            report,
            error,
            shown,
        }
    };
    if records.len() >= PAR_GAMES {
        records.par_iter().enumerate().map(one).collect()
    } else {
        records.iter().enumerate().map(one).collect()
    }
}

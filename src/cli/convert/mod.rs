//! `qipu convert`: records to another format. Everything into one output (`-o`, default
//! stdout: many inputs are merged), one output per input mirroring the tree (`--out-dir`), or
//! one file per game (`--split --out-dir`, named from the tags). `--where` keeps the games an
//! expression selects, `--skip-duplicates` writes each game once (the first in input order).
//! Outputs are written atomically, never over an input, never over an existing file without
//! `--force`, never twice in a run; a record that cannot be converted is counted and named,
//! never silently dropped. On a terminal, stderr shows the progress bar of validate.
//!
//! Files are handled a window at a time (up to [`WINDOW_BYTES`] of input or [`WINDOW_FILES`]
//! files): read and selected on all cores, then the duplicates decided in input order, then
//! converted on all cores, then written in input order.

mod names;
mod units;
mod write;

use super::common::{self, FileProgress};
use super::{ConvertArgs, EXIT_INVALID, EXIT_USAGE};
use crate::core::game::{CheckWants, FormatInfo, Game};
use crate::core::record::Record;
use crate::driver::input::FoundFile;
use crate::driver::report::counted;
use crate::driver::select::Filter;
use crate::driver::settings::Settings;
use crate::output::{AtomicFile, canonical};
use rayon::prelude::*;
use std::path::{Path, PathBuf};
use std::time::Instant;
use write::State;

/// Input bytes of a window at most (at least one file) …
const WINDOW_BYTES: u64 = 2 << 20;
/// … and files.
const WINDOW_FILES: usize = 256;
/// Games named on stderr as skipped duplicates at most.
const MAX_SKIP_NOTES: usize = 100;

/// The writable format `to` of a game, if it has one.
fn target_of(game: &dyn Game, to: &str) -> Option<&'static FormatInfo> {
    game.formats()
        .iter()
        .find(|f| f.write && f.id.eq_ignore_ascii_case(to))
}

fn writable_ids(games: &[&'static dyn Game]) -> String {
    games
        .iter()
        .flat_map(|g| g.formats().iter())
        .filter(|f| f.write)
        .map(|f| format!("{} ({})", f.id, f.game))
        .collect::<Vec<_>>()
        .join(", ")
}

#[derive(Default)]
struct Tally {
    games: usize,
    failed: usize,
    /// What could not be converted, listed after the progress bar, before the summary.
    failures: Vec<String>,
    files_written: usize,
    skipped: usize,
    left_out: usize,
    exit: i32,
}

impl Tally {
    fn fail(&mut self, message: String) {
        if self.failures.len() < MAX_FAILURES_LISTED {
            self.failures.push(message);
        }
        self.failed += 1;
        self.exit = self.exit.max(EXIT_INVALID);
    }
}

/// The failures listed by name; the rest are counted.
const MAX_FAILURES_LISTED: usize = 200;

/// Where the output goes.
enum Sink {
    /// One output for everything: stdout, or a file written at the end.
    One(Option<AtomicFile>),
    /// One file per input under the directory, mirroring the input tree.
    PerInput(PathBuf),
    /// One file per game in the directory.
    Split(PathBuf),
}

/// What the whole run reads: the settings every file is handled with.
struct Run<'a> {
    settings: &'a Settings,
    args: &'a ConvertArgs,
    filter: Option<&'a Filter>,
    wants: CheckWants,
    /// The canonical paths of the inputs (never written over).
    inputs: Vec<PathBuf>,
    /// The solver of the WTHOR theoretical scores (writing WTHOR, unless --no-theoretical).
    theorist: Option<crate::cli::solve::theory::Theorist>,
}

/// A file read: its records that `--where` keeps (with their identities for
/// `--skip-duplicates`), and the ones that could not be read.
struct Prepared {
    game: &'static dyn Game,
    target: &'static FormatInfo,
    /// Records read (before `--where`).
    read: usize,
    records: Vec<(Record, Option<u128>)>,
    failures: Vec<(usize, String)>,
    left_out: usize,
}

/// A file's converted output.
struct Converted {
    /// One part for the file, or one per game with `--split` (with the game's name stem).
    parts: Vec<(Vec<u8>, String)>,
    games: usize,
    failures: Vec<(usize, String)>,
    /// What the target could not hold of a game written (by the game's index in its file).
    notes: Vec<(usize, String)>,
    extension: &'static str,
}

pub(crate) fn run(args: &ConvertArgs) -> i32 {
    let settings = match common::settings(&args.common) {
        Ok(s) => s,
        Err(e) => return common::usage_error(&e),
    };
    let targets: Vec<&FormatInfo> = settings
        .games
        .iter()
        .filter_map(|g| target_of(*g, &args.to))
        .collect();
    if targets.is_empty() {
        return common::usage_error(&format!(
            "unknown output format `{}`; writable formats: {}",
            args.to,
            writable_ids(&settings.games)
        ));
    }
    let (files, problems) = settings.collect(&args.inputs);
    let mut tally = Tally::default();
    for p in &problems {
        eprintln!("qipu: {}: {}", p.source, p.message);
        tally.exit = EXIT_USAGE;
    }
    let merging = args.out_dir.is_none();
    if merging && files.len() > 1 && targets.iter().any(|t| t.binary) {
        return common::usage_error(&format!(
            "`{}` is a binary database format: write one file per input with --out-dir (or one per game with --split)",
            args.to
        ));
    }
    let filter = args.select.filter.as_ref();
    let needs = filter.map(|f| f.needs()).unwrap_or_default();
    let theorist = if targets.iter().any(|t| t.id == "wthor") && !args.theory.no_theoretical {
        match crate::cli::solve::theory::Theorist::new(&args.theory) {
            Ok(t) => Some(t),
            Err(e) => return common::usage_error(&e),
        }
    } else {
        None
    };
    let run = Run {
        settings: &settings,
        args,
        filter,
        wants: CheckWants {
            adjudicate: needs.verdict,
            identity: args.skip_duplicates,
        },
        inputs: files
            .iter()
            .filter_map(|f| f.path.as_ref().map(|p| canonical(p)))
            .collect(),
        theorist,
    };
    let mut sink = match (&args.out_dir, args.split, args.output.as_deref()) {
        (Some(dir), true, _) => Sink::Split(PathBuf::from(dir)),
        (Some(dir), false, _) => Sink::PerInput(PathBuf::from(dir)),
        (None, _, None | Some("-")) => Sink::One(None),
        (None, _, Some(path)) => {
            match AtomicFile::create(Path::new(path), &run.inputs, args.force) {
                Ok(f) => Sink::One(Some(f)),
                Err(e) => {
                    eprintln!("qipu: {e}");
                    return EXIT_USAGE;
                }
            }
        }
    };
    let sizes = crate::driver::input::file_sizes(&files);
    // Solving theoretical scores has its own bar (positions, with the time left).
    let mut bar_args = args.common.clone();
    bar_args.run.no_progress |= run.theorist.is_some();
    let progress = FileProgress::new(&bar_args, &sizes, Instant::now());
    let pool = common::pool(args.common.run.jobs);
    let mut state = State::new(args.common.run.quiet, files.len());
    let stream_big = !targets.iter().any(|t| t.binary) && !needs.index;
    let mut units = units::Units::new(&run, &files, &sizes, stream_big);
    loop {
        let mut window: Vec<units::Unit> = Vec::new();
        let mut bytes = 0u64;
        while window.is_empty() || (bytes < WINDOW_BYTES && window.len() < WINDOW_FILES) {
            let Some(u) = units.next_unit() else { break };
            bytes += match &u.what {
                units::What::Piece { text, .. } => text.len() as u64,
                _ => u.bytes,
            };
            window.push(u);
        }
        if window.is_empty() {
            break;
        }
        let places: Vec<(usize, bool, u64)> = window
            .iter()
            .map(|u| (u.file_no, u.last, u.bytes))
            .collect();
        let work = || {
            window
                .into_par_iter()
                .map(|u| {
                    let file = &files[u.file_no];
                    units::prepare(&run, file, u)
                })
                .collect::<Vec<_>>()
        };
        let read = match &pool {
            Some(p) => p.install(work),
            None => work(),
        };
        // Indices and duplicates are settled in input order.
        let kept: Vec<(usize, Result<Prepared, String>)> = places
            .iter()
            .zip(read)
            .map(|(&(i, last, _), r)| (i, r.map(|p| state.settle(&files, i, last, p, &mut tally))))
            .collect();
        let split = matches!(sink, Sink::Split(_));
        let convert = || {
            kept.into_par_iter()
                .map(|(i, r)| {
                    let c = r.map(|p| convert_file(&run, &files[i], p, split));
                    (i, c)
                })
                .collect::<Vec<_>>()
        };
        let converted = match &pool {
            Some(p) => p.install(convert),
            None => convert(),
        };
        for ((i, c), &(_, last, unit_bytes)) in converted.into_iter().zip(&places) {
            let file = &files[i];
            let games = c.as_ref().map_or(0, |c| c.games + c.failures.len());
            state.write(&run, &mut sink, file, (i, last), c, &mut tally);
            if last {
                progress.file_done(unit_bytes, games);
            } else {
                progress.piece_done(unit_bytes, games);
            }
        }
    }
    progress.bar.finish_and_clear();
    if state.notes > MAX_SKIP_NOTES && !args.common.run.quiet {
        eprintln!(
            "qipu: {} more notes like these, not shown",
            state.notes - MAX_SKIP_NOTES
        );
    }
    for f in &tally.failures {
        eprintln!("qipu: {f}");
    }
    if tally.failed > tally.failures.len() {
        eprintln!(
            "qipu: {} more could not be converted, not named",
            tally.failed - tally.failures.len()
        );
    }
    if state.skip_notes > MAX_SKIP_NOTES && !args.common.run.quiet {
        eprintln!(
            "qipu: {} more duplicates skipped, not named",
            state.skip_notes - MAX_SKIP_NOTES
        );
    }
    let to_stdout = matches!(sink, Sink::One(None));
    let sink_dir = match &sink {
        Sink::PerInput(d) | Sink::Split(d) => Some(d.clone()),
        Sink::One(_) => None,
    };
    if let Sink::One(Some(f)) = sink {
        let path = f.path().display().to_string();
        if let Err(e) = f.commit() {
            eprintln!("qipu: {e}");
            return EXIT_USAGE;
        }
        tally.files_written += 1;
        if !args.common.run.quiet {
            eprintln!("wrote {path} ({})", counted(tally.games, "game"));
        }
    } else if state.stdout_broken {
        return tally.exit.max(EXIT_INVALID);
    }
    if !args.common.run.quiet {
        let into = match &sink_dir {
            _ if to_stdout => "to standard output".to_string(),
            Some(dir) => format!(
                "into {} in {}",
                counted(tally.files_written, "file"),
                dir.display()
            ),
            None => format!("into {}", counted(tally.files_written, "file")),
        };
        let mut line = format!(
            "converted {} {into}; {} could not be converted",
            counted(tally.games, "game"),
            tally.failed
        );
        if args.skip_duplicates {
            line.push_str(&format!(
                "; {} skipped",
                counted(tally.skipped, "duplicate")
            ));
        }
        if tally.left_out > 0 {
            line.push_str(&format!("; {} left out by --where", tally.left_out));
        }
        eprintln!("{line}");
    }
    tally.exit
}

/// Converts the records kept of a file: all at once, or one at a time with `--split`.
fn convert_file(run: &Run<'_>, file: &FoundFile, p: Prepared, split: bool) -> Converted {
    let rules = run.settings.rules_for(p.game.kind());
    let mut records: Vec<Record> = p.records.into_iter().map(|(r, _)| r).collect();
    let mut failures = p.failures;
    if let Some(t) = &run.theorist
        && p.target.id == "wthor"
        && let Err(e) =
            crate::cli::solve::theory::fill(t, &mut records, &run.args.theory, &run.args.common)
    {
        failures.extend(records.iter().map(|r| (r.index, e.clone())));
        records.clear();
    }
    let mut parts = Vec::new();
    let mut games = 0;
    let mut notes = Vec::new();
    if split {
        let source = file.path.clone().unwrap_or_else(|| PathBuf::from("stdin"));
        for rec in &records {
            let c = p
                .game
                .convert(std::slice::from_ref(rec), p.target.id, &rules);
            for (_, e) in c.failures {
                failures.push((rec.index, e.to_string()));
            }
            notes.extend(c.notes.into_iter().map(|(_, n)| (rec.index, n)));
            if c.games > 0 {
                games += c.games;
                let stem =
                    names::from_tags(rec).unwrap_or_else(|| names::from_source(&source, rec.index));
                parts.push((c.bytes, stem));
            }
        }
    } else if !records.is_empty() {
        let c = p.game.convert(&records, p.target.id, &rules);
        for (i, e) in c.failures {
            let index = records.get(i).map_or(i, |r| r.index);
            failures.push((index, e.to_string()));
        }
        for (i, n) in c.notes {
            notes.push((records.get(i).map_or(i, |r| r.index), n));
        }
        games = c.games;
        parts.push((c.bytes, String::new()));
    }
    failures.sort_by_key(|f| f.0);
    Converted {
        parts,
        games,
        failures,
        notes,
        extension: p.target.extensions.first().copied().unwrap_or("txt"),
    }
}
